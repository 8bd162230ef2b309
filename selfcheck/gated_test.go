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
	reqs := ctxconform.Requirements()
	for _, tt := range gatedBugs() {
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

// TestNarrowedOneFailure: among the MUSTs and SHOULDs of its standard,
// each fault fails exactly the requirement its sentence names, and each
// reading fails none (issue 37: a fuzzy search with no trigram tier failed
// six MUSTs; the case-exact and `>` readings of std105 §3.2 failed five).
func TestNarrowedOneFailure(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, tt := range []struct {
		std    adapters.Standard
		impl   adapters.Adapter
		failed []string // the normative requirements it fails
	}{
		{adapters.Fuzzy, broken.NoTrigramTier(), []string{"FUZ-05"}},
		{adapters.Fuzzy, broken.CaseExactLabel(), nil},
		{adapters.Fuzzy, broken.StrictThreshold(), nil},
		{adapters.Inflate, broken.MergesAtThreshold(), []string{"INF-08"}},
		// 0 hits: radius 32000, the clamp of budget / 0 (ELA-11's reading).
		{adapters.Elastic, broken.ZeroHitsAtCap(), nil},
		// Merged windows grown on: the SHOULD of §5.4's example, no MUST.
		{adapters.Radial, broken.RadialKeepsRadiating(), []string{"RAD-08"}},
		// Amounts rounded to nearest, terms without atoms left out.
		{adapters.Radial, broken.RadialSplitRoundsNearest(), nil},
	} {
		t.Run(strings.TrimPrefix(tt.impl.Info().Name, "broken/"), func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Should, Seed: 1, PropertyRuns: 100, Standards: []adapters.Standard{tt.std}, Skip: regexp.MustCompile(`^PRF-`)}
			rep := suite.Run(context.Background(), tt.impl, reqs, opts)
			var failed []string
			for _, r := range rep.Results {
				if r.Bad() {
					failed = append(failed, r.ID)
				}
			}
			if !slices.Equal(failed, tt.failed) {
				t.Errorf("failed %v, want %v", failed, tt.failed)
			}
		})
	}
}
