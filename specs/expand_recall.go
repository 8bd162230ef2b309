package specs

import (
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// expRecallRow is one fixture graph's figures.
type expRecallRow struct {
	name                 string
	n, e                 int
	pad                  invariant.GraphPadding
	multDyn, multStatic  []float64 // as answered, one per case
	recallDyn, recallSt  float64   // mean recall@limit
	gemsDyn, gemsSt      int       // hidden gems found
	askedDyn, askedSt    int       // candidates asked, over all cases
	staticIsTwo, uniform bool
	alike                bool // both arms answered the same results in every case
}

// expRecall measures what ADR-023 is for: on each fixture graph, the
// recall@limit of the hidden-gem cases (fixtures/tools/cases.json, kind
// "gem") with the implementation's dynamic multiplier, against a static 2×.
//
// A foreign implementation cannot be configured to 2×, and its semantic
// stage is its own, so the baseline is the implementation's own Expand on
// the same graph padded (invariant.PadToGrowing) to density about 0.05,
// where ADR-023 gives 2.0. The padding is tool nodes outside the catalogue:
// isolated ones for a denser graph, a separate component for a sparser one,
// so no catalogue tool's neighbourhood, degree or reachable walk changes;
// only the graph's size and band do. On the reference (personalised
// PageRank from the semantic top hits) the baseline on the mature graph is
// exactly the search with its multiplier fixed at 2 (tested in
// mutants_expand_test.go). Anything an implementation ties to the graph's
// size or band moves with the padding, and the notes say so.
//
// The verdict is on the mature graph only: mean recall with the dynamic
// multiplier at least the baseline's. The other rows are figures. When
// both arms answer the same results in every case, the verdict is
// inconclusive: "at least" then holds without anything shown.
func expRecall(t *suite.T) {
	fx := expLoadFixtures(t)
	var cases int
	var gemTotal int
	var limits []int
	for _, c := range fx.cases {
		if c.Kind == "gem" {
			cases++
			gemTotal += len(c.Gems)
			limits = append(limits, c.Limit)
		}
	}
	if cases == 0 {
		t.Fatalf("fixtures: no hidden-gem case")
	}
	catIDs := make([]string, len(fx.tools))
	for i, x := range fx.tools {
		catIDs[i] = x.ID
	}
	var rows []expRecallRow
	for _, g := range fx.graphs {
		padded, pad, err := invariant.PadToGrowing(g.graph, catIDs)
		if err != nil {
			t.Fatalf("fixture graph %s: %v", g.name, err)
		}
		r := expRecallRow{name: g.name, pad: pad, staticIsTwo: true, uniform: true, alike: true}
		r.n, r.e = invariant.GraphCounts(g.graph)
		for _, c := range fx.cases {
			if c.Kind != "gem" {
				continue
			}
			dyn := call.MustExpand(t, adapters.ExpandRequest{Tools: fx.tools, Nodes: g.graph.Nodes, Edges: g.graph.Edges, Query: c.Query, Limit: c.Limit})
			st := call.MustExpand(t, adapters.ExpandRequest{Tools: fx.tools, Nodes: padded.Nodes, Edges: padded.Edges, Query: c.Query, Limit: c.Limit})
			r.recallDyn += hybrid.Recall(dyn.IDs, c.Relevant, c.Limit)
			r.recallSt += hybrid.Recall(st.IDs, c.Relevant, c.Limit)
			r.gemsDyn += expFound(dyn.IDs, c.Gems, c.Limit)
			r.gemsSt += expFound(st.IDs, c.Gems, c.Limit)
			r.askedDyn += dyn.Asked
			r.askedSt += st.Asked
			r.multDyn = append(r.multDyn, dyn.Multiplier)
			r.multStatic = append(r.multStatic, st.Multiplier)
			r.staticIsTwo = r.staticIsTwo && st.Multiplier == invariant.GrowingMultiplier
			r.uniform = r.uniform && dyn.Multiplier == r.multDyn[0] && st.Multiplier == r.multStatic[0]
			r.alike = r.alike && slices.Equal(dyn.IDs, st.IDs)
		}
		r.recallDyn /= float64(cases)
		r.recallSt /= float64(cases)
		rows = append(rows, r)
	}

	t.Notef("hidden gems: %d cases (limit %s), %d gems; recall@limit = share of a case's relevant tools among its first limit results, mean over the cases", cases, expLimits(limits), gemTotal)
	t.Notef("static 2× = this implementation's own Expand on the same graph padded to density ≈ 0.05 with nodes outside the catalogue (isolated if denser, a separate component if sparser)")
	t.Notef("%-8s %5s %6s %8s %5s %5s %10s %10s %8s %8s %9s %9s  %s", "graph", "nodes", "edges", "density", "×dyn", "×2×", "recall dyn", "recall 2×", "gems dyn", "gems 2×", "asked dyn", "asked 2×", "padding")
	for _, r := range rows {
		padding := "none (already 2×)"
		if r.pad != (invariant.GraphPadding{}) {
			padding = fmt.Sprintf("+%d nodes, +%d edges", r.pad.Nodes, r.pad.Edges)
		}
		t.Notef("%-8s %5d %6d %8.4f %5s %5s %10.3f %10.3f %8s %8s %9d %9d  %s", r.name, r.n, r.e, float64(r.e)/float64(r.n*(r.n-1)),
			expMults(r.multDyn), expMults(r.multStatic), r.recallDyn, r.recallSt,
			fmt.Sprintf("%d/%d", r.gemsDyn, gemTotal), fmt.Sprintf("%d/%d", r.gemsSt, gemTotal), r.askedDyn, r.askedSt, padding)
	}
	t.Notef("caveat: the padding also moves the graph's band; on the cold row the 2× baseline is a growing graph, so an implementation that re-ranks only from growing (the reference) re-ranks there; the growing row compares a search with itself")

	for _, r := range rows {
		if r.name != "mature" {
			continue
		}
		if !r.staticIsTwo || !r.uniform {
			t.Skipf("no static 2× baseline: on the padded mature graph the search used ×%v (want 2), on the mature graph ×%v", expMults(r.multStatic), expMults(r.multDyn))
		}
		if r.alike {
			// Nothing was compared: the multiplier changed no answer (a
			// graph stage that scores every candidate alike, say), so
			// "at least" holds vacuously. ADR-023 asks the dynamic
			// multiplier to find more; identical arms cannot show it.
			t.Inconclusivef("mature graph: the search answered the same results with ×%s as with the static 2× in all %d hidden-gem cases (mean recall@limit %.3f both), so the comparison shows nothing",
				expMults(r.multDyn), cases, r.recallDyn)
		}
		if r.recallDyn < r.recallSt {
			t.Errorf("mature graph: mean recall@limit %.3f with ×%s, below the static 2×'s %.3f (gems found %d vs %d of %d)",
				r.recallDyn, expMults(r.multDyn), r.recallSt, r.gemsDyn, r.gemsSt, gemTotal)
		}
		return
	}
	t.Fatalf("fixtures: no mature graph")
}

// expFound counts the gems among the first limit results.
func expFound(ids, gems []string, limit int) int {
	n := 0
	for _, g := range gems {
		for i := 0; i < len(ids) && i < limit; i++ {
			if ids[i] == g {
				n++
				break
			}
		}
	}
	return n
}

// expMults prints the multiplier used, or the distinct ones if the cases
// disagree.
func expMults(ms []float64) string {
	var out []float64
	for _, m := range ms {
		seen := false
		for _, o := range out {
			seen = seen || o == m
		}
		if !seen {
			out = append(out, m)
		}
	}
	if len(out) == 1 {
		return fmt.Sprintf("%.1f", out[0])
	}
	return fmt.Sprint(out)
}

// expLimits prints the cases' limits: one number if they agree.
func expLimits(ls []int) string {
	if slices.Min(ls) == slices.Max(ls) {
		return fmt.Sprint(ls[0])
	}
	return fmt.Sprint(ls)
}
