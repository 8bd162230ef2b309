package selfcheck_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/suite"
)

// TestDeclaredConfiguration: a requirement that judges by a declarable item
// (adapters.Declarables) judges at the value the implementation declared:
// one that declares a MERGE_THRESHOLD of 400 and merges below 400 passes
// INF-04 and INF-08, which fail it undeclared; one that declares 400 and
// merges hits 450 apart fails INF-08. (INF-04's fixed edge cases are at the
// text's 500: a program declaring 400 that merges only below 399 is left to
// the generated cases, which seldom place two hits exactly 399 apart.)
func TestDeclaredConfiguration(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, tt := range []struct {
		name string
		a    adapters.Adapter
		want map[string]suite.Outcome
	}{
		{"declares 400, merges below 400", broken.DeclaresThreshold(400, 400), map[string]suite.Outcome{"INF-04": suite.Passed, "INF-08": suite.Passed, "INF-18": suite.Passed}},
		{"declares 500, merges below 400", broken.DeclaresThreshold(500, 400), map[string]suite.Outcome{"INF-04": suite.Failed, "INF-08": suite.Passed}},
		{"declares 400, merges at 450", broken.DeclaresThreshold(400, 451), map[string]suite.Outcome{"INF-04": suite.Passed, "INF-08": suite.Failed, "INF-18": suite.Failed}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 100, Standards: []adapters.Standard{adapters.Inflate},
				Match: regexp.MustCompile(`^(INF-04|INF-08|INF-18) `)}
			got := outcomes(suite.Run(context.Background(), tt.a, reqs, opts))
			for id, want := range tt.want {
				if got[id] != want {
					t.Errorf("%s: %s, want %s", id, got[id], want)
				}
			}
		})
	}
}
