package invariant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// SearchThreshold is the trigram threshold req asks for (0.3 when it names none).
func SearchThreshold(req adapters.SearchRequest) float64 {
	if req.Threshold != nil {
		return *req.Threshold
	}
	return fuzzy.DefaultThreshold
}

// OpenPoints reports whether req touches a point std105 §3 leaves open:
// a threshold the request names other than pg_trgm's default (the text's
// `%` runs at pg_trgm's setting: the request's threshold is the search
// contract's, FUZ-22), or a term holding a LIKE metacharacter (`LIKE
// 'term%'` does not say whether the term's own %, _ and \ are data: FUZ-06).
func OpenPoints(req adapters.SearchRequest) bool {
	return SearchThreshold(req) != fuzzy.DefaultThreshold || strings.ContainsAny(req.Term, `\%_`)
}

// ClassifyReadings is std105 §3's definition for one label, built from
// pg_trgm's primitives (reference/trgm) one predicate at a time, with no
// length limit on the term:
//
//	Exact    lower(label) = lower(term)
//	Prefix   label ILIKE escape(term) || '%'
//	Trigram  similarity(label, term) >= threshold
//
// under every reading of std105 §3.2 a careful implementer can take: the
// trigram threshold the request names or pg_trgm's default (when the
// request names another); the term in `LIKE 'term%'` escaped (data) or
// as written (its %, _ and \ read as LIKE's syntax, when it holds any);
// the exact tier `lower(label) = lower(term)` (the SQL) or `atom_label =
// term` read case-exactly (the list), a case variant then reached by the
// SQL's `ILIKE $2` as a prefix match; and `%` as similarity >= threshold
// (pg_trgm's C source) or > threshold (pg_trgm's documentation, "greater
// than"). It returns the tiers the label lands in under some reading (0
// for no match among them, at most once each) and whether it matches
// under every reading.
func ClassifyReadings(loc trgm.Locale, label, term string, threshold float64) (tiers []fuzzy.Tier, always bool, sim float32, err error) {
	ths := []float64{threshold}
	if threshold != fuzzy.DefaultThreshold {
		ths = append(ths, fuzzy.DefaultThreshold)
	}
	patterns := []string{fuzzy.EscapeLike(term) + "%"}
	if strings.ContainsAny(term, `\%_`) {
		patterns = append(patterns, term+"%") // never ends in an unpaired \
	}
	ll, err := loc.Lower(label)
	if err != nil {
		return nil, false, 0, fmt.Errorf("label %q: %w", clip.Text(label, 60), err)
	}
	lt, err := loc.Lower(term)
	if err != nil {
		return nil, false, 0, fmt.Errorf("term %q: %w", clip.Text(term, 60), err)
	}
	sim, err = loc.Similarity(label, term)
	if err != nil {
		return nil, false, 0, err
	}
	exacts := []bool{ll == lt}
	if ll == lt && label != term {
		exacts = append(exacts, false) // `atom_label = term`, case-exactly
	}
	passes := []func(float32, float64) bool{trgm.Matches, func(s float32, th float64) bool { return float64(s) > th }}
	always = true
	for _, p := range patterns {
		prefix, err := fuzzy.ILike(loc, label, p)
		if err != nil {
			return nil, false, 0, err
		}
		for _, exact := range exacts {
			for _, th := range ths {
				for _, pass := range passes {
					tier := fuzzy.Tier(0)
					switch {
					case exact:
						tier = fuzzy.Exact
					case prefix:
						tier = fuzzy.Prefix
					case pass(sim, th):
						tier = fuzzy.Trigram
					}
					if tier == 0 {
						always = false
					}
					if !slices.Contains(tiers, tier) {
						tiers = append(tiers, tier)
					}
				}
			}
		}
	}
	return tiers, always, sim, nil
}

type entryKey struct{ id, label string }

// FuzzySound: every match is an entry of the request (no entry more often
// than the request holds it), in the tier the definition gives it under one
// of the readings ClassifyReadings takes.
func FuzzySound(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	left := map[entryKey]int{}
	for _, e := range req.Entries {
		left[entryKey{e.ID, e.Label}]++
	}
	th := SearchThreshold(req)
	for i, m := range ans.Matches {
		k := entryKey{m.ID, m.Label}
		if left[k] == 0 {
			if seen := countKey(req.Entries, k); seen > 0 {
				return fmt.Errorf("match %d: entry %s is listed more often than the request holds it (%d)", i, entryString(k), seen)
			}
			return fmt.Errorf("match %d: entry %s is not in the request", i, entryString(k))
		}
		left[k]--
		tiers, _, sim, err := ClassifyReadings(loc, m.Label, req.Term, th)
		if err != nil {
			return fmt.Errorf("match %d: %v", i, err)
		}
		got, _ := convert.Tier(m.Tier)
		switch {
		case slices.Equal(tiers, []fuzzy.Tier{0}):
			return fmt.Errorf("match %d: entry %s matched as %s, but it does not match %q (similarity %v, threshold %v)", i, entryString(k), m.Tier, clip.Text(req.Term, 60), sim, th)
		case got == 0 || !slices.Contains(tiers, got):
			return fmt.Errorf("match %d: entry %s matched as %s, want %s for term %q (similarity %v, threshold %v)", i, entryString(k), m.Tier, tierNames(tiers), clip.Text(req.Term, 60), sim, th)
		}
	}
	return nil
}

// FuzzyComplete: every entry that matches the term by the definition, under
// every reading ClassifyReadings takes, is in the answer (as often as the
// request holds it), unless a limit cut the answer short. An answer
// without its trigram tier (no trigram match, and no entry that is a
// trigram match under every reading returned at all) is judged on the
// entries no reading puts in the trigram tier: the missing tier is the
// fault of the trigram tier's own requirement (FUZ-05), not this one.
func FuzzyComplete(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	if req.Limit > 0 && len(ans.Matches) >= req.Limit {
		return nil
	}
	got := map[entryKey]int{}
	for _, m := range ans.Matches {
		got[entryKey{m.ID, m.Label}]++
	}
	th := SearchThreshold(req)
	type due struct {
		k       entryKey
		tier    fuzzy.Tier
		sim     float32
		trigram bool // a trigram match under some reading
	}
	var dues []due
	trigramTier := slices.ContainsFunc(ans.Matches, func(m adapters.SearchMatch) bool { return m.Tier == adapters.TierTrigram })
	for _, e := range req.Entries {
		tiers, always, sim, err := ClassifyReadings(loc, e.Label, req.Term, th)
		if err != nil {
			return err
		}
		if !always {
			continue
		}
		k := entryKey{e.ID, e.Label}
		dues = append(dues, due{k, tiers[0], sim, slices.Contains(tiers, fuzzy.Trigram)})
		if slices.Equal(tiers, []fuzzy.Tier{fuzzy.Trigram}) && got[k] > 0 {
			trigramTier = true // a trigram match returned in another tier
		}
	}
	for _, d := range dues {
		k, tier, sim := d.k, d.tier, d.sim
		if d.trigram && !trigramTier {
			continue
		}
		if got[k] == 0 {
			return fmt.Errorf("entry %s matches %q as %s (similarity %v, threshold %v) but is missing from the answer (%d matches)", entryString(k), clip.Text(req.Term, 60), tier, sim, th, len(ans.Matches))
		}
		got[k]--
	}
	return nil
}

// tierNames lists tiers as "prefix or trigram".
func tierNames(tiers []fuzzy.Tier) string {
	var names []string
	for _, t := range tiers {
		if t != 0 {
			names = append(names, t.String())
		}
	}
	return strings.Join(names, " or ")
}

// FuzzySimilarity: every match reports similarity(label, term) exactly as
// pg_trgm computes it (float4).
func FuzzySimilarity(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	for i, m := range ans.Matches {
		want, err := loc.Similarity(m.Label, req.Term)
		if err != nil {
			return fmt.Errorf("match %d: %v", i, err)
		}
		if m.Similarity != want {
			return fmt.Errorf("match %d: similarity(%q, %q) reported as %v, pg_trgm gives %v", i, clip.Text(m.Label, 60), clip.Text(req.Term, 60), m.Similarity, want)
		}
	}
	return nil
}

// TierOrder: exact matches come first, then prefix matches, then trigram
// matches (std105 §3.2's priorities).
func TierOrder(ans adapters.SearchAnswer) error {
	prev := fuzzy.Tier(0)
	for i, m := range ans.Matches {
		t, _ := convert.Tier(m.Tier)
		if t < prev {
			return fmt.Errorf("match %d (%q, %s) follows a %s match: tiers must come exact, prefix, trigram", i, clip.Text(m.Label, 60), t, prev)
		}
		prev = t
	}
	return nil
}

// TrigramRank: within the trigram tier, similarity never rises down the
// list.
func TrigramRank(ans adapters.SearchAnswer) error {
	for i := 1; i < len(ans.Matches); i++ {
		a, b := ans.Matches[i-1], ans.Matches[i]
		if a.Tier == adapters.TierTrigram && b.Tier == adapters.TierTrigram && b.Similarity > a.Similarity {
			return fmt.Errorf("trigram match %d (%q, %v) follows one with a lower similarity (%q, %v)", i, clip.Text(b.Label, 60), b.Similarity, clip.Text(a.Label, 60), a.Similarity)
		}
	}
	return nil
}

// FuzzyLimit: with a limit n the answer holds at most n matches and is the
// first n of the unlimited answer full.
func FuzzyLimit(req adapters.SearchRequest, ans, full adapters.SearchAnswer) error {
	if req.Limit <= 0 {
		return nil
	}
	if len(ans.Matches) > req.Limit {
		return fmt.Errorf("%d matches, over the limit of %d", len(ans.Matches), req.Limit)
	}
	want := full.Matches[:min(req.Limit, len(full.Matches))]
	if err := SameUpToTies(full.Matches, want, ans.Matches); err != nil {
		return fmt.Errorf("limit %d: not the first %d of the unlimited answer: %v", req.Limit, req.Limit, err)
	}
	return nil
}

// SameUpToTies compares got with want on what std105 §3.2 fixes: as many
// matches, the same tier at every position, and every match of got one of
// pool's (entry, tier and similarity alike), as many times as there. The order inside a
// tier is not in the text (the reference's, FUZ-04, is REFERENCE; "more
// similar first" is FUZ-17, SHOULD), and neither is which of several tied
// matches a limit keeps: pool is the answer the matches are drawn from.
func SameUpToTies(pool, want, got []adapters.SearchMatch) error {
	if len(want) != len(got) {
		return fmt.Errorf("%d matches, want %d\n got  %s\n want %s", len(got), len(want), MatchList(got), MatchList(want))
	}
	left := make(map[adapters.SearchMatch]int, len(pool)) // an entry may be given, and matched, twice
	for _, m := range pool {
		left[m]++
	}
	for i, g := range got {
		switch {
		case g.Tier != want[i].Tier:
			return fmt.Errorf("match %d is %s, want a %s match\n got  %s\n want %s", i, matchString(g), want[i].Tier, MatchList(got), MatchList(want))
		case left[g] == 0:
			return fmt.Errorf("match %d %s is not in the other answer (or not as many times)\n got  %s\n want %s", i, matchString(g), MatchList(got), MatchList(want))
		}
		left[g]--
	}
	return nil
}

// SameMatches compares two answers match by match (entry, tier and
// similarity, in order).
func SameMatches(want, got []adapters.SearchMatch) error {
	for i := 0; i < min(len(want), len(got)); i++ {
		if want[i] != got[i] {
			return fmt.Errorf("match %d is %s, want %s\n got  %s\n want %s", i, matchString(got[i]), matchString(want[i]), MatchList(got), MatchList(want))
		}
	}
	if len(want) != len(got) {
		return fmt.Errorf("%d matches, want %d\n got  %s\n want %s", len(got), len(want), MatchList(got), MatchList(want))
	}
	return nil
}

// MatchList formats a list of matches compactly, for failure messages.
func MatchList(ms []adapters.SearchMatch) string {
	var b strings.Builder
	for i, m := range ms {
		if i == 12 {
			fmt.Fprintf(&b, "… (%d more)", len(ms)-i)
			break
		}
		b.WriteString(matchString(m))
		b.WriteByte(' ')
	}
	if len(ms) == 0 {
		return "(none)"
	}
	return strings.TrimSpace(b.String())
}

func matchString(m adapters.SearchMatch) string {
	return fmt.Sprintf("%s:%q/%s@%v", m.ID, clip.Text(m.Label, 60), m.Tier, m.Similarity)
}

func entryString(k entryKey) string { return fmt.Sprintf("%s:%q", k.id, clip.Text(k.label, 60)) }

func countKey(es []adapters.SearchEntry, k entryKey) int {
	n := 0
	for _, e := range es {
		if e.ID == k.id && e.Label == k.label {
			n++
		}
	}
	return n
}
