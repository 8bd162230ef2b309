package specs

import (
	"fmt"
	"maps"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
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

// catEntries is the example of FUZ-01 and FUZ-03 (derivations above).
var catEntries = fzEntries(
	"cat",             // e01 exact
	"CAT",             // e02 a case variant: catTiers
	"cats",            // e03 prefix (LIKE 'cat%' and ILIKE alike)
	"Catalogue",       // e04 prefix by ILIKE, none by LIKE: similarity 3/11 = 0.27
	"dog cat",         // e05 trigram: 4/(8+4-4) = 0.5
	"big dog cat",     // e06 trigram: 4/12 = 0.333
	"big red dog cat", // e07 none: 4/16 = 0.25 < 0.3
	"scat",            // e08 none: not a prefix; 2/7 = 0.286
	"dog",             // e09 none: 0
	"cart",            // e10 none: 2/7
	"(cat)",           // e11 trigram: not a prefix ("(" first), similarity 1
)

// catTiers are the tiers of catEntries for the term cat under the case
// reading c (fzCase). The case variant CAT is exact by `LOWER(atom_label) =
// LOWER($1)`; read case-exactly (`atom_label = term`), it is a prefix
// match by `ILIKE 'cat%'` and, where the prefix tier is `LIKE 'cat%'` too,
// a trigram match (similarity 1: pg_trgm lower-cases). Catalogue is a
// prefix match by ILIKE; by LIKE it is none (C is not c) and 0.27 < 0.3
// leaves it out. (Checked on PostgreSQL 15: 'Catalogue' LIKE 'cat%' is
// false, similarity('CAT', 'cat') 1, similarity('Catalogue', 'cat')
// 0.27272728.)
func catTiers(c fzCase) map[string]string {
	w := map[string]string{"e01": fzExact, "e03": fzPrefix, "e04": fzPrefix, "e05": fzTrigram, "e06": fzTrigram, "e11": fzTrigram}
	switch {
	case c.exact == adapters.CaseInsensitive:
		w["e02"] = fzExact
	case c.prefix == adapters.CaseInsensitive:
		w["e02"] = fzPrefix
	default:
		w["e02"] = fzTrigram
	}
	if c.prefix == adapters.CaseSensitive {
		delete(w, "e04")
	}
	return w
}

// fuzzyTiers (FUZ-01): each label of the cat example in its tier, under
// one of the case readings the implementation is judged under (fzCases:
// the declared exact_case and prefix_case, else any). The trigram tier
// missing altogether is FUZ-05's (ownTiers).
func fuzzyTiers(t *suite.T) {
	req := adapters.SearchRequest{Entries: catEntries, Term: "cat"}
	ans, loc := call.MustSearch(t, req)
	mark := t.Failures()
	expectTiersUnder(t, `term "cat"`, ans, fzCases(t), catTiers)
	fzImplied(t, mark, loc, req, ans)
}

// fuzzyTierOrder (FUZ-03): in the cat example, "Catalogue" is a prefix
// match with similarity 0.27 and "(cat)" a trigram match with similarity
// 1: the prefix match still comes first. The order of the tiers the
// answer gives is judged; which tier each label is in is FUZ-01's.
func fuzzyTierOrder(t *suite.T) {
	req := adapters.SearchRequest{Entries: catEntries, Term: "cat"}
	ans, loc := call.MustSearch(t, req)
	if err := invariant.TierOrder(ans); err != nil {
		mark := t.Failures()
		t.Errorf("%v\n answer %s", err, invariant.MatchList(ans.Matches))
		fzImplied(t, mark, loc, req, ans)
	}
}

// fuzzyCaseExact (FUZ-24, the reference's reading): the case as §3.2's
// SQL runs it: a case variant of the term is an exact match, `LOWER(atom_label)
// = LOWER($1)` (CAT for cat, and in a UTF-8 locale école for ÉCOLE), and a
// label that starts with the term in another case a prefix match, `ILIKE
// $2` (Catalogue for cat): exact_case and prefix_case "insensitive", which
// the MUST requirements take only when declared.
func fuzzyCaseExact(t *suite.T) {
	ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: catEntries, Term: "cat"})
	expectTiers(t, `term "cat"`, ans, map[string]string{
		"e01": fzExact, "e02": fzExact, "e03": fzPrefix, "e04": fzPrefix, "e05": fzTrigram, "e06": fzTrigram, "e11": fzTrigram,
	})
	es := fzEntries("école")
	if ans, loc := call.MustSearch(t, adapters.SearchRequest{Entries: es, Term: "ÉCOLE"}); loc == trgm.UTF8 {
		expectTiers(t, `locale UTF8, term "ÉCOLE"`, ans, map[string]string{"e01": fzExact})
	}
}

// fuzzyUnicodeCase (FUZ-02): the declared locale decides lower() and word
// characters, under one of the case readings the implementation is judged
// under (fzCases, as FUZ-01).
//
// UTF8 (towlower, letters of every script are word characters):
//
//	"école" vs ÉCOLE: lower(ÉCOLE) = école → exact; read case-exactly, a
//	  prefix match by ILIKE, else trigram (similarity 1).
//	"Écoles": lower = écoles, starts with école → prefix by ILIKE; by LIKE
//	  no (É C O L E ≠ É c o l e), similarity: écoles {"  é"," éc","éco","col",
//	  "ole","les","es "} shares 5 with école's 6 → 5/8 = 0.625 → trigram.
//	"ecole": not equal, no prefix; trigrams of école {"  é"," éc","éco","col","ole","le "}
//	  and ecole {"  e"," ec","eco","col","ole","le "} share 3 → 3/9 = 0.333 → trigram.
//	"αθηνα" vs ΑΘΗΝΑ: lower(ΑΘΗΝΑ) = αθηνα → exact; read case-exactly, as
//	  école (similarity 1).
//
// C (ASCII-only lower-casing, only ASCII letters and digits make words):
//
//	lower(ÉCOLE) = "École" ≠ "école": no exact, no prefix (either case). The word of both is
//	  "cole" (É and é separate words): identical sets → similarity 1 → trigram.
//	"Écoles": lower = "Écoles" (É stays), which starts with lower(ÉCOLE) =
//	  "École" → prefix by ILIKE (checked on a PostgreSQL 15 database with
//	  LC_CTYPE C); by LIKE no: the words coles and cole share 4 of 6 and 5
//	  → 4/7 = 0.571 → trigram.
//	"ecole": {"  e"," ec","eco","col","ole","le "} shares 3 → 3/(5+6-3) = 0.375 → trigram.
//	"αθηνα": no word characters at all, ΑΘΗΝΑ neither: similarity 0, not
//	  equal after ASCII lower-casing → not returned.
//
// (On PostgreSQL 15 in UTF8: similarity('Écoles', 'ÉCOLE') 0.625,
// similarity('école', 'ÉCOLE') 1, similarity('αθηνα', 'ΑΘΗΝΑ') 1.)
func fuzzyUnicodeCase(t *suite.T) {
	es := fzEntries("école", "Écoles", "ecole", "αθηνα")
	variant := func(c fzCase) string { // a case variant of the term in UTF8
		switch {
		case c.exact == adapters.CaseInsensitive:
			return fzExact
		case c.prefix == adapters.CaseInsensitive:
			return fzPrefix
		}
		return fzTrigram
	}
	startsSo := func(c fzCase) string { // Écoles: starts with the term in another case
		if c.prefix == adapters.CaseInsensitive {
			return fzPrefix
		}
		return fzTrigram
	}
	want := map[trgm.Locale]map[string]func(fzCase) map[string]string{
		trgm.UTF8: {
			"ÉCOLE": func(c fzCase) map[string]string {
				return map[string]string{"e01": variant(c), "e02": startsSo(c), "e03": fzTrigram}
			},
			"ΑΘΗΝΑ": func(c fzCase) map[string]string { return map[string]string{"e04": variant(c)} },
		},
		trgm.C: {
			"ÉCOLE": func(c fzCase) map[string]string {
				return map[string]string{"e01": fzTrigram, "e02": startsSo(c), "e03": fzTrigram}
			},
			"ΑΘΗΝΑ": func(fzCase) map[string]string { return map[string]string{} },
		},
	}
	for _, term := range []string{"ÉCOLE", "ΑΘΗΝΑ"} {
		req := adapters.SearchRequest{Entries: es, Term: term}
		ans, loc := call.MustSearch(t, req)
		what := fmt.Sprintf("locale %s, term %q", loc, term)
		mark := t.Failures()
		expectTiersUnder(t, what, ans, fzCases(t), want[loc][term])
		fzImplied(t, mark, loc, req, ans)
	}
}

// fuzzyTies: the reference's order within each tier, on hand-built ties.
//
//	exact "cat": labels "CAT" < "cat" as bytes; the two "cat" by ID.
//	prefix: byte lengths catS 4, cats 4, catch 5, catalogue 9; "catS" < "cats"
//	  (each a prefix match by LIKE and ILIKE alike: the case reading is FUZ-24's).
//	trigram: (cat) and [cat] have similarity 1 ("(" 0x28 < "[" 0x5B),
//	  dog cat 0.5, big dog cat 0.333.
func fuzzyTies(t *suite.T) {
	es := []adapters.SearchEntry{
		{ID: "t1", Label: "big dog cat"}, {ID: "t2", Label: "catalogue"}, {ID: "x2", Label: "cat"},
		{ID: "t3", Label: "[cat]"}, {ID: "t4", Label: "cats"}, {ID: "x3", Label: "CAT"},
		{ID: "t5", Label: "dog cat"}, {ID: "t6", Label: "catch"}, {ID: "x1", Label: "cat"},
		{ID: "t7", Label: "(cat)"}, {ID: "t8", Label: "catS"},
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

// thresholdEntries and thresholdCases are the example of FUZ-05 and FUZ-22:
// the term cat against labels of known similarity, under the default
// threshold and four the request names.
var thresholdEntries = fzEntries(
	"dog cat",         // e01: 0.5
	"big dog cat",     // e02: 1/3
	"big red dog cat", // e03: 0.25
	"dog catx",        // e04: 3/10 = float4 0.3
	"(cat)",           // e05: 1
	"dog",             // e06: 0
	"%",               // e07: no trigrams at all: 0
	"scat",            // e08: 2/7 = 0.286, between 0.25 and 0.3
)

// Each case's want is `similarity >= threshold` (pg_trgm's C source), its
// strict `similarity > threshold` (pg_trgm's documentation: `%` "returns
// true if its arguments have a similarity that is greater than the current
// similarity threshold"). They differ only where a similarity equals the
// threshold: never at the default (no float4 equals the double 0.3), at
// 0.5 for e01, 0.25 for e03, 1 for e05, 0 for e06 and e07.
var thresholdCases = []struct {
	name         string
	threshold    *float64
	want, strict map[string]string
}{
	// Default 0.3: float4(3/10) widened to double is 0.30000001, above 0.3.
	{"default (0.3)", nil, map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e04": fzTrigram, "e05": fzTrigram},
		map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e04": fzTrigram, "e05": fzTrigram}},
	{"0.5", new(0.5), map[string]string{"e01": fzTrigram, "e05": fzTrigram}, map[string]string{"e05": fzTrigram}},
	{"0.25", new(0.25), map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e03": fzTrigram, "e04": fzTrigram, "e05": fzTrigram, "e08": fzTrigram},
		map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e04": fzTrigram, "e05": fzTrigram, "e08": fzTrigram}},
	{"1", new(1.0), map[string]string{"e05": fzTrigram}, map[string]string{}},
	// similarity >= 0 holds for every label, even one sharing nothing.
	{"0", new(0.0), map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e03": fzTrigram, "e04": fzTrigram, "e05": fzTrigram, "e06": fzTrigram, "e07": fzTrigram, "e08": fzTrigram},
		map[string]string{"e01": fzTrigram, "e02": fzTrigram, "e03": fzTrigram, "e04": fzTrigram, "e05": fzTrigram, "e08": fzTrigram}},
}

// noTrigramTier reports whether a search for thresholdEntries found no
// trigram match at all (every entry's tier would be trigram): the trigram
// tier's fault, FUZ-05's alone.
func noTrigramTier(ans adapters.SearchAnswer) bool {
	return len(ans.Matches) == 0
}

// fuzzyThreshold (FUZ-05, the trigram tier's requirement): `atom_label %
// term` is pg_trgm's similarity compared with the threshold. At the default
// (0.3) the answer is the one above, whether `%` is >= or > (they agree
// there). Where the request names another threshold, two readings stand:
// the request's threshold is applied (the search contract's, FUZ-22), or
// the text's `%` runs at pg_trgm's setting, left at its default 0.3 (the
// original engine never set it); and at a similarity equal to it, >= and >
// differ (FUZ-23 judges which). The answer must be one of the three. No
// trigram tier at all fails here, and only here.
//
// A declared trigram_boundary leaves its one of >= and >.
func fuzzyThreshold(t *suite.T) {
	def := thresholdCases[0].want
	bounds := invariant.ReadingsOf(t.Config()).Boundary
	for _, c := range thresholdCases {
		req := adapters.SearchRequest{Entries: thresholdEntries, Term: "cat", Threshold: c.threshold}
		ans, loc := call.MustSearch(t, req)
		mark := t.Failures()
		if c.threshold == nil {
			expectTiers(t, "threshold "+c.name, ans, c.want)
			fzImplied(t, mark, loc, req, ans)
			continue
		}
		named, ok := boundaryTiers(c.want, c.strict, bounds), sameTiers(ans, def)
		for _, w := range named {
			ok = ok || sameTiers(ans, w)
		}
		if !ok {
			t.Errorf("threshold %s: answer %s is neither the one for threshold %s (%s) nor the one for pg_trgm's default 0.3 (%s)",
				c.name, invariant.MatchList(ans.Matches), c.name, boundaryList(c.want, c.strict, bounds), tierList(def))
			fzImplied(t, mark, loc, req, ans)
		}
	}
}

// boundaryTiers are the answers for a named threshold under the boundaries
// left (>= gives want, > strict).
func boundaryTiers(want, strict map[string]string, bounds []string) []map[string]string {
	var out []map[string]string
	if slices.Contains(bounds, adapters.AtLeast) {
		out = append(out, want)
	}
	if slices.Contains(bounds, adapters.Above) {
		out = append(out, strict)
	}
	return out
}

// boundaryList writes boundaryTiers for a message: "[…] with >=, or […]
// with >", or the declared one's alone.
func boundaryList(want, strict map[string]string, bounds []string) string {
	if len(bounds) == 1 {
		w := boundaryTiers(want, strict, bounds)[0]
		return tierList(w) + " with the declared " + adapters.TrigramBoundary + " " + bounds[0]
	}
	return tierList(want) + " with >=, or " + tierList(strict) + " with >"
}

// fuzzyRequestedThreshold (FUZ-22): a threshold the request names is the
// one applied (compared with the declared trigram_boundary, else with >=
// or >: FUZ-23's). An answer with no trigram match at any threshold has no
// trigram tier: FUZ-05's.
func fuzzyRequestedThreshold(t *suite.T) {
	bounds := invariant.ReadingsOf(t.Config()).Boundary
	for _, c := range thresholdCases {
		if c.threshold == nil {
			continue // the default is FUZ-05's
		}
		ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: thresholdEntries, Term: "cat", Threshold: c.threshold})
		if noTrigramTier(ans) && len(c.strict) > 0 {
			t.Notef("threshold %s: no trigram match: the trigram tier is FUZ-05's to judge", c.name)
			continue
		}
		switch {
		case len(bounds) == 1 && bounds[0] == adapters.Above:
			expectTiers(t, "threshold "+c.name+" (declared "+adapters.TrigramBoundary+" >)", ans, c.strict)
		case len(bounds) == 1:
			expectTiers(t, "threshold "+c.name+" (declared "+adapters.TrigramBoundary+" >=)", ans, c.want)
		case !sameTiers(ans, c.strict):
			expectTiers(t, "threshold "+c.name, ans, c.want)
		}
	}
}

// fuzzyThresholdEqual (FUZ-23, the reference's reading): a similarity
// equal to a threshold the request names matches, as pg_trgm's C source
// compares (`sml >= threshold`), where its documentation says "greater
// than". Judged only on answers that apply the named threshold with >.
func fuzzyThresholdEqual(t *suite.T) {
	for _, c := range thresholdCases {
		ans, _ := call.MustSearch(t, adapters.SearchRequest{Entries: thresholdEntries, Term: "cat", Threshold: c.threshold})
		if !maps.Equal(c.want, c.strict) && sameTiers(ans, c.strict) {
			t.Errorf("threshold %s: answer %s drops the similarities equal to it, want %s (similarity >= threshold)",
				c.name, invariant.MatchList(ans.Matches), tierList(c.want))
		}
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
		req := adapters.SearchRequest{Entries: es, Term: c.term}
		ans, loc := call.MustSearch(t, req)
		mark := t.Failures()
		found := len(ans.Matches) == 0 // no trigram tier at all: FUZ-05's
		if found {
			t.Notef("term %q: no match at all: the trigram tier is FUZ-05's to judge", c.term)
		}
		for _, m := range ans.Matches {
			switch m.ID {
			case c.id:
				found = true
				// The similarity it reports is FUZ-18's (REFERENCE): here only
				// that the typo finds its word, in the trigram tier.
				if m.Tier != fzTrigram {
					t.Errorf("term %q: %s found as %s, want trigram (similarity %v)", c.term, c.label, m.Tier, c.sim)
				}
			case "e01":
				t.Errorf("term %q: the generic %q was returned (%s, %v)", c.term, m.Label, m.Tier, m.Similarity)
			}
		}
		if !found {
			t.Errorf("term %q: %q not found; answer %s", c.term, c.label, invariant.MatchList(ans.Matches))
		}
		fzImplied(t, mark, loc, req, ans)
	}
}
