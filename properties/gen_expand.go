package properties

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// usageRecipe is a generated usage graph for ADR-023, kept as plain numbers
// so gopter can shrink it; Graph builds it. Its edge count is aimed at a
// uniform fill or just around one of the two thresholds (ceil(n(n-1)/100)
// and ceil(n(n-1)/10), plus Delta, most often 0), so exact boundaries come
// up whenever n(n-1) is a multiple of 100 or 10.
type usageRecipe struct {
	Nodes   int   // node count, 0–60
	Aim     int   // 0 uniform fill, 1 around density 0.01, 2 around 0.10
	Delta   int   // edges added to the threshold count, -2..2
	Fill    int   // per mille of the n(n-1) possible edges, for Aim 0
	Seed    int64 // picks the node names, the edges and their order
	Loops   int   // self-loops added, 0–3 (only with noise)
	Repeats int   // edges repeated, 0–3 (only with noise)
	Noise   bool  // whether Loops and Repeats are added (set by the generator)
}

// expandRecipe is a generated hybrid search: a usage graph, a query, a
// limit and a catalogue (the fixture tools, all or a subset).
type expandRecipe struct {
	Graph usageRecipe
	Query int   // index into the fixture queries, or past them a generated one
	Words int64 // seed of a generated query
	Limit int   // 0–16
	Tools int   // catalogue size; 0 (or past the fixture) is the whole fixture
	Order int64 // seed for the catalogue's subset and order
}

func genUsageRecipe(noise bool) gopter.Gen {
	return gen.Struct(reflectOf[usageRecipe](), map[string]gopter.Gen{
		"Nodes": gen.Weighted([]gen.WeightedGen{
			{Weight: 1, Gen: gen.IntRange(0, 1)},
			{Weight: 5, Gen: gen.IntRange(2, 25)},
			{Weight: 4, Gen: gen.IntRange(25, 60)},
			// 25·24 = 600 is the only n(n-1) up to 60 that 100 divides:
			// with Aim 1 and Delta 0, density exactly 0.01.
			{Weight: 1, Gen: gen.Const(25)},
		}),
		"Aim": gen.IntRange(0, 2),
		"Delta": gen.Weighted([]gen.WeightedGen{
			{Weight: 3, Gen: gen.Const(0)},
			{Weight: 2, Gen: gen.IntRange(-2, 2)},
		}),
		"Fill": gen.Weighted([]gen.WeightedGen{
			{Weight: 2, Gen: gen.IntRange(0, 20)},
			{Weight: 2, Gen: gen.IntRange(20, 150)},
			{Weight: 1, Gen: gen.IntRange(150, 1000)},
		}),
		"Seed":    gen.Int64Range(0, 1<<40),
		"Loops":   gen.IntRange(0, 3),
		"Repeats": gen.IntRange(0, 3),
		"Noise":   gen.Const(noise),
	})
}

func genExpandRecipe(noise bool) gopter.Gen {
	return gen.Struct(reflectOf[expandRecipe](), map[string]gopter.Gen{
		"Graph": genUsageRecipe(noise),
		"Query": gen.IntRange(0, 24),
		"Words": gen.Int64Range(0, 1<<40),
		"Limit": gen.Weighted([]gen.WeightedGen{
			{Weight: 1, Gen: gen.Const(0)},
			{Weight: 8, Gen: gen.IntRange(1, 8)},
			{Weight: 2, Gen: gen.IntRange(8, 16)},
		}),
		"Tools": gen.Weighted([]gen.WeightedGen{
			{Weight: 3, Gen: gen.Const(0)},
			{Weight: 1, Gen: gen.IntRange(1, 95)},
		}),
		"Order": gen.Int64Range(0, 1<<40),
	})
}

// expFixture is fixtures/tools in the contract's types: the catalogue and
// the evaluation queries, loaded once.
type expFixtureData struct {
	tools   []hybrid.Tool
	queries []string
}

var expFixture = sync.OnceValues(func() (expFixtureData, error) {
	var fx expFixtureData
	cat, err := tools.Catalogue()
	if err != nil {
		return fx, err
	}
	cases, err := tools.Cases()
	if err != nil {
		return fx, err
	}
	fx.tools = convert.Tools(cat)
	for _, c := range cases {
		fx.queries = append(fx.queries, c.Query)
	}
	return fx, nil
})

// expTools is the fixture catalogue and queries; a broken fixture is a bug
// in ctxconform, so it panics (and the run reports the requirement
// errored).
func expTools() ([]hybrid.Tool, []string) {
	fx, err := expFixture()
	if err != nil {
		panic(fmt.Sprintf("fixtures/tools: %v", err))
	}
	return fx.tools, fx.queries
}

// Graph builds the usage graph on catalogue tool names. Without Noise it is
// simple (no self-loop, no repeated edge), so every reading of ADR-023
// counts it the same way; with Noise it has Loops self-loops and Repeats
// repeated edges, and the edges are shuffled again.
func (r usageRecipe) Graph() adapters.GraphRequest {
	ts, _ := expTools()
	// Shrinking may step outside the generators' ranges: clamp everything.
	n := min(abs(r.Nodes), 60, len(ts))
	rng := rand.New(rand.NewSource(r.Seed))
	perm := rng.Perm(len(ts))
	ids := make([]string, n)
	for i := range ids {
		ids[i] = ts[perm[i]].ID
	}
	possible := n * (n - 1)
	var e int
	switch abs(r.Aim) % 3 {
	case 0:
		e = possible * min(abs(r.Fill), 1000) / 1000
	case 1:
		e = (possible+99)/100 + max(min(r.Delta, 2), -2)
	default:
		e = (possible+9)/10 + max(min(r.Delta, 2), -2)
	}
	e = max(min(e, possible), 0)
	pairs := make([]adapters.Edge, 0, possible)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i != j {
				pairs = append(pairs, adapters.Edge{From: ids[i], To: ids[j]})
			}
		}
	}
	rng.Shuffle(len(pairs), func(i, j int) { pairs[i], pairs[j] = pairs[j], pairs[i] })
	g := adapters.GraphRequest{Nodes: ids, Edges: pairs[:e:e]}
	if r.Noise && n > 0 {
		for k := 0; k < min(abs(r.Loops), 3); k++ {
			id := ids[rng.Intn(n)]
			g.Edges = append(g.Edges, adapters.Edge{From: id, To: id})
		}
		for k := 0; k < min(abs(r.Repeats), 3) && e > 0; k++ {
			g.Edges = append(g.Edges, g.Edges[rng.Intn(e)])
		}
		rng.Shuffle(len(g.Edges), func(i, j int) { g.Edges[i], g.Edges[j] = g.Edges[j], g.Edges[i] })
	}
	return g
}

// Request builds the search. The catalogue is the fixture's 96 tools, or a
// subset of them (so a limit can exceed it), in a seeded order; the graph's
// nodes are fixture tools whether or not they are in the subset.
func (r expandRecipe) Request() adapters.ExpandRequest {
	ts, queries := expTools()
	rng := rand.New(rand.NewSource(r.Order))
	cat := append([]hybrid.Tool(nil), ts...)
	rng.Shuffle(len(cat), func(i, j int) { cat[i], cat[j] = cat[j], cat[i] })
	if k := abs(r.Tools); k > 0 && k < len(cat) {
		cat = cat[:k]
	}
	g := r.Graph.Graph()
	return adapters.ExpandRequest{
		Tools: cat, Nodes: g.Nodes, Edges: g.Edges,
		Query: expQuery(abs(r.Query), r.Words, ts, queries),
		Limit: min(abs(r.Limit), 16),
	}
}

// expQuery is fixture query i, or past them one to four words drawn from
// the catalogue's descriptions.
func expQuery(i int, seed int64, ts []hybrid.Tool, queries []string) string {
	if i < len(queries) {
		return queries[i]
	}
	rng := rand.New(rand.NewSource(seed))
	var words []string
	for k := 1 + rng.Intn(4); k > 0; k-- {
		ws := strings.Fields(ts[rng.Intn(len(ts))].Description)
		words = append(words, strings.ToLower(strings.Trim(ws[rng.Intn(len(ws))], ".,;:()")))
	}
	q := strings.Join(words, " ")
	if strings.TrimSpace(q) == "" {
		return "deploy"
	}
	return q
}

// String is what gopter prints for a counterexample: the graph's counts and
// the search, compact.
func (r usageRecipe) String() string {
	return expGraphString(r, r.Graph())
}

func expGraphString(r usageRecipe, g adapters.GraphRequest) string {
	n, e := invariant.GraphCounts(g)
	loops, all := 0, len(g.Edges)
	for _, x := range g.Edges {
		if x.From == x.To {
			loops++
		}
	}
	density := 0.0
	if n > 1 {
		density = float64(e) / float64(n*(n-1))
	}
	return fmt.Sprintf("n=%d e=%d density=%.4f (%d edges sent: %d self-loops, %d repeats)",
		n, e, density, all, loops, all-loops-e)
}

func (r expandRecipe) String() string {
	req := r.Request()
	return fmt.Sprintf("query=%q limit=%d tools=%d graph: %s", req.Query, req.Limit, len(req.Tools),
		expGraphString(r.Graph, adapters.GraphRequest{Nodes: req.Nodes, Edges: req.Edges}))
}
