package selfcheck_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/suite"
)

// TestLiteral085: a program that follows std085 §3.1's pseudo-code to the
// letter (squeeze in input order, windows of 150 after a squeeze, no input
// validation; broken.Literal085) breaks no MUST or SHOULD, so the default
// gate passes it; at the default level it fails only ctxconform's own rules
// (ROBUST: refusals, order independence of a squeeze), the same set for
// seeds 1 to 5. Before the audit the reference's choices failed it at MUST
// and SHOULD (INF-09's squeeze, INF-10, DEN-04 on unranked hits).
func TestLiteral085(t *testing.T) {
	if testing.Short() {
		t.Skip("five runs: not in -short")
	}
	want := []string{"DEN-07 ROBUST", "INF-11 ROBUST", "INF-17 ROBUST"}
	reqs := ctxconform.Requirements()
	for seed := int64(1); seed <= 5; seed++ {
		rep := suite.Run(context.Background(), broken.Literal085(), reqs, suite.Options{Level: suite.Robust, Seed: seed, PropertyRuns: 5,
			Standards: []adapters.Standard{adapters.Inflate, adapters.Density}, Skip: regexp.MustCompile(`^PRF-`)})
		var failed []string
		for _, r := range rep.Results {
			if r.Bad() {
				failed = append(failed, r.ID+" "+r.Level.String())
			}
		}
		slices.Sort(failed)
		if !slices.Equal(failed, want) {
			t.Errorf("seed %d: failed %s, want %s", seed, strings.Join(failed, ", "), strings.Join(want, ", "))
		}
		if rep.Gate(suite.Should) {
			t.Errorf("seed %d: the MUST or SHOULD gate fails a program that does what std085 says", seed)
		}
	}
}
