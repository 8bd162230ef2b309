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

// FuzzyReadings are the readings of std105 §3.2 a search is judged under,
// each as the choices left of one point the text leaves open: the case of
// the exact tier (adapters.ExactCase: the list's `atom_label = term` read
// case-exactly, or the SQL's `LOWER(atom_label) = LOWER($1)`), the case of
// the prefix tier (adapters.PrefixCase: the list's `LIKE 'term%'` or the
// SQL's `ILIKE $2`), and `%`'s boundary (adapters.TrigramBoundary: pg_trgm's
// C source >=, its documentation's "greater than"). A point the
// implementation declared leaves its one choice; one it did not, both
// (ReadingsOf): the checks then judge only what every reading agrees on.
type FuzzyReadings struct {
	ExactCase, PrefixCase []string // adapters.CaseInsensitive, adapters.CaseSensitive
	Boundary              []string // adapters.AtLeast, adapters.Above
}

// AnyFuzzyReading is every reading: what an implementation that declares
// none is judged under.
var AnyFuzzyReading = ReadingsOf(nil)

// ReadingsOf is what c declares of std105 §3.2's readings.
func ReadingsOf(c adapters.Config) FuzzyReadings {
	left := func(name string, all ...string) []string {
		if r := c.Reading(name); r != "" {
			return []string{r}
		}
		return all
	}
	return FuzzyReadings{
		ExactCase:  left(adapters.ExactCase, adapters.CaseInsensitive, adapters.CaseSensitive),
		PrefixCase: left(adapters.PrefixCase, adapters.CaseInsensitive, adapters.CaseSensitive),
		Boundary:   left(adapters.TrigramBoundary, adapters.AtLeast, adapters.Above),
	}
}

// Passes reports whether similarity sim passes threshold th under boundary
// (adapters.AtLeast or adapters.Above).
func Passes(boundary string, sim float32, th float64) bool {
	if boundary == adapters.Above {
		return float64(sim) > th
	}
	return trgm.Matches(sim, th)
}

// ClassifyReadings is Classify under every reading (AnyFuzzyReading).
func ClassifyReadings(loc trgm.Locale, label, term string, threshold float64) (tiers []fuzzy.Tier, always bool, sim float32, err error) {
	return AnyFuzzyReading.Classify(loc, label, term, threshold)
}

// Classify is std105 §3's definition for one label, built from pg_trgm's
// primitives (reference/trgm) one predicate at a time, with no length
// limit on the term:
//
//	Exact    lower(label) = lower(term), or label = term
//	Prefix   label ILIKE escape(term) || '%', or LIKE
//	Trigram  similarity(label, term) >= threshold, or >
//
// under each of r's readings, and under every reading of the points no
// declaration settles: the trigram threshold the request names or
// pg_trgm's default (when the request names another), and the term in
// `LIKE 'term%'` escaped (data) or as written (its %, _ and \ read as
// LIKE's syntax, when it holds any). It returns the tiers the label lands
// in under some reading (0 for no match among them, at most once each) and
// whether it matches under every reading.
func (r FuzzyReadings) Classify(loc trgm.Locale, label, term string, threshold float64) (tiers []fuzzy.Tier, always bool, sim float32, err error) {
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
	var exacts, prefixes []bool
	for _, c := range r.ExactCase {
		exacts = append(exacts, c == adapters.CaseSensitive && label == term || c != adapters.CaseSensitive && ll == lt)
	}
	for _, p := range patterns {
		for _, c := range r.PrefixCase {
			var prefix bool
			if c == adapters.CaseSensitive {
				prefix, err = fuzzy.Like(label, p)
			} else {
				prefix, err = fuzzy.ILike(loc, label, p)
			}
			if err != nil {
				return nil, false, 0, err
			}
			prefixes = append(prefixes, prefix)
		}
	}
	always = true
	for _, exact := range exacts {
		for _, prefix := range prefixes {
			for _, th := range ths {
				for _, b := range r.Boundary {
					tier := fuzzy.Tier(0)
					switch {
					case exact:
						tier = fuzzy.Exact
					case prefix:
						tier = fuzzy.Prefix
					case Passes(b, sim, th):
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

// ReadingsDiffer reports whether the readings Classify takes (every one:
// AnyFuzzyReading) put some entry of req in different tiers: a label that
// is a case variant of the term or starts with it in another case, a
// similarity equal to a threshold the request names, a term with LIKE's
// metacharacters. The reference's answer is then one reading's, which a
// check against the reference leaves to the requirement of that choice.
func ReadingsDiffer(loc trgm.Locale, req adapters.SearchRequest) (bool, error) {
	for _, e := range req.Entries {
		tiers, _, _, err := AnyFuzzyReading.Classify(loc, e.Label, req.Term, SearchThreshold(req))
		if err != nil {
			return false, err
		}
		if len(tiers) > 1 {
			return true, nil
		}
	}
	return false, nil
}

type entryKey struct{ id, label string }

// FuzzySound is FuzzyReadings.Sound under every reading.
func FuzzySound(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	return AnyFuzzyReading.Sound(loc, req, ans)
}

// FuzzyComplete is FuzzyReadings.Complete under every reading.
func FuzzyComplete(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	return AnyFuzzyReading.Complete(loc, req, ans)
}

// Sound: every match is an entry of the request (no entry more often than
// the request holds it), in the tier the definition gives it under one of
// the readings Classify takes.
func (r FuzzyReadings) Sound(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
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
		tiers, _, sim, err := r.Classify(loc, m.Label, req.Term, th)
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

// Complete: every entry that matches the term by the definition, under
// every reading Classify takes, is in the answer (as often as the
// request holds it), unless a limit cut the answer short. An answer
// without its trigram tier (no trigram match, and no entry that is a
// trigram match under every reading returned at all) is judged on the
// entries no reading puts in the trigram tier: the missing tier is the
// fault of the trigram tier's own requirement (FUZ-05), not this one.
func (r FuzzyReadings) Complete(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
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
		tiers, always, sim, err := r.Classify(loc, e.Label, req.Term, th)
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
