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

// TestDensifyMutants runs the densification requirements against flows
// broken on purpose, and checks the suite fails each one on the requirements
// that describe its fault (and passes the reference there). The endless
// merge loop must be caught by a termination requirement, not by the run's
// timeout: the harness's call budget ends it.
func TestDensifyMutants(t *testing.T) {
	tests := []struct {
		mutant adapters.Adapter
		caught []string // requirements that must fail
	}{
		{broken.NoMergeRetry(), []string{"DSF-07", "DSF-08", "DSF-24"}},
		{broken.HalvesBelowFloor(), []string{"DSF-08", "DSF-09", "DSF-24"}},
		{broken.RateLimitAsOverflow(), []string{"DSF-10", "DSF-11", "DSF-25"}},
		{broken.EndlessMerge(), []string{"DSF-17", "DSF-21"}},
	}
	stds := []adapters.Standard{adapters.Densify}
	reqs := ctxconform.Requirements()
	opts := suite.Options{Level: suite.Reference, Standards: stds, Seed: 1, PropertyRuns: 50}
	ref := outcomes(suite.Run(context.Background(), reference.New(), reqs, opts))
	for _, tt := range tests {
		name := tt.mutant.Info().Name
		t.Run(name, func(t *testing.T) {
			mopts := opts // only the requirements that must catch it: a mutant that never ends is slow to shrink
			mopts.Match = regexp.MustCompile(`^(` + strings.Join(tt.caught, "|") + `) `)
			rep := suite.Run(context.Background(), tt.mutant, reqs, mopts)
			got := outcomes(rep)
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
