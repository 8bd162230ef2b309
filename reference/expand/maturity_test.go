package expand

import (
	"fmt"
	"math"
	"math/big"
	"testing"
)

// Expected values come from ADR-023's code (n < 2 → 1.0; density < 0.01 →
// 1.5; < 0.10 → 2.0; else 3.0) and hand arithmetic on n·(n-1).
func TestClassify(t *testing.T) {
	tests := []struct {
		n, e int
		want Maturity
		mult float64
		why  string
	}{
		{0, 0, Trivial, 1.0, "no node: the ADR's code returns 1.0 (the original 1.5)"},
		{1, 0, Trivial, 1.0, "one node: no edge possible"},
		{2, 0, Cold, 1.5, "2 possible edges, none present: density 0"},
		{2, 1, Mature, 3.0, "1/2 = 0.5"},
		{2, 2, Mature, 3.0, "2/2 = 1"},
		{11, 0, Cold, 1.5, "0/110"},
		{11, 1, Cold, 1.5, "1/110 = 0.00909 < 0.01"},
		{11, 2, Growing, 2.0, "2/110 = 0.01818"},
		{11, 10, Growing, 2.0, "10/110 = 0.0909 < 0.10"},
		{11, 11, Mature, 3.0, "11/110 = 0.10 exactly: mature (the code's `< 0.1` is false)"},
		{11, 12, Mature, 3.0, "12/110 = 0.109"},
		{101, 100, Cold, 1.5, "100/10100 = 0.0099"},
		{101, 101, Growing, 2.0, "101/10100 = 0.01 exactly: growing (the code's `< 0.01` is false)"},
		{101, 102, Growing, 2.0, "102/10100"},
		{101, 1009, Growing, 2.0, "1009/10100 = 0.0999"},
		{101, 1010, Mature, 3.0, "1010/10100 = 0.10 exactly"},
		{101, 1011, Mature, 3.0, "1011/10100"},
		{101, 10100, Mature, 3.0, "complete digraph: density 1"},
		// n·(n-1) = 999999999000000000, so 99999999900000000 edges is
		// exactly 0.10 and one fewer is just below. float64 cannot tell
		// them apart: float64(e)/float64(n(n-1)) rounds both to 0.1.
		{1_000_000_000, 99_999_999_900_000_000, Mature, 3.0, "exactly 0.10 at 1e9 nodes"},
		{1_000_000_000, 99_999_999_899_999_999, Growing, 2.0, "0.10 - 1e-18: a float comparison says mature"},
		{1_000_000_000, 9_999_999_990_000_000, Growing, 2.0, "exactly 0.01 at 1e9 nodes"},
		{1_000_000_000, 9_999_999_989_999_999, Cold, 1.5, "0.01 - 1e-18"},
		// n·(n-1) overflows int64 here; the 128-bit products do not.
		{math.MaxInt, math.MaxInt, Cold, 1.5, "huge n: density about 1e-19"},
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("n=%d/e=%d", tt.n, tt.e), func(t *testing.T) {
			got, err := Classify(tt.n, tt.e)
			if err != nil {
				t.Fatalf("Classify: %v (%s)", err, tt.why)
			}
			if got != tt.want || got.Multiplier() != tt.mult {
				t.Errorf("got %v (×%v), want %v (×%v): %s", got, got.Multiplier(), tt.want, tt.mult, tt.why)
			}
		})
	}
}

func TestClassifyErrors(t *testing.T) {
	for _, tt := range []struct{ n, e int }{
		{-1, 0}, {0, -1}, {0, 1}, {1, 1}, {2, 3}, {3, 7}, {11, 111},
	} {
		if m, err := Classify(tt.n, tt.e); err == nil {
			t.Errorf("Classify(%d, %d) = %v, want an error", tt.n, tt.e, m)
		}
	}
	if m, err := Classify(3, 6); err != nil || m != Mature {
		t.Errorf("Classify(3, 6) = %v, %v; want mature (complete digraph)", m, err)
	}
}

// TestClassifyAgainstRationals compares Classify with exact rational
// arithmetic (math/big) on a deterministic spread of counts.
func TestClassifyAgainstRationals(t *testing.T) {
	oneHundredth, oneTenth := big.NewRat(1, 100), big.NewRat(1, 10)
	x := uint64(0x9e3779b97f4a7c15)
	for i := 0; i < 5000; i++ {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		n := 2 + int(x%3000)
		max := n * (n - 1)
		// Mostly near the two boundaries, sometimes anywhere.
		var e int
		switch i % 3 {
		case 0:
			e = max/100 + int(x>>20%5) - 2
		case 1:
			e = max/10 + int(x>>20%5) - 2
		default:
			e = int(x >> 20 % uint64(max+1))
		}
		e = min(max, e)
		e = intMax(0, e)
		d := big.NewRat(int64(e), int64(max))
		want := Mature
		switch {
		case d.Cmp(oneHundredth) < 0:
			want = Cold
		case d.Cmp(oneTenth) < 0:
			want = Growing
		}
		got, err := Classify(n, e)
		if err != nil || got != want {
			t.Fatalf("Classify(%d, %d) = %v, %v; rationals say %v", n, e, got, err, want)
		}
	}
}

func intMax(a, b int) int {
	if a > b {
		return a
	}
	return b
}

// graphWith builds a graph of n nodes and the first e edges in a fixed
// enumeration of the n·(n-1) possible ones.
func graphWith(t *testing.T, n, e int) *Graph {
	t.Helper()
	g := NewGraph()
	for i := 0; i < n; i++ {
		if err := g.AddNode(fmt.Sprintf("t%03d", i)); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < n && e > 0; i++ {
		for j := 0; j < n && e > 0; j++ {
			if i != j {
				if err := g.AddEdge(fmt.Sprintf("t%03d", i), fmt.Sprintf("t%03d", j)); err != nil {
					t.Fatal(err)
				}
				e--
			}
		}
	}
	return g
}

func TestMultiplierOnGraphs(t *testing.T) {
	tests := []struct {
		n, e int
		want float64
	}{
		{0, 0, 1.0}, {1, 0, 1.0}, {2, 0, 1.5}, {2, 1, 3.0},
		{11, 1, 1.5}, {11, 2, 2.0}, {11, 10, 2.0}, {11, 11, 3.0},
		{101, 100, 1.5}, {101, 101, 2.0}, {101, 1009, 2.0}, {101, 1010, 3.0},
	}
	for _, tt := range tests {
		g := graphWith(t, tt.n, tt.e)
		if g.Order() != tt.n || g.Size() != tt.e {
			t.Fatalf("built %d nodes %d edges, want %d %d", g.Order(), g.Size(), tt.n, tt.e)
		}
		if got := Multiplier(g); got != tt.want {
			t.Errorf("n=%d e=%d: Multiplier = %v, want %v (density %v)", tt.n, tt.e, got, tt.want, Density(g))
		}
	}
	if got := Multiplier(nil); got != 1.0 {
		t.Errorf("Multiplier(nil) = %v, want 1.0", got)
	}
}

// The MUST of the ADR for tiny graphs: fewer than two nodes never gives more
// than 1.5 (the reference gives 1.0; the original engine 1.5).
func TestTinyGraphNeverAboveOnePointFive(t *testing.T) {
	g := NewGraph()
	if err := g.AddEdge("a", "a"); err != nil { // one node, a self-loop
		t.Fatal(err)
	}
	for _, h := range []*Graph{nil, NewGraph(), g} {
		if m := Multiplier(h); m > 1.5 {
			t.Errorf("graph of %d nodes: multiplier %v > 1.5", h.Order(), m)
		}
	}
}

func TestDensity(t *testing.T) {
	tests := []struct {
		n, e int
		want float64
	}{
		{0, 0, 0}, {1, 0, 0}, {2, 1, 0.5}, {11, 11, 0.1}, {101, 101, 0.01}, {4, 12, 1},
	}
	for _, tt := range tests {
		if got := Density(graphWith(t, tt.n, tt.e)); got != tt.want {
			t.Errorf("Density(n=%d, e=%d) = %v, want %v", tt.n, tt.e, got, tt.want)
		}
	}
}

func TestMaturityString(t *testing.T) {
	for m, want := range map[Maturity]string{Trivial: "trivial", Cold: "cold", Growing: "growing", Mature: "mature", 9: "Maturity(9)"} {
		if m.String() != want {
			t.Errorf("%d.String() = %q, want %q", int(m), m.String(), want)
		}
	}
	if Maturity(9).Multiplier() != 1.0 {
		t.Errorf("unknown maturity must not expand")
	}
}
