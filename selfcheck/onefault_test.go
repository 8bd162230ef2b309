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

// TestOneFaultOneFailure: a mutant with one fault, run on its standards at
// the default level, fails exactly one counted requirement (at any level:
// suite.Report.Counted), the one whose sentence the fault breaks; the
// requirements that fail only because that one did follow from it and are
// not counted (issue 37, item 3). Each row is a cascade the issue named.
func TestOneFaultOneFailure(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, tt := range []struct {
		name      string
		stds      []adapters.Standard
		mutant    adapters.Adapter
		counted   string   // the one counted failure
		followers []string // "ID → root", exactly
	}{
		// DEN-11 repeats INF-05's check for density run alone; INF-06
		// (ROBUST) judges the same misplaced hit, and its reported case
		// breaks INF-05's judgement too.
		{"zero-length hit misplaced", []adapters.Standard{adapters.Inflate, adapters.Density}, broken.MisplacesEmptyHit(),
			"INF-05", []string{"INF-06 → INF-05", "DEN-11 → INF-05"}},
		// Offsets widened behind the narrower window's text, density run
		// alone: DEN-10's sentence (text and offsets agree); the budget and
		// the padding, counted by offsets, fail on the same answers.
		{"offsets over a stale text", []adapters.Standard{adapters.Density}, broken.StaleText(),
			"DEN-10", []string{"DEN-01 → DEN-10", "DEN-05 → DEN-10", "DEN-13 → DEN-10"}},
		// A densifier that retries every error (seven failures before)
		// breaks DSF-05's sentence; rate limits (DSF-10), capture's
		// attempts (DSF-12), the stored message (DSF-14), the fixtures'
		// classification (DSF-11) and the random faults (DSF-24, DSF-25)
		// fail on answers that go on after a failure that is no overflow,
		// which DSF-05's judgement fails too.
		{"every provider failure taken for an overflow", []adapters.Standard{adapters.Densify}, broken.OverflowOnEveryError(),
			"DSF-05", []string{"DSF-10 → DSF-05", "DSF-11 → DSF-05", "DSF-12 → DSF-05", "DSF-14 → DSF-05", "DSF-24 → DSF-05", "DSF-25 → DSF-05"}},
		// A rate limit taken for an overflow breaks DSF-10's sentence; the
		// fixtures' rate limits (DSF-11) and the random ones (DSF-24, DSF-25)
		// follow.
		{"rate limits taken for an overflow", []adapters.Standard{adapters.Densify}, broken.RateLimitAsOverflow(),
			"DSF-10", []string{"DSF-11 → DSF-10", "DSF-24 → DSF-10", "DSF-25 → DSF-10"}},
		// Densification by stages (specs/REQUIREMENTS.md, "One fault, one
		// failure in densification"): a later stage's check applies the
		// earlier stage's judgement to the answer it fails. A merge
		// overflow sent straight to halving breaks DSF-07's sentence; the
		// fallback's check (DSF-08) fails the same answer.
		{"no merge-local retry", []adapters.Standard{adapters.Densify}, broken.NoMergeRetry(),
			"DSF-07", []string{"DSF-08 → DSF-07"}},
		// Budgets halved under 320: DSF-09; the fallback and the random
		// overflows judge the same budgets.
		{"halving below the floor", []adapters.Standard{adapters.Densify}, broken.HalvesBelowFloor(),
			"DSF-09", []string{"DSF-08 → DSF-09", "DSF-24 → DSF-09"}},
		// A ready answer after every attempt failed: DSF-12's sentence; the
		// checks that want a failed answer after a failure follow.
		{"failure answered ready", []adapters.Standard{adapters.Densify}, broken.KeepsInputOnFailure(),
			"DSF-12", []string{"DSF-05 → DSF-12", "DSF-08 → DSF-12", "DSF-09 → DSF-12", "DSF-10 → DSF-12"}},
		// No chunking after the full call's overflow: DSF-04; the halving,
		// the classification, the success without failures and the random
		// overflows fail on answers DSF-04's judgement fails.
		{"no fallback to chunking", []adapters.Standard{adapters.Densify}, broken.NoChunkingFallback(),
			"DSF-04", []string{"DSF-09 → DSF-04", "DSF-11 → DSF-04", "DSF-20 → DSF-04", "DSF-24 → DSF-04"}},
		// A proactive input over the window refused without a call: DSF-06
		// (proactive entry starts by chunking); the later stages' specs pass
		// over its cases, DSF-20's reported case follows.
		{"proactive input refused over the window", []adapters.Standard{adapters.Densify}, broken.RefusesOverWindow(),
			"DSF-06", []string{"DSF-20 → DSF-06"}},
		// An elastic radius left unclamped in hydration (four failures
		// before, ELA-04 among the MUSTs): ELA-18's sentence; the examples
		// of ELA-04 fail on answers whose radius ELA-18's judgement fails.
		{"hydration radius unclamped", []adapters.Standard{adapters.Elastic}, broken.UnclampedRadius(),
			"ELA-18", []string{"ELA-04 → ELA-18"}},
		// Radial and elastic (issue 37). Windows of one compound left
		// unmerged, or an atom's window listed twice, break RAD-02's
		// sentence; the example, the code checks, the single-atom checks
		// and the union count windows that RAD-02's judgement fails.
		{"radial windows never merged", []adapters.Standard{adapters.Radial}, broken.RadialNoMerge(),
			"RAD-02", []string{"RAD-08 → RAD-02", "RAD-19 → RAD-02"}},
		{"a radial window listed twice", []adapters.Standard{adapters.Radial}, broken.RadialRepeatsLastWindow(),
			"RAD-02", []string{"RAD-05 → RAD-02", "RAD-06 → RAD-02", "RAD-08 → RAD-02", "RAD-19 → RAD-02", "RAD-20 → RAD-02", "RAD-21 → RAD-02"}},
		// Prose windows that never reach left of the atom: RAD-06's
		// sentence; the example's lone windows and the prose window of the
		// cost example fail its judgement.
		{"prose windows cut from the atom on", []adapters.Standard{adapters.Radial}, broken.RadialProseNoLeft(),
			"RAD-06", []string{"RAD-19 → RAD-06", "RAD-20 → RAD-06"}},
		{"code white space counted", []adapters.Standard{adapters.Radial}, broken.RadialCountsCodeSpace(),
			"RAD-04", []string{"RAD-20 → RAD-04"}},
		{"every term given the whole budget", []adapters.Standard{adapters.Radial}, broken.RadialSplitWholeBudgetEach(),
			"RAD-11", []string{"RAD-23 → RAD-11"}},
		// The census: the hand-derived text (ELA-07) and the corpora
		// (ELA-08) miss positions that ELA-14's judgement finds missing.
		{"census compared case-sensitively", []adapters.Standard{adapters.Elastic}, broken.CensusCaseSensitive(),
			"ELA-14", []string{"ELA-07 → ELA-14", "ELA-08 → ELA-14"}},
		{"census atoms under the last document", []adapters.Standard{adapters.Elastic}, broken.CensusUnderLastCompound(),
			"ELA-14", []string{"ELA-07 → ELA-14", "ELA-08 → ELA-14"}},
		// A census that stops at 100 per term breaks ELA-08's count alone.
		{"census stopped at 100", []adapters.Standard{adapters.Elastic}, broken.CensusCapsAt100(),
			"ELA-08", nil},
		{"every atom kept under the floor", []adapters.Standard{adapters.Elastic}, broken.KeepsEveryAtom(),
			"ELA-19", []string{"ELA-05 → ELA-19"}},
		{"a radius over the cap reported", []adapters.Standard{adapters.Elastic}, broken.ElasticReportsUncappedRadius(),
			"ELA-18", []string{"ELA-04 → ELA-18", "ELA-21 → ELA-18"}},
		{"hydration windows never merged", []adapters.Standard{adapters.Elastic}, broken.NoMergeElastic(),
			"ELA-16", []string{"ELA-04 → ELA-16", "ELA-05 → ELA-16"}},
		// A radius that grows with hits: ELA-12's formula; hydration cut at
		// the same radius drops atoms that fit at the formula's (ELA-20).
		{"the radius grows with hits", []adapters.Standard{adapters.Elastic}, broken.RadiusGrowsWithHits(),
			"ELA-12", []string{"ELA-01 → ELA-12", "ELA-04 → ELA-18", "ELA-13 → ELA-12", "ELA-18 → ELA-12", "ELA-20 → ELA-12"}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep := suite.Run(context.Background(), tt.mutant, reqs, suite.Options{Level: suite.Robust, Seed: 1, PropertyRuns: 20,
				Standards: tt.stds, Skip: regexp.MustCompile(`^PRF-`)})
			var counted, followers []string
			for _, r := range rep.Counted(suite.Reference) {
				counted = append(counted, r.ID)
			}
			for _, r := range rep.Followers() {
				followers = append(followers, r.ID+" → "+r.FollowsFrom)
			}
			if !slices.Equal(counted, []string{tt.counted}) {
				t.Errorf("counted failures %v, want [%s]", counted, tt.counted)
				for _, r := range rep.Counted(suite.Reference) {
					t.Logf("%s %s: %s", r.ID, r.Level, r.Message)
				}
			}
			if !slices.Equal(followers, tt.followers) {
				t.Errorf("followers %s, want %s", strings.Join(followers, ", "), strings.Join(tt.followers, ", "))
			}
			if !rep.Gate(suite.Must) {
				t.Errorf("the default gate passes %s", tt.mutant.Info().Name)
			}
		})
	}
}
