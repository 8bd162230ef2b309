package selfcheck_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// selfComparing are the requirements that judge an answer by the
// reference's own: pg_trgm's functions by reference/trgm (FUZ-12, FUZ-13)
// and the ten "equals the reference" properties.
var selfComparing = []string{"FUZ-12", "FUZ-13", "INF-13", "ASM-10", "RAD-10", "RAD-15", "RAD-18", "ELA-23", "ELA-24", "FUZ-21", "DSF-27", "EXP-20"}

// TestNoSelfComparisonPasses: run on the reference itself, the checks that
// compare with the reference could not fail, so they are inconclusive and
// say why; run on an implementation built on the reference (a broken one
// embeds it) they judge as usual, and one of them fails.
func TestNoSelfComparisonPasses(t *testing.T) {
	reqs := ctxconform.Requirements()
	opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 5,
		Match: regexp.MustCompile(`^(` + strings.Join(selfComparing, "|") + `) `)}
	rep := suite.Run(context.Background(), reference.New(), reqs, opts)
	got := map[string]suite.Result{}
	for _, r := range rep.Results {
		got[r.ID] = r
	}
	for _, id := range selfComparing {
		r, ok := got[id]
		switch {
		case !ok:
			t.Errorf("%s: not run", id)
		case r.Outcome != suite.Inconclusive || !strings.Contains(r.Message, suite.SelfCompared):
			t.Errorf("%s on the reference: %s (%q), want inconclusive: %s", id, r.Outcome, r.Message, suite.SelfCompared)
		}
	}
	if n := len(rep.Results); n != len(selfComparing) {
		t.Errorf("%d results, want %d: %s", n, len(selfComparing), rep.Summary())
	}

	opts.Match, opts.PropertyRuns = regexp.MustCompile(`^FUZ-21 `), 100
	rep = suite.Run(context.Background(), broken.TrigramFirst(), reqs, opts)
	if len(rep.Results) != 1 || rep.Results[0].Outcome != suite.Failed {
		t.Errorf("FUZ-21 on broken/trigram-first: %s, want it judged and failed", rep.Summary())
	}
}
