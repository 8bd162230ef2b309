package expand

import (
	"reflect"
	"testing"
)

func TestSelfLoopsAndDuplicates(t *testing.T) {
	tests := []struct {
		name      string
		edges     []Edge
		nodes     int
		size      int
		density   float64
		maturity  Maturity
		wantEdges []Edge
	}{
		{
			name:  "self-loops add nodes, not edges",
			edges: []Edge{{"a", "a"}, {"b", "b"}, {"a", "b"}},
			nodes: 2, size: 1, density: 0.5, maturity: Mature,
			wantEdges: []Edge{{"a", "b"}},
		},
		{
			// Counting the loops would give 3/2 = 1.5, above the
			// maximum possible density of 1.
			name:  "self-loops cannot push density above 1",
			edges: []Edge{{"a", "b"}, {"b", "a"}, {"a", "a"}, {"b", "b"}},
			nodes: 2, size: 2, density: 1, maturity: Mature,
			wantEdges: []Edge{{"a", "b"}, {"b", "a"}},
		},
		{
			name:  "duplicates count once",
			edges: []Edge{{"a", "b"}, {"a", "b"}, {"a", "b"}, {"b", "c"}},
			nodes: 3, size: 2, density: 2.0 / 6, maturity: Mature,
			wantEdges: []Edge{{"a", "b"}, {"b", "c"}},
		},
		{
			name:  "opposite directions are two edges",
			edges: []Edge{{"b", "a"}, {"a", "b"}},
			nodes: 2, size: 2, density: 1, maturity: Mature,
			wantEdges: []Edge{{"a", "b"}, {"b", "a"}},
		},
		{
			name:  "one node with a self-loop is trivial",
			edges: []Edge{{"a", "a"}},
			nodes: 1, size: 0, density: 0, maturity: Trivial,
			wantEdges: []Edge{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g, err := FromEdges(nil, tt.edges)
			if err != nil {
				t.Fatal(err)
			}
			if g.Order() != tt.nodes || g.Size() != tt.size {
				t.Errorf("order %d size %d, want %d %d", g.Order(), g.Size(), tt.nodes, tt.size)
			}
			if d := Density(g); d != tt.density {
				t.Errorf("density %v, want %v", d, tt.density)
			}
			if m := MaturityOf(g); m != tt.maturity {
				t.Errorf("maturity %v, want %v", m, tt.maturity)
			}
			if got := g.Edges(); !reflect.DeepEqual(got, tt.wantEdges) {
				t.Errorf("edges %v, want %v", got, tt.wantEdges)
			}
		})
	}
}

func TestGraphBadIDs(t *testing.T) {
	g := NewGraph()
	for _, tt := range []struct{ from, to string }{{"", "a"}, {"a", ""}, {"\xff", "a"}, {"a", "b\xfe"}} {
		if err := g.AddEdge(tt.from, tt.to); err == nil {
			t.Errorf("AddEdge(%q, %q): want an error", tt.from, tt.to)
		}
	}
	if err := g.AddNode(""); err == nil {
		t.Error("AddNode(\"\"): want an error")
	}
	if _, err := FromEdges([]string{"ok", ""}, nil); err == nil {
		t.Error("FromEdges with an empty node: want an error")
	}
	if g.Order() != 0 {
		t.Errorf("failed calls left nodes %v", g.Nodes())
	}
}

func TestGraphAccessors(t *testing.T) {
	g, err := FromEdges([]string{"z"}, []Edge{{"c", "a"}, {"a", "b"}, {"b", "a"}, {"c", "b"}})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := g.Nodes(), []string{"a", "b", "c", "z"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Nodes = %v, want %v", got, want)
	}
	if got, want := g.Neighbors("a"), []string{"b", "c"}; !reflect.DeepEqual(got, want) {
		t.Errorf("Neighbors(a) = %v, want %v (b both ways counted once)", got, want)
	}
	if got := g.Neighbors("z"); len(got) != 0 {
		t.Errorf("Neighbors(z) = %v, want none", got)
	}
	if !g.HasEdge("c", "a") || g.HasEdge("a", "c") || !g.HasNode("z") || g.HasNode("y") {
		t.Error("HasEdge/HasNode disagree with the edges added")
	}
	var nilGraph *Graph
	if nilGraph.Order() != 0 || nilGraph.Size() != 0 || nilGraph.Nodes() != nil || nilGraph.HasEdge("a", "b") {
		t.Error("a nil graph must behave as an empty one")
	}
}

// Insertion order must not matter.
func TestGraphOrderIndependent(t *testing.T) {
	es := []Edge{{"d", "a"}, {"a", "b"}, {"c", "d"}, {"b", "c"}, {"a", "c"}, {"a", "b"}}
	g1, _ := FromEdges(nil, es)
	rev := make([]Edge, len(es))
	for i, e := range es {
		rev[len(es)-1-i] = e
	}
	g2, _ := FromEdges([]string{"c", "b"}, rev)
	if !reflect.DeepEqual(g1.Edges(), g2.Edges()) || !reflect.DeepEqual(g1.Nodes(), g2.Nodes()) {
		t.Errorf("edges %v vs %v", g1.Edges(), g2.Edges())
	}
}
