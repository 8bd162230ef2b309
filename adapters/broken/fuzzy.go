package broken

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// searcher is the reference with its Search replaced.
type searcher struct {
	mutant
	search func(req adapters.SearchRequest) (adapters.SearchAnswer, error)
}

func (b *searcher) Search(_ context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	return b.search(req)
}

// knobs is a search written out predicate by predicate, with one of them
// replaceable: how text is lower-cased for the exact and prefix tiers, the
// ILIKE pattern made of the term, and the threshold test.
type knobs struct {
	caseExact bool                               // exact is label == term, not lower(label) = lower(term)
	lower     trgm.Locale                        // lower-casing for exact and prefix
	pattern   func(term string) string           // the ILIKE pattern
	passes    func(sim float32, th float64) bool // the trigram test
}

func (k knobs) search(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	// The reference refuses what must be refused.
	if _, err := reference.New().Search(context.Background(), req); err != nil {
		return adapters.SearchAnswer{}, err
	}
	th := fuzzy.DefaultThreshold
	if req.Threshold != nil {
		th = *req.Threshold
	}
	lterm, _ := k.lower.Lower(req.Term)
	var ms []adapters.SearchMatch
	for _, e := range req.Entries {
		sim, _ := reference.Locale.Similarity(e.Label, req.Term)
		llabel, _ := k.lower.Lower(e.Label)
		prefix, err := fuzzy.ILike(k.lower, e.Label, k.pattern(req.Term))
		m := adapters.SearchMatch{ID: e.ID, Label: e.Label, Similarity: sim}
		exact := llabel == lterm
		if k.caseExact {
			exact = e.Label == req.Term
		}
		switch {
		case exact:
			m.Tier = adapters.TierExact
		case err == nil && prefix:
			m.Tier = adapters.TierPrefix
		case k.passes(sim, th):
			m.Tier = adapters.TierTrigram
		default:
			continue
		}
		ms = append(ms, m)
	}
	order(ms)
	if req.Limit > 0 && len(ms) > req.Limit {
		ms = ms[:req.Limit]
	}
	return adapters.SearchAnswer{Locale: reference.Locale.String(), Matches: ms}, nil
}

var right = knobs{
	lower:   reference.Locale,
	pattern: func(term string) string { return fuzzy.EscapeLike(term) + "%" },
	passes:  trgm.Matches,
}

// order is the reference's order (see reference/fuzzy).
func order(ms []adapters.SearchMatch) {
	rank := map[string]int{adapters.TierExact: 1, adapters.TierPrefix: 2, adapters.TierTrigram: 3}
	slices.SortFunc(ms, func(a, b adapters.SearchMatch) int {
		if c := cmp.Compare(rank[a.Tier], rank[b.Tier]); c != 0 {
			return c
		}
		switch a.Tier {
		case adapters.TierPrefix:
			if c := cmp.Compare(len(a.Label), len(b.Label)); c != 0 {
				return c
			}
		case adapters.TierTrigram:
			if c := cmp.Compare(b.Similarity, a.Similarity); c != 0 {
				return c
			}
		}
		return cmp.Or(strings.Compare(a.Label, b.Label), strings.Compare(a.ID, b.ID))
	})
}

// UnescapedLike passes the term to ILIKE as 'term%' without escaping \, %
// and _ (std105 §3.2's SQL as written): the term % matches every label.
func UnescapedLike() adapters.Adapter {
	k := right
	k.pattern = func(term string) string { return term + "%" }
	return &searcher{named("unescaped-like"), k.search}
}

// CaseExactLabel reads std105 §3.2's list, `atom_label = term`, case-exactly:
// a case variant of the term (CAT for cat) is no exact match, and the SQL's
// `ILIKE $2` finds it as a prefix match. A reading, not a fault: it passes
// every MUST and SHOULD and fails FUZ-24 (REFERENCE), the SQL's LOWER.
func CaseExactLabel() adapters.Adapter {
	k := right
	k.caseExact = true
	return &searcher{named("case-exact-label"), k.search}
}

// ASCIILower lower-cases only ASCII letters for the exact and prefix tiers
// (strings compared as a C locale would) while declaring a UTF-8 locale: É
// and é differ.
func ASCIILower() adapters.Adapter {
	k := right
	k.lower = trgm.C
	return &searcher{named("ascii-lower"), k.search}
}

// StrictThreshold requires similarity > threshold instead of >=: a label
// exactly at a threshold the request names is lost (at the default 0.3 no
// float4 similarity equals it). pg_trgm's documentation says "greater
// than", its C source >=: a reading, which fails FUZ-23 (REFERENCE) alone.
func StrictThreshold() adapters.Adapter { return strictThreshold("strict-threshold") }

// StrictThresholdDeclaring is StrictThreshold declaring the
// trigram_boundary reading (adapters.TrigramBoundary): ">", its own,
// passes FUZ-05 and FUZ-22; ">=", which it breaks at a similarity equal
// to the threshold, is judged by it and fails them.
func StrictThresholdDeclaring(reading string) adapters.Adapter {
	a := strictThreshold("strict-threshold-declaring-" + reading)
	a.config = adapters.Config{adapters.TrigramBoundary: reading}
	return a
}

func strictThreshold(name string) *searcher {
	k := right
	k.passes = func(sim float32, th float64) bool { return float64(sim) > th }
	return &searcher{named(name), k.search}
}

// Declaring is the reference declaring cfg (adapters.Declarables), as an
// implementation that declares a reading it does not follow: the reference
// declaring a trigram_boundary of ">" fails FUZ-05 and FUZ-22.
func Declaring(cfg adapters.Config) adapters.Adapter {
	m := named("reference-declaring-" + strings.ReplaceAll(cfg.Shown(), ", ", "-"))
	m.config = cfg
	return &searcher{m, right.search}
}

// TrigramFirst ranks trigram matches above prefix matches (a search that
// sorts the fuzzy tier by similarity before the prefix tier).
func TrigramFirst() adapters.Adapter {
	return &searcher{named("trigram-first"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		ans, err := right.search(req)
		rank := map[string]int{adapters.TierExact: 1, adapters.TierTrigram: 2, adapters.TierPrefix: 3}
		slices.SortStableFunc(ans.Matches, func(a, b adapters.SearchMatch) int { return cmp.Compare(rank[a.Tier], rank[b.Tier]) })
		return ans, err
	}}
}

// EmptyMatchesAll answers an empty term with every label as a prefix match
// (ILIKE '%'), instead of refusing it.
func EmptyMatchesAll() adapters.Adapter {
	return &searcher{named("empty-matches-all"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		if req.Term != "" {
			return right.search(req)
		}
		ans := adapters.SearchAnswer{Locale: reference.Locale.String()}
		for _, e := range req.Entries {
			ans.Matches = append(ans.Matches, adapters.SearchMatch{ID: e.ID, Label: e.Label, Tier: adapters.TierPrefix})
		}
		return ans, nil
	}}
}
