package properties

import (
	"context"
	"regexp"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/suite"
)

// overOnBudgetOne is the reference, except that it answers a lone molecule
// under max_chars 1 whole, whatever its length.
type overOnBudgetOne struct{ *reference.Adapter }

func (o overOnBudgetOne) Assemble(ctx context.Context, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	if req.MaxChars != 1 || len(req.Molecules) != 1 {
		return o.Adapter.Assemble(ctx, req)
	}
	m := req.Molecules[0]
	for _, d := range req.Documents {
		if d.ID == m.Source {
			return adapters.AssembleAnswer{Results: []assemble.Result{{Window: d.Body[m.Start:m.End], Source: d.ID, Start: m.Start, End: m.End,
				Molecules: []string{m.ID}, Strategy: assemble.Single, Coherence: 1, Score: m.Score}}}, nil
		}
	}
	return o.Adapter.Assemble(ctx, req)
}

// TestOverBudgetShareAtTarget: std085's target is fewer than 5%
// over-budget assemblies, so one in twenty is not under it. The run is made
// twenty assemblies (the edge cases and the rest generated), one of them
// the edge case of one molecule under budget 1, which overOnBudgetOne
// answers over budget.
func TestOverBudgetShareAtTarget(t *testing.T) {
	edges := len(edgesAssembleCase())
	opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 20 - edges, Standards: []adapters.Standard{adapters.Assemble},
		Match: regexp.MustCompile(`^ASM-06 `)}
	rep := suite.Run(context.Background(), overOnBudgetOne{reference.New()}, Requirements(), opts)
	if len(rep.Results) != 1 {
		t.Fatalf("%d results, want ASM-06's", len(rep.Results))
	}
	r := rep.Results[0]
	if !regexp.MustCompile(`\b1 of 20 assemblies`).MatchString(r.Message) {
		t.Fatalf("want 1 of 20 assemblies over budget (the premise of this test), got: %s", r.Message)
	}
	if r.Outcome != suite.Failed {
		t.Errorf("ASM-06 is %s on 1 of 20 assemblies over budget (5%%), want failed: %s", r.Outcome, r.Message)
	}
}
