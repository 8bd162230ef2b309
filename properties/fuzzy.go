package properties

import (
	"fmt"
	"math/rand"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// inLocale is the judge of a predicate on the locale the implementation
// declared, the request and the answer.
func inLocale(pred func(trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error) func(*suite.T, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error {
	return func(_ *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
		return pred(loc, req, ans)
	}
}

// fuzImpliedBy is impliedBy for a search's judgement: on every answer
// judge fails it records whether other, requirement id's predicate, fails
// it too. FUZ-14 (the tier of each match) and FUZ-15 (the matches
// missing) judge every answer, each the other's side: a fault that
// mis-tiers a label and so leaves it missing from its tier fails both on
// the same answer, and counts once (Settle keeps one of the two a root).
func fuzImpliedBy(id string, other func(invariant.FuzzyReadings, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error,
	judge func(*suite.T, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error) func(*suite.T, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error {
	return func(t *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
		err := judge(t, loc, req, ans)
		if err != nil {
			t.ImpliedBy(id, other(invariant.ReadingsOf(t.Config()), loc, req, ans) != nil)
		}
		return err
	}
}

// declaredReadings turns a judgement under std105 §3.2's readings into one
// under those the implementation declared (t.Config(); every reading of a
// point it did not declare: invariant.ReadingsOf).
func declaredReadings(judge func(invariant.FuzzyReadings, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error) func(*suite.T, trgm.Locale, adapters.SearchRequest, adapters.SearchAnswer) error {
	return func(t *suite.T, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
		return judge(invariant.ReadingsOf(t.Config()), loc, req, ans)
	}
}

// fuzTierOrder judges that exact matches come first, then prefix matches,
// then trigram matches.
func fuzTierOrder(_ *suite.T, _ trgm.Locale, _ adapters.SearchRequest, ans adapters.SearchAnswer) error {
	return invariant.TierOrder(ans)
}

// fuzTrigramRank judges that more similar labels come first within the
// trigram tier.
func fuzTrigramRank(_ *suite.T, _ trgm.Locale, _ adapters.SearchRequest, ans adapters.SearchAnswer) error {
	return invariant.TrigramRank(ans)
}

// fuzOrderIndependent judges that the same entries, shuffled, give the same
// matches in the same tiers (ties inside a tier may change places).
func fuzOrderIndependent(t *suite.T, _ trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	again, _, err := call.Search(t, shuffledEntries(req, t.Seed()+int64(len(req.Entries))))
	if err != nil {
		return fmt.Errorf("the same entries in another order: %v", err)
	}
	return invariant.SameUpToTies(ans.Matches, ans.Matches, again.Matches)
}

// fuzLimit judges that an answer under a limit n is the first n matches of
// the unlimited answer, tier by tier: a limited request is asked again
// without its limit, an unlimited one again with about half its matches as
// the limit.
func fuzLimit(t *suite.T, _ trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
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
}

// fuzEqualsReference judges the matches, their tiers, similarities and
// order against fuzzy.Scan in the declared locale.
func fuzEqualsReference(loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) error {
	if invariant.OpenPoints(req) {
		return nil // a named threshold is FUZ-22's, a term's metacharacters FUZ-06's: one choice, one requirement
	}
	if differ, err := invariant.ReadingsDiffer(loc, req); err != nil || differ {
		return nil // the case of the exact and prefix tiers is FUZ-24's (a bad label is FUZ-07's)
	}
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
