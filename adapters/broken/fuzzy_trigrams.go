package broken

import (
	"context"
	"math"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// trigrammer is the reference with its Trigrams answer altered in one field.
type trigrammer struct {
	mutant
	alter func(req adapters.TrigramRequest, ans *adapters.TrigramAnswer)
}

func (b *trigrammer) Trigrams(ctx context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	ans, err := b.Adapter.Trigrams(ctx, req)
	if err == nil {
		b.alter(req, &ans)
	}
	return ans, err
}

// ShowTrgmDropsLast leaves the last trigram out of every show_trgm list
// (an off-by-one in the loop over a padded word), the rest right.
func ShowTrgmDropsLast() adapters.Adapter {
	return &trigrammer{named("show-trgm-drops-last"), func(_ adapters.TrigramRequest, ans *adapters.TrigramAnswer) {
		for i, s := range ans.Show {
			if len(s) > 0 {
				ans.Show[i] = s[:len(s)-1]
			}
		}
	}}
}

// TrigramLowerASCII answers lower() as the C locale does (ASCII letters
// only) while declaring a UTF-8 locale, the rest right.
func TrigramLowerASCII() adapters.Adapter {
	return &trigrammer{named("trigram-lower-ascii"), func(req adapters.TrigramRequest, ans *adapters.TrigramAnswer) {
		for i, s := range req.Strings {
			ans.Lower[i], _ = trgm.C.Lower(s)
		}
	}}
}

// SimilarityTwoDecimals reports similarity() cut to two decimals (as a
// display would), the rest right.
func SimilarityTwoDecimals() adapters.Adapter {
	return &trigrammer{named("similarity-two-decimals"), func(_ adapters.TrigramRequest, ans *adapters.TrigramAnswer) {
		for i, s := range ans.Similarity {
			ans.Similarity[i] = float32(math.Floor(float64(s)*100) / 100)
		}
	}}
}

// WordSimilarityAsSimilarity answers word_similarity and
// strict_word_similarity with similarity() of the whole strings.
func WordSimilarityAsSimilarity() adapters.Adapter {
	return &trigrammer{named("word-similarity-as-similarity"), func(_ adapters.TrigramRequest, ans *adapters.TrigramAnswer) {
		ans.WordSimilarity = append([]float32(nil), ans.Similarity...)
		ans.StrictWordSimilarity = append([]float32(nil), ans.Similarity...)
	}}
}

// IgnoresThreshold applies pg_trgm's default threshold 0.3 whatever the
// request names (the text's `%` at pg_trgm's setting, never set): a reading
// FUZ-05 accepts, against the search contract's threshold (FUZ-22).
func IgnoresThreshold() adapters.Adapter {
	k := right
	k.passes = func(sim float32, _ float64) bool { return trgm.Matches(sim, fuzzy.DefaultThreshold) }
	return &searcher{named("ignores-threshold"), k.search}
}

// TermLimit1025 accepts terms of up to 1025 bytes (`len(term) > 1025`
// where std105's limit is 1024), answering one of 1025 as for its first
// 1024 bytes; the rest is the reference's.
func TermLimit1025() adapters.Adapter {
	return &searcher{named("term-limit-1025"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		if len(req.Term) == fuzzy.MaxTermBytes+1 {
			req.Term = req.Term[:unit.Floor(req.Term, fuzzy.MaxTermBytes)]
		}
		return right.search(req)
	}}
}

// CaseSensitivePrefix matches the prefix tier with LIKE instead of ILIKE:
// a label that starts with the term in another case is no prefix match
// (a trigram match if similar enough). It is std105 §3.2's Logic list read
// as SQL reads it (`atom_label LIKE 'term%'`, where the SQL has ILIKE): a
// reading, which the checks judge only where it agrees with ILIKE's
// unless a prefix_case is declared (CaseSensitivePrefixDeclaring).
func CaseSensitivePrefix() adapters.Adapter { return caseSensitivePrefix("case-sensitive-prefix") }

// CaseSensitivePrefixDeclaring is CaseSensitivePrefix declaring the
// prefix_case reading (adapters.PrefixCase): "sensitive", its own, passes;
// "insensitive", which its prefix tier breaks, is judged by it and fails
// FUZ-01, FUZ-02, FUZ-14 and FUZ-15.
func CaseSensitivePrefixDeclaring(reading string) adapters.Adapter {
	a := caseSensitivePrefix("case-sensitive-prefix-declaring-" + reading)
	a.config = adapters.Config{adapters.PrefixCase: reading}
	return a
}

func caseSensitivePrefix(name string) *searcher {
	return &searcher{named(name), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		limit := req.Limit
		if limit > 0 {
			req.Limit = 0 // cut after the tiers are redrawn (a negative one is refused as it comes)
		}
		ans, err := right.search(req)
		th := fuzzy.DefaultThreshold
		if req.Threshold != nil {
			th = *req.Threshold
		}
		kept := ans.Matches[:0]
		for _, m := range ans.Matches {
			if m.Tier == adapters.TierPrefix && !strings.HasPrefix(m.Label, req.Term) {
				if !trgm.Matches(m.Similarity, th) {
					continue
				}
				m.Tier = adapters.TierTrigram
			}
			kept = append(kept, m)
		}
		order(kept)
		if limit > 0 && len(kept) > limit {
			kept = kept[:limit]
		}
		ans.Matches = kept
		return ans, err
	}}
}
