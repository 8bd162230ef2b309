package broken

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// trivialDouble answers the Multiplier operation as the reference (1.0
// below two nodes), but its search uses ×2.0 on a graph of fewer than two
// nodes: the operation and the search disagree (EXP-05, EXP-06).
type trivialDouble struct{ mutant }

// TrivialSearchDoubles is trivialDouble.
func TrivialSearchDoubles() adapters.Adapter { return &trivialDouble{named("trivial-search-doubles")} }

func (b *trivialDouble) Expand(_ context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	cat, err := hybrid.NewCatalogue(req.Tools)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	g, err := convert.Graph(req.Graph())
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	cfg := hybrid.DefaultConfig()
	cfg.Multiplier = expand.Multiplier(g)
	if g.Order() < 2 {
		cfg.Multiplier = 2
	}
	res, err := cfg.Search(cat, g, req.Query, req.Limit)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	ans := convert.ExpandAnswer(res, cfg.Multiplier)
	return ans, nil
}

// LimitZeroAsksFive answers limit 0 with nothing, as the reference, but
// reports the semantic stage asked for 5 (a vector search's default topK).
func LimitZeroAsksFive() adapters.Adapter {
	return &expander{mutant: named("limit-0-asks-5"),
		after: func(_ *hybrid.Catalogue, req adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer {
			if req.Limit == 0 {
				ans.Asked = 5
			}
			return ans
		}}
}

// ExtraCandidate returns one catalogue tool more among the candidates than
// the semantic stage was asked for (the results unchanged).
func ExtraCandidate() adapters.Adapter {
	return &expander{mutant: named("extra-candidate"),
		after: func(_ *hybrid.Catalogue, req adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer {
			in := map[string]bool{}
			for _, id := range ans.Candidates {
				in[id] = true
			}
			for _, x := range req.Tools {
				if !in[x.ID] {
					ans.Candidates = append(ans.Candidates, x.ID)
					break
				}
			}
			return ans
		}}
}
