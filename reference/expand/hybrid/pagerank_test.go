package hybrid

import (
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
