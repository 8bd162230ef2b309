package hybrid

import (
	"fmt"
	"math"

	"github.com/ctxconform/ctxconform/reference/expand"
)

// PageRank parameters. The start vector is the restart distribution itself
// (never random), and iteration stops at the first step whose L1 change is at
// most Tolerance, or after MaxIterations steps, so a result is reproducible
// to the bit.
const (
	Damping       = 0.85
	Tolerance     = 1e-12
	MaxIterations = 500
)

// walker is the undirected view of a graph with nodes numbered in ascending
// ID order, so every sum below runs in a fixed order.
type walker struct {
	ids   []string
	index map[string]int
	nbrs  [][]int // ascending
}

func newWalker(g *expand.Graph) *walker {
	w := &walker{ids: g.Nodes(), index: make(map[string]int)}
	for i, id := range w.ids {
		w.index[id] = i
	}
	w.nbrs = make([][]int, len(w.ids))
	for i, id := range w.ids {
		for _, v := range g.Neighbors(id) {
			w.nbrs[i] = append(w.nbrs[i], w.index[v])
		}
	}
	return w
}

// rank is personalised PageRank restarting uniformly on seeds (distinct node
// indices, at least one): x ← (1-d)·p + d·(Wx + p·dangling(x)), where W moves
// a node's mass in equal shares to its neighbours and a node without
// neighbours sends its mass back to the seeds. steps is the number of
// iterations run (at most MaxIterations).
func (w *walker) rank(seeds []int) (x []float64, steps int) {
	n := len(w.ids)
	p := make([]float64, n)
	share := 1 / float64(len(seeds))
	for _, s := range seeds {
		p[s] = share
	}
	x = append([]float64(nil), p...)
	next := make([]float64, n)
	for steps < MaxIterations {
		steps++
		dangling := 0.0
		for u := range x {
			if len(w.nbrs[u]) == 0 {
				dangling += x[u]
			}
		}
		diff := 0.0
		for v := range next {
			in := 0.0
			for _, u := range w.nbrs[v] {
				in += x[u] / float64(len(w.nbrs[u]))
			}
			// Explicit float64 conversions forbid fused multiply-adds,
			// which would change the last bits on some architectures.
			restart := float64((1-Damping)*p[v]) + float64(Damping*float64(p[v]*dangling))
			next[v] = restart + float64(Damping*in)
			diff += math.Abs(next[v] - x[v])
		}
		x, next = next, x
		if diff <= Tolerance {
			break
		}
	}
	return x, steps
}

// PersonalizedPageRank returns, for every node of g, the probability of a
// random walker that follows an edge in either direction (a uniformly
// chosen neighbour) with probability Damping, and otherwise jumps back to a
// uniformly chosen seed. The scores sum to 1. Seeds must be nodes of g;
// repeated seeds count once; no seed is an error.
func PersonalizedPageRank(g *expand.Graph, seeds []string) (map[string]float64, error) {
	if g == nil {
		return nil, fmt.Errorf("pagerank: nil graph")
	}
	if len(seeds) == 0 {
		return nil, fmt.Errorf("pagerank: no seed")
	}
	w := newWalker(g)
	seen := make(map[int]bool)
	var idx []int
	for _, s := range seeds {
		i, ok := w.index[s]
		if !ok {
			return nil, fmt.Errorf("pagerank: seed %q is not a node", s)
		}
		if !seen[i] {
			seen[i] = true
			idx = append(idx, i)
		}
	}
	x, _ := w.rank(idx)
	out := make(map[string]float64, len(x))
	for i, id := range w.ids {
		out[id] = x[i]
	}
	return out, nil
}
