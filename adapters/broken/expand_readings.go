package broken

import (
	"context"
	"fmt"
	"math"
	"sort"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// This file holds ADR-023 implementations that differ from the reference
// in one place: some wrong in a way every reading forbids (selfcheck's
// mutants()), some following a reading the MUST and SHOULD checks must
// accept (selfcheck's TestSelfComparedRight), each saying which.

// TrivialCold is the original engine's reading below two nodes: density
// 0 there is cold, so the Multiplier operation and the search use 1.5
// where the ADR's code returns 1.0. EXP-05 and EXP-14 allow 1 to 1.5;
// only EXP-06 (REFERENCE) asks for 1.0.
func TrivialCold() adapters.Adapter {
	return &expander{mutant: named("trivial-cold"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			if g.Order() < 2 {
				return 1.5
			}
			return expand.Multiplier(g)
		}}
}

// TrivialColdCeilPlusOne is TrivialCold with Math.ceil written as
// floor + 1: it asks for floor(limit·m) + 1 candidates, one too many
// whenever limit·m is a whole number (limit 4 at 1.5 asks for 7, not 6).
func TrivialColdCeilPlusOne() adapters.Adapter {
	b := TrivialCold().(*expander)
	b.name = "trivial-cold-ceil-plus-one"
	b.count = func(limit int, m float64) int { return int(math.Floor(float64(limit)*m)) + 1 }
	return b
}

// NoTrivialGuard is the ADR's code without `if (nodeCount < 2) return
// 1.0;`: below two nodes density is 0/0, NaN, which is below neither
// cut-off, so the multiplier is 3.0.
func NoTrivialGuard() adapters.Adapter {
	return &expander{mutant: named("no-trivial-guard"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			n := float64(g.Order())
			d := float64(g.Size()) / (n * (n - 1))
			switch {
			case d < 0.01:
				return 1.5
			case d < 0.1:
				return 2.0
			}
			return 3.0
		}}
}

// GapAtOneTenth transcribes the table as three ranges, growing "0.01 -
// 0.10" read without its end and mature "> 0.10", and falls through to
// 1.0 (no expansion) at density exactly 0.10, where the table says 2.0
// and the code 3.0.
func GapAtOneTenth() adapters.Adapter {
	return &expander{mutant: named("gap-at-0.10"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			n := g.Order()
			if n < 2 {
				return 1.0
			}
			d := float64(g.Size()) / (float64(n) * float64(n-1))
			switch {
			case d < 0.01:
				return 1.5
			case d >= 0.01 && d < 0.1:
				return 2.0
			case d > 0.1:
				return 3.0
			}
			return 1.0
		}}
}

// UndirectedPairs counts A→B and B→A as one edge (an undirected graph's
// size) over the directed n·(n-1) possible edges: a graph whose every
// edge goes both ways has half its density.
func UndirectedPairs() adapters.Adapter {
	return &expander{mutant: named("undirected-pairs"),
		multiplier: func(g *expand.Graph, _ adapters.GraphRequest) float64 {
			pairs := map[[2]string]bool{}
			for _, e := range g.Edges() {
				a, b := e.From, e.To
				if b < a {
					a, b = b, a
				}
				pairs[[2]string{a, b}] = true
			}
			return floatBands(g.Order(), len(pairs), func(d float64) bool { return d < 0.01 }, func(d float64) bool { return d < 0.1 })
		}}
}

// refusesLoops is casys-pml's reading of the usage graph: a graphology
// graph made with allowSelfLoops false throws on a self-loop, so both
// operations refuse a graph with one. The text is silent on self-loops
// (EXP-07 is REFERENCE), so only EXP-06, EXP-07 and EXP-20 may fail it.
type refusesLoops struct{ mutant }

// RefusesSelfLoops is refusesLoops.
func RefusesSelfLoops() adapters.Adapter { return &refusesLoops{named("refuses-self-loops")} }

func loopIn(edges []adapters.Edge) error {
	for _, e := range edges {
		if e.From == e.To {
			return fmt.Errorf("broken/refuses-self-loops: self-loop on %q", e.From)
		}
	}
	return nil
}

func (b *refusesLoops) Multiplier(ctx context.Context, req adapters.GraphRequest) (float64, error) {
	if err := loopIn(req.Edges); err != nil {
		return 0, err
	}
	return b.mutant.Adapter.Multiplier(ctx, req)
}

func (b *refusesLoops) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	if err := loopIn(req.Edges); err != nil {
		return adapters.ExpandAnswer{}, err
	}
	return b.mutant.Adapter.Expand(ctx, req)
}

// limitDefault reads limit 0 as "no limit given" (JavaScript's
// `limit || 10`): it searches as if asked for 10. ADR-023 leaves open
// whether limit 0 is a search at all; EXP-12 (REFERENCE) says it is an
// empty one, and EXP-15 to EXP-17 and EXP-20 judge limits of at least 1.
type limitDefault struct{ mutant }

// LimitZeroDefault is limitDefault.
func LimitZeroDefault() adapters.Adapter { return &limitDefault{named("limit-0-default-10")} }

func (b *limitDefault) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	if req.Limit == 0 {
		req.Limit = 10
	}
	return b.mutant.Adapter.Expand(ctx, req)
}

// CutsOneShort cuts the re-ranked pool at limit-1 (an off-by-one slice
// bound): never more than limit results, but one fewer than the pool
// holds. EXP-17 asks for min(limit, candidates).
func CutsOneShort() adapters.Adapter {
	return &expander{mutant: named("cuts-one-short"),
		after: func(_ *hybrid.Catalogue, req adapters.ExpandRequest, ans adapters.ExpandAnswer) adapters.ExpandAnswer {
			if req.Limit > 0 && len(ans.IDs) > req.Limit-1 {
				ans.IDs = ans.IDs[:req.Limit-1]
			}
			return ans
		}}
}

// graphPenalty re-ranks with the graph score's sign turned: Final =
// (1-w)·Semantic - w·Graph. Tools the graph relates to the top hits sink,
// so the wider net of a mature graph brings in more of the tools it
// should not prefer: mean recall@limit on the mature fixture falls below
// a static 2×'s (EXP-13), and the answers differ from the reference's
// (EXP-20). Every MUST holds: the multiplier, the count asked and the cut
// at limit are the reference's.
type graphPenalty struct{ mutant }

// GraphPenalty is graphPenalty.
func GraphPenalty() adapters.Adapter { return &graphPenalty{named("graph-penalty")} }

func (b *graphPenalty) Expand(_ context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	cat, err := hybrid.NewCatalogue(req.Tools)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	g, _, err := (&expander{}).graph(req.Graph()) // the reference's graph and multiplier
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	cfg := hybrid.DefaultConfig()
	res, err := cfg.Search(cat, g, req.Query, req.Limit)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	if res.Reranked {
		w := cfg.GraphWeight
		pool := append([]hybrid.Scored(nil), res.Candidates...)
		score := func(s hybrid.Scored) float64 { return (1-w)*s.Semantic - w*s.Graph }
		sort.SliceStable(pool, func(i, j int) bool { return score(pool[i]) > score(pool[j]) })
		res.IDs = res.IDs[:0]
		for i := 0; i < len(pool) && i < req.Limit; i++ {
			res.IDs = append(res.IDs, pool[i].ID)
		}
	}
	return convert.ExpandAnswer(res, res.Multiplier), nil
}

// dupCheckSkipsFirst looks for duplicate tool IDs by sorting them and
// comparing neighbours from the second pair on (`i := 1`, an off-by-one),
// then keeps the first tool of each ID: a duplicate of the smallest ID is
// accepted silently, any other refused. EXP-11 asks for every duplicate
// to be refused.
type dupCheckSkipsFirst struct{ mutant }

// DuplicateCheckSkipsFirst is dupCheckSkipsFirst.
func DuplicateCheckSkipsFirst() adapters.Adapter {
	return &dupCheckSkipsFirst{named("duplicate-check-skips-first")}
}

func (b *dupCheckSkipsFirst) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	ids := make([]string, len(req.Tools))
	for i, x := range req.Tools {
		ids[i] = x.ID
	}
	sort.Strings(ids)
	for i := 1; i+1 < len(ids); i++ {
		if ids[i] == ids[i+1] {
			return adapters.ExpandAnswer{}, fmt.Errorf("broken/duplicate-check-skips-first: duplicate tool ID %q", ids[i])
		}
	}
	seen := map[string]bool{}
	var kept []hybrid.Tool
	for _, x := range req.Tools {
		if !seen[x.ID] {
			seen[x.ID] = true
			kept = append(kept, x)
		}
	}
	req.Tools = kept
	return b.mutant.Adapter.Expand(ctx, req)
}
