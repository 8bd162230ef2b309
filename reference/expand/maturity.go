package expand

import (
	"fmt"
	"math/bits"
)

// Maturity is the graph state of ADR-023's table, decided by density.
type Maturity int

const (
	// Trivial: fewer than two nodes, so no edge is possible and density is
	// undefined (0/0). Multiplier 1.0, as in the ADR's code.
	Trivial Maturity = iota
	// Cold: density < 0.01. Multiplier 1.5.
	Cold
	// Growing: 0.01 <= density < 0.10. Multiplier 2.0.
	Growing
	// Mature: density >= 0.10. Multiplier 3.0.
	Mature
)

// String returns the lower-case name of m ("trivial", "cold", "growing",
// "mature").
func (m Maturity) String() string {
	switch m {
	case Trivial:
		return "trivial"
	case Cold:
		return "cold"
	case Growing:
		return "growing"
	case Mature:
		return "mature"
	}
	return fmt.Sprintf("Maturity(%d)", int(m))
}

// Multiplier is the expansion multiplier of ADR-023's table for m: 1.0, 1.5,
// 2.0 or 3.0. An unknown Maturity gives 1.0, which never expands.
func (m Maturity) Multiplier() float64 {
	switch m {
	case Cold:
		return 1.5
	case Growing:
		return 2.0
	case Mature:
		return 3.0
	}
	return 1.0
}

// Density is edges / (n·(n-1)) for a graph of n nodes, in [0, 1]; a graph of
// fewer than two nodes (or nil) has density 0. Self-loops and repeated edges
// never reach the count (see Graph.AddEdge).
//
// Density is for reporting. Classify and Multiplier do not compare this
// float with 0.01 and 0.10: they compare integers, so the thresholds are
// exact.
func Density(g *Graph) float64 {
	n := g.Order()
	if n < 2 {
		return 0
	}
	return float64(g.Size()) / (float64(n) * float64(n-1))
}

// Classify returns the maturity of a simple directed graph with the given
// node and edge counts. It compares integers, never floats:
//
//	density < 0.01  ⇔  100·edges < n·(n-1)
//	density < 0.10  ⇔   10·edges < n·(n-1)
//
// (0.1 has no exact binary form, so a float comparison at the boundary could
// go either way; 0.01 neither.) Products are computed in 128 bits, so no count
// overflows. Negative counts, edges on fewer than two nodes, and more edges
// than n·(n-1) are errors.
func Classify(nodes, edges int) (Maturity, error) {
	if nodes < 0 || edges < 0 {
		return 0, fmt.Errorf("classify: negative count (nodes %d, edges %d)", nodes, edges)
	}
	if nodes < 2 {
		if edges > 0 {
			return 0, fmt.Errorf("classify: %d edges on %d nodes (a simple digraph without self-loops has none)", edges, nodes)
		}
		return Trivial, nil
	}
	maxHi, maxLo := bits.Mul64(uint64(nodes), uint64(nodes-1))
	if less128(maxHi, maxLo, 0, uint64(edges)) {
		return 0, fmt.Errorf("classify: %d edges exceed the %d·%d possible on %d nodes", edges, nodes, nodes-1, nodes)
	}
	if hi, lo := bits.Mul64(100, uint64(edges)); less128(hi, lo, maxHi, maxLo) {
		return Cold, nil
	}
	if hi, lo := bits.Mul64(10, uint64(edges)); less128(hi, lo, maxHi, maxLo) {
		return Growing, nil
	}
	return Mature, nil
}

// less128 reports whether the 128-bit number ah:al is less than bh:bl.
func less128(ah, al, bh, bl uint64) bool {
	return ah < bh || (ah == bh && al < bl)
}

// MaturityOf is the maturity of g (a nil graph is Trivial). A Graph cannot
// hold an impossible count, so there is no error.
func MaturityOf(g *Graph) Maturity {
	m, err := Classify(g.Order(), g.Size())
	if err != nil {
		// Unreachable: Graph keeps edges <= n·(n-1). Fall back to the
		// multiplier that never expands rather than guess.
		return Trivial
	}
	return m
}

// Multiplier is ADR-023's expansion multiplier for g: 1.0 below two nodes,
// then 1.5 (cold), 2.0 (growing) or 3.0 (mature) by density.
func Multiplier(g *Graph) float64 {
	return MaturityOf(g).Multiplier()
}
