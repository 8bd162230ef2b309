package selfcheck_test

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/suite"
)

// gatedBug is a fault no reading of its sentence allows, and the MUST or
// SHOULD requirement that names the sentence.
type gatedBug struct {
	std    adapters.Standard
	mutant adapters.Adapter
	caught string
	level  suite.Level // the requirement's level: Must fails the default gate
}

// gatedBugs are the faults issue 37 found passing the default gate while a
// requirement narrowed for a reading (or demoted, issue 27) still held the
// sentence they break.
func gatedBugs() []gatedBug {
	return []gatedBug{
		// std085 §2.1.3 `<`, read as `<=`: hits exactly 500 apart whose
		// padded windows do not meet share a window.
		{adapters.Inflate, broken.MergesAtThreshold(), "INF-08", suite.Must},
		// std085 §2.1.4, "Clamp to document boundaries (0, length)", one
		// short: a hit at the document's end cut (issue 37: ROBUST only).
		{adapters.Inflate, broken.ClampsOneShort(), "INF-19", suite.Must},
		// std085 protocol §5.5: every term handed the whole budget.
		{adapters.Radial, broken.RadialSplitWholeBudgetEach(), "RAD-11", suite.Must},
	}
}

// TestPlainBugsFailTheGate: each plain bug fails its requirement at the
// default level (robust), the requirement is at the level the row names,
// and a MUST fails the default gate (--fail-on must), on seeds 1 to 3.
func TestPlainBugsFailTheGate(t *testing.T) {
	for _, tt := range gatedBugs() {
		name := tt.caught + "/" + strings.TrimPrefix(tt.mutant.Info().Name, "broken/")
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			aloneOnSeeds(t, 3, tt.caught, suite.Options{Level: suite.Robust, PropertyRuns: 20, Standards: []adapters.Standard{tt.std}},
				[]adapters.Adapter{tt.mutant}, func(seed int64, got []suite.Report) {
					rep := got[0]
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
				})
		})
	}
}
