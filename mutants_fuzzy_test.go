package ctxconform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// TestFuzzyMutants runs the fuzzy-search requirements against searchers
// broken on purpose, and checks the suite fails each one on the
// requirements that describe its fault (and passes the reference there).
func TestFuzzyMutants(t *testing.T) {
	tests := []struct {
		mutant adapters.Adapter
		caught []string // requirements that must fail
	}{
		{broken.UnescapedLike(), []string{"FUZ-06", "FUZ-14", "FUZ-21"}},
		{broken.TrigramFirst(), []string{"FUZ-03", "FUZ-04", "FUZ-16", "FUZ-21"}},
		{broken.StrictThreshold(), []string{"FUZ-05"}},
		{broken.ASCIILower(), []string{"FUZ-02", "FUZ-14", "FUZ-21"}},
		{broken.EmptyMatchesAll(), []string{"FUZ-07"}},
	}
	reqs := ctxconform.Requirements()
	// The mutants answer Trigrams as the reference does: the agreement
	// requirements (FUZ-12, FUZ-13) are not rerun for each.
	opts := suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Fuzzy}, Seed: 1, Skip: regexp.MustCompile(`^FUZ-1[23] `)}
	ref := outcomes(suite.Run(context.Background(), reference.New(), reqs, opts))
	for _, tt := range tests {
		name := tt.mutant.Info().Name
		t.Run(name, func(t *testing.T) {
			rep := suite.Run(context.Background(), tt.mutant, reqs, opts)
			got := outcomes(rep)
			var failed []string
			for _, r := range rep.Results {
				if r.Bad() {
					failed = append(failed, r.ID)
				}
			}
			t.Logf("fails %v", failed)
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
