package specs

import (
	"fmt"
	"math"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// fuzzyMetachars: every term below is taken literally. An implementation
// that passes 'term%' unescaped to ILIKE matches far more: "%" and "_%"
// match every label, "a_c%" matches abc and abcd.
func fuzzyMetachars(t *suite.T) {
	es := fzEntries(
		"%",           // e01
		"%off",        // e02
		"100%",        // e03
		"_",           // e04
		"_id",         // e05
		"a_b",         // e06
		"axb",         // e07
		`\x`,          // e08
		"x",           // e09
		"it's",        // e10
		"'quoted'",    // e11
		`"hi"`,        // e12
		";-- comment", // e13
		"drop;--",     // e14
		"%_%",         // e15
		"a_c",         // e16
		"a_cd",        // e17
		"abc",         // e18
		"a c",         // e19
		"abcd",        // e20
	)
	cases := []struct {
		term string
		want map[string]string
	}{
		// Terms without word characters have no trigrams: similarity 0, so
		// only labels starting with the term itself match.
		{"%", map[string]string{"e01": fzExact, "e02": fzPrefix, "e15": fzPrefix}},
		{"_", map[string]string{"e04": fzExact, "e05": fzPrefix}},
		{`\`, map[string]string{"e08": fzPrefix}},
		{"'", map[string]string{"e11": fzPrefix}},
		{`"`, map[string]string{"e12": fzPrefix}},
		{";--", map[string]string{"e13": fzPrefix}},
		{"%_%", map[string]string{"e15": fzExact}},
		// a_c: words a and c, {"  a"," a ","  c"," c "}. "a c" has the same set
		// (similarity 1); "a_b" shares 2 → 2/6 = 0.333; abc and axb share
		// "  a" only → 1/7; abcd 1/8.
		{"a_c", map[string]string{"e16": fzExact, "e17": fzPrefix, "e19": fzTrigram, "e06": fzTrigram}},
		// a%: the word a, {"  a"," a "}; a_b, a c and a_c share both → 2/4;
		// a_cd → 2/5; abc and axb share "  a" → 1/5, abcd 1/6.
		{"a%", map[string]string{"e06": fzTrigram, "e16": fzTrigram, "e17": fzTrigram, "e19": fzTrigram}},
		// SQL in a term is a string like any other: its words drop, table,
		// atom, positions make 26 trigrams; drop;-- shares 5 → 5/26 = 0.19.
		{"'; DROP TABLE atom_positions; --", map[string]string{}},
		{"x", map[string]string{"e09": fzExact, "e08": fzTrigram}}, // \x: the word x, the same set as x
	}
	for _, c := range cases {
		ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: c.term})
		expectTiers(t, fmt.Sprintf("term %q", c.term), ans, c.want)
		if c.term == "%" && len(ans.Matches) == len(es) {
			t.Errorf(`term "%%" matched every one of the %d labels: it was taken as a wildcard`, len(es))
		}
	}
}

// badSearches are requests every implementation must refuse.
func badSearches() []badSearch {
	ok := fzEntries("cat", "dog")
	bad := func(label string) []adapters.SearchEntry {
		return append(fzEntries("cat"), adapters.SearchEntry{ID: "bad", Label: label})
	}
	term := func(s string) adapters.SearchRequest { return adapters.SearchRequest{Entries: ok, Term: s} }
	labels := func(l string) adapters.SearchRequest { return adapters.SearchRequest{Entries: bad(l), Term: "cat"} }
	threshold := func(x float64) adapters.SearchRequest {
		return adapters.SearchRequest{Entries: ok, Term: "cat", Threshold: new(x)}
	}
	limit := func(n int) adapters.SearchRequest { return adapters.SearchRequest{Entries: ok, Term: "cat", Limit: n} }
	return []badSearch{
		{refusal[adapters.SearchRequest]{"empty term", term("cat"), term("")}, false},
		{refusal[adapters.SearchRequest]{"NUL in the term", term("caxt"), term("ca\x00t")}, true},
		{refusal[adapters.SearchRequest]{"NUL alone", term("x"), term("\x00")}, true},
		{refusal[adapters.SearchRequest]{"invalid UTF-8 term", term("caxt"), term("ca\xfft")}, false},
		{refusal[adapters.SearchRequest]{"truncated UTF-8 term", term("café"), term("caf\xc3")}, false},
		{refusal[adapters.SearchRequest]{"NUL in a label", labels("doxg"), labels("do\x00g")}, true},
		{refusal[adapters.SearchRequest]{"invalid UTF-8 label", labels("doxxg"), labels("do\xc0\xafg")}, false},
		{refusal[adapters.SearchRequest]{"threshold NaN", threshold(0.3), threshold(math.NaN())}, false},
		{refusal[adapters.SearchRequest]{"threshold -0.1", threshold(0.1), threshold(-0.1)}, false},
		{refusal[adapters.SearchRequest]{"threshold 1.5", threshold(1), threshold(1.5)}, false},
		{refusal[adapters.SearchRequest]{"threshold +Inf", threshold(1), threshold(math.Inf(1))}, false},
		{refusal[adapters.SearchRequest]{"negative limit", limit(1), limit(-1)}, false},
	}
}

// badSearch is a bad search beside its valid twin; nul marks a NUL byte.
type badSearch struct {
	refusal[adapters.SearchRequest]
	nul bool
}

// search is call.Search without the locale, as refuses wants it.
func search(t *suite.T, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	ans, _, err := call.Search(t, req)
	return ans, err
}

func fuzzyBadInput(t *suite.T) {
	var cases []refusal[adapters.SearchRequest]
	for _, c := range badSearches() {
		cases = append(cases, c.refusal)
	}
	refuses(t, search, cases)
	// After all that, a good request still works.
	ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: fzEntries("cat", "dog"), Term: "cat"})
	expectTiers(t, "good request after bad ones", ans, map[string]string{"e01": fzExact})
}

func fuzzyNULMessage(t *suite.T) {
	for _, c := range badSearches() {
		if !c.nul {
			continue
		}
		// A non-answer ends the check in call.Search (ERROR): err is a
		// refusal, or a request the transport cannot carry.
		_, _, err := call.Search(t, c.bad)
		switch {
		case err == nil:
			t.Errorf("%s: accepted; want an error naming the NUL byte", c.name)
			continue
		case inexpressible(err):
			t.Notef("case %q skipped: %v", c.name, err)
			continue
		}
		if msg := strings.ToLower(err.Error()); !strings.Contains(msg, "nul") && !strings.Contains(msg, "0x00") && !strings.Contains(msg, `\x00`) {
			t.Errorf("%s: error %q does not say that the input holds a NUL byte", c.name, err)
		}
	}
}

// fuzzyLongTerms: "consciousness " repeated has the trigram set of
// consciousness (duplicates collapse), so a correct answer is not empty: the
// label consciousness is a trigram match with similarity 1.
func fuzzyLongTerms(t *suite.T) {
	es := fzEntries("consciousness", "conscious", "machine", strings.Repeat("consciousness ", 80))
	// The control: a short term of the same words must be answered, or a
	// refusal of the long ones shows nothing.
	if _, _, err := call.Search(t, adapters.SearchRequest{Entries: es, Term: "consciousness consciousness"}); err != nil {
		t.Fatalf("a short term was refused (%v), so refusing long ones shows nothing", err)
	}
	for _, n := range []int{fuzzy.MaxTermBytes + 1, 64 << 10, 1 << 20} {
		term := strings.Repeat("consciousness ", n/14+1)[:n]
		req := adapters.SearchRequest{Entries: es, Term: term}
		ans, loc, err := call.Search(t, req)
		if err != nil {
			t.Logf("term of %d bytes refused: %v", n, err)
			continue
		}
		readings := invariant.ReadingsOf(t.Config())
		for _, check := range []func() error{
			func() error { return readings.Sound(loc, req, ans) },
			func() error { return readings.Complete(loc, req, ans) },
			func() error { return invariant.TierOrder(ans) },
		} {
			if err := check(); err != nil {
				t.Errorf("term of %d bytes: %v", n, err)
			}
		}
	}
}

func fuzzyTermLimit(t *suite.T) {
	es := fzEntries("cat", strings.Repeat("a", fuzzy.MaxTermBytes))
	// 1024 bytes, the last character 3 bytes long: still within the limit.
	ok := strings.Repeat("a", fuzzy.MaxTermBytes-len("語")) + "語"
	if _, _, err := call.Search(t, adapters.SearchRequest{Entries: es, Term: ok}); err != nil {
		t.Errorf("term of %d bytes refused: %v", len(ok), err)
	}
	ans, _, err := call.Search(t, adapters.SearchRequest{Entries: es, Term: strings.Repeat("a", fuzzy.MaxTermBytes)})
	if err != nil {
		t.Errorf("term of %d bytes refused: %v", fuzzy.MaxTermBytes, err)
	} else {
		expectTiers(t, "term of 1024 a", ans, map[string]string{"e02": fzExact})
	}
	ans, _, err = call.Search(t, adapters.SearchRequest{Entries: es, Term: strings.Repeat("a", fuzzy.MaxTermBytes+1)})
	if err == nil {
		t.Errorf("term of %d bytes accepted (%d matches); the reference refuses terms over %d bytes", fuzzy.MaxTermBytes+1, len(ans.Matches), fuzzy.MaxTermBytes)
	}
}
