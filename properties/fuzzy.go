package properties

import (
	"fmt"
	"math/rand"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/convert"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
)

func fuzzyRequirements() []suite.Requirement {
	std := adapters.Fuzzy
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("FUZ-14", "std105 §3.2 (Logic 1–3)", suite.Must,
			"Every match is an entry of the request, in the tier the definition gives it (exact, prefix with the term escaped, trigram at the threshold, in the declared locale).",
			searching("sound", func(_ *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				return invariant.FuzzySound(loc, req, ans)
			})),
		p("FUZ-15", "std105 §3.2 (Logic 1–3)", suite.Must,
			"Every entry that matches by the definition is returned (unless a limit cut the answer short).",
			searching("complete", func(_ *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				return invariant.FuzzyComplete(loc, req, ans)
			})),
		p("FUZ-16", "std105 §3.2 (priorities)", suite.Must,
			"Exact matches come first, then prefix matches, then trigram matches.",
			searching("tier-order", func(_ *suite.T, _ trgm.Locale, _ adapters.SearchRequest, ans adapters.SearchAnswer) error {
				return invariant.TierOrder(ans)
			})),
		p("FUZ-17", "std105 §3.2 item 3", suite.Should,
			"Within the trigram tier, more similar labels come first.",
			searching("trigram-rank", func(_ *suite.T, _ trgm.Locale, _ adapters.SearchRequest, ans adapters.SearchAnswer) error {
				return invariant.TrigramRank(ans)
			})),
		p("FUZ-18", "std105 §3.2 item 3; pg_trgm", suite.Should,
			"Each match reports similarity(label, term) exactly as pg_trgm computes it (float4).",
			searching("similarity", func(_ *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				return invariant.FuzzySimilarity(loc, req, ans)
			})),
		p("FUZ-19", "std105 §3.2; determinism", suite.Must,
			"The matches, and the order of their tiers, do not depend on the order of the entries (the order of ties inside a tier is open).",
			searching("order-independent", func(t *suite.T, _ trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				again, _, err := call.Search(t, shuffledEntries(req, t.Seed()+int64(len(req.Entries))))
				if err != nil {
					return fmt.Errorf("the same entries in another order: %v", err)
				}
				return invariant.SameUpToTies(ans.Matches, ans.Matches, again.Matches)
			})),
		p("FUZ-20", "std105 §3; search contract", suite.Must,
			"With a limit n the answer is the first n matches of the unlimited answer, tier by tier (which of several tied matches it keeps is open).",
			searching("limit", func(t *suite.T, _ trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				full := ans
				if req.Limit > 0 {
					unlimited := req
					unlimited.Limit = 0
					var err error
					if full, _, err = call.Search(t, unlimited); err != nil {
						return fmt.Errorf("without the limit: %v", err)
					}
				} else {
					req.Limit = 1 + len(full.Matches)/2
					var err error
					if ans, _, err = call.Search(t, req); err != nil {
						return fmt.Errorf("with limit %d: %v", req.Limit, err)
					}
				}
				return invariant.FuzzyLimit(req, ans, full)
			})),
		p("FUZ-21", "std105 §3.2 (reference)", suite.Reference,
			"The matches, their tiers, similarities and order equal the reference's (fuzzy.Scan in the declared locale).",
			searching("equals-reference", func(_ *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
				opts := []fuzzy.Option{fuzzy.WithLimit(req.Limit)}
				if req.Threshold != nil {
					opts = append(opts, fuzzy.WithThreshold(*req.Threshold))
				}
				ms, err := fuzzy.Scan(loc, convert.Entries(req.Entries), req.Term, opts...)
				if err != nil {
					return fmt.Errorf("the reference refuses the request: %v", err)
				}
				want := make([]adapters.SearchMatch, len(ms))
				for i, m := range ms {
					want[i] = convert.Match(m)
				}
				return invariant.SameMatches(want, ans.Matches)
			})),
	}
}

// searching turns a judgement of one search into a property: for every
// generated request the implementation must answer, and judge must find
// nothing wrong with the answer.
func searching(name string, judge func(t *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesSearchRecipe(), genSearchRecipe(), func(r searchRecipe) string {
			req := r.Request()
			ans, loc, err := call.Search(t, req)
			if err != nil {
				return rejected(t, err)
			}
			if err := judge(t, loc, req, ans); err != nil {
				return err.Error()
			}
			return ""
		})
	}
}

// shuffledEntries returns req with its entries in another order, drawn from
// seed.
func shuffledEntries(req adapters.SearchRequest, seed int64) adapters.SearchRequest {
	rng := rand.New(rand.NewSource(seed))
	req.Entries = shuffle(rng, req.Entries)
	return req
}
