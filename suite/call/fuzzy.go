package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
)

func searcherOf(t *suite.T, op string) adapters.Searcher {
	return operations[adapters.Searcher](t, op, "Search operation")
}

// Search runs the adapter's Search and returns its error unjudged. An answer
// that is garbage (an unknown locale or tier) is a fault.
func Search(t *suite.T, req adapters.SearchRequest) (adapters.SearchAnswer, trgm.Locale, error) {
	ans, err := send(t, "search", fmt.Sprintf("search %q", clip.Text(req.Term, 40)), req, searcherOf(t, "search").Search)
	if err != nil {
		return ans, 0, err
	}
	loc, err := convert.Locale(ans.Locale)
	if err != nil {
		t.OperationFailed("search", adapters.Fault("answer: %v", err))
	}
	for i, m := range ans.Matches {
		if _, err := convert.Tier(m.Tier); err != nil {
			t.OperationFailed("search", adapters.Fault("answer: match %d (ID %q): %v", i, m.ID, err))
		}
	}
	return ans, loc, nil
}

// MustSearch runs Search on a valid request: an error ends the check.
func MustSearch(t *suite.T, req adapters.SearchRequest) (adapters.SearchAnswer, trgm.Locale) {
	return mustInLocale(t, req, Search)
}

// Trigrams runs the adapter's Trigrams and returns its error unjudged. An
// answer of the wrong shape (lists shorter or longer than the request, an
// unknown locale) is a fault.
func Trigrams(t *suite.T, req adapters.TrigramRequest) (adapters.TrigramAnswer, trgm.Locale, error) {
	ans, err := send(t, "trigrams", "trigrams", req, searcherOf(t, "trigrams").Trigrams)
	if err != nil {
		return ans, 0, err
	}
	loc, err := convert.Locale(ans.Locale)
	if err != nil {
		t.OperationFailed("trigrams", adapters.Fault("answer: %v", err))
	}
	ns, np := len(req.Strings), len(req.Pairs)
	for _, c := range []struct {
		name      string
		got, want int
	}{
		{"show", len(ans.Show), ns}, {"lower", len(ans.Lower), ns},
		{"similarity", len(ans.Similarity), np}, {"word_similarity", len(ans.WordSimilarity), np},
		{"strict_word_similarity", len(ans.StrictWordSimilarity), np},
	} {
		if c.got != c.want {
			t.OperationFailed("trigrams", adapters.Fault("answer: %d %s values for %d inputs", c.got, c.name, c.want))
		}
	}
	return ans, loc, nil
}

// MustTrigrams runs Trigrams on a valid request: an error ends the check.
func MustTrigrams(t *suite.T, req adapters.TrigramRequest) (adapters.TrigramAnswer, trgm.Locale) {
	return mustInLocale(t, req, Trigrams)
}

// mustInLocale is must for the fuzzy operations, whose answers come with the
// locale they were computed in.
func mustInLocale[Req, Ans any](t *suite.T, req Req, f func(*suite.T, Req) (Ans, trgm.Locale, error)) (Ans, trgm.Locale) {
	ans, loc, err := f(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return ans, loc
}
