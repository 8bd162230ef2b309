package ctxconform_test

import (
	"context"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// TestRadialMutants runs the radial-inflation requirements against
// implementations broken on purpose, and checks the suite fails each one on
// the requirements that describe its fault (and passes the reference there).
func TestRadialMutants(t *testing.T) {
	tests := []struct {
		mutant adapters.Adapter
		caught []string // requirements that must fail
	}{
		{broken.RadialNoMerge(), []string{"RAD-02", "RAD-19"}},
		{broken.RadialSplit5050(), []string{"RAD-13", "RAD-23"}},
		{broken.RadialCountsCodeSpace(), []string{"RAD-04", "RAD-20"}},
	}
	reqs := ctxconform.Requirements()
	opts := suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Radial}, Seed: 1, PropertyRuns: 100}
	ref := outcomes(suite.Run(context.Background(), reference.New(), reqs, opts))
	for _, tt := range tests {
		name := tt.mutant.Info().Name
		t.Run(name, func(t *testing.T) {
			t.Parallel()
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
