package specs

import (
	"fmt"
	"sort"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// ADR-023 in these examples: density = edges / (n·(n-1)), multiplier 1.5
// below 0.01, 2.0 below 0.10, 3.0 from 0.10, and the semantic stage is asked
// for ceil(limit·multiplier) candidates. Every graph below is built with an
// exact edge count (circulant layers, see expLayers), so each density is a
// fraction worked out by hand in the comments: n = 11 has 110 possible
// edges, n = 101 has 10100, n = 201 has 40200.

// expIDs are n node IDs "t000", "t001", …
func expIDs(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("t%03d", i)
	}
	return ids
}

// expLayers returns e distinct edges on ids, none a self-loop: the
// circulant layers i→i+1, then i→i+2, … (indices mod n), in that order.
// Layer d holds n edges, so e = d·n fills d layers exactly.
func expLayers(ids []string, e int) []adapters.Edge {
	n := len(ids)
	out := make([]adapters.Edge, 0, e)
	for d := 1; d < n && len(out) < e; d++ {
		for i := 0; i < n && len(out) < e; i++ {
			out = append(out, adapters.Edge{From: ids[i], To: ids[(i+d)%n]})
		}
	}
	if len(out) != e {
		panic(fmt.Sprintf("expLayers: %d edges asked on %d nodes", e, n)) // a bug in this file
	}
	return out
}

// expGraph is n nodes named by expIDs with e layered edges.
func expGraph(n, e int) adapters.GraphRequest {
	ids := expIDs(n)
	return adapters.GraphRequest{Nodes: ids, Edges: expLayers(ids, e)}
}

// expMultiplierCase is one graph and the multiplier the ADR gives it.
type expMultiplierCase struct {
	why   string
	graph adapters.GraphRequest
	want  float64
}

func expCheckMultipliers(t *suite.T, cases []expMultiplierCase) {
	for _, c := range cases {
		got := call.MustMultiplier(t, c.graph)
		if got != c.want {
			n, e := invariant.GraphCounts(c.graph)
			mark := t.Failures()
			t.Errorf("%s (n=%d, %d edges): multiplier %v, want %v", c.why, n, e, got, c.want)
			expMultiplierImplied(t, mark, c.graph, got)
		}
	}
}

// expMultiplierBands: densities inside each band, near both thresholds.
func expMultiplierBands(t *suite.T) {
	expCheckMultipliers(t, []expMultiplierCase{
		{"2 nodes, no edge: 0/2", expGraph(2, 0), 1.5},
		{"2 nodes, one edge: 1/2", expGraph(2, 1), 3.0},
		{"2 nodes, both edges: 2/2", expGraph(2, 2), 3.0},
		{"0/110", expGraph(11, 0), 1.5},
		{"1/110 = 0.0091", expGraph(11, 1), 1.5},
		{"2/110 = 0.018", expGraph(11, 2), 2.0},
		{"10/110 = 0.091", expGraph(11, 10), 2.0},
		{"12/110 = 0.109", expGraph(11, 12), 3.0},
		{"50/10100 = 0.005", expGraph(101, 50), 1.5},
		{"100/10100 = 0.0099, just below 0.01", expGraph(101, 100), 1.5},
		{"102/10100 = 0.0101, just above 0.01", expGraph(101, 102), 2.0},
		{"500/10100 = 0.050", expGraph(101, 500), 2.0},
		{"1009/10100 = 0.0999, just below 0.10", expGraph(101, 1009), 2.0},
		{"1011/10100 = 0.1001, just above 0.10", expGraph(101, 1011), 3.0},
		{"5050/10100 = 0.5", expGraph(101, 5050), 3.0},
		{"complete: 10100/10100 = 1", expGraph(101, 10100), 3.0},
	})
}

// expAtOneHundredth: 101/10100 and 402/40200 are exactly 0.01 (the table's
// "< 0.01" is cold and "0.01 - 0.10" growing; the code's `< 0.01` is false).
// Asked at limit 3: ceil(3·2.0) = 6 (cold would ask ceil(4.5) = 5).
func expAtOneHundredth(t *suite.T) {
	expCheckMultipliers(t, []expMultiplierCase{
		{"101/10100 = 0.01 exactly", expGraph(101, 101), 2.0},
		{"402/40200 = 0.01 exactly", expGraph(201, 402), 2.0},
	})
	expCheckAsked(t, []expAskedCase{{"101/10100 = 0.01 exactly", 101, 101, 3, 6, 2.0}})
}

// expAtOneTenth: 11/110, 1010/10100 and 4020/40200 are exactly 0.10. The
// code's `< 0.1` is false there, so mature; the table's "0.01 - 0.10" read
// inclusively would say growing. Asked at limit 5: 3·5 = 15 (not 10).
func expAtOneTenth(t *suite.T) {
	expCheckMultipliers(t, []expMultiplierCase{
		{"11/110 = 0.10 exactly", expGraph(11, 11), 3.0},
		{"1010/10100 = 0.10 exactly", expGraph(101, 1010), 3.0},
		{"4020/40200 = 0.10 exactly", expGraph(201, 4020), 3.0},
	})
	expCheckAsked(t, []expAskedCase{{"1010/10100 = 0.10 exactly", 101, 1010, 5, 15, 3.0}})
}

// expDirected: on 11 nodes, ten pairs joined both ways (the layer i→i+1
// of expLayers and its reverse) are 20 directed edges, 20/110 = 0.18:
// mature. Counted as 10 undirected pairs over the same 110 it would be
// 0.091, growing: ten is the most pairs that stay below 0.10 read so, so
// the case is as close to the undirected reading's cut-off as it can be.
func expDirected(t *suite.T) {
	ids := expIDs(11)
	g := adapters.GraphRequest{Nodes: ids}
	for _, e := range expLayers(ids, 10) {
		g.Edges = append(g.Edges, e, adapters.Edge{From: e.To, To: e.From})
	}
	expCheckMultipliers(t, []expMultiplierCase{{"ten pairs both ways: 20/110", g, 3.0}})
}

// expTrivialGraphs are graphs of fewer than two nodes.
func expTrivialGraphs() []expMultiplierCase {
	return []expMultiplierCase{
		{"no node", adapters.GraphRequest{}, 1.0},
		{"one node", adapters.GraphRequest{Nodes: []string{"deploy_service"}}, 1.0},
		{"one node with a self-loop", adapters.GraphRequest{Edges: []adapters.Edge{{From: "deploy_service", To: "deploy_service"}}}, 1.0},
	}
}

// expTrivialAtMost: the ADR's code returns 1.0 below two nodes and the
// original engine 1.5; both are in [1, 1.5]. Graphs with a self-loop are
// left to EXP-06 and EXP-07 (REFERENCE): whether a usage graph may hold one
// is the reference's choice (casys-pml's refuses them).
func expTrivialAtMost(t *suite.T) {
	cat := expCatalogue(t)
	for _, c := range expTrivialGraphs() {
		if expHasSelfLoop(c.graph) {
			continue
		}
		if m := call.MustMultiplier(t, c.graph); !(m >= 1 && m <= 1.5) {
			mark := t.Failures()
			t.Errorf("%s: multiplier %v, want at most 1.5 (and at least 1)", c.why, m)
			expMultiplierImplied(t, mark, c.graph, m)
		}
		req := adapters.ExpandRequest{Tools: cat, Nodes: c.graph.Nodes, Edges: c.graph.Edges, Query: "deploy the service", Limit: 4}
		ans := call.MustExpand(t, req)
		// ceil(4·1.5) = 6.
		if !(ans.Multiplier >= 1 && ans.Multiplier <= 1.5) || ans.Asked > 6 {
			mark := t.Failures()
			t.Errorf("%s: search used ×%v and asked %d at limit 4, want at most ×1.5 and 6", c.why, ans.Multiplier, ans.Asked)
			expSearchImplied(t, mark, req, ans)
		}
	}
}

// expHasSelfLoop reports whether g has an edge from a node to itself.
func expHasSelfLoop(g adapters.GraphRequest) bool {
	for _, e := range g.Edges {
		if e.From == e.To {
			return true
		}
	}
	return false
}

// expTrivialExact: 1.0, so limit 4 asks for 4.
func expTrivialExact(t *suite.T) {
	cases := expTrivialGraphs()
	expCheckMultipliers(t, cases)
	cat := expCatalogue(t)
	for _, c := range cases {
		ans := call.MustExpand(t, adapters.ExpandRequest{Tools: cat, Nodes: c.graph.Nodes, Edges: c.graph.Edges, Query: "deploy the service", Limit: 4})
		if ans.Multiplier != 1 || ans.Asked != 4 {
			t.Errorf("%s: search used ×%v and asked %d at limit 4, want ×1 and 4", c.why, ans.Multiplier, ans.Asked)
		}
	}
}

// expWithLoops adds a self-loop on each of the first k nodes.
func expWithLoops(g adapters.GraphRequest, k int) adapters.GraphRequest {
	out := adapters.GraphRequest{Nodes: g.Nodes, Edges: append([]adapters.Edge(nil), g.Edges...)}
	for _, id := range g.Nodes[:k] {
		out.Edges = append(out.Edges, adapters.Edge{From: id, To: id})
	}
	return out
}

// expSelfLoops: each graph sits one edge below a threshold, so counting
// its self-loop moves it up a band.
func expSelfLoops(t *suite.T) {
	expCheckMultipliers(t, []expMultiplierCase{
		// 10/110 growing; counting the loop gives 11/110 = 0.10, mature.
		{"10 edges and a self-loop on 11 nodes", expWithLoops(expGraph(11, 10), 1), 2.0},
		// 100/10100 cold; counting the loop gives 101/10100 = 0.01, growing.
		{"100 edges and a self-loop on 101 nodes", expWithLoops(expGraph(101, 100), 1), 1.5},
		// 0/2 cold; counting both loops gives 2/2 = 1, mature.
		{"two nodes, each with a self-loop only", expWithLoops(expGraph(2, 0), 2), 1.5},
	})
}

// expRepeated repeats the first k edges once more.
func expRepeated(g adapters.GraphRequest, k int) adapters.GraphRequest {
	return adapters.GraphRequest{Nodes: g.Nodes, Edges: append(append([]adapters.Edge(nil), g.Edges...), g.Edges[:k]...)}
}

// expDuplicates: as expSelfLoops, with a repeated edge.
func expDuplicates(t *suite.T) {
	expCheckMultipliers(t, []expMultiplierCase{
		// 10 distinct of 110 growing; 11 counted would be 0.10, mature.
		{"10 edges, one repeated, on 11 nodes", expRepeated(expGraph(11, 10), 1), 2.0},
		// 100 distinct of 10100 cold; 101 counted would be 0.01, growing.
		{"100 edges, one repeated, on 101 nodes", expRepeated(expGraph(101, 100), 1), 1.5},
		// 1009 distinct growing; 1010 counted would be 0.10, mature.
		{"1009 edges, one repeated, on 101 nodes", expRepeated(expGraph(101, 1009), 1), 2.0},
	})
}

// expAskedCase is a search on a graph of n catalogue tools with e layered
// edges, and the count and multiplier worked out by hand.
type expAskedCase struct {
	why          string
	n, e, limit  int
	asked        int
	wantMultiple float64
}

func expCheckAsked(t *suite.T, cases []expAskedCase) {
	cat := expCatalogue(t)
	for _, c := range cases {
		ids := make([]string, 0, c.n)
		for _, x := range cat[:c.n] {
			ids = append(ids, x.ID)
		}
		req := adapters.ExpandRequest{Tools: cat, Nodes: ids, Edges: expLayers(ids, c.e), Query: "deploy the service to production", Limit: c.limit}
		ans := call.MustExpand(t, req)
		mark := t.Failures()
		if ans.Multiplier != c.wantMultiple || ans.Asked != c.asked {
			t.Errorf("%s, limit %d: search used ×%v and asked %d, want ×%v and %d", c.why, c.limit, ans.Multiplier, ans.Asked, c.wantMultiple, c.asked)
		}
		if err := invariant.ExpandAsked(req, ans); err != nil {
			t.Errorf("%s, limit %d: %v", c.why, c.limit, err)
		}
		if t.Failures() > mark {
			expSearchImplied(t, mark, req, ans)
		}
	}
}

// expAskedPerBand: graphs on the 101 tools of expCatalogue.
// 1.5: limit 1 → ceil(1.5) = 2, 2 → 3, 3 → ceil(4.5) = 5, 5 → ceil(7.5) = 8,
// 10 → 15; 2.0: 2·limit; 3.0: 3·limit.
func expAskedPerBand(t *suite.T) {
	expCheckAsked(t, []expAskedCase{
		{"cold, 100/10100", 101, 100, 1, 2, 1.5},
		{"cold, 100/10100", 101, 100, 2, 3, 1.5},
		{"cold, 100/10100", 101, 100, 3, 5, 1.5},
		{"cold, 100/10100", 101, 100, 5, 8, 1.5},
		{"cold, 0/10100", 101, 0, 10, 15, 1.5},
		{"growing, 102/10100", 101, 102, 5, 10, 2.0},
		{"growing, 1009/10100", 101, 1009, 7, 14, 2.0},
		{"mature, 1011/10100", 101, 1011, 5, 15, 3.0},
		{"mature, 1011/10100", 101, 1011, 7, 21, 3.0},
		{"mature, 12/110", 11, 12, 3, 9, 3.0},
	})
}

// expWithinLimit: searches on the fixture graphs, with limits from 1 to
// past the catalogue (96 tools; at ×3, limit 200 asks for 600).
func expWithinLimit(t *suite.T) {
	fx := expLoadFixtures(t)
	small := fx.tools[:3]
	type run struct {
		why   string
		tools []hybrid.Tool
		graph adapters.GraphRequest
		query string
		limit int
	}
	var runs []run
	for _, g := range fx.graphs {
		for _, c := range fx.cases {
			for _, limit := range []int{1, 5, 8} {
				runs = append(runs, run{g.name + "/" + c.Name, fx.tools, g.graph, c.Query, limit})
			}
		}
		runs = append(runs, run{g.name + ", limit past the catalogue", fx.tools, g.graph, "deploy", 200})
		runs = append(runs, run{g.name + ", three tools", small, g.graph, "deploy", 10})
	}
	for _, r := range runs {
		req := adapters.ExpandRequest{Tools: r.tools, Nodes: r.graph.Nodes, Edges: r.graph.Edges, Query: r.query, Limit: r.limit}
		ans := call.MustExpand(t, req)
		mark := t.Failures()
		for _, check := range []func(adapters.ExpandRequest, adapters.ExpandAnswer) error{invariant.ExpandWithinLimit, invariant.ExpandFromCandidates} {
			if err := check(req, ans); err != nil {
				t.Errorf("%s, limit %d: %v", r.why, r.limit, err)
			}
		}
		if len(ans.Candidates) > ans.Asked {
			t.Errorf("%s, limit %d: %d candidates for %d asked", r.why, r.limit, len(ans.Candidates), ans.Asked)
		}
		if t.Failures() > mark {
			expSearchImplied(t, mark, req, ans)
		}
	}
}

// expBadInput: each request is malformed in one way.
func expBadInput(t *suite.T) {
	cat := expCatalogue(t)
	graph := func(nodes []string, edges ...adapters.Edge) adapters.GraphRequest {
		return adapters.GraphRequest{Nodes: nodes, Edges: edges}
	}
	type gc = refusal[adapters.GraphRequest]
	graphs := []gc{
		{"empty node ID", graph([]string{"a", "c"}), graph([]string{"a", ""})},
		{"invalid UTF-8 node ID", graph([]string{"a", "bx"}), graph([]string{"a", "b\xff"})},
		{"empty edge end", graph([]string{"a", "b"}, adapters.Edge{From: "a", To: "b"}), graph([]string{"a", "b"}, adapters.Edge{From: "a", To: ""})},
		{"invalid UTF-8 edge end", graph([]string{"a", "b"}, adapters.Edge{From: "a", To: "b"}), graph([]string{"a", "b"}, adapters.Edge{From: "\xfe", To: "b"})},
	}
	refuses(t, call.Multiplier, graphs)
	var expands []refusal[adapters.ExpandRequest]
	for _, c := range graphs {
		req := func(g adapters.GraphRequest) adapters.ExpandRequest {
			return adapters.ExpandRequest{Tools: cat, Nodes: g.Nodes, Edges: g.Edges, Query: "deploy", Limit: 5}
		}
		expands = append(expands, refusal[adapters.ExpandRequest]{"expand, " + c.name, req(c.twin), req(c.bad)})
	}
	ok := adapters.ExpandRequest{Tools: cat, Nodes: []string{"deploy_service", "docker_build"}, Edges: []adapters.Edge{{From: "docker_build", To: "deploy_service"}}, Query: "deploy", Limit: 5}
	with := func(extra hybrid.Tool) adapters.ExpandRequest {
		r := ok
		r.Tools = append(append([]hybrid.Tool(nil), cat...), extra)
		return r
	}
	mod := func(f func(*adapters.ExpandRequest)) adapters.ExpandRequest {
		r := ok
		f(&r)
		return r
	}
	expands = append(expands, []refusal[adapters.ExpandRequest]{
		{"expand, negative limit", ok, mod(func(r *adapters.ExpandRequest) { r.Limit = -1 })},
		{"expand, invalid UTF-8 query", mod(func(r *adapters.ExpandRequest) { r.Query = "deploy x service" }), mod(func(r *adapters.ExpandRequest) { r.Query = "deploy \xff service" })},
		{"expand, duplicate tool ID", with(hybrid.Tool{ID: "another_tool", Description: "another tool by the same name"}), with(hybrid.Tool{ID: cat[0].ID, Description: "another tool by the same name"})},
		{"expand, empty tool ID", with(hybrid.Tool{ID: "nameless", Description: "a tool without a name"}), with(hybrid.Tool{ID: "", Description: "a tool without a name"})},
		{"expand, invalid UTF-8 tool ID", with(hybrid.Tool{ID: "badxid", Description: "a tool"}), with(hybrid.Tool{ID: "bad\xffid", Description: "a tool"})},
	}...)
	refuses(t, call.Expand, expands)
}

// expReferenceEdges: the reference's choices at the edges of the input.
func expReferenceEdges(t *suite.T) {
	cat := expCatalogue(t)
	base := adapters.ExpandRequest{Tools: cat, Nodes: []string{"deploy_service"}, Query: "deploy", Limit: 5}
	for _, q := range []string{"", "?! --"} {
		req := base
		req.Query = q
		if ans, err := call.Expand(t, req); err == nil {
			t.Errorf("query %q: accepted (%d results); want an error", q, len(ans.IDs))
		}
	}
	req := base
	req.Limit = 0
	ans, err := call.Expand(t, req)
	if err != nil {
		t.Errorf("limit 0: %v; want no error", err)
	} else if ans.Asked != 0 || len(ans.Candidates) != 0 || len(ans.IDs) != 0 {
		t.Errorf("limit 0: asked %d, %d candidates, %d results; want 0, 0, 0", ans.Asked, len(ans.Candidates), len(ans.IDs))
	}
}

// expExtraTools bring the fixture catalogue's 96 tools to 101, so that the
// boundary graphs on 101 nodes can be graphs of catalogue tools.
var expExtraTools = []hybrid.Tool{
	{ID: "dns_lookup", Description: "Resolve a host name to its DNS records"},
	{ID: "http_get", Description: "Send an HTTP GET request and show the response"},
	{ID: "ping_host", Description: "Check that a host answers on the network"},
	{ID: "ssl_cert_check", Description: "Show when a TLS certificate expires"},
	{ID: "port_scan", Description: "List the open ports of a host"},
}

// expCatalogue is the fixture catalogue plus expExtraTools, in ascending
// ID order: 101 tools.
func expCatalogue(t *suite.T) []hybrid.Tool {
	fx := expLoadFixtures(t)
	out := append(append([]hybrid.Tool(nil), fx.tools...), expExtraTools...)
	sort.Slice(out, func(i, j int) bool { return out[i].ID < out[j].ID })
	return out
}

// expFixtures is fixtures/tools in the adapter contract's types.
type expFixtures struct {
	tools  []hybrid.Tool
	graphs []expNamedGraph // in tools.Stages order
	cases  []tools.Case
}

type expNamedGraph struct {
	name  string
	graph adapters.GraphRequest
}

func expLoadFixtures(t *suite.T) expFixtures {
	var fx expFixtures
	cat, err := tools.Catalogue()
	if err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	fx.tools = convert.Tools(cat)
	gs, err := tools.Graphs()
	if err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	for _, g := range gs {
		fx.graphs = append(fx.graphs, expNamedGraph{name: g.Name, graph: convert.GraphRequest(g)})
	}
	if fx.cases, err = tools.Cases(); err != nil {
		t.Fatalf("fixtures: %v", err)
	}
	return fx
}
