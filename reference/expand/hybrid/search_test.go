package hybrid

import (
	"math"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/expand"
)

// Asked = ceil(limit·m), m from ADR-023's table; the numbers are by hand.
func TestAskedFollowsTheTable(t *testing.T) {
	fx := loadFixtures(t)
	one := mustGraph(t, []string{"deploy_service"})
	tests := []struct {
		graph *expand.Graph
		name  string
		limit int
		asked int
		mult  float64
	}{
		{nil, "nil", 5, 5, 1.0},
		{one, "one node", 5, 5, 1.0},
		{fx.graph(t, "cold"), "cold", 1, 2, 1.5},
		{fx.graph(t, "cold"), "cold", 2, 3, 1.5},
		{fx.graph(t, "cold"), "cold", 3, 5, 1.5},
		{fx.graph(t, "cold"), "cold", 5, 8, 1.5},
		{fx.graph(t, "cold"), "cold", 10, 15, 1.5},
		{fx.graph(t, "growing"), "growing", 5, 10, 2.0},
		{fx.graph(t, "growing"), "growing", 7, 14, 2.0},
		{fx.graph(t, "mature"), "mature", 5, 15, 3.0},
		{fx.graph(t, "mature"), "mature", 7, 21, 3.0},
		{fx.graph(t, "mature"), "mature", 0, 0, 3.0},
	}
	for _, tt := range tests {
		res, err := Search(fx.cat, tt.graph, "deploy the service", tt.limit)
		if err != nil {
			t.Fatal(err)
		}
		if res.Asked != tt.asked || res.Multiplier != tt.mult {
			t.Errorf("%s, limit %d: asked %d at ×%v, want %d at ×%v", tt.name, tt.limit, res.Asked, res.Multiplier, tt.asked, tt.mult)
		}
		if len(res.Candidates) != tt.asked {
			t.Errorf("%s, limit %d: %d candidates, want %d", tt.name, tt.limit, len(res.Candidates), tt.asked)
		}
	}
}

// Invariants a conformance check relies on, over every fixture graph, case,
// a spread of limits and three configurations.
func TestSearchInvariants(t *testing.T) {
	fx := loadFixtures(t)
	static := DefaultConfig()
	static.Multiplier = 2
	floor := DefaultConfig()
	floor.MinScore = 0.4
	for _, ng := range fx.graphs {
		for _, c := range fx.cases {
			for _, limit := range []int{0, 1, 2, 3, 5, 8, 13} {
				for ci, cfg := range []Config{DefaultConfig(), static, floor} {
					res, err := cfg.Search(fx.cat, ng.Graph, c.Query, limit)
					if err != nil {
						t.Fatal(err)
					}
					where := func() string { return ng.Name + "/" + c.Name }
					wantMult := expand.MaturityOf(ng.Graph).Multiplier()
					if cfg.Multiplier != 0 {
						wantMult = cfg.Multiplier
					}
					asked, _ := expand.Candidates(limit, wantMult)
					if res.Multiplier != wantMult || res.Asked != asked {
						t.Fatalf("%s cfg %d limit %d: ×%v asked %d, want ×%v asked %d", where(), ci, limit, res.Multiplier, res.Asked, wantMult, asked)
					}
					if len(res.Candidates) > res.Asked || len(res.IDs) > limit {
						t.Fatalf("%s: %d candidates for %d asked, %d results for limit %d", where(), len(res.Candidates), res.Asked, len(res.IDs), limit)
					}
					if cfg.MinScore == 0 && len(res.IDs) != min(limit, len(res.Candidates)) {
						t.Fatalf("%s: %d results, want %d", where(), len(res.IDs), min(limit, len(res.Candidates)))
					}
					pool := make(map[string]bool)
					for i, s := range res.Candidates {
						pool[s.ID] = true
						if s.Semantic < cfg.MinScore {
							t.Fatalf("%s: candidate %s scores %v below min %v", where(), s.ID, s.Semantic, cfg.MinScore)
						}
						if i > 0 {
							p := res.Candidates[i-1]
							if p.Semantic < s.Semantic || (p.Semantic == s.Semantic && p.ID >= s.ID) {
								t.Fatalf("%s: candidates out of semantic order at %d", where(), i)
							}
						}
						for _, x := range []float64{s.Semantic, s.Graph, s.Final} {
							if !(x >= 0 && x <= 1) {
								t.Fatalf("%s: score %v of %s outside [0, 1]", where(), x, s.ID)
							}
						}
					}
					seen := make(map[string]bool)
					for _, id := range res.IDs {
						if !pool[id] || seen[id] {
							t.Fatalf("%s: result %s not a candidate, or repeated: %v", where(), id, res.IDs)
						}
						seen[id] = true
					}
				}
			}
		}
	}
}

// A cold start keeps the semantic order exactly: the answer is the semantic
// top-limit, whatever the pool size.
func TestColdStartKeepsSemanticOrder(t *testing.T) {
	fx := loadFixtures(t)
	noGraph := DefaultConfig()
	noGraph.GraphWeight = 0
	static := DefaultConfig()
	static.Multiplier = 3
	runs := []struct {
		name string
		g    *expand.Graph
		cfg  Config
	}{
		{"nil graph", nil, DefaultConfig()},
		{"one node", mustGraph(t, []string{"git_commit"}), DefaultConfig()},
		{"cold", fx.graph(t, "cold"), DefaultConfig()},
		{"cold, static 3× pool", fx.graph(t, "cold"), static},
		{"mature, graph weight 0", fx.graph(t, "mature"), noGraph},
	}
	for _, r := range runs {
		for _, c := range fx.cases {
			for _, limit := range []int{1, 3, 5, 10} {
				res, err := r.cfg.Search(fx.cat, r.g, c.Query, limit)
				if err != nil {
					t.Fatal(err)
				}
				sem, err := fx.cat.Semantic(c.Query, limit, 0)
				if err != nil {
					t.Fatal(err)
				}
				want := make([]string, len(sem))
				for i, s := range sem {
					want[i] = s.ID
				}
				if res.Reranked || !reflect.DeepEqual(res.IDs, want) {
					t.Errorf("%s, %s, limit %d: %v (reranked %v), want semantic %v", r.name, c.Name, limit, res.IDs, res.Reranked, want)
				}
			}
		}
	}
}

func TestSearchDeterministic(t *testing.T) {
	fx := loadFixtures(t)
	shuffled := append([]Tool(nil), fx.tools...)
	sort.Slice(shuffled, func(i, j int) bool { return shuffled[i].Description > shuffled[j].Description })
	cat2, err := NewCatalogue(shuffled)
	if err != nil {
		t.Fatal(err)
	}
	for _, ng := range fx.graphs {
		g2 := reversedCopy(t, ng.Graph)
		for _, c := range fx.cases {
			a, err := Search(fx.cat, ng.Graph, c.Query, c.Limit)
			if err != nil {
				t.Fatal(err)
			}
			b, _ := Search(fx.cat, ng.Graph, c.Query, c.Limit)
			d, _ := Search(cat2, g2, c.Query, c.Limit)
			if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(a, d) {
				t.Errorf("%s/%s: results differ between runs or input orders", ng.Name, c.Name)
			}
		}
	}
}

func TestSearchErrors(t *testing.T) {
	fx := loadFixtures(t)
	g := fx.graph(t, "mature")
	bad := []struct {
		name  string
		cfg   Config
		cat   *Catalogue
		query string
		limit int
	}{
		{"nil catalogue", DefaultConfig(), nil, "deploy", 5},
		{"negative limit", DefaultConfig(), fx.cat, "deploy", -1},
		{"empty query", DefaultConfig(), fx.cat, "", 5},
		{"no word", DefaultConfig(), fx.cat, "?! --", 5},
		{"invalid UTF-8", DefaultConfig(), fx.cat, "deploy\xff", 5},
		{"graph weight above 1", Config{GraphWeight: 1.5}, fx.cat, "deploy", 5},
		{"graph weight NaN", Config{GraphWeight: math.NaN()}, fx.cat, "deploy", 5},
		{"negative min score", Config{MinScore: -0.1}, fx.cat, "deploy", 5},
		{"multiplier below 1", Config{Multiplier: 0.5}, fx.cat, "deploy", 5},
		{"multiplier infinite", Config{Multiplier: math.Inf(1)}, fx.cat, "deploy", 5},
		{"multiplier NaN", Config{Multiplier: math.NaN()}, fx.cat, "deploy", 5},
		{"overflowing limit", DefaultConfig(), fx.cat, "deploy", math.MaxInt},
	}
	for _, tt := range bad {
		if _, err := tt.cfg.Search(tt.cat, g, tt.query, tt.limit); err == nil {
			t.Errorf("%s: want an error", tt.name)
		}
	}
}

func TestSearchLimitBeyondCatalogue(t *testing.T) {
	fx := loadFixtures(t)
	res, err := Search(fx.cat, fx.graph(t, "mature"), "deploy", 200)
	if err != nil {
		t.Fatal(err)
	}
	if res.Asked != 600 || len(res.Candidates) != fx.cat.Len() || len(res.IDs) != fx.cat.Len() {
		t.Errorf("asked %d, %d candidates, %d results; want 600, %d, %d", res.Asked, len(res.Candidates), len(res.IDs), fx.cat.Len(), fx.cat.Len())
	}
}

// The original's 0.5 floor on semantic scores would drop every gem: they are
// semantically far by definition.
func TestMinScoreWouldHideTheGems(t *testing.T) {
	fx := loadFixtures(t)
	cfg := DefaultConfig()
	cfg.MinScore = 0.5
	for _, c := range fx.cases {
		res, err := cfg.Search(fx.cat, fx.graph(t, "mature"), c.Query, c.Limit)
		if err != nil {
			t.Fatal(err)
		}
		for _, gem := range c.Gems {
			if contains(res.IDs, gem) {
				t.Errorf("%s: gem %s survived a 0.5 floor", c.Name, gem)
			}
		}
	}
}

// graphScores on a graph small enough to solve by hand. Seeds s1, s2 (the
// first two candidates); x is joined to both; y is a node without edges; q
// is not in the graph. Path s1 - x - s2, walk restarting at s1 (d = 0.85):
//
//	u = x_x = 0.85·(x_s1 + x_s2), x_s2 = 0.85·u/2, x_s1 = 0.15 + 0.85·u/2
//	⇒ u = 0.1275/0.2775 = 17/37, x_s2 = 0.425·17/37.
//
// raw(x)  = mean(PPR_s1(x), PPR_s2(x)) / deg(x) = (17/37)/2 (symmetry)
// raw(s1) = PPR_s2(s1) / deg(s1) = 0.425·17/37 = raw(s2)
// raw(y)  = raw(q) = 0
// so Graph: x = 1, s1 = s2 = 0.425·2 = 0.85, y = q = 0.
func TestGraphScoresByHand(t *testing.T) {
	g := mustGraph(t, []string{"y"}, expand.Edge{From: "s1", To: "x"}, expand.Edge{From: "x", To: "s2"})
	cands := []Scored{{ID: "s1"}, {ID: "s2"}, {ID: "x"}, {ID: "y"}, {ID: "q"}}
	graphScores(g, cands, 2)
	want := map[string]float64{"s1": 0.85, "s2": 0.85, "x": 1, "y": 0, "q": 0}
	for _, c := range cands {
		if math.Abs(c.Graph-want[c.ID]) > 1e-9 {
			t.Errorf("Graph(%s) = %.12f, want %v", c.ID, c.Graph, want[c.ID])
		}
	}
	// One seed, s1: its own walk is left out, so no seed counts for s1 and
	// raw(s1) = 0. The others: raw(x) = PPR_s1(x)/2 = (17/37)/2, raw(s2) =
	// PPR_s1(s2)/1 = 0.425·17/37, raw(y) = raw(q) = 0; so Graph: x = 1,
	// s2 = 0.425·2 = 0.85, s1 = y = q = 0.
	one := []Scored{{ID: "s1"}, {ID: "s2"}, {ID: "x"}, {ID: "y"}, {ID: "q"}}
	graphScores(g, one, 1)
	want = map[string]float64{"s1": 0, "s2": 0.85, "x": 1, "y": 0, "q": 0}
	for _, c := range one {
		if !(math.Abs(c.Graph-want[c.ID]) <= 1e-9) {
			t.Errorf("one seed: Graph(%s) = %.12f, want %v", c.ID, c.Graph, want[c.ID])
		}
	}
	// No edge at all: every score is 0, nothing is divided by zero.
	empty := []Scored{{ID: "a"}, {ID: "b"}}
	graphScores(mustGraph(t, []string{"a", "b"}), empty, 1)
	if empty[0].Graph != 0 || empty[1].Graph != 0 {
		t.Errorf("edgeless graph gave %v", empty)
	}
}

// The bounds of Config are inclusive: graph weight 1, min score 1 and
// multiplier 1 are settings, not errors.
func TestSearchConfigBounds(t *testing.T) {
	fx := loadFixtures(t)
	g := fx.graph(t, "mature")
	for _, cfg := range []Config{{GraphWeight: 1}, {MinScore: 1}, {Multiplier: 1}} {
		res, err := cfg.Search(fx.cat, g, "deploy the service", 5)
		if err != nil {
			t.Errorf("%+v: %v", cfg, err)
			continue
		}
		if cfg.Multiplier == 1 && res.Asked != 5 {
			t.Errorf("multiplier 1: asked %d, want 5", res.Asked)
		}
	}
}

// A bad Config is reported as such before anything else is looked at, even
// when the catalogue is missing too.
func TestSearchConfigErrorsFirst(t *testing.T) {
	tests := []struct {
		cfg  Config
		want string
	}{
		{Config{GraphWeight: 1.5}, "graph weight 1.5"},
		{Config{MinScore: 1.5}, "min score 1.5"},
		{Config{Multiplier: 0.5}, "multiplier 0.5"},
	}
	for _, tt := range tests {
		_, err := tt.cfg.Search(nil, nil, "deploy", 5)
		if err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%+v with no catalogue: %v; want an error naming %q", tt.cfg, err, tt.want)
		}
	}
}

// When graph scores enter the ranking (step 4 of Search): from Growing on,
// with a positive weight, and only when there is a candidate.
func TestSearchRerankedWhen(t *testing.T) {
	fx := loadFixtures(t)
	// Growing is the first maturity that reranks.
	res, err := Search(fx.cat, fx.graph(t, "growing"), "deploy the service", 5)
	if err != nil || !res.Reranked {
		t.Errorf("growing graph: reranked %v, %v; want true", res.Reranked, err)
	}
	// Limit 0 asks for no candidate: no graph score enters anything.
	res, err = Search(fx.cat, fx.graph(t, "mature"), "deploy the service", 0)
	if err != nil || res.Reranked || len(res.IDs) != 0 {
		t.Errorf("limit 0: reranked %v, IDs %v, %v; want false, none", res.Reranked, res.IDs, err)
	}
	// One candidate (multiplier 1, limit 1) is reranked alone: it is the only
	// seed, its own walk is left out, so its graph score is 0 and
	// Final = (1-0.5)·Semantic.
	cfg := Config{GraphWeight: 0.5, Multiplier: 1}
	res, err = cfg.Search(fx.cat, fx.graph(t, "mature"), "deploy the service", 1)
	if err != nil || !res.Reranked || len(res.Candidates) != 1 {
		t.Fatalf("one candidate: reranked %v, %d candidates, %v; want true, 1", res.Reranked, len(res.Candidates), err)
	}
	if c := res.Candidates[0]; c.Graph != 0 || c.Final != 0.5*c.Semantic {
		t.Errorf("one candidate: %+v; want Graph 0, Final half of Semantic", c)
	}
}

// Equal final scores are ordered by semantic score, then by ID. With graph
// weight 1, Final = Graph; neither tool is in the (mature) graph, so both
// finals are 0, and the semantic score decides against the IDs' order.
// Query "apple" has 6 trigrams; "b apple" holds them plus 2 of "b"
// (cos 6/sqrt(6·8) = 0.87); "a apple pie with cream" holds "  a" twice (from
// "a" and "apple"), the other 5 of "apple" once, and 16 more (" a ", 4 of
// "pie", 5 of "with", 6 of "cream"): |v|² = 4+5+16 = 25, dot 7, cos
// 7/sqrt(6·25) = 0.57 (counting distinct trigrams in distinct buckets).
func TestSearchTieOnFinal(t *testing.T) {
	cat, err := NewCatalogue([]Tool{{"a", "apple pie with cream"}, {"b", "apple"}})
	if err != nil {
		t.Fatal(err)
	}
	g := mustGraph(t, nil, expand.Edge{From: "g1", To: "g2"}) // density 1/2: mature
	res, err := Config{GraphWeight: 1}.Search(cat, g, "apple", 2)
	if err != nil {
		t.Fatal(err)
	}
	if !res.Reranked || !reflect.DeepEqual(res.IDs, []string{"b", "a"}) {
		t.Errorf("reranked %v, IDs %v; want true, [b a] (candidates %+v)", res.Reranked, res.IDs, res.Candidates)
	}
}
