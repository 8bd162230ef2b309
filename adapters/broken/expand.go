package broken

import (
	"context"
	"fmt"
	"math"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// expander is the reference hybrid search with one thing changed: how the
// multiplier is computed (multiplier), how many candidates a limit of at
// least 1 asks for (count), or what is done to the answer (after).
type expander struct {
	mutant
	multiplier func(g *expand.Graph, req adapters.GraphRequest) float64 // nil: the reference's
	count      func(limit int, m float64) int                           // nil: ceil(limit·m), the reference's
	after      func(cat *hybrid.Catalogue, req adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer
}

func (b *expander) graph(req adapters.GraphRequest) (*expand.Graph, float64, error) {
	g, err := convert.Graph(req)
	if err != nil {
		return nil, 0, err
	}
	if b.multiplier == nil {
		return g, expand.Multiplier(g), nil
	}
	return g, b.multiplier(g, req), nil
}

func (b *expander) Multiplier(_ context.Context, req adapters.GraphRequest) (float64, error) {
	_, m, err := b.graph(req)
	return m, err
}

func (b *expander) Expand(_ context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	cat, err := hybrid.NewCatalogue(req.Tools)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	g, m, err := b.graph(req.Graph())
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	cfg := hybrid.DefaultConfig()
	cfg.Multiplier = m
	asked := -1
	if b.count != nil && req.Limit > 0 {
		// A multiplier m' whose ceil(limit·m') is the count asked.
		asked = b.count(req.Limit, m)
		cfg.Multiplier = float64(asked) / float64(req.Limit)
		for c, _ := expand.Candidates(req.Limit, cfg.Multiplier); c > asked; c, _ = expand.Candidates(req.Limit, cfg.Multiplier) {
			cfg.Multiplier = math.Nextafter(cfg.Multiplier, 0)
		}
	}
	res, err := cfg.Search(cat, g, req.Query, req.Limit)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	ans := convert.ExpandAnswer(res, m)
	if asked >= 0 && ans.Asked != asked {
		return ans, fmt.Errorf("broken/%s: asked %d, meant %d (bug in the mutant)", b.name, ans.Asked, asked)
	}
	if b.after != nil {
		ans = b.after(cat, req, ans)
	}
	return ans, nil
}

// floatBands is ADR-023's step function on a float density with its
// comparisons changed by lessLow and lessHigh.
func floatBands(n, e int, lessLow, lessHigh func(d float64) bool) float64 {
	if n < 2 {
		return 1.0
	}
	d := float64(e) / (float64(n) * float64(n-1))
	switch {
	case lessLow(d):
		return 1.5
	case lessHigh(d):
		return 2.0
	}
	return 3.0
}

// StaticDouble is the pre-ADR engine: it always asks for 2·limit
// candidates, whatever the graph.
func StaticDouble() adapters.Adapter { return StaticMultiplier(2) }

// StaticMultiplier is the pre-ADR engine with the constant K = m: every
// graph gets multiplier m, in the Multiplier operation and the search.
// Wrong for EXP-01 unless every band's multiplier were m.
func StaticMultiplier(m float64) adapters.Adapter {
	return &expander{mutant: named(fmt.Sprintf("static-%vx", m)),
		multiplier: func(*expand.Graph, adapters.GraphRequest) float64 { return m }}
}

// BandMultiplier gives the graphs of one maturity band multiplier m and
// the others the ADR's: wrong for EXP-01 in that band.
func BandMultiplier(band expand.Maturity, m float64) adapters.Adapter {
	return &expander{mutant: named(fmt.Sprintf("%s-%vx", band, m)),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			if expand.MaturityOf(g) == band {
				return m
			}
			return expand.Multiplier(g)
		}}
}

// ColdAtOneHundredth puts density exactly 0.01 on the cold side (`<=
// 0.01`): 1.5 where the ADR gives 2.0.
func ColdAtOneHundredth() adapters.Adapter {
	return &expander{mutant: named("cold-at-0.01"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			return floatBands(g.Order(), g.Size(), func(d float64) bool { return d <= 0.01 }, func(d float64) bool { return d < 0.1 })
		}}
}

// GrowingAtOneTenth puts density exactly 0.10 on the growing side (the
// table read as "0.01 - 0.10" inclusive): 2.0 where the ADR's code gives
// 3.0.
func GrowingAtOneTenth() adapters.Adapter {
	return &expander{mutant: named("growing-at-0.10"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			return floatBands(g.Order(), g.Size(), func(d float64) bool { return d < 0.01 }, func(d float64) bool { return d <= 0.1 })
		}}
}

// CountsSelfLoops counts each distinct self-loop as an edge.
func CountsSelfLoops() adapters.Adapter {
	return &expander{mutant: named("counts-self-loops"),
		multiplier: func(g *expand.Graph, req adapters.GraphRequest) float64 {
			loops := map[string]bool{}
			for _, e := range req.Edges {
				if e.From == e.To {
					loops[e.From] = true
				}
			}
			return floatBands(g.Order(), g.Size()+len(loops), func(d float64) bool { return d < 0.01 }, func(d float64) bool { return d < 0.1 })
		}}
}

// RoundsDown asks for floor(limit·m) candidates (Go's int(limit·m)), not
// the ceiling: one short at 1.5× and an odd limit.
func RoundsDown() adapters.Adapter {
	return &expander{mutant: named("rounds-down"),
		count: func(limit int, m float64) int { return int(math.Floor(float64(limit) * m)) }}
}

// OverLimit returns one result more than asked for whenever the candidate
// pool has one to spare.
func OverLimit() adapters.Adapter {
	return &expander{mutant: named("over-limit"),
		after: func(_ *hybrid.Catalogue, _ adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer {
			in := map[string]bool{}
			for _, id := range ans.IDs {
				in[id] = true
			}
			for _, id := range ans.Candidates {
				if !in[id] {
					ans.IDs = append(ans.IDs, id)
					break
				}
			}
			return ans
		}}
}

// OutsidePool re-ranks beyond its pool: its last result is the best tool
// the semantic stage ranked just past the candidates it was asked for.
func OutsidePool() adapters.Adapter {
	return &expander{mutant: named("outside-pool"),
		after: func(cat *hybrid.Catalogue, req adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer {
			sem, err := cat.Semantic(req.Query, ans.Asked+1, 0)
			if err == nil && len(sem) > ans.Asked && len(ans.IDs) > 0 {
				ans.IDs = append(ans.IDs[:len(ans.IDs)-1:len(ans.IDs)-1], sem[ans.Asked].ID)
			}
			return ans
		}}
}

// ColdBelowThreeNodes returns 1.0 for graphs of fewer than three nodes
// (`nodeCount <= 2` where ADR-023 says `nodeCount < 2`): a complete graph
// of two nodes, density 1, gets 1.0 instead of 3.0.
func ColdBelowThreeNodes() adapters.Adapter {
	return &expander{mutant: named("one-below-three-nodes"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			if g.Order() <= 2 {
				return 1.0
			}
			return floatBands(g.Order(), g.Size(), func(d float64) bool { return d < 0.01 }, func(d float64) bool { return d < 0.1 })
		}}
}
