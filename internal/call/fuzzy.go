package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/convert"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
)

func searcherOf(t *suite.T, op string) adapters.Searcher {
	s, ok := t.Adapter().(adapters.Searcher)
	if !ok {
		t.Fatal(op, adapters.Fault("%s has no Search operation", t.Info().Name))
	}
	return s
}

// Search runs the adapter's Search and returns its error unjudged. An answer
// that is garbage (an unknown locale or tier) is a fault.
func Search(t *suite.T, req adapters.SearchRequest) (adapters.SearchAnswer, trgm.Locale, error) {
	ans, err := searcherOf(t, "search").Search(t.Context(), req)
	t.Record("search", req, ans, err)
	if err != nil {
		return ans, 0, fmt.Errorf("search %q: %w", clipTerm(req.Term), err)
	}
	loc, err := convert.Locale(ans.Locale)
	if err != nil {
		t.Fatal("search", adapters.Fault("answer: %v", err))
	}
	for i, m := range ans.Matches {
		if _, err := convert.Tier(m.Tier); err != nil {
			t.Fatal("search", adapters.Fault("answer: match %d (ID %q): %v", i, m.ID, err))
		}
	}
	return ans, loc, nil
}

// MustSearch runs Search on a valid request: an error ends the check.
func MustSearch(t *suite.T, req adapters.SearchRequest) (adapters.SearchAnswer, trgm.Locale) {
	ans, loc, err := Search(t, req)
	if err != nil {
		t.Fatal("valid request", err)
	}
	return ans, loc
}

// Trigrams runs the adapter's Trigrams and returns its error unjudged. An
// answer of the wrong shape (lists shorter or longer than the request, an
// unknown locale) is a fault.
func Trigrams(t *suite.T, req adapters.TrigramRequest) (adapters.TrigramAnswer, trgm.Locale, error) {
	ans, err := searcherOf(t, "trigrams").Trigrams(t.Context(), req)
	t.Record("trigrams", req, ans, err)
	if err != nil {
		return ans, 0, fmt.Errorf("trigrams: %w", err)
	}
	loc, err := convert.Locale(ans.Locale)
	if err != nil {
		t.Fatal("trigrams", adapters.Fault("answer: %v", err))
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
			t.Fatal("trigrams", adapters.Fault("answer: %d %s values for %d inputs", c.got, c.name, c.want))
		}
	}
	return ans, loc, nil
}

// MustTrigrams runs Trigrams on a valid request: an error ends the check.
func MustTrigrams(t *suite.T, req adapters.TrigramRequest) (adapters.TrigramAnswer, trgm.Locale) {
	ans, loc, err := Trigrams(t, req)
	if err != nil {
		t.Fatal("valid request", err)
	}
	return ans, loc
}

func clipTerm(s string) string {
	if len(s) > 40 {
		return s[:40] + "…"
	}
	return s
}
