package selfcheck_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/suite"
)

// TestFaultyLiteral runs testdata/faulty/inflate.py in mode "literal", a
// program that follows std085 §2–3 to the letter (§3.1's pseudo-code:
// a squeeze keeps Results.slice(0, SafeCount) in input order, each window
// then 150, padding TargetWindowSize/2 clamped to [50, 500]; §2.1.3 merges
// under 500; §2.1.5 truncates strictly at the limit, on the right; no input
// validation), over inflation and density at the default level
// (suite.Robust, what `conformance run` selects), one started program
// serving seeds 1 to 5 in turn. It breaks no sentence the requirements
// quote, so no MUST or SHOULD fails on any seed, and it fails exactly
// ctxconform's own rules and the reference's choices, the same on every
// seed. Before the audit of INF-05 and DEN-11, std085 §2.1.5's own
// truncation failed them at MUST: hits 150 apart merged under a budget of
// 300, truncated to [0,150), left the second hit listed by a window that
// no longer touches it.
func TestFaultyLiteral(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a program: not in -short")
	}
	python, err := exec.LookPath("python3")
	if err != nil {
		t.Skip("python3 not found")
	}
	prog, err := filepath.Abs(filepath.Join("..", "testdata", "faulty", "inflate.py"))
	if err != nil {
		t.Fatal(err)
	}
	// Refusals of bad input (INF-11, DEN-07), non-overlap (INF-03), short
	// hits kept whole (INF-06) and order independence of a squeeze (INF-17):
	// ctxconform's rules, which the text's algorithm breaks.
	want := []string{"DEN-07", "INF-03", "INF-06", "INF-11", "INF-17"}
	a, err := startProgram([]string{python, prog, "literal"}, process.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	var problems []string
	for seed := int64(1); seed <= 5; seed++ {
		o := faultyOptions
		// The default level and number of generated cases, as `conformance
		// run` has them: with faultyOptions' 8 cases INF-03 failed on one
		// seed of five.
		o.Seed, o.Level, o.PropertyRuns = seed, suite.Robust, 0
		rep := suite.Run(context.Background(), a, ctxconform.Requirements(), o)
		var failed []string
		for _, r := range rep.Results {
			switch {
			case r.Outcome == suite.Failed && r.Level <= suite.Should:
				problems = append(problems, fmt.Sprintf("seed %d: %s (%s) failed: %s", seed, r.ID, r.Level, firstLine(r.Message)))
				failed = append(failed, r.ID)
			case r.Outcome == suite.Failed:
				failed = append(failed, r.ID)
			case r.Outcome == suite.Passed, r.Outcome == suite.Skipped:
			default:
				problems = append(problems, fmt.Sprintf("seed %d: %s %s: %s", seed, r.ID, r.Outcome, firstLine(r.Message)))
			}
		}
		slices.Sort(failed)
		if !slices.Equal(failed, want) {
			problems = append(problems, fmt.Sprintf("seed %d: failed %v, want exactly %v", seed, failed, want))
		}
	}
	if len(problems) > 0 {
		t.Error(strings.Join(problems, "\n"))
	}
}
