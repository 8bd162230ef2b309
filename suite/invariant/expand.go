package invariant

import (
	"fmt"
	"math"
	"math/big"

	"github.com/ctxconform/ctxconform/adapters"
)

// ADR-023's multipliers, by graph state.
const (
	TrivialMultiplier = 1.0 // fewer than two nodes (the ADR's code)
	ColdMultiplier    = 1.5 // density < 0.01
	GrowingMultiplier = 2.0 // 0.01 <= density < 0.10
	MatureMultiplier  = 3.0 // density >= 0.10
)

// TableMultiplier is ADR-023's calculateExpansionMultiplier for a simple
// directed graph of n nodes and e edges, restated on integers so that the
// thresholds are exact: density < 0.01 ⇔ 100·e < n(n-1), density < 0.10 ⇔
// 10·e < n(n-1). Counts must be small enough for 100·e and n·n to fit an
// int64 (checks send graphs of at most a few thousand edges).
func TableMultiplier(n, e int) float64 {
	if n < 2 {
		return TrivialMultiplier
	}
	possible := int64(n) * int64(n-1)
	switch {
	case 100*int64(e) < possible:
		return ColdMultiplier
	case 10*int64(e) < possible:
		return GrowingMultiplier
	}
	return MatureMultiplier
}

// ADRMultiplier: m is the multiplier ADR-023 gives the simple graph g
// (SimpleGraph; what a self-loop or a repeated edge counts is the
// reference's choice): at most 1.5 (and at least 1) below two nodes, 2.0
// or 3.0 at density exactly 0.10, where the table and the code disagree,
// and TableMultiplier elsewhere. It is EXP-14's judgement.
func ADRMultiplier(g adapters.GraphRequest, m float64) error {
	n, e := GraphCounts(g)
	switch {
	case n < 2:
		if !(m >= 1 && m <= ColdMultiplier) {
			return fmt.Errorf("×%v for %d nodes, want at most 1.5 (and at least 1)", m, n)
		}
	case AtOneTenth(g):
		// The table ("Growing 0.01 - 0.10", "Mature > 0.10") says 2.0, the
		// code (`density < 0.10` false) 3.0: either is the ADR's.
		if m != GrowingMultiplier && m != MatureMultiplier {
			return fmt.Errorf("×%v at density exactly 0.10 (%d edges on %d nodes), want ×2.0 (the table) or ×3.0 (the code)", m, e, n)
		}
	default:
		if want := TableMultiplier(n, e); m != want {
			return fmt.Errorf("×%v for %d edges on %d nodes (100e=%d, 10e=%d, n(n-1)=%d), want ×%v", m, e, n, 100*e, 10*e, n*(n-1), want)
		}
	}
	return nil
}

// AtOneTenth reports whether g, counted as the reference counts it
// (GraphCounts), has at least two nodes and density exactly 0.10: the point
// where ADR-023's table ("Growing 0.01 - 0.10", "Mature > 0.10": 2.0) and its
// code (`if (density < 0.10) return 2.0; return 3.0;`: 3.0) disagree.
func AtOneTenth(g adapters.GraphRequest) bool {
	n, e := GraphCounts(g)
	return n >= 2 && 10*int64(e) == int64(n)*int64(n-1)
}

// GraphCounts is the graph as the reference counts it: n distinct node IDs
// (listed nodes and edge ends), and e distinct ordered pairs, self-loops
// left out. For a graph without self-loops and repeated edges every reading
// of ADR-023 agrees with it.
func GraphCounts(g adapters.GraphRequest) (n, e int) {
	nodes := make(map[string]bool)
	for _, id := range g.Nodes {
		nodes[id] = true
	}
	pairs := make(map[adapters.Edge]bool)
	for _, x := range g.Edges {
		nodes[x.From], nodes[x.To] = true, true
		if x.From != x.To {
			pairs[x] = true
		}
	}
	return len(nodes), len(pairs)
}

// SimpleGraph reports an error if the graph has a self-loop or a repeated edge,
// the two things ADR-023 does not say how to count.
func SimpleGraph(g adapters.GraphRequest) error {
	seen := make(map[adapters.Edge]bool)
	for i, x := range g.Edges {
		if x.From == x.To {
			return fmt.Errorf("edge %d %q→%q is a self-loop", i, x.From, x.To)
		}
		if seen[x] {
			return fmt.Errorf("edge %d %q→%q is repeated", i, x.From, x.To)
		}
		seen[x] = true
	}
	return nil
}

// CandidateCount is ceil(limit·m) on the exact binary value of m, as rationals, so
// that no rounding of the product can move it: what ADR-023's
// Math.ceil(limit * multiplier) means for every limit.
func CandidateCount(limit int, m float64) (int, error) {
	if limit < 0 || math.IsNaN(m) || math.IsInf(m, 0) || m < 0 {
		return 0, fmt.Errorf("ceil(%d · %v) is not a candidate count", limit, m)
	}
	p := new(big.Rat).SetFloat64(m)
	p.Mul(p, new(big.Rat).SetInt64(int64(limit)))
	q, r := new(big.Int).QuoRem(p.Num(), p.Denom(), new(big.Int))
	if r.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() || q.Int64() > math.MaxInt {
		return 0, fmt.Errorf("ceil(%d · %v) overflows int", limit, m)
	}
	return int(q.Int64()), nil
}

// ExpandAsked: the semantic stage was asked for ceil(limit·m) candidates, m the
// multiplier the answer reports, and returned no more than that.
func ExpandAsked(req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
	want, err := CandidateCount(req.Limit, ans.Multiplier)
	if err != nil {
		return fmt.Errorf("multiplier %v: %v", ans.Multiplier, err)
	}
	if ans.Asked != want {
		return fmt.Errorf("asked the semantic stage for %d candidates at ×%v and limit %d, want ceil(%d·%v) = %d", ans.Asked, ans.Multiplier, req.Limit, req.Limit, ans.Multiplier, want)
	}
	if len(ans.Candidates) > ans.Asked {
		return fmt.Errorf("%d candidates returned for %d asked", len(ans.Candidates), ans.Asked)
	}
	return nil
}

// ExpandWithinLimit: never more than limit results.
func ExpandWithinLimit(req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
	if len(ans.IDs) > max(req.Limit, 0) {
		return fmt.Errorf("%d results for limit %d: %v", len(ans.IDs), req.Limit, clipExpandIDs(ans.IDs))
	}
	return nil
}

// ExpandFromCandidates: the candidates are distinct tools of the catalogue, and
// the results are distinct candidates (the re-rank only reorders the pool
// and cuts it).
func ExpandFromCandidates(req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
	tools := make(map[string]bool, len(req.Tools))
	for _, x := range req.Tools {
		tools[x.ID] = true
	}
	pool := make(map[string]bool, len(ans.Candidates))
	for i, id := range ans.Candidates {
		if !tools[id] {
			return fmt.Errorf("candidate %d %q is not a tool of the catalogue", i, id)
		}
		if pool[id] {
			return fmt.Errorf("candidate %q is listed twice: %v", id, clipExpandIDs(ans.Candidates))
		}
		pool[id] = true
	}
	seen := make(map[string]bool, len(ans.IDs))
	for i, id := range ans.IDs {
		if !pool[id] {
			return fmt.Errorf("result %d %q is not among the %d candidates %v", i, id, len(ans.Candidates), clipExpandIDs(ans.Candidates))
		}
		if seen[id] {
			return fmt.Errorf("result %q is listed twice: %v", id, ans.IDs)
		}
		seen[id] = true
	}
	return nil
}

// ExpandPermutation: the results are the re-ranked pool cut at limit, so there
// are exactly min(limit, candidates) of them.
func ExpandPermutation(req adapters.ExpandRequest, ans adapters.ExpandAnswer) error {
	if want := min(max(req.Limit, 0), len(ans.Candidates)); len(ans.IDs) != want {
		return fmt.Errorf("%d results from %d candidates at limit %d, want %d (the re-ranked pool cut at limit)", len(ans.IDs), len(ans.Candidates), req.Limit, want)
	}
	return nil
}

// SameExpansion compares two answers field by field.
func SameExpansion(want, got adapters.ExpandAnswer) error {
	switch {
	case got.Multiplier != want.Multiplier:
		return fmt.Errorf("multiplier %v, want %v", got.Multiplier, want.Multiplier)
	case got.Asked != want.Asked:
		return fmt.Errorf("asked %d, want %d", got.Asked, want.Asked)
	case !sameExpandIDs(got.Candidates, want.Candidates):
		return fmt.Errorf("candidates %v, want %v", clipExpandIDs(got.Candidates), clipExpandIDs(want.Candidates))
	case !sameExpandIDs(got.IDs, want.IDs):
		return fmt.Errorf("results %v, want %v", got.IDs, want.IDs)
	}
	return nil
}

func sameExpandIDs(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func clipExpandIDs(ids []string) []string {
	if len(ids) > 12 {
		return append(ids[:12:12], fmt.Sprintf("… %d more", len(ids)-12))
	}
	return ids
}

// GraphPadding is what PadToGrowing added to a graph.
type GraphPadding struct {
	Nodes int // padding nodes added
	Edges int // edges added among them
}

// PadToGrowing returns g with padding nodes added, so that its density sits
// near 0.05, in the middle of ADR-023's growing band (multiplier 2.0), and
// the padding, not in the catalogue, cannot change the graph signal of any
// tool: a graph denser than the band gets isolated nodes; a sparser one a
// separate component of padding nodes joined among themselves. GraphPadding IDs
// are "unused_tool_NNN", chosen to collide with no node and no tool.
//
// The recall comparison uses it to run an implementation's own search with
// a static 2× pool on the same usage signal. g must be simple (see SimpleGraph)
// with at least two nodes; a graph already in the band is returned as is.
func PadToGrowing(g adapters.GraphRequest, tools []string) (adapters.GraphRequest, GraphPadding, error) {
	if err := SimpleGraph(g); err != nil {
		return g, GraphPadding{}, fmt.Errorf("pad: %v", err)
	}
	n, e := GraphCounts(g)
	if n < 2 {
		return g, GraphPadding{}, fmt.Errorf("pad: %d nodes, need at least 2", n)
	}
	if TableMultiplier(n, e) == GrowingMultiplier {
		return g, GraphPadding{}, nil
	}
	dense := TableMultiplier(n, e) == MatureMultiplier
	var p GraphPadding
	for k := 1; ; k++ {
		possible := (n + k) * (n + k - 1)
		if dense { // isolated nodes bring the density down to 0.05
			if 20*e <= possible {
				p = GraphPadding{Nodes: k}
				break
			}
			continue
		}
		// Sparse: edges among the padding nodes bring it up to 0.05.
		if need := (possible+19)/20 - e; need <= k*(k-1) {
			p = GraphPadding{Nodes: k, Edges: need}
			break
		}
	}
	taken := make(map[string]bool, len(tools)+len(g.Nodes))
	for _, id := range tools {
		taken[id] = true
	}
	for _, id := range g.Nodes {
		taken[id] = true
	}
	for _, x := range g.Edges {
		taken[x.From], taken[x.To] = true, true
	}
	ids := make([]string, 0, p.Nodes)
	for i := 0; len(ids) < p.Nodes; i++ {
		if id := fmt.Sprintf("unused_tool_%03d", i); !taken[id] {
			ids = append(ids, id)
		}
	}
	out := adapters.GraphRequest{
		Nodes: append(append([]string(nil), g.Nodes...), ids...),
		Edges: append([]adapters.Edge(nil), g.Edges...),
	}
	// Edges among the padding nodes in circulant layers: i→i+1, then
	// i→i+2, … (mod k), each distinct and none a self-loop.
	for d, added := 1, 0; added < p.Edges; d++ {
		for i := 0; i < p.Nodes && added < p.Edges; i++ {
			out.Edges = append(out.Edges, adapters.Edge{From: ids[i], To: ids[(i+d)%p.Nodes]})
			added++
		}
	}
	if n2, e2 := GraphCounts(out); TableMultiplier(n2, e2) != GrowingMultiplier {
		return g, GraphPadding{}, fmt.Errorf("pad: %d nodes and %d edges is not in the growing band (bug)", n2, e2)
	}
	return out, p, nil
}
