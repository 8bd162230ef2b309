package ctxconform_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// TestInflateMutants runs the inflation and density requirements against
// implementations broken on purpose, and checks the suite fails each one on
// the requirement that describes its fault (and passes the reference there).
func TestInflateMutants(t *testing.T) {
	tests := []struct {
		mutant adapters.Adapter
		caught []string // requirements that must fail
	}{
		{broken.IgnoresBudget(), []string{"DEN-01"}},
		{broken.NoMerge(), []string{"INF-04", "INF-14"}},
		{broken.SplitsUTF8(), []string{"INF-02"}},
		{broken.Overlaps(), []string{"INF-03"}},
		{broken.LosesHits(), []string{"INF-05"}},
		{broken.InputOrder(), []string{"INF-09", "DEN-04"}},
		{broken.AcceptsAnything(), []string{"INF-11", "DEN-07"}},
	}
	reqs := ctxconform.Requirements()
	for _, tt := range tests {
		name := tt.mutant.Info().Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			// Only the requirements this mutant must fail: the reference must
			// pass them, the mutant must not.
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 100,
				Match: regexp.MustCompile(`^(` + strings.Join(tt.caught, "|") + `) `)}
			ref := outcomes(suite.Run(context.Background(), reference.New(), reqs, opts))
			got := outcomes(suite.Run(context.Background(), tt.mutant, reqs, opts))
			for _, id := range tt.caught {
				if ref[id] != suite.Passed {
					t.Errorf("%s: the reference itself is %s", id, ref[id])
				}
				if got[id] != suite.Failed {
					t.Errorf("%s: %s, want failed: the suite does not catch %s", id, got[id], name)
				}
			}
		})
	}
}

func outcomes(rep suite.Report) map[string]suite.Outcome {
	m := map[string]suite.Outcome{}
	for _, r := range rep.Results {
		m[r.ID] = r.Outcome
	}
	return m
}
