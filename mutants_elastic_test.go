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

// TestElasticMutants runs the elastic requirements against implementations
// broken on purpose, and checks the suite fails each one on the
// requirements that describe its fault (and passes the reference there).
func TestElasticMutants(t *testing.T) {
	tests := []struct {
		mutant adapters.Adapter
		caught []string // requirements that must fail
	}{
		// Hydrate only: r = floor(b/h/2) with no clamp. Caught by the cap
		// example, the radius the answer reports, the windows' reach, and
		// (under the floor) the survivors.
		{broken.UnclampedRadius(), []string{"ELA-04", "ELA-18", "ELA-21", "ELA-06", "ELA-23"}},
		// Windows every atom at r = 200 whatever the budget.
		{broken.KeepsEveryAtom(), []string{"ELA-05", "ELA-19", "ELA-06", "ELA-23"}},
		// One window per atom: overlapping windows are not merged.
		{broken.NoMergeElastic(), []string{"ELA-04", "ELA-16", "ELA-23"}},
		// Radius and Hydrate: clamp(b·h/200): right at 10 hits, grows with hits.
		{broken.RadiusGrowsWithHits(), []string{"ELA-01", "ELA-12", "ELA-13", "ELA-04", "ELA-18", "ELA-21"}},
		// Census: prefix instead of exact label.
		{broken.CensusPrefix(), []string{"ELA-07", "ELA-08", "ELA-14", "ELA-24"}},
		// Census: labels compared with the term as written.
		{broken.CensusCaseSensitive(), []string{"ELA-07", "ELA-08", "ELA-09", "ELA-14", "ELA-24"}},
	}
	reqs := ctxconform.Requirements()
	// Run only the requirements a mutant must fail: shrinking the
	// counterexamples of every other failure would only cost time.
	only := func(ids []string) suite.Options {
		return suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Elastic}, Seed: 1, PropertyRuns: 100,
			Match: regexp.MustCompile(`^(` + strings.Join(ids, "|") + `) `)}
	}
	ref := outcomes(suite.Run(context.Background(), reference.New(), reqs, only([]string{`ELA-\d+`})))
	for _, tt := range tests {
		name := tt.mutant.Info().Name
		t.Run(name, func(t *testing.T) {
			got := outcomes(suite.Run(context.Background(), tt.mutant, reqs, only(tt.caught)))
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
