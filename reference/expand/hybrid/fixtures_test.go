package hybrid

import (
	"testing"

	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/expand"
)

type fixtureSet struct {
	tools  []Tool
	cat    *Catalogue
	graphs []NamedGraph // cold, growing, mature
	cases  []tools.Case
}

func loadFixtures(t *testing.T) fixtureSet {
	t.Helper()
	ft, err := tools.Catalogue()
	if err != nil {
		t.Fatal(err)
	}
	var fx fixtureSet
	for _, x := range ft {
		fx.tools = append(fx.tools, Tool{ID: x.ID, Description: x.Description})
	}
	if fx.cat, err = NewCatalogue(fx.tools); err != nil {
		t.Fatal(err)
	}
	gs, err := tools.Graphs()
	if err != nil {
		t.Fatal(err)
	}
	for _, fg := range gs {
		es := make([]expand.Edge, len(fg.Edges))
		for i, e := range fg.Edges {
			es[i] = expand.Edge{From: e[0], To: e[1]}
		}
		fx.graphs = append(fx.graphs, NamedGraph{Name: fg.Name, Graph: mustGraph(t, fg.Nodes, es...)})
	}
	if fx.cases, err = tools.Cases(); err != nil {
		t.Fatal(err)
	}
	return fx
}

func (fx fixtureSet) graph(t *testing.T, name string) *expand.Graph {
	t.Helper()
	for _, ng := range fx.graphs {
		if ng.Name == name {
			return ng.Graph
		}
	}
	t.Fatalf("no fixture graph %q", name)
	return nil
}

func asCases(cs []tools.Case) []Case {
	out := make([]Case, len(cs))
	for i, c := range cs {
		out[i] = Case{Query: c.Query, Limit: c.Limit, Relevant: c.Relevant}
	}
	return out
}

// The fixture graphs sit in the bands their names claim.
func TestFixtureMaturity(t *testing.T) {
	fx := loadFixtures(t)
	want := map[string]expand.Maturity{"cold": expand.Cold, "growing": expand.Growing, "mature": expand.Mature}
	for _, ng := range fx.graphs {
		if got := expand.MaturityOf(ng.Graph); got != want[ng.Name] {
			t.Errorf("%s graph is %v (density %v)", ng.Name, got, expand.Density(ng.Graph))
		}
	}
}

// semanticRank is the 1-based rank of id in the full semantic ranking.
func semanticRank(t *testing.T, cat *Catalogue, query, id string) int {
	t.Helper()
	all, err := cat.Semantic(query, cat.Len(), 0)
	if err != nil {
		t.Fatal(err)
	}
	for i, s := range all {
		if s.ID == id {
			return i + 1
		}
	}
	t.Fatalf("%q not ranked for %q", id, query)
	return 0
}

func contains(ids []string, id string) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestHiddenGems is the ADR's reason to exist: each gem ranks below
// 2·limit semantically but within 3·limit; on the mature graph the dynamic
// multiplier (3×) finds it and the static 2× cannot even consider it.
func TestHiddenGems(t *testing.T) {
	fx := loadFixtures(t)
	mature := fx.graph(t, "mature")
	static := DefaultConfig()
	static.Multiplier = 2
	n := 0
	for _, c := range fx.cases {
		if c.Kind != "gem" {
			continue
		}
		n++
		t.Run(c.Name, func(t *testing.T) {
			for _, gem := range c.Gems {
				if r := semanticRank(t, fx.cat, c.Query, gem); r <= 2*c.Limit || r > 3*c.Limit {
					t.Errorf("gem %s has semantic rank %d, want in (%d, %d]", gem, r, 2*c.Limit, 3*c.Limit)
				}
			}
			dyn, err := Search(fx.cat, mature, c.Query, c.Limit)
			if err != nil {
				t.Fatal(err)
			}
			st, err := static.Search(fx.cat, mature, c.Query, c.Limit)
			if err != nil {
				t.Fatal(err)
			}
			if dyn.Asked != 3*c.Limit || st.Asked != 2*c.Limit {
				t.Fatalf("asked %d (dynamic) and %d (static), want %d and %d", dyn.Asked, st.Asked, 3*c.Limit, 2*c.Limit)
			}
			for _, gem := range c.Gems {
				if !contains(dyn.IDs, gem) {
					t.Errorf("dynamic: gem %s not found in %v", gem, dyn.IDs)
				}
				if contains(st.IDs, gem) {
					t.Errorf("static 2×: gem %s found in %v, but it is not among the first %d", gem, st.IDs, 2*c.Limit)
				}
			}
			// What that means for recall, from the relevant set alone.
			rel := float64(len(c.Relevant))
			gems := float64(len(c.Gems))
			if r := Recall(st.IDs, c.Relevant, c.Limit); r > (rel-gems)/rel {
				t.Errorf("static recall %v above the %v the unreachable gems allow", r, (rel-gems)/rel)
			}
			if r := Recall(dyn.IDs, c.Relevant, c.Limit); r < gems/rel {
				t.Errorf("dynamic recall %v below the %v the found gems give", r, gems/rel)
			}
		})
	}
	if n < 5 {
		t.Errorf("%d gem cases, want at least 5", n)
	}
}

// TestCompareRecall: on the cold graph the two settings return the same
// answers (graph weight 0, and a bigger pool does not change a semantic
// top-limit) with fewer candidates asked; on the growing graph both use 2×;
// on the mature graph the dynamic pool finds the gems and its mean recall
// is higher.
func TestCompareRecall(t *testing.T) {
	fx := loadFixtures(t)
	cases := asCases(fx.cases)
	rows, err := CompareRecall(fx.cat, fx.graphs, cases, DefaultConfig())
	if err != nil {
		t.Fatal(err)
	}
	// Asked totals from the integer forms of ceil(limit·m).
	var cold, double, triple int
	for _, c := range cases {
		cold += (3*c.Limit + 1) / 2
		double += 2 * c.Limit
		triple += 3 * c.Limit
	}
	want := map[string][2]int{"cold": {cold, double}, "growing": {double, double}, "mature": {triple, double}}
	if len(rows) != 3 {
		t.Fatalf("%d rows, want 3", len(rows))
	}
	for _, r := range rows {
		t.Logf("%-8s density %.4f ×%.1f  recall dynamic %.3f static 2× %.3f  asked %d vs %d",
			r.Graph, r.Density, r.Multiplier, r.Dynamic, r.Static, r.AskedDynamic, r.AskedStatic)
		if w := want[r.Graph]; r.AskedDynamic != w[0] || r.AskedStatic != w[1] {
			t.Errorf("%s: asked %d/%d, want %d/%d", r.Graph, r.AskedDynamic, r.AskedStatic, w[0], w[1])
		}
		if r.Cases != len(cases) {
			t.Errorf("%s: %d cases, want %d", r.Graph, r.Cases, len(cases))
		}
		switch r.Graph {
		case "cold", "growing":
			if r.Dynamic != r.Static {
				t.Errorf("%s: dynamic %v != static %v", r.Graph, r.Dynamic, r.Static)
			}
		case "mature":
			if !(r.Dynamic > r.Static) {
				t.Errorf("mature: dynamic %v not above static %v", r.Dynamic, r.Static)
			}
		}
	}
	// The mean recall is the mean of the per-case recalls.
	sum := 0.0
	mature := fx.graph(t, "mature")
	for _, c := range cases {
		res, err := Search(fx.cat, mature, c.Query, c.Limit)
		if err != nil {
			t.Fatal(err)
		}
		sum += Recall(res.IDs, c.Relevant, c.Limit)
	}
	if got := sum / float64(len(cases)); got != rows[2].Dynamic {
		t.Errorf("mature dynamic mean %v, recomputed %v", rows[2].Dynamic, got)
	}
	if _, err := CompareRecall(fx.cat, fx.graphs, nil, DefaultConfig()); err == nil {
		t.Error("no case: want an error")
	}
	if _, err := CompareRecall(fx.cat, fx.graphs, []Case{{Query: "!!", Limit: 5}}, DefaultConfig()); err == nil {
		t.Error("bad query: want an error")
	}
}
