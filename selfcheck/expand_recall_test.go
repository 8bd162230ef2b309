package selfcheck_test

import (
	"context"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// TestExpandRecallBaseline: the static-2× baseline of EXP-13 (the
// implementation's own search on the graph padded into the growing band)
// is, on the reference and the mature fixture graph, exactly the reference
// search with its multiplier fixed at 2 on the unpadded graph, computed
// here independently with hybrid.Config.
func TestExpandRecallBaseline(t *testing.T) {
	cat, err := tools.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	ts := convert.Tools(cat)
	var ids []string
	for _, x := range ts {
		ids = append(ids, x.ID)
	}
	hcat, err := hybrid.NewCatalogue(ts)
	if err != nil {
		t.Fatal(err)
	}
	gs, err := tools.Graphs()
	if err != nil {
		t.Fatal(err)
	}
	cases, err := tools.Cases()
	if err != nil {
		t.Fatal(err)
	}
	var mature tools.Graph
	for _, g := range gs {
		if g.Name == "mature" {
			mature = g
		}
	}
	req := convert.GraphRequest(mature)
	g, err := convert.Graph(req)
	if err != nil {
		t.Fatal(err)
	}
	padded, pad, err := invariant.PadToGrowing(req, ids)
	if err != nil {
		t.Fatal(err)
	}
	// 1140 edges on 96 nodes; 20·1140 = 22800 <= 152·151 = 22952 but
	// > 151·150 = 22650: 56 isolated nodes, no edge.
	if pad != (invariant.GraphPadding{Nodes: 56}) {
		t.Errorf("padding %+v, want 56 nodes and no edge", pad)
	}
	static := hybrid.DefaultConfig()
	static.Multiplier = 2
	ref := reference.New()
	gems := 0
	for _, c := range cases {
		if c.Kind != "gem" {
			continue
		}
		gems++
		want, err := static.Search(hcat, g, c.Query, c.Limit)
		if err != nil {
			t.Fatal(err)
		}
		got, err := ref.Expand(context.Background(), adapters.ExpandRequest{Tools: ts, Nodes: padded.Nodes, Edges: padded.Edges, Query: c.Query, Limit: c.Limit})
		if err != nil {
			t.Fatal(err)
		}
		if got.Multiplier != 2 || got.Asked != want.Asked || !reflect.DeepEqual(got.IDs, want.IDs) {
			t.Errorf("%s: padded search ×%v asked %d gave %v; static 2× asked %d gave %v", c.Name, got.Multiplier, got.Asked, got.IDs, want.Asked, want.IDs)
		}
	}
	if gems == 0 {
		t.Error("no gem case")
	}
}

// TestPadToGrowing: the padding lands in the growing band, adds nothing to
// a graph already there, and refuses what it cannot pad.
func TestPadToGrowing(t *testing.T) {
	layered := func(n, e int) adapters.GraphRequest {
		var g adapters.GraphRequest
		for i := 0; i < n; i++ {
			g.Nodes = append(g.Nodes, string(rune('A'+i%26))+string(rune('a'+i/26)))
		}
		for d := 1; len(g.Edges) < e; d++ {
			for i := 0; i < n && len(g.Edges) < e; i++ {
				g.Edges = append(g.Edges, adapters.Edge{From: g.Nodes[i], To: g.Nodes[(i+d)%n]})
			}
		}
		return g
	}
	tests := []struct {
		n, e int
		want invariant.GraphPadding
	}{
		// Growing already: 5/110.
		{11, 5, invariant.GraphPadding{}},
		// Dense, 12/110: smallest k with 20·12 = 240 <= (11+k)(10+k) is
		// k = 5 (16·15 = 240).
		{11, 12, invariant.GraphPadding{Nodes: 5}},
		// Sparse, 0/110: k = 3 gives 14·13 = 182, ceil(182/20) = 10 edges
		// needed but only 3·2 = 6 possible among the padding; k = 4 gives
		// 15·14 = 210, ceil(210/20) = 11 <= 4·3 = 12.
		{11, 0, invariant.GraphPadding{Nodes: 4, Edges: 11}},
	}
	for _, tt := range tests {
		g := layered(tt.n, tt.e)
		out, pad, err := invariant.PadToGrowing(g, nil)
		if err != nil {
			t.Fatalf("n=%d e=%d: %v", tt.n, tt.e, err)
		}
		if pad != tt.want {
			t.Errorf("n=%d e=%d: padding %+v, want %+v", tt.n, tt.e, pad, tt.want)
		}
		n, e := invariant.GraphCounts(out)
		if m, _ := expand.Classify(n, e); m != expand.Growing {
			t.Errorf("n=%d e=%d: padded to %d nodes, %d edges: %v", tt.n, tt.e, n, e, m)
		}
	}
	for _, g := range []adapters.GraphRequest{
		{Nodes: []string{"a"}},
		{Nodes: []string{"a", "b"}, Edges: []adapters.Edge{{From: "a", To: "a"}}},
		{Nodes: []string{"a", "b"}, Edges: []adapters.Edge{{From: "a", To: "b"}, {From: "a", To: "b"}}},
	} {
		if _, _, err := invariant.PadToGrowing(g, nil); err == nil {
			t.Errorf("%+v: padded; want an error", g)
		}
	}
}
