package specs

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
)

// Trigram sets used in the derivations below (pg_trgm: each word is
// lower-cased and padded as "  word ", and cut into trigrams):
//
//	cat          {"  c"," ca","cat","at "}                                  4
//	dog cat      {"  d"," do","dog","og "} ∪ cat                           8
//	big dog cat  {"  b"," bi","big","ig "} ∪ dog cat                       12
//	big red dog cat                                                       16
//	dog catx     dog ∪ {"  c"," ca","cat","atx","tx "}                     9, shares 3 with cat
//	scat         {"  s"," sc","sca","cat","at "}                           5, shares 2
//	cart         {"  c"," ca","car","art","rt "}                           5, shares 2
//	catalogue    {"  c"," ca","cat","ata","tal","alo","log","ogu","gue","ue "} 10, shares 3
//	(cat), [cat] the word cat alone: the same set as cat                   4, shares 4
//
// similarity = shared / (n1 + n2 - shared), in float4.

func fuzzyRequirements() []suite.Requirement {
	std := adapters.Fuzzy
	return []suite.Requirement{
		spec(std, "FUZ-01", "std105 §3.2 (Logic 1–3)", suite.Must,
			"Each label lands in the first tier it passes: exact (lower(label) = lower(term)), prefix (label ILIKE 'term%'), trigram (similarity >= 0.3); other labels are not returned.", fuzzyTiers),
		spec(std, "FUZ-02", "std105 §3.2; pg_trgm lower()", suite.Must,
			"Exact and prefix matching ignore case as the declared locale's lower() does: Unicode letters in a UTF-8 locale, ASCII only in C.", fuzzyUnicodeCase),
		spec(std, "FUZ-03", "std105 §3.2 (priorities)", suite.Must,
			"All exact matches come before all prefix matches, which come before all trigram matches, whatever their similarity.", fuzzyTierOrder),
		spec(std, "FUZ-04", "std105 §3.2 (reference)", suite.Reference,
			"Ties: exact by label then ID; prefix by label length in bytes, then label, then ID; trigram by similarity (highest first), then label, then ID; labels and IDs compared as bytes.", fuzzyTies),
		spec(std, "FUZ-05", "std105 §3.2 item 3; pg_trgm %", suite.Must,
			"A trigram match needs similarity >= the threshold (default 0.3, configurable in [0, 1]): a similarity equal to the threshold matches, and threshold 0 matches every label.", fuzzyThreshold),
		spec(std, "FUZ-06", "std105 §3.2; bad input", suite.Must,
			"Terms are data, not syntax: %, _, \\, quotes and SQL comment markers match only themselves (the term % does not match everything), and a term holding SQL does not harm the store.", fuzzyMetachars),
		spec(std, "FUZ-07", "std105 §3; bad input", suite.Must,
			"Bad input is refused with an error: an empty term, a NUL byte or invalid UTF-8 in a term or a label, a threshold outside [0, 1] or NaN, a negative limit.", fuzzyBadInput),
		spec(std, "FUZ-08", "std105 §3; bad input", suite.Should,
			"A NUL byte in a term or a label is refused with an error that names it (PostgreSQL text cannot hold NUL).", fuzzyNULMessage),
		spec(std, "FUZ-09", "std105 §3; bad input", suite.Must,
			"A very long term (1 KiB + 1, 64 KiB, 1 MiB) is refused with an error or answered correctly; never a crash or a hang.", fuzzyLongTerms),
		spec(std, "FUZ-10", "std105 §3 (reference)", suite.Reference,
			"Terms longer than 1024 bytes are refused; a term of exactly 1024 bytes is answered.", fuzzyTermLimit),
		spec(std, "FUZ-11", "std105 §3.1, §5 (Fidelity)", suite.Must,
			"Typos find their words: conciousness finds consciousness (similarity 0.6875), limerance finds limerence (0.53846157), and the generic machine is not returned.", fuzzyTypos),
		spec(std, "FUZ-12", "std105 §3.2–3.3; pg_trgm", suite.Must,
			"show_trgm, lower and similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of strings and pairs.", trigramAgreement),
		spec(std, "FUZ-13", "std105 §3.3; pg_trgm", suite.Should,
			"word_similarity and strict_word_similarity agree with pg_trgm (reference/trgm, in the declared locale) on thousands of pairs.", wordSimilarityAgreement),
	}
}

// fzEntries numbers labels e01, e02, ...
func fzEntries(labels ...string) []adapters.SearchEntry {
	out := make([]adapters.SearchEntry, len(labels))
	for i, l := range labels {
		out[i] = adapters.SearchEntry{ID: fmt.Sprintf("e%02d", i+1), Label: l}
	}
	return out
}

func fzThreshold(x float64) *float64 { return &x }

const (
	fzExact   = adapters.TierExact
	fzPrefix  = adapters.TierPrefix
	fzTrigram = adapters.TierTrigram
)

// expectTiers checks that the answer holds exactly the entries of want, each
// in its tier (entries absent from want must not be returned).
func expectTiers(t *suite.T, what string, ans adapters.SearchAnswer, want map[string]string) {
	got := map[string]string{}
	for _, m := range ans.Matches {
		if prev, dup := got[m.ID]; dup {
			t.Errorf("%s: entry %s returned twice (%s and %s)", what, m.ID, prev, m.Tier)
		}
		got[m.ID] = m.Tier
	}
	var ids []string
	for id := range want {
		ids = append(ids, id)
	}
	for id := range got {
		if _, ok := want[id]; !ok {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	for _, id := range ids {
		w, g := want[id], got[id]
		switch {
		case w == g:
		case w == "":
			t.Errorf("%s: entry %s returned as %s, want it not returned", what, id, g)
		case g == "":
			t.Errorf("%s: entry %s not returned, want %s", what, id, w)
		default:
			t.Errorf("%s: entry %s returned as %s, want %s", what, id, g, w)
		}
	}
	if t.Failed() {
		t.Logf("%s: answer %s", what, invariant.MatchList(ans.Matches))
	}
}

// catEntries is the example of FUZ-01 and FUZ-03 (derivations above).
var catEntries = fzEntries(
	"cat",             // e01 exact
	"CAT",             // e02 exact: lower("CAT") = "cat"
	"cats",            // e03 prefix
	"Catalogue",       // e04 prefix (ILIKE ignores case); similarity 3/11 = 0.27
	"dog cat",         // e05 trigram: 4/(8+4-4) = 0.5
	"big dog cat",     // e06 trigram: 4/12 = 0.333
	"big red dog cat", // e07 none: 4/16 = 0.25 < 0.3
	"scat",            // e08 none: not a prefix; 2/7 = 0.286
	"dog",             // e09 none: 0
	"cart",            // e10 none: 2/7
	"(cat)",           // e11 trigram: not a prefix ("(" first), similarity 1
)

func fuzzyTiers(t *suite.T) {
	ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: catEntries, Term: "cat"})
	expectTiers(t, `term "cat"`, ans, map[string]string{
		"e01": fzExact, "e02": fzExact, "e03": fzPrefix, "e04": fzPrefix, "e05": fzTrigram, "e06": fzTrigram, "e11": fzTrigram,
	})
}

// fuzzyTierOrder: in the cat example, "Catalogue" is a prefix match with
// similarity 0.27 and "(cat)" a trigram match with similarity 1: the prefix
// match still comes first.
func fuzzyTierOrder(t *suite.T) {
	ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: catEntries, Term: "cat"})
	if err := invariant.TierOrder(ans); err != nil {
		t.Errorf("%v\n answer %s", err, invariant.MatchList(ans.Matches))
	}
	var tiers []string
	for _, m := range ans.Matches {
		tiers = append(tiers, m.Tier)
	}
	want := []string{fzExact, fzExact, fzPrefix, fzPrefix, fzTrigram, fzTrigram, fzTrigram}
	if !slices.Equal(tiers, want) {
		t.Errorf("tiers in answer order %v, want %v", tiers, want)
	}
}

// fuzzyUnicodeCase: the declared locale decides lower() and word characters.
//
// UTF8 (towlower, letters of every script are word characters):
//
//	"école" vs ÉCOLE: lower(ÉCOLE) = école → exact.
//	"Écoles": lower = écoles, starts with école → prefix.
//	"ecole": not equal, no prefix; trigrams of école {"  é"," éc","éco","col","ole","le "}
//	  and ecole {"  e"," ec","eco","col","ole","le "} share 3 → 3/9 = 0.333 → trigram.
//	"αθηνα" vs ΑΘΗΝΑ: lower(ΑΘΗΝΑ) = αθηνα → exact.
//
// C (ASCII-only lower-casing, only ASCII letters and digits make words):
//
//	lower(ÉCOLE) = "École" ≠ "école": no exact, no prefix. The word of both is
//	  "cole" (É and é separate words): identical sets → similarity 1 → trigram.
//	"Écoles": lower = "Écoles" (É stays), which starts with lower(ÉCOLE) =
//	  "École" → prefix (checked on a PostgreSQL 15 database with LC_CTYPE C).
//	"ecole": {"  e"," ec","eco","col","ole","le "} shares 3 → 3/(5+6-3) = 0.375 → trigram.
//	"αθηνα": no word characters at all, ΑΘΗΝΑ neither: similarity 0, not
//	  equal after ASCII lower-casing → not returned.
func fuzzyUnicodeCase(t *suite.T) {
	es := fzEntries("école", "Écoles", "ecole", "αθηνα")
	want := map[trgm.Locale]map[string]map[string]string{
		trgm.UTF8: {
			"ÉCOLE": {"e01": fzExact, "e02": fzPrefix, "e03": fzTrigram},
			"ΑΘΗΝΑ": {"e04": fzExact},
		},
		trgm.C: {
			"ÉCOLE": {"e01": fzTrigram, "e02": fzPrefix, "e03": fzTrigram},
			"ΑΘΗΝΑ": {},
		},
	}
	for _, term := range []string{"ÉCOLE", "ΑΘΗΝΑ"} {
		ans, loc := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: term})
		expectTiers(t, fmt.Sprintf("locale %s, term %q", loc, term), ans, want[loc][term])
	}
}

// fuzzyTies: the reference's order within each tier, on hand-built ties.
//
//	exact "cat": labels "CAT" < "cat" as bytes; the two "cat" by ID.
//	prefix: byte lengths Cats 4, cats 4, catch 5, catalogue 9; "Cats" < "cats".
//	trigram: (cat) and [cat] have similarity 1 ("(" 0x28 < "[" 0x5B),
//	  dog cat 0.5, big dog cat 0.333.
func fuzzyTies(t *suite.T) {
	es := []adapters.SearchEntry{
		{ID: "t1", Label: "big dog cat"}, {ID: "t2", Label: "catalogue"}, {ID: "x2", Label: "cat"},
		{ID: "t3", Label: "[cat]"}, {ID: "t4", Label: "cats"}, {ID: "x3", Label: "CAT"},
		{ID: "t5", Label: "dog cat"}, {ID: "t6", Label: "catch"}, {ID: "x1", Label: "cat"},
		{ID: "t7", Label: "(cat)"}, {ID: "t8", Label: "Cats"},
	}
	ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: "cat"})
	want := []string{"x3", "x1", "x2", "t8", "t4", "t6", "t2", "t7", "t3", "t5", "t1"}
	var got []string
	for _, m := range ans.Matches {
		got = append(got, m.ID)
	}
	if !slices.Equal(got, want) {
		t.Errorf("order %v, want %v\n answer %s", got, want, invariant.MatchList(ans.Matches))
	}
}

// fuzzyThreshold: similarities exactly at the threshold (see the sets above).
func fuzzyThreshold(t *suite.T) {
	es := fzEntries(
		"dog cat",         // e01: 0.5
		"big dog cat",     // e02: 1/3
		"big red dog cat", // e03: 0.25
		"dog catx",        // e04: 3/10 = float4 0.3
		"(cat)",           // e05: 1
		"dog",             // e06: 0
		"%",               // e07: no trigrams at all: 0
	)
	cases := []struct {
		name      string
		threshold *float64
		want      map[string]string
	}{
		// Default 0.3: float4(3/10) widened to double is 0.30000001 >= 0.3.
		{"default (0.3)", nil, map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e04": fzTrigram, "e05": fzTrigram}},
		{"0.5", fzThreshold(0.5), map[string]string{"e01": fzTrigram, "e05": fzTrigram}},
		{"0.25", fzThreshold(0.25), map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e03": fzTrigram, "e04": fzTrigram, "e05": fzTrigram}},
		{"1", fzThreshold(1), map[string]string{"e05": fzTrigram}},
		// similarity >= 0 holds for every label, even one sharing nothing.
		{"0", fzThreshold(0), map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e03": fzTrigram, "e04": fzTrigram, "e05": fzTrigram, "e06": fzTrigram, "e07": fzTrigram}},
	}
	for _, c := range cases {
		ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: "cat", Threshold: c.threshold})
		expectTiers(t, "threshold "+c.name, ans, c.want)
	}
}

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
		return adapters.SearchRequest{Entries: ok, Term: "cat", Threshold: fzThreshold(x)}
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
		_, _, err := call.Search(t, c.bad)
		switch {
		case err == nil:
			t.Errorf("%s: accepted; want an error naming the NUL byte", c.name)
			continue
		case inexpressible(err):
			t.Notef("case %q skipped: %v", c.name, err)
			continue
		case nonAnswer(err):
			t.OperationFailed(c.name, err) // a non-answer is never a refusal
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
		if nonAnswer(err) {
			t.OperationFailed("short term", err)
		}
		t.Fatalf("a short term was refused (%v), so refusing long ones shows nothing", err)
	}
	for _, n := range []int{fuzzy.MaxTermBytes + 1, 64 << 10, 1 << 20} {
		term := strings.Repeat("consciousness ", n/14+1)[:n]
		req := adapters.SearchRequest{Entries: es, Term: term}
		ans, loc, err := call.Search(t, req)
		if err != nil && nonAnswer(err) {
			t.OperationFailed(fmt.Sprintf("term of %d bytes", n), err) // a non-answer is never a refusal
		}
		if err != nil {
			t.Logf("term of %d bytes refused: %v", n, err)
			continue
		}
		for _, check := range []func() error{
			func() error { return invariant.FuzzySound(loc, req, ans) },
			func() error { return invariant.FuzzyComplete(loc, req, ans) },
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
	ok := strings.Repeat("a", fuzzy.MaxTermBytes-3) + "語"
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
	switch {
	case err == nil:
		t.Errorf("term of %d bytes accepted (%d matches); the reference refuses terms over %d bytes", fuzzy.MaxTermBytes+1, len(ans.Matches), fuzzy.MaxTermBytes)
	case nonAnswer(err):
		t.OperationFailed(fmt.Sprintf("term of %d bytes", fuzzy.MaxTermBytes+1), err) // a non-answer is never a refusal
	}
}

// fuzzyTypos: the expected similarities were read from a PostgreSQL 15
// server (SELECT similarity('consciousness', 'conciousness')), and derive
// by hand: conciousness has 13 trigrams, consciousness 14, they share 11 →
// 11/16 = 0.6875; limerance and limerence have 10 each and share 7 → 7/13.
func fuzzyTypos(t *suite.T) {
	es := fzEntries("machine", "consciousness", "limerence", "learning", "conscience", "limerick", "context")
	for _, c := range []struct {
		term, id, label string
		sim             float32
	}{
		{"conciousness", "e02", "consciousness", 0.6875},
		{"limerance", "e03", "limerence", 0.53846157},
	} {
		ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: c.term})
		found := false
		for _, m := range ans.Matches {
			switch m.ID {
			case c.id:
				found = true
				if m.Tier != fzTrigram || m.Similarity != c.sim {
					t.Errorf("term %q: %s found as %s with similarity %v, want trigram with %v", c.term, c.label, m.Tier, m.Similarity, c.sim)
				}
			case "e01":
				t.Errorf("term %q: the generic %q was returned (%s, %v)", c.term, m.Label, m.Tier, m.Similarity)
			}
		}
		if !found {
			t.Errorf("term %q: %q not found; answer %s", c.term, c.label, invariant.MatchList(ans.Matches))
		}
	}
}

// agreementRequest is a fixed corpus for the trigram agreement: thousands of
// strings from a seeded generator (mixed scripts, case, punctuation, digits,
// emoji, combining marks) and pairs of them, many a word against a typo of
// it inside a phrase.
func agreementRequest() adapters.TrigramRequest {
	g := agreementGen{rand.New(rand.NewPCG(105, 85))}
	strs := append([]string(nil), agreementFixed...)
	strs = append(strs, agreementWords...)
	for range 3000 {
		strs = append(strs, g.text(6))
	}
	for range 10 {
		strs = append(strs, g.text(300))
	}
	var pairs [][2]string
	for _, x := range agreementFixed {
		pairs = append(pairs, [2]string{x, agreementFixed[g.r.IntN(len(agreementFixed))]})
	}
	for range 2000 {
		w := agreementWords[g.r.IntN(len(agreementWords))]
		phrase := g.text(2) + " " + g.typo(w) + " " + g.text(2)
		if g.r.IntN(3) == 0 {
			pairs = append(pairs, [2]string{phrase, w})
		} else {
			pairs = append(pairs, [2]string{w, phrase})
		}
	}
	for range 2000 {
		pairs = append(pairs, [2]string{strs[g.r.IntN(len(strs))], strs[g.r.IntN(len(strs))]})
	}
	return adapters.TrigramRequest{Strings: strs, Pairs: pairs}
}

var agreementFixed = []string{
	"", " ", "a", "A", "ab", "abc", "  abc  ", "a b c", "a-b-c", "x_y", "123", "a1b2", "word", "two words",
	"hello", "hallo", "café", "cafe", "cafe\u0301", "conciousness", "consciousness", "limerance", "limerence",
	"Hello wörld", "ΣΊΣΥΦΟΣ", "İIıi", "ǅungla", "\u212akelvin", "Ⱥⱥ", "ß ẞ SS", "東京タワー", "😀😀😀", "a😀b",
	"e\u0301e\u0301", "!!!", "%_\\", "ab%cd_ef", "١٢٣", "ⅫⅫ", "tab\tnew\nline", "'; DROP TABLE x; --",
}

var agreementWords = strings.Fields(`consciousness limerence machine learning context window budget search
	fuzzy trigram index similarity threshold elastic radius inflation atom molecule Straße Größe Ärger Zürich
	Ελλάδα Москва привет 東京 서울 こんにちは naïveté façade jalapeño crème brûlée Þingvellir ÆSIR İstanbul
	the quick brown fox x86 utf8 pg_trgm e-mail don't O'Neil C++ C# .NET`)

var agreementClasses = [][]rune{
	[]rune("abcdefghijklmnopqrstuvwxyz"),
	[]rune("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
	[]rune("0123456789"),
	[]rune("àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßÀÉÎÕÜŸĳŒœǅİıſ\u212aẞȺⱥµ"),
	[]rune("αβγδεζηθικλμνξοπρσςτυφχψωΑΒΓΔΣΩάέή\u0345"),
	[]rune("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЁЖЯ"),
	[]rune("中文字漢語日本語한국어ひらがなカタカナ\U00020000"),
	[]rune("😀👍🏽❤\ufe0f\u200d👩👧🇫🇷✨"),
	[]rune("\u0301\u0308\u0327\u20dd\u093c"),
	[]rune("٠١٢٣٤٥०१२३０１２³²½ⅠⅫ"),
	[]rune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
	[]rune(" \t\n\u00a0\u3000\u200b\u00ad"),
}

type agreementGen struct{ r *rand.Rand }

func (g agreementGen) token() string {
	var b strings.Builder
	switch g.r.IntN(5) {
	case 0, 1:
		b.WriteString(agreementWords[g.r.IntN(len(agreementWords))])
	case 2: // any code point but NUL and surrogates
		for range 1 + g.r.IntN(3) {
			r := rune(1 + g.r.IntN(0x10FFFF))
			if !utf8.ValidRune(r) {
				r = 'x'
			}
			b.WriteRune(r)
		}
	default:
		c1, c2 := agreementClasses[g.r.IntN(len(agreementClasses))], agreementClasses[g.r.IntN(len(agreementClasses))]
		for range 1 + g.r.IntN(8) {
			c := c1
			if g.r.IntN(4) == 0 {
				c = c2
			}
			b.WriteRune(c[g.r.IntN(len(c))])
		}
	}
	return b.String()
}

func (g agreementGen) text(maxTokens int) string {
	seps := []string{" ", " ", "  ", "", "-", ", ", "\t", "_", "'", "/", "."}
	var b strings.Builder
	for i := range 1 + g.r.IntN(maxTokens) {
		if i > 0 {
			b.WriteString(seps[g.r.IntN(len(seps))])
		}
		b.WriteString(g.token())
	}
	return b.String()
}

// typo applies one to three edits: insert, delete, substitute, swap, case.
func (g agreementGen) typo(w string) string {
	rs := []rune(w)
	for range 1 + g.r.IntN(3) {
		switch op := g.r.IntN(5); {
		case op == 0 || len(rs) == 0:
			i := g.r.IntN(len(rs) + 1)
			c := agreementClasses[g.r.IntN(6)]
			rs = slices.Insert(rs, i, c[g.r.IntN(len(c))])
		case op == 1:
			i := g.r.IntN(len(rs))
			rs = slices.Delete(rs, i, i+1)
		case op == 2:
			c := agreementClasses[g.r.IntN(len(agreementClasses))]
			rs[g.r.IntN(len(rs))] = c[g.r.IntN(len(c))]
		case op == 3 && len(rs) > 1:
			i := g.r.IntN(len(rs) - 1)
			rs[i], rs[i+1] = rs[i+1], rs[i]
		default:
			rs = []rune(strings.ToUpper(string(rs)))
		}
	}
	return string(rs)
}

// fzMaxReported bounds the mismatches listed in a failure.
const fzMaxReported = 10

func trigramAgreement(t *suite.T) {
	req := agreementRequest()
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

func wordSimilarityAgreement(t *suite.T) {
	req := agreementRequest()
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
		if err := fzFirstErr(err1, err2, err3); err != nil {
			return ans, err
		}
		ans.Similarity = append(ans.Similarity, s)
		ans.WordSimilarity = append(ans.WordSimilarity, w)
		ans.StrictWordSimilarity = append(ans.StrictWordSimilarity, sw)
	}
	return ans, nil
}

func fzFirstErr(errs ...error) error {
	for _, err := range errs {
		if err != nil {
			return err
		}
	}
	return nil
}
