package specs

import (
	"errors"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/textgen"
)

// fzMaxReported bounds the mismatches listed in a failure.
const fzMaxReported = 10

// trigramAgreement: show_trgm, lower and similarity on the trigram corpus
// (suite/textgen) equal reference/trgm's in the locale the answer names.
func trigramAgreement(t *suite.T) {
	req := textgen.TrigramCorpus()
	ans, loc := call.MustTrigrams(t, req)
	want, err := trigramsOf(loc, req)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	bad := 0
	report := func(format string, args ...any) {
		if bad < fzMaxReported {
			t.Errorf(format, args...)
		}
		bad++
	}
	for i, s := range req.Strings {
		if !slices.Equal(ans.Show[i], want.Show[i]) {
			report("show_trgm(%q) = %q, pg_trgm (%s) gives %q", s, ans.Show[i], loc, want.Show[i])
		}
		if ans.Lower[i] != want.Lower[i] {
			report("lower(%q) = %q, %s gives %q", s, ans.Lower[i], loc, want.Lower[i])
		}
	}
	for i, p := range req.Pairs {
		if ans.Similarity[i] != want.Similarity[i] {
			report("similarity(%q, %q) = %v, pg_trgm (%s) gives %v", p[0], p[1], ans.Similarity[i], loc, want.Similarity[i])
		}
	}
	t.Notef("locale %s: %d strings, %d pairs, %d mismatches", loc, len(req.Strings), len(req.Pairs), bad)
}

// wordSimilarityAgreement: word_similarity and strict_word_similarity on the
// corpus's pairs equal reference/trgm's.
func wordSimilarityAgreement(t *suite.T) {
	req := textgen.TrigramCorpus()
	req.Strings = nil
	ans, loc := call.MustTrigrams(t, req)
	want, err := trigramsOf(loc, req)
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	bad := 0
	for i, p := range req.Pairs {
		for _, f := range []struct {
			name      string
			got, want float32
		}{
			{"word_similarity", ans.WordSimilarity[i], want.WordSimilarity[i]},
			{"strict_word_similarity", ans.StrictWordSimilarity[i], want.StrictWordSimilarity[i]},
		} {
			if f.got != f.want {
				if bad < fzMaxReported {
					t.Errorf("%s(%q, %q) = %v, pg_trgm (%s) gives %v", f.name, p[0], p[1], f.got, loc, f.want)
				}
				bad++
			}
		}
	}
	t.Notef("locale %s: %d pairs, %d mismatches", loc, len(req.Pairs), bad)
}

// trigramsOf is what pg_trgm answers in loc (reference/trgm).
func trigramsOf(loc trgm.Locale, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	ans := adapters.TrigramAnswer{Show: make([][]string, len(req.Strings)), Lower: make([]string, len(req.Strings))}
	for i, s := range req.Strings {
		var err error
		if ans.Show[i], err = loc.Show(s); err != nil {
			return ans, err
		}
		if ans.Show[i] == nil {
			ans.Show[i] = []string{}
		}
		if ans.Lower[i], err = loc.Lower(s); err != nil {
			return ans, err
		}
	}
	for _, p := range req.Pairs {
		s, err1 := loc.Similarity(p[0], p[1])
		w, err2 := loc.WordSimilarity(p[0], p[1])
		sw, err3 := loc.StrictWordSimilarity(p[0], p[1])
		if err := errors.Join(err1, err2, err3); err != nil {
			return ans, err
		}
		ans.Similarity = append(ans.Similarity, s)
		ans.WordSimilarity = append(ans.WordSimilarity, w)
		ans.StrictWordSimilarity = append(ans.StrictWordSimilarity, sw)
	}
	return ans, nil
}

// againstReference: pg_trgm's answers here are reference/trgm's (the
// PostgreSQL adapter's come from the server, which reference/trgm's own
// tests check against the same server), so on the reference itself the
// check is Inconclusive (suite.SelfCompared), not passed.
func againstReference(check func(*suite.T)) func(*suite.T) {
	return suite.AgainstReference(reference.Is, check)
}
