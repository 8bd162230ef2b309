package invariant

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// The fuzzy-search predicates on hand-made answers, in the UTF8 locale.
// Similarities to the term "cat" (specs/fuzzy_tiers.go derives them): cat
// {"  c"," ca","cat","at "}; "dog cat" 4/8 = 0.5; "big dog cat" 4/12;
// "cats" shares 3 of 4 and 5 → 3/6 = 0.5; "dog" 0; "abc" and "a_c" share
// "  a" of "a_c"'s words a and c → 1/7.

func TestClassifyReadings(t *testing.T) {
	const (
		none    = fuzzy.Tier(0)
		exact   = fuzzy.Exact
		prefix  = fuzzy.Prefix
		trigram = fuzzy.Trigram
	)
	tests := []struct {
		label, term string
		threshold   float64
		tiers       []fuzzy.Tier
		always      bool
	}{
		{"cat", "cat", 0.3, []fuzzy.Tier{exact}, true},
		// A case variant: exact by the SQL's LOWER, a prefix match through
		// ILIKE where `atom_label = term` is read case-exactly, a trigram
		// match (similarity 1) where `LIKE 'term%'` is too.
		{"CAT", "cat", 0.3, []fuzzy.Tier{exact, prefix, trigram}, true},
		{"cats", "cat", 0.3, []fuzzy.Tier{prefix}, true},
		// A prefix in another case: not LIKE 'cat%', and 3/11 < 0.3; CATS,
		// 3/6, is a trigram match where it is no prefix.
		{"Catalogue", "cat", 0.3, []fuzzy.Tier{prefix, none}, false},
		{"CATS", "cat", 0.3, []fuzzy.Tier{prefix, trigram}, true},
		{"dog cat", "cat", 0.3, []fuzzy.Tier{trigram}, true},
		{"dog", "cat", 0.3, []fuzzy.Tier{none}, false},
		// Threshold 0.5 named: 1/3 matches only at pg_trgm's default 0.3.
		{"big dog cat", "cat", 0.5, []fuzzy.Tier{none, trigram}, false},
		// 0.5 is the similarity itself: matched by >= (pg_trgm's C source),
		// not by > (its documentation's "greater than").
		{"dog cat", "cat", 0.5, []fuzzy.Tier{trigram, none}, false},
		// At the default 0.3 no float4 similarity equals the double 0.3:
		// float4(3/10) widened is 0.30000001, above it either way.
		{"dog catx", "cat", 0.3, []fuzzy.Tier{trigram}, true},
		// a_c read as LIKE's syntax matches abc as a prefix; as data it does
		// not, and 1/7 < 0.3.
		{"abc", "a_c", 0.3, []fuzzy.Tier{none, prefix}, false},
		{"a_cd", "a_c", 0.3, []fuzzy.Tier{prefix}, true},
	}
	for _, tt := range tests {
		tiers, always, _, err := ClassifyReadings(trgm.UTF8, tt.label, tt.term, tt.threshold)
		if err != nil || !slices.Equal(tiers, tt.tiers) || always != tt.always {
			t.Errorf("ClassifyReadings(%q, %q, %v) = %v, %v, %v; want %v, %v", tt.label, tt.term, tt.threshold, tiers, always, err, tt.tiers, tt.always)
		}
	}
}

// TestClassifyDeclared: a declared reading leaves its one choice.
func TestClassifyDeclared(t *testing.T) {
	const (
		none    = fuzzy.Tier(0)
		exact   = fuzzy.Exact
		prefix  = fuzzy.Prefix
		trigram = fuzzy.Trigram
	)
	for _, tt := range []struct {
		cfg         adapters.Config
		label, term string
		threshold   float64
		tiers       []fuzzy.Tier
		always      bool
	}{
		{adapters.Config{adapters.ExactCase: adapters.CaseInsensitive}, "CAT", "cat", 0.3, []fuzzy.Tier{exact}, true},
		{adapters.Config{adapters.ExactCase: adapters.CaseSensitive, adapters.PrefixCase: adapters.CaseInsensitive}, "CAT", "cat", 0.3, []fuzzy.Tier{prefix}, true},
		{adapters.Config{adapters.ExactCase: adapters.CaseSensitive, adapters.PrefixCase: adapters.CaseSensitive}, "CAT", "cat", 0.3, []fuzzy.Tier{trigram}, true},
		{adapters.Config{adapters.PrefixCase: adapters.CaseSensitive}, "Catalogue", "cat", 0.3, []fuzzy.Tier{none}, false},
		{adapters.Config{adapters.PrefixCase: adapters.CaseInsensitive}, "Catalogue", "cat", 0.3, []fuzzy.Tier{prefix}, true},
		// "dog cat" has similarity 0.5 to cat: at threshold 0.5 only >=
		// matches it (pg_trgm's default 0.3 is the other reading of a named
		// threshold, and matches it either way).
		{adapters.Config{adapters.TrigramBoundary: adapters.AtLeast}, "dog cat", "cat", 0.5, []fuzzy.Tier{trigram}, true},
		{adapters.Config{adapters.TrigramBoundary: adapters.Above}, "dog cat", "cat", 0.5, []fuzzy.Tier{none, trigram}, false},
	} {
		tiers, always, _, err := ReadingsOf(tt.cfg).Classify(trgm.UTF8, tt.label, tt.term, tt.threshold)
		if err != nil || !slices.Equal(tiers, tt.tiers) || always != tt.always {
			t.Errorf("%v: Classify(%q, %q, %v) = %v, %v, %v; want %v, %v", tt.cfg, tt.label, tt.term, tt.threshold, tiers, always, err, tt.tiers, tt.always)
		}
	}
}

func TestOpenPoints(t *testing.T) {
	for _, c := range []struct {
		req  adapters.SearchRequest
		open bool
	}{
		{adapters.SearchRequest{Term: "cat"}, false},
		{adapters.SearchRequest{Term: "cat", Threshold: new(0.3)}, false},
		{adapters.SearchRequest{Term: "cat", Threshold: new(0.5)}, true},
		{adapters.SearchRequest{Term: "a_c"}, true},
		{adapters.SearchRequest{Term: "100%"}, true},
		{adapters.SearchRequest{Term: `a\b`}, true},
	} {
		if got := OpenPoints(c.req); got != c.open {
			t.Errorf("OpenPoints(term %q, threshold %v) = %v, want %v", c.req.Term, c.req.Threshold, got, c.open)
		}
	}
}

type fuzCase struct {
	name string
	req  adapters.SearchRequest
	ans  []adapters.SearchMatch
	want string // a piece of the error, "" for none
}

func checkFuz(t *testing.T, pred string, f func(adapters.SearchRequest, adapters.SearchAnswer) error, cases []fuzCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(pred+"/"+c.name, func(t *testing.T) {
			wantErr(t, pred, f(c.req, adapters.SearchAnswer{Matches: c.ans}), c.want)
		})
	}
}

func fzMatch(id, label, tier string, sim float32) adapters.SearchMatch {
	return adapters.SearchMatch{ID: id, Label: label, Tier: tier, Similarity: sim}
}

func inUTF8(f func(trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error) func(adapters.SearchRequest, adapters.SearchAnswer) error {
	return func(req adapters.SearchRequest, ans adapters.SearchAnswer) error { return f(trgm.UTF8, req, ans) }
}

func TestFuzzySound(t *testing.T) {
	es := []adapters.SearchEntry{{ID: "e1", Label: "cat"}, {ID: "e2", Label: "cats"}, {ID: "e3", Label: "dog"}, {ID: "e4", Label: "dog cat"}}
	req := adapters.SearchRequest{Entries: es, Term: "cat"}
	cat, cats := fzMatch("e1", "cat", adapters.TierExact, 1), fzMatch("e2", "cats", adapters.TierPrefix, 0.5)
	checkFuz(t, "FuzzySound", inUTF8(FuzzySound), []fuzCase{
		{"right", req, []adapters.SearchMatch{cat, cats, fzMatch("e4", "dog cat", adapters.TierTrigram, 0.5)}, ""},
		{"not in the request", req, []adapters.SearchMatch{fzMatch("e9", "cat", adapters.TierExact, 1)}, "is not in the request"},
		{"twice", req, []adapters.SearchMatch{cat, cat}, "listed more often than the request holds it (1)"},
		{"no match", req, []adapters.SearchMatch{fzMatch("e3", "dog", adapters.TierTrigram, 0)}, "does not match"},
		{"prefix as exact", req, []adapters.SearchMatch{fzMatch("e2", "cats", adapters.TierExact, 0.5)}, "want prefix for term"},
		{"unknown tier", req, []adapters.SearchMatch{fzMatch("e2", "cats", "fuzzy", 0.5)}, "want prefix for term"},
		// a_c: abc is a prefix match under one reading, no match under the other.
		{"either reading", adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "e1", Label: "abc"}}, Term: "a_c"},
			[]adapters.SearchMatch{fzMatch("e1", "abc", adapters.TierPrefix, 1.0/7)}, ""},
	})
}

func TestFuzzyComplete(t *testing.T) {
	es := []adapters.SearchEntry{{ID: "e1", Label: "cat"}, {ID: "e2", Label: "cats"}, {ID: "e3", Label: "big dog cat"}}
	cat, cats := fzMatch("e1", "cat", adapters.TierExact, 1), fzMatch("e2", "cats", adapters.TierPrefix, 0.5)
	big := fzMatch("e3", "big dog cat", adapters.TierTrigram, 1.0/3)
	at := func(limit int, th *float64) adapters.SearchRequest {
		return adapters.SearchRequest{Entries: es, Term: "cat", Limit: limit, Threshold: th}
	}
	checkFuz(t, "FuzzyComplete", inUTF8(FuzzyComplete), []fuzCase{
		{"all", at(0, nil), []adapters.SearchMatch{cat, cats, big}, ""},
		{"cats missing", at(0, nil), []adapters.SearchMatch{cat, big}, `e2:"cats" matches "cat" as prefix`},
		// Limit 1 reached: the rest may be cut.
		{"limit 1 reached", at(1, nil), []adapters.SearchMatch{cat}, ""},
		{"limit 2, one match", at(2, nil), []adapters.SearchMatch{cat}, "is missing from the answer"},
		// At threshold 0.5 named, big dog cat (1/3) matches only at the
		// default 0.3: an answer may leave it out.
		{"threshold 0.5, big dog cat left out", at(0, new(0.5)), []adapters.SearchMatch{cat, cats}, ""},
		{"one entry twice, matched once", adapters.SearchRequest{Entries: append(es, es[0]), Term: "cat"}, []adapters.SearchMatch{cat, cats, big}, `e1:"cat"`},
		// No trigram tier at all: the missing tier is FUZ-05's, not this
		// judge's; with a trigram tier, a missing trigram match is.
		{"no trigram tier", at(0, nil), []adapters.SearchMatch{cat, cats}, ""},
		{"trigram tier, one missing", adapters.SearchRequest{Entries: append(slices.Clone(es), adapters.SearchEntry{ID: "e4", Label: "dog cat"}), Term: "cat"}, []adapters.SearchMatch{cat, cats, big}, `e4:"dog cat" matches "cat" as trigram`},
	})
}

func TestFuzzySimilarity(t *testing.T) {
	req := adapters.SearchRequest{Term: "cat"}
	checkFuz(t, "FuzzySimilarity", inUTF8(FuzzySimilarity), []fuzCase{
		{"0.5", req, []adapters.SearchMatch{fzMatch("e1", "dog cat", adapters.TierTrigram, 0.5)}, ""},
		{"0.6", req, []adapters.SearchMatch{fzMatch("e1", "dog cat", adapters.TierTrigram, 0.6)}, "reported as 0.6, pg_trgm gives 0.5"},
	})
}

func TestTierOrderAndRank(t *testing.T) {
	ex, pre := fzMatch("a", "cat", adapters.TierExact, 1), fzMatch("b", "cats", adapters.TierPrefix, 0.2)
	tri := func(id string, sim float32) adapters.SearchMatch { return fzMatch(id, id, adapters.TierTrigram, sim) }
	order := func(_ adapters.SearchRequest, ans adapters.SearchAnswer) error { return TierOrder(ans) }
	rank := func(_ adapters.SearchRequest, ans adapters.SearchAnswer) error { return TrigramRank(ans) }
	var req adapters.SearchRequest
	checkFuz(t, "TierOrder", order, []fuzCase{
		{"exact, exact, prefix, trigram", req, []adapters.SearchMatch{ex, ex, pre, tri("x", 0.5)}, ""},
		{"prefix, exact", req, []adapters.SearchMatch{pre, ex}, "follows a prefix match"},
	})
	checkFuz(t, "TrigramRank", rank, []fuzCase{
		{"falling", req, []adapters.SearchMatch{tri("x", 0.5), tri("y", 0.4)}, ""},
		{"equal", req, []adapters.SearchMatch{tri("x", 0.5), tri("y", 0.5)}, ""},
		{"rising", req, []adapters.SearchMatch{tri("x", 0.4), tri("y", 0.5)}, "follows one with a lower similarity"},
		// Only trigram matches are ranked by similarity.
		{"prefix 0.2, then trigram 0.5", req, []adapters.SearchMatch{pre, tri("x", 0.5)}, ""},
		{"trigram 0.5, then exact 1", req, []adapters.SearchMatch{tri("x", 0.5), ex}, ""},
	})
}

func TestFuzzyLimit(t *testing.T) {
	a, b, c := fzMatch("a", "cat", adapters.TierExact, 1), fzMatch("b", "cats", adapters.TierPrefix, 0.5), fzMatch("c", "dog cat", adapters.TierTrigram, 0.5)
	full := adapters.SearchAnswer{Matches: []adapters.SearchMatch{a, b, c}}
	limited := func(n int) func(adapters.SearchRequest, adapters.SearchAnswer) error {
		return func(req adapters.SearchRequest, ans adapters.SearchAnswer) error {
			req.Limit = n
			return FuzzyLimit(req, ans, full)
		}
	}
	var req adapters.SearchRequest
	checkFuz(t, "FuzzyLimit 0", limited(0), []fuzCase{{"no limit", req, full.Matches, ""}})
	checkFuz(t, "FuzzyLimit 1", limited(1), []fuzCase{
		{"the first", req, []adapters.SearchMatch{a}, ""},
		{"the second", req, []adapters.SearchMatch{b}, "not the first 1"},
	})
	checkFuz(t, "FuzzyLimit 2", limited(2), []fuzCase{
		{"the first 2", req, []adapters.SearchMatch{a, b}, ""},
		{"3 matches", req, full.Matches, "3 matches, over the limit of 2"},
	})
	checkFuz(t, "FuzzyLimit 5", limited(5), []fuzCase{
		{"all 3", req, full.Matches, ""},
		{"2 of 3", req, []adapters.SearchMatch{a, b}, "not the first 5"},
	})
}

func TestSameMatches(t *testing.T) {
	a, b, c := fzMatch("a", "cat", adapters.TierExact, 1), fzMatch("b", "cats", adapters.TierPrefix, 0.5), fzMatch("c", "dog cat", adapters.TierTrigram, 0.5)
	tests := []struct {
		name      string
		want, got []adapters.SearchMatch
		msg       string
	}{
		{"same", []adapters.SearchMatch{a, b}, []adapters.SearchMatch{a, b}, ""},
		{"differ at 1", []adapters.SearchMatch{a, b}, []adapters.SearchMatch{a, c}, "match 1 is"},
		{"one more wanted", []adapters.SearchMatch{a, b, c}, []adapters.SearchMatch{a, b}, "2 matches, want 3"},
		{"one more got", []adapters.SearchMatch{a, b}, []adapters.SearchMatch{a, b, c}, "3 matches, want 2"},
	}
	for _, tt := range tests {
		err := SameMatches(tt.want, tt.got)
		if tt.msg == "" && err != nil || tt.msg != "" && (err == nil || !strings.Contains(err.Error(), tt.msg)) {
			t.Errorf("%s: SameMatches = %v, want %q", tt.name, err, tt.msg)
		}
	}
}

// TestMatchList: twelve matches are listed, more are counted.
func TestMatchList(t *testing.T) {
	var ms []adapters.SearchMatch
	for i := range 13 {
		ms = append(ms, fzMatch(fmt.Sprintf("e%02d", i), "cat", adapters.TierExact, 1))
	}
	if got := MatchList(nil); got != "(none)" {
		t.Errorf("MatchList(nil) = %q", got)
	}
	if got := MatchList(ms[:1]); got != `e00:"cat"/exact@1` {
		t.Errorf("MatchList of one = %q", got)
	}
	got := MatchList(ms)
	if !strings.Contains(got, `e11:"cat"`) || strings.Contains(got, `e12:"cat"`) || !strings.HasSuffix(got, "… (1 more)") {
		t.Errorf("MatchList of 13 = %q, want 12 listed and 1 more", got)
	}
}
