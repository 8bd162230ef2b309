package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
)

// NoTrigramTier matches exactly or by prefix and never by trigram
// similarity: the strict keyword matching std105 §3.1 was written to end,
// where a typo finds nothing.
func NoTrigramTier() adapters.Adapter {
	k := right
	k.passes = func(float32, float64) bool { return false }
	return &searcher{named("no-trigram-tier"), k.search}
}

// TrigramAsPrefix labels every trigram match a prefix match, reading
// std105 §3.2's SQL comment (`ILIKE $2 -- Fuzzy/Prefix match`) as one tier
// for both; the matches themselves are the reference's.
func TrigramAsPrefix() adapters.Adapter {
	return &searcher{named("trigram-as-prefix"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		ans, err := right.search(req)
		for i, m := range ans.Matches {
			if m.Tier == adapters.TierTrigram {
				ans.Matches[i].Tier = adapters.TierPrefix
			}
		}
		return ans, err
	}}
}

// LimitOneIgnored applies a limit only when it is above 1 (`limit > 1`
// where `limit > 0` was meant): under limit 1 every match comes back.
func LimitOneIgnored() adapters.Adapter {
	return &searcher{named("limit-one-ignored"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		if req.Limit == 1 {
			req.Limit = 0
		}
		return right.search(req)
	}}
}

// LimitCappedAt20 lowers a limit above 20 to 20 (a page size of its own):
// under limit 30, of 40 matches, it answers 20. Unlimited requests get
// every match.
func LimitCappedAt20() adapters.Adapter {
	return &searcher{named("limit-capped-at-20"), func(req adapters.SearchRequest) (adapters.SearchAnswer, error) {
		req.Limit = min(req.Limit, 20)
		return right.search(req)
	}}
}
