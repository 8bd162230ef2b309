package selfcheck_test

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/suite"
)

// plainBug is a fault no reading of its sentence allows, and the MUST or
// SHOULD requirement that names the sentence.
type plainBug struct {
	std    adapters.Standard
	mutant adapters.Adapter
	caught string
	level  suite.Level // the requirement's level: Must fails the default gate
}

// plainBugs are the faults issue 37 found passing the default gate while a
// requirement narrowed for a reading (or demoted, issue 27) still held the
// sentence they break.
func plainBugs() []plainBug {
	return []plainBug{
		// std085 §2.1.3 `<`, read as `<=`: hits exactly 500 apart whose
		// padded windows do not meet share a window.
		{adapters.Inflate, broken.MergesAtThreshold(), "INF-08", suite.Must},
	}
}

// TestPlainBugsFailTheGate: each plain bug fails its requirement at the
// default level (robust), the requirement is at the level the row names,
// and a MUST fails the default gate (--fail-on must), on seeds 1 to 3.
func TestPlainBugsFailTheGate(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, tt := range plainBugs() {
		name := tt.caught + "/" + strings.TrimPrefix(tt.mutant.Info().Name, "broken/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			for seed := int64(1); seed <= 3; seed++ {
				opts := suite.Options{Level: suite.Robust, Seed: seed, PropertyRuns: 20, Standards: []adapters.Standard{tt.std},
					Match: regexp.MustCompile(`^` + tt.caught + ` `)}
				rep := suite.Run(context.Background(), tt.mutant, reqs, opts)
				if len(rep.Results) != 1 {
					t.Fatalf("seed %d: %d results, want 1 (is %s above the default level?): %s", seed, len(rep.Results), tt.caught, rep.Summary())
				}
				r := rep.Results[0]
				if r.Level != tt.level {
					t.Errorf("seed %d: %s is %s, want %s", seed, tt.caught, r.Level, tt.level)
				}
				if r.Outcome != suite.Failed {
					t.Errorf("seed %d: %s %s, want failed", seed, tt.caught, r.Outcome)
				}
				if tt.level == suite.Must && !rep.Gate(suite.Must) {
					t.Errorf("seed %d: the default gate passes %s", seed, tt.mutant.Info().Name)
				}
			}
		})
	}
}
