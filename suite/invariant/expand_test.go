package invariant

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// The expansion predicates judged on hand-made graphs and answers. ADR-023:
// density = e / (n(n−1)); below 0.01 ×1.5, below 0.10 ×2.0, else ×3.0;
// fewer than two nodes ×1.0; the semantic stage is asked for
// ceil(limit·multiplier) candidates.

// expRing is n nodes "n00", "n01", … with e distinct edges i→i+d (mod n),
// layer d = 1, 2, … in turn.
func expRing(n, e int) adapters.GraphRequest {
	var g adapters.GraphRequest
	for i := 0; i < n; i++ {
		g.Nodes = append(g.Nodes, fmt.Sprintf("n%02d", i))
	}
	for d := 1; len(g.Edges) < e; d++ {
		for i := 0; i < n && len(g.Edges) < e; i++ {
			g.Edges = append(g.Edges, adapters.Edge{From: g.Nodes[i], To: g.Nodes[(i+d)%n]})
		}
	}
	return g
}

// TestTableMultiplier: the thresholds exactly, on integers.
func TestTableMultiplier(t *testing.T) {
	for _, c := range []struct {
		n, e int
		want float64
	}{
		{0, 0, 1.0}, {1, 0, 1.0},
		{2, 0, 1.5},      // 0/2
		{2, 1, 3.0},      // 1/2
		{101, 100, 1.5},  // 100/10100, just below 0.01
		{101, 101, 2.0},  // exactly 0.01
		{101, 1009, 2.0}, // just below 0.10
		{101, 1010, 3.0}, // exactly 0.10
	} {
		if got := TableMultiplier(c.n, c.e); got != c.want {
			t.Errorf("TableMultiplier(%d, %d) = %v, want %v", c.n, c.e, got, c.want)
		}
	}
}

// TestGraphCounts: nodes are the listed ones and the edge ends, edges the
// distinct ordered pairs without self-loops; density exactly 0.10 only from
// two nodes on.
func TestGraphCounts(t *testing.T) {
	g := adapters.GraphRequest{Nodes: []string{"a", "b", "a"}, Edges: []adapters.Edge{
		{From: "a", To: "b"}, {From: "b", To: "a"}, {From: "a", To: "b"}, {From: "c", To: "c"}, {From: "b", To: "d"}}}
	if n, e := GraphCounts(g); n != 4 || e != 3 {
		t.Errorf("GraphCounts = %d nodes, %d edges; want 4 (a b c d), 3 (a→b b→a b→d)", n, e)
	}
	for _, c := range []struct {
		name string
		g    adapters.GraphRequest
		want bool
	}{
		{"11 edges on 11 nodes", expRing(11, 11), true},
		{"10 edges on 11 nodes", expRing(11, 10), false},
		{"12 edges on 11 nodes", expRing(11, 12), false},
		{"one node", adapters.GraphRequest{Nodes: []string{"a"}}, false},
		{"no node", adapters.GraphRequest{}, false},
	} {
		if got := AtOneTenth(c.g); got != c.want {
			t.Errorf("AtOneTenth(%s) = %v, want %v", c.name, got, c.want)
		}
	}
	radJudge(t, []radCase{
		{"simple", SimpleGraph(expRing(11, 12)), ""},
		{"a self-loop", SimpleGraph(adapters.GraphRequest{Edges: []adapters.Edge{{From: "a", To: "b"}, {From: "b", To: "b"}}}), `edge 1 "b"→"b" is a self-loop`},
		{"a repeated edge", SimpleGraph(adapters.GraphRequest{Edges: []adapters.Edge{{From: "a", To: "b"}, {From: "b", To: "a"}, {From: "a", To: "b"}}}), `edge 2 "a"→"b" is repeated`},
	})
}

// TestADRMultiplier: EXP-14's judgement. 1/110 is cold, 2/110 growing,
// 11/110 exactly 0.10 (the table's 2.0 or the code's 3.0), 12/110 mature;
// below two nodes anything in [1, 1.5].
func TestADRMultiplier(t *testing.T) {
	one := adapters.GraphRequest{Nodes: []string{"a"}}
	radJudge(t, []radCase{
		{"cold", ADRMultiplier(expRing(11, 1), 1.5), ""},
		{"cold taken for growing", ADRMultiplier(expRing(11, 1), 2), "×2 for 1 edges on 11 nodes (100e=100, 10e=10, n(n-1)=110), want ×1.5"},
		{"growing", ADRMultiplier(expRing(11, 2), 2), ""},
		{"mature taken for growing", ADRMultiplier(expRing(11, 12), 2), "want ×3"},
		{"0.10 as the table", ADRMultiplier(expRing(11, 11), 2), ""},
		{"0.10 as the code", ADRMultiplier(expRing(11, 11), 3), ""},
		{"0.10 cold", ADRMultiplier(expRing(11, 11), 1.5), "at density exactly 0.10 (11 edges on 11 nodes)"},
		{"one node, the code's 1.0", ADRMultiplier(one, 1), ""},
		{"one node, 1.5", ADRMultiplier(one, 1.5), ""},
		{"one node, 2.0", ADRMultiplier(one, 2), "×2 for 1 nodes, want at most 1.5"},
		{"no node, below 1", ADRMultiplier(adapters.GraphRequest{}, 0.5), "(and at least 1)"},
	})
}

// TestCandidateCount: ceil(limit·m) on m's exact binary value.
func TestCandidateCount(t *testing.T) {
	for _, c := range []struct {
		limit int
		m     float64
		want  int
	}{
		{3, 1.5, 5}, {4, 1.5, 6}, {5, 2, 10}, {0, 3, 0}, {7, 0, 0},
		// 0.1 is 0.1000000000000000055…: 10 of it is just over 1.
		{10, 0.1, 2},
		{1, 1.0, 1},
		// The largest count an int holds.
		{math.MaxInt, 1.0, math.MaxInt},
	} {
		if got, err := CandidateCount(c.limit, c.m); err != nil || got != c.want {
			t.Errorf("CandidateCount(%d, %v) = %d, %v; want %d", c.limit, c.m, got, err, c.want)
		}
	}
	for _, c := range []struct {
		limit int
		m     float64
	}{{-1, 2}, {5, math.NaN()}, {5, math.Inf(1)}, {5, math.Inf(-1)}, {5, -0.5}, {math.MaxInt, 3}} {
		if got, err := CandidateCount(c.limit, c.m); err == nil {
			t.Errorf("CandidateCount(%d, %v) = %d, want an error", c.limit, c.m, got)
		}
	}
}

// TestExpandAnswers: the predicates on one search's answer.
func TestExpandAnswers(t *testing.T) {
	tools := []hybrid.Tool{{ID: "a"}, {ID: "b"}, {ID: "c"}, {ID: "d"}}
	req := func(limit int) adapters.ExpandRequest { return adapters.ExpandRequest{Tools: tools, Limit: limit} }
	ans := func(m float64, asked int, cands, ids []string) adapters.ExpandAnswer {
		return adapters.ExpandAnswer{Multiplier: m, Asked: asked, Candidates: cands, IDs: ids}
	}
	abc := []string{"a", "b", "c"}
	radJudge(t, []radCase{
		{"asked ceil(2·1.5) = 3", ExpandAsked(req(2), ans(1.5, 3, abc, nil)), ""},
		{"asked 4", ExpandAsked(req(2), ans(1.5, 4, abc, nil)), "asked the semantic stage for 4 candidates"},
		{"more candidates than asked", ExpandAsked(req(1), ans(2, 2, abc, nil)), "3 candidates returned for 2 asked"},
		{"a multiplier that is no count", ExpandAsked(req(2), ans(math.NaN(), 0, nil, nil)), "multiplier NaN"},

		{"limit 2, 2 results", ExpandWithinLimit(req(2), ans(2, 4, abc, []string{"a", "b"})), ""},
		{"limit 2, 3 results", ExpandWithinLimit(req(2), ans(2, 4, abc, abc)), "3 results for limit 2"},
		{"limit -1, none", ExpandWithinLimit(req(-1), ans(2, 0, nil, nil)), ""},

		{"from the candidates", ExpandFromCandidates(req(2), ans(2, 4, abc, []string{"c", "a"})), ""},
		{"a candidate not a tool", ExpandFromCandidates(req(2), ans(2, 4, []string{"a", "z"}, nil)), `candidate 1 "z" is not a tool`},
		{"a candidate twice", ExpandFromCandidates(req(2), ans(2, 4, []string{"a", "b", "a"}, nil)), `candidate "a" is listed twice`},
		{"a result not a candidate", ExpandFromCandidates(req(2), ans(2, 4, abc, []string{"a", "d"})), `result 1 "d" is not among the 3 candidates`},
		{"a result twice", ExpandFromCandidates(req(2), ans(2, 4, abc, []string{"b", "b"})), `result "b" is listed twice`},

		// min(limit, candidates) results.
		{"limit 2 of 3", ExpandPermutation(req(2), ans(2, 4, abc, []string{"c", "a"})), ""},
		{"limit 2 of 3, one result", ExpandPermutation(req(2), ans(2, 4, abc, []string{"c"})), "1 results from 3 candidates at limit 2, want 2"},
		{"limit 5 of 3", ExpandPermutation(req(5), ans(2, 10, abc, []string{"c", "a", "b"})), ""},
		{"limit 5 of 3, two results", ExpandPermutation(req(5), ans(2, 10, abc, []string{"c", "a"})), "want 3"},
		{"limit -1", ExpandPermutation(req(-1), ans(2, 0, abc, nil)), ""},
	})
}

// TestSameExpansion: every field, lists in order.
func TestSameExpansion(t *testing.T) {
	base := adapters.ExpandAnswer{Multiplier: 2, Asked: 4, Candidates: []string{"a", "b", "c"}, IDs: []string{"b", "a"}}
	mod := func(f func(*adapters.ExpandAnswer)) adapters.ExpandAnswer { a := base; f(&a); return a }
	radJudge(t, []radCase{
		{"equal", SameExpansion(base, mod(func(*adapters.ExpandAnswer) {})), ""},
		{"multiplier", SameExpansion(base, mod(func(a *adapters.ExpandAnswer) { a.Multiplier = 3 })), "multiplier 3, want 2"},
		{"asked", SameExpansion(base, mod(func(a *adapters.ExpandAnswer) { a.Asked = 5 })), "asked 5, want 4"},
		{"a candidate fewer", SameExpansion(base, mod(func(a *adapters.ExpandAnswer) { a.Candidates = []string{"a", "b"} })), "candidates [a b], want [a b c]"},
		{"candidates reordered", SameExpansion(base, mod(func(a *adapters.ExpandAnswer) { a.Candidates = []string{"a", "c", "b"} })), "candidates"},
		{"results reordered", SameExpansion(base, mod(func(a *adapters.ExpandAnswer) { a.IDs = []string{"a", "b"} })), "results [a b], want [b a]"},
	})
	var ids []string
	for i := 0; i < 13; i++ {
		ids = append(ids, fmt.Sprintf("t%d", i))
	}
	if got := clipExpandIDs(ids[:12]); len(got) != 12 || got[11] != "t11" {
		t.Errorf("12 IDs clipped to %v, want all 12", got)
	}
	if got := clipExpandIDs(ids); len(got) != 13 || got[12] != "… 1 more" {
		t.Errorf("13 IDs clipped to %v, want 12 and “… 1 more”", got)
	}
}

// TestPadToGrowing: padding brings a graph's density into the growing band
// (multiplier 2.0), hand-derived:
//
// Mature, n = 11, e = 12: isolated nodes until 20e <= (n+k)(n+k−1):
// 240 <= 15·14 = 210? no; 240 <= 16·15 = 240: k = 5, density 12/240 = 0.05.
//
// Cold, n = 11, e = 0: k padding nodes with ceil((11+k)(10+k)/20) edges
// among them, at most k(k−1): k = 3 needs ceil(182/20) = 10 > 6; k = 4 needs
// ceil(210/20) = 11 <= 12: 4 nodes, 11 edges, density 11/210.
//
// Cold, n = 3, e = 0: k = 2 needs ceil(20/20) = 1 <= 2: 2 nodes, 1 edge.
func TestPadToGrowing(t *testing.T) {
	cases := []struct {
		name  string
		g     adapters.GraphRequest
		tools []string
		want  GraphPadding
	}{
		{"mature", expRing(11, 12), nil, GraphPadding{Nodes: 5}},
		{"cold", expRing(11, 0), nil, GraphPadding{Nodes: 4, Edges: 11}},
		{"cold, three nodes", expRing(3, 0), nil, GraphPadding{Nodes: 2, Edges: 1}},
		// n = 2, e = 0: k = 1 needs ceil(6/20) = 1 > 0; k = 2 needs
		// ceil(12/20) = 1 <= 2.
		{"cold, two nodes", expRing(2, 0), nil, GraphPadding{Nodes: 2, Edges: 1}},
		// n = 4, e = 0: k = 2 needs ceil(30/20) = 2 = 2·1, exactly what two
		// padding nodes hold.
		{"cold, four nodes, the padding full", expRing(4, 0), nil, GraphPadding{Nodes: 2, Edges: 2}},
		{"growing already", expRing(11, 5), nil, GraphPadding{}},
		{"names taken", expRing(11, 12), []string{"unused_tool_000", "unused_tool_002"}, GraphPadding{Nodes: 5}},
	}
	for _, c := range cases {
		out, pad, err := PadToGrowing(c.g, c.tools)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if pad != c.want {
			t.Errorf("%s: padding %+v, want %+v", c.name, pad, c.want)
		}
		n, e := GraphCounts(out)
		n0, e0 := GraphCounts(c.g)
		if n != n0+c.want.Nodes || e != e0+c.want.Edges || len(out.Edges) != e {
			t.Errorf("%s: %d nodes and %d edges (%d listed), want %d and %d", c.name, n, e, len(out.Edges), n0+c.want.Nodes, e0+c.want.Edges)
		}
		if err := SimpleGraph(out); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if TableMultiplier(n, e) != GrowingMultiplier {
			t.Errorf("%s: padded to %d nodes and %d edges, not growing", c.name, n, e)
		}
		taken := map[string]bool{}
		for _, id := range append(append([]string(nil), c.tools...), c.g.Nodes...) {
			taken[id] = true
		}
		for _, id := range out.Nodes[len(c.g.Nodes):] {
			if taken[id] || !strings.HasPrefix(id, "unused_tool_") {
				t.Errorf("%s: padding node %q collides or is misnamed", c.name, id)
			}
		}
	}
	if _, _, err := PadToGrowing(adapters.GraphRequest{Nodes: []string{"a"}}, nil); err == nil || !strings.Contains(err.Error(), "1 nodes, need at least 2") {
		t.Errorf("one node: %v, want an error", err)
	}
	if _, _, err := PadToGrowing(adapters.GraphRequest{Edges: []adapters.Edge{{From: "a", To: "a"}, {From: "a", To: "b"}}}, nil); err == nil || !strings.Contains(err.Error(), "self-loop") {
		t.Errorf("a self-loop: %v, want an error", err)
	}
	out, _, _ := PadToGrowing(expRing(11, 12), []string{"unused_tool_000", "unused_tool_002"})
	if got := out.Nodes[11:]; strings.Join(got, " ") != "unused_tool_001 unused_tool_003 unused_tool_004 unused_tool_005 unused_tool_006" {
		t.Errorf("padding nodes %v, want the first five free names", got)
	}
}
