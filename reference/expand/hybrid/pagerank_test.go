package hybrid

import (
	"fmt"
	"math"
	"testing"

	"github.com/ctxconform/ctxconform/reference/expand"
)

func mustGraph(t *testing.T, nodes []string, edges ...expand.Edge) *expand.Graph {
	t.Helper()
	g, err := expand.FromEdges(nodes, edges)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// Closed forms, d = 0.85, solved by hand:
//
// path a - b, seed a:  x_a = 0.15 + 0.85·x_b, x_b = 0.85·x_a
//
//	⇒ x_a = 0.15/(1 - 0.7225) = 20/37, x_b = 17/37.
//
// star c with leaves l1 l2 l3, seed l1: x_c = 0.85·(x_l1+x_l2+x_l3),
// x_l2 = x_l3 = 0.85·x_c/3, x_l1 = 0.15 + 0.85·x_c/3
//
//	⇒ x_c = 0.1275/0.2775 = 17/37, x_l2 = 0.85·17/111, x_l1 = 0.15 + x_l2.
func TestPersonalizedPageRankClosedForms(t *testing.T) {
	leaf := 0.85 * 17 / 111
	tests := []struct {
		name  string
		g     *expand.Graph
		seeds []string
		want  map[string]float64
	}{
		{"path", mustGraph(t, nil, expand.Edge{From: "a", To: "b"}), []string{"a"},
			map[string]float64{"a": 20.0 / 37, "b": 17.0 / 37}},
		{"path, edge reversed", mustGraph(t, nil, expand.Edge{From: "b", To: "a"}), []string{"a"},
			map[string]float64{"a": 20.0 / 37, "b": 17.0 / 37}},
		{"star", mustGraph(t, nil,
			expand.Edge{From: "c", To: "l1"}, expand.Edge{From: "l2", To: "c"}, expand.Edge{From: "c", To: "l3"}),
			[]string{"l1"},
			map[string]float64{"c": 17.0 / 37, "l1": 0.15 + leaf, "l2": leaf, "l3": leaf}},
		{"isolated seed keeps everything", mustGraph(t, []string{"a", "b"}), []string{"a"},
			map[string]float64{"a": 1, "b": 0}},
		{"two seeds on a path, repeated seed counts once", mustGraph(t, nil, expand.Edge{From: "a", To: "b"}),
			[]string{"a", "b", "a"}, map[string]float64{"a": 0.5, "b": 0.5}},
	}
	for _, tt := range tests {
		got, err := PersonalizedPageRank(tt.g, tt.seeds)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if len(got) != len(tt.want) {
			t.Errorf("%s: %d scores, want %d", tt.name, len(got), len(tt.want))
		}
		for id, w := range tt.want {
			if math.Abs(got[id]-w) > 1e-10 {
				t.Errorf("%s: %s = %.12f, want %.12f", tt.name, id, got[id], w)
			}
		}
	}
}

func TestPersonalizedPageRankErrors(t *testing.T) {
	g := mustGraph(t, nil, expand.Edge{From: "a", To: "b"})
	if _, err := PersonalizedPageRank(nil, []string{"a"}); err == nil {
		t.Error("nil graph: want an error")
	}
	if _, err := PersonalizedPageRank(g, nil); err == nil {
		t.Error("no seed: want an error")
	}
	if _, err := PersonalizedPageRank(g, []string{"zz"}); err == nil {
		t.Error("unknown seed: want an error")
	}
}

// On the fixture graphs: mass sums to 1 and the result is the same bits
// when the graph is built in another order.
func TestPersonalizedPageRankOnFixtures(t *testing.T) {
	fx := loadFixtures(t)
	for _, ng := range fx.graphs {
		got, err := PersonalizedPageRank(ng.Graph, []string{"deploy_service"})
		if err != nil {
			t.Fatal(err)
		}
		sum := 0.0
		for _, x := range got {
			sum += x
		}
		if math.Abs(sum-1) > 1e-9 {
			t.Errorf("%s: mass %v, want 1", ng.Name, sum)
		}
		again, _ := PersonalizedPageRank(reversedCopy(t, ng.Graph), []string{"deploy_service"})
		for id, x := range got {
			if again[id] != x {
				t.Fatalf("%s: %s differs after rebuilding in another order: %v vs %v", ng.Name, id, x, again[id])
			}
		}
	}
}

// reversedCopy rebuilds g from its edges in reverse order.
func reversedCopy(t *testing.T, g *expand.Graph) *expand.Graph {
	t.Helper()
	es := g.Edges()
	for i, j := 0, len(es)-1; i < j; i, j = i+1, j-1 {
		es[i], es[j] = es[j], es[i]
	}
	nodes := g.Nodes()
	for i, j := 0, len(nodes)-1; i < j; i, j = i+1, j-1 {
		nodes[i], nodes[j] = nodes[j], nodes[i]
	}
	return mustGraph(t, nodes, es...)
}

// rank stops at the first step whose L1 change is at most Tolerance, or after
// MaxIterations (500) steps.
//
// Path a - b, seed a: x_k = x* + (-0.85)^k·e0 with x* = (20/37, 17/37) (see
// the closed forms above) and e0 = x_0 - x* = (17/37, -17/37), an
// eigenvector of the swap a <-> b for -1. So step k+1 changes x by
// |e_(k+1) - e_k|_1 = 0.85^k·1.85·34/37 = 1.7·0.85^k: 1.047e-12 for k = 173,
// 8.90e-13 for k = 174. The 175th step is the first whose change is at most
// 1e-12, and rank returns x_175 = x* - 0.85^175·e0: a = 20/37 - 2.044e-13,
// not yet the fixed point.
func TestRankStops(t *testing.T) {
	w := newWalker(mustGraph(t, nil, expand.Edge{From: "a", To: "b"}))
	x, steps := w.rank([]int{0})
	off := math.Pow(0.85, 175) * 17 / 37
	if steps != 175 || math.Abs(x[0]-(20.0/37-off)) > 1e-15 || math.Abs(x[1]-(17.0/37+off)) > 1e-15 {
		t.Errorf("path: %d steps, x = %.16g %.16g; want 175 steps, %.16g %.16g", steps, x[0], x[1], 20.0/37-off, 17.0/37+off)
	}
	// A hub of 20000 leaves: the hub's 20000-term sum rounds differently
	// from step to step, so the L1 change stays above 1e-12 (measured: about 1.6e-12)
	// and only the bound stops the walk, after exactly 500 steps.
	var es []expand.Edge
	for i := range 20000 {
		es = append(es, expand.Edge{From: "hub", To: fmt.Sprintf("leaf%05d", i)})
	}
	hub := newWalker(mustGraph(t, nil, es...))
	if _, steps := hub.rank([]int{hub.index["hub"]}); steps != 500 {
		t.Errorf("hub of 20000 leaves: %d steps, want the bound, 500", steps)
	}
}
