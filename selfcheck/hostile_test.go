package selfcheck_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// TestNonAnswersAreNeverFailures runs the whole catalogue, every level,
// against programs that never answer a request (testdata/faulty, in Python,
// declaring every standard): one that hangs, one that exits at its first
// request, one that prints garbage. No requirement may be failed or passed:
// every verdict goes through the same outcome rules (suite.NoVerdict), so a
// transport failure is ERROR in every check, refusal checks included, and
// a requirement ends at its first fault instead of sending its other
// examples (ELA-01 once waited out the request timeout 14 times). Only the
// timing requirements (PRF) may skip, before any request, as they cannot
// time a program over pipes that does not time itself.
//
// It is kept cheap: one generated case per property, a short request
// timeout, one seed, one program at a time; the cost is one program start
// per requirement (the adapter restarts a program after each fault), plus
// the request timeout for the hanging one. No deadline depends on the
// machine's load: a start that times out is one more ERROR.
// TestEveryCheckJudgesNonAnswersAlike checks the same rules in process.
func TestNonAnswersAreNeverFailures(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs: not in -short")
	}
	python := testprog.Python(t)
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "faulty"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"hang.py", "exit.py", "garbage.py"} {
		t.Run(name, func(t *testing.T) { // one after the other: one program at a time on the machine
			argv := []string{python, "-S", filepath.Join(dir, name), "--all"} // -S: a quicker start
			ctx := context.Background()
			// Generous start: a loaded machine starts Python slowly, and a
			// start that times out would only be another ERROR.
			a, err := process.Exec(ctx, argv, process.Options{RequestTimeout: 200 * time.Millisecond, StartTimeout: time.Minute})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 1, Timeout: 5 * time.Minute}
			rep := suite.Run(ctx, a, ctxconform.Requirements(), opts)
			if len(rep.Results) == 0 {
				t.Fatal("no requirement ran")
			}
			var bad []string
			for _, r := range rep.Results {
				switch {
				case r.Outcome == suite.Errored:
				case r.Outcome == suite.Skipped && strings.HasPrefix(r.ID, "PRF-"):
				default:
					bad = append(bad, fmt.Sprintf("%s %s, want errored: %s", r.ID, r.Outcome, firstLineOf(r.Message)))
				}
				if n := strings.Count(r.Message, "no message for"); n > 1 {
					bad = append(bad, fmt.Sprintf("%s reports %d timeouts: it went on after its first fault", r.ID, n))
				}
				if r.Replay != nil {
					faults := 0
					for _, c := range r.Replay.Calls {
						if c.Error != "" {
							faults++
						}
					}
					if faults > 1 {
						bad = append(bad, fmt.Sprintf("%s sent %d requests that got no answer: it went on after its first fault", r.ID, faults))
					}
				}
			}
			t.Logf("%s: %s in %v", name, rep.Summary(), rep.Elapsed.Round(time.Millisecond))
			if len(bad) > 0 {
				slices.Sort(bad)
				t.Errorf("%d requirements judged a program that never answers:\n%s", len(bad), strings.Join(bad, "\n"))
			}
		})
	}
}

func firstLineOf(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
