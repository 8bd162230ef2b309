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
// the default level (robust) as make verdicts runs it, fails exactly one
// counted MUST or SHOULD requirement (suite.Report.Counted), the one whose
// sentence the fault breaks, and a program that follows a reading fails
// none; the requirements that fail only because that one did follow from
// it and are not counted (issue 37, item 3), and a counted MUST fails the
// default gate. Each row is a cascade the issue named, or a requirement
// narrowed for a reading (a fuzzy search with no trigram tier once failed
// six MUSTs; the case-exact and `>` readings of std105 §3.2 failed five).
func TestOneFaultOneFailure(t *testing.T) {
	reqs := ctxconform.Requirements()
	for _, tt := range []struct {
		name      string
		stds      []adapters.Standard
		impl      adapters.Adapter
		counted   []string // a fault's one counted MUST or SHOULD failure, none for a reading
		followers []string // "ID → root", exactly
	}{
		// DEN-11 repeats INF-05's check for density run alone; INF-06
		// (ROBUST) and DEN-05 (the padding, measured from hits the window
		// does not hold) judge the same misplaced hit, and their reported
		// cases break INF-05's judgement too.
		{"zero-length hit misplaced", []adapters.Standard{adapters.Inflate, adapters.Density}, broken.MisplacesEmptyHit(),
			[]string{"INF-05"}, []string{"INF-06 → INF-05", "INF-08 → INF-05", "DEN-05 → DEN-11", "DEN-11 → INF-05"}},
		// Offsets widened behind the narrower window's text, density run
		// alone: DEN-10's sentence (text and offsets agree); the budget and
		// the padding, counted by offsets, fail on the same answers.
		{"offsets over a stale text", []adapters.Standard{adapters.Density}, broken.StaleText(),
			[]string{"DEN-10"}, []string{"DEN-01 → DEN-10", "DEN-05 → DEN-10", "DEN-13 → DEN-10"}},
		// A densifier that retries every error (seven failures before)
		// breaks DSF-05's sentence; rate limits (DSF-10), capture's
		// attempts (DSF-12), the stored message (DSF-14), the fixtures'
		// classification (DSF-11) and the random faults (DSF-24, DSF-25)
		// fail on answers that go on after a failure that is no overflow,
		// which DSF-05's judgement fails too.
		{"every provider failure taken for an overflow", []adapters.Standard{adapters.Densify}, broken.OverflowOnEveryError(),
			[]string{"DSF-05"}, []string{"DSF-10 → DSF-05", "DSF-11 → DSF-05", "DSF-12 → DSF-05", "DSF-14 → DSF-05", "DSF-24 → DSF-05", "DSF-25 → DSF-05"}},
		// A rate limit taken for an overflow breaks DSF-10's sentence; the
		// fixtures' rate limits (DSF-11) and the random ones (DSF-24, DSF-25)
		// follow.
		{"rate limits taken for an overflow", []adapters.Standard{adapters.Densify}, broken.RateLimitAsOverflow(),
			[]string{"DSF-10"}, []string{"DSF-11 → DSF-10", "DSF-24 → DSF-10", "DSF-25 → DSF-10"}},
		// Densification by stages (specs/REQUIREMENTS.md, "One fault, one
		// failure in densification"): a later stage's check applies the
		// earlier stage's judgement to the answer it fails. A merge
		// overflow sent straight to halving breaks DSF-07's sentence; the
		// fallback's check (DSF-08) and the random overflows (DSF-24, at 100
		// cases) fail the same answers.
		{"no merge-local retry", []adapters.Standard{adapters.Densify}, broken.NoMergeRetry(),
			[]string{"DSF-07"}, []string{"DSF-08 → DSF-07", "DSF-24 → DSF-07"}},
		// Budgets halved under 320: DSF-09; the fallback and the random
		// overflows judge the same budgets.
		{"halving below the floor", []adapters.Standard{adapters.Densify}, broken.HalvesBelowFloor(),
			[]string{"DSF-09"}, []string{"DSF-08 → DSF-09", "DSF-24 → DSF-09"}},
		// A ready answer after every attempt failed: DSF-12's sentence; the
		// checks that want a failed answer after a failure follow.
		{"failure answered ready", []adapters.Standard{adapters.Densify}, broken.KeepsInputOnFailure(),
			[]string{"DSF-12"}, []string{"DSF-05 → DSF-12", "DSF-08 → DSF-12", "DSF-09 → DSF-12", "DSF-10 → DSF-12"}},
		// No chunking after the full call's overflow: DSF-04; the halving,
		// the classification, the success without failures and the random
		// overflows fail on answers DSF-04's judgement fails.
		{"no fallback to chunking", []adapters.Standard{adapters.Densify}, broken.NoChunkingFallback(),
			[]string{"DSF-04"}, []string{"DSF-09 → DSF-04", "DSF-11 → DSF-04", "DSF-20 → DSF-04", "DSF-24 → DSF-04"}},
		// A proactive input over the window refused without a call: DSF-06
		// (proactive entry starts by chunking); the later stages' specs pass
		// over its cases, DSF-20's reported case follows.
		{"proactive input refused over the window", []adapters.Standard{adapters.Densify}, broken.RefusesOverWindow(),
			[]string{"DSF-06"}, []string{"DSF-20 → DSF-06"}},
		// "prompt is too long" not known as an overflow: DSF-11's sentence
		// (the phrase is listed). DSF-04's Anthropic case fails the same
		// answer, while its other providers' overflows fall back: the
		// fallback works, only the message differs.
		{"a listed phrase missed", []adapters.Standard{adapters.Densify}, broken.MissesPromptTooLong(),
			[]string{"DSF-11"}, []string{"DSF-04 → DSF-11"}},
		// A request within the maximum rejected early (without capture, as
		// invalid): DSF-01's sentence ("Otherwise the request is
		// delegated"); the entries' checks fail the same answers, which
		// DSF-01's judgement fails, and the properties' reported case.
		{"request within the maximum rejected early", []adapters.Standard{adapters.Densify}, broken.RefusesWithoutCapture(),
			[]string{"DSF-01"}, []string{"DSF-03 → DSF-01", "DSF-06 → DSF-01", "DSF-20 → DSF-01"}},
		// An elastic radius left unclamped in hydration (four failures
		// before, ELA-04 among the MUSTs): ELA-18's sentence; the examples
		// of ELA-04 fail on answers whose radius ELA-18's judgement fails.
		{"hydration radius unclamped", []adapters.Standard{adapters.Elastic}, broken.UnclampedRadius(),
			[]string{"ELA-18"}, []string{"ELA-04 → ELA-18"}},
		// Radial and elastic (issue 37). Windows of one compound left
		// unmerged, or an atom's window listed twice, break RAD-02's
		// sentence; the example, the code checks, the single-atom checks
		// and the union count windows that RAD-02's judgement fails.
		{"radial windows never merged", []adapters.Standard{adapters.Radial}, broken.RadialNoMerge(),
			[]string{"RAD-02"}, []string{"RAD-08 → RAD-02", "RAD-19 → RAD-02"}},
		{"a radial window listed twice", []adapters.Standard{adapters.Radial}, broken.RadialRepeatsLastWindow(),
			[]string{"RAD-02"}, []string{"RAD-05 → RAD-02", "RAD-06 → RAD-02", "RAD-08 → RAD-02", "RAD-19 → RAD-02", "RAD-20 → RAD-02", "RAD-21 → RAD-02"}},
		// Prose windows that never reach left of the atom: RAD-06's
		// sentence; the example's lone windows and the prose window of the
		// cost example fail its judgement.
		{"prose windows cut from the atom on", []adapters.Standard{adapters.Radial}, broken.RadialProseNoLeft(),
			[]string{"RAD-06"}, []string{"RAD-19 → RAD-06", "RAD-20 → RAD-06"}},
		{"code white space counted", []adapters.Standard{adapters.Radial}, broken.RadialCountsCodeSpace(),
			[]string{"RAD-04"}, []string{"RAD-20 → RAD-04"}},
		{"every term given the whole budget", []adapters.Standard{adapters.Radial}, broken.RadialSplitWholeBudgetEach(),
			[]string{"RAD-11"}, []string{"RAD-23 → RAD-11"}},
		// The census: the hand-derived text (ELA-07) and the corpora
		// (ELA-08) miss positions that ELA-14's judgement finds missing.
		{"census compared case-sensitively", []adapters.Standard{adapters.Elastic}, broken.CensusCaseSensitive(),
			[]string{"ELA-14"}, []string{"ELA-07 → ELA-14", "ELA-08 → ELA-14"}},
		{"census atoms under the last document", []adapters.Standard{adapters.Elastic}, broken.CensusUnderLastCompound(),
			[]string{"ELA-14"}, []string{"ELA-07 → ELA-14", "ELA-08 → ELA-14"}},
		// A census that stops at 100 per term breaks ELA-08's count alone.
		{"census stopped at 100", []adapters.Standard{adapters.Elastic}, broken.CensusCapsAt100(),
			[]string{"ELA-08"}, nil},
		{"every atom kept under the floor", []adapters.Standard{adapters.Elastic}, broken.KeepsEveryAtom(),
			[]string{"ELA-19"}, []string{"ELA-05 → ELA-19"}},
		{"a radius over the cap reported", []adapters.Standard{adapters.Elastic}, broken.ElasticReportsUncappedRadius(),
			[]string{"ELA-18"}, []string{"ELA-04 → ELA-18", "ELA-21 → ELA-18"}},
		{"hydration windows never merged", []adapters.Standard{adapters.Elastic}, broken.NoMergeElastic(),
			[]string{"ELA-16"}, []string{"ELA-04 → ELA-16", "ELA-05 → ELA-16"}},
		// A radius that grows with hits: ELA-12's formula; hydration cut at
		// the same radius drops atoms that fit at the formula's (ELA-20).
		{"the radius grows with hits", []adapters.Standard{adapters.Elastic}, broken.RadiusGrowsWithHits(),
			[]string{"ELA-12"}, []string{"ELA-01 → ELA-12", "ELA-04 → ELA-18", "ELA-13 → ELA-12", "ELA-18 → ELA-12", "ELA-20 → ELA-12"}},
		// The fixed examples follow the property that judges every answer
		// so (specs/REQUIREMENTS.md, "The cascades linked by evidence"):
		// trigram matches labelled prefix (five MUSTs before) fail the
		// tiers' soundness, FUZ-14.
		{"trigram matches labelled prefix", []adapters.Standard{adapters.Fuzzy}, broken.TrigramAsPrefix(),
			[]string{"FUZ-14"}, []string{"FUZ-01 → FUZ-14", "FUZ-02 → FUZ-14", "FUZ-05 → FUZ-14", "FUZ-11 → FUZ-14"}},
		// Always ×2 (five MUSTs before): the multiplier, EXP-14.
		{"a static 2×", []adapters.Standard{adapters.Expand}, broken.StaticDouble(),
			[]string{"EXP-14"}, []string{"EXP-01 → EXP-14", "EXP-04 → EXP-14", "EXP-05 → EXP-14", "EXP-09 → EXP-14"}},
		// A candidate beyond those asked (four MUSTs before): EXP-15.
		{"an extra candidate", []adapters.Standard{adapters.Expand}, broken.ExtraCandidate(),
			[]string{"EXP-15"}, []string{"EXP-02 → EXP-15", "EXP-09 → EXP-15", "EXP-10 → EXP-15"}},
		// Windows one byte into their first molecule (three MUSTs
		// before): the window's contents, ASM-02.
		{"tight windows losing a byte", []adapters.Standard{adapters.Assemble}, broken.AssembleTightLosesFirstByte(),
			[]string{"ASM-02"}, []string{"ASM-11 → ASM-02", "ASM-13 → ASM-02"}},
		// A clamp to length−1 (three MUSTs before): the padding a lone hit
		// gets at the document's end, INF-12; the hit cut, INF-05's and
		// INF-19's, on answers INF-12's judgement fails.
		{"clamped one short", []adapters.Standard{adapters.Inflate}, broken.ClampsOneShort(),
			[]string{"INF-12"}, []string{"INF-05 → INF-12", "INF-19 → INF-12"}},
		// No trigram tier: FUZ-05's sentence (six MUSTs before).
		{"no trigram tier", []adapters.Standard{adapters.Fuzzy}, broken.NoTrigramTier(), []string{"FUZ-05"}, nil},
		// The readings of std105 §3.2: case-exact labels, `%` as `>`.
		{"case-exact label", []adapters.Standard{adapters.Fuzzy}, broken.CaseExactLabel(), nil, nil},
		{"strict threshold", []adapters.Standard{adapters.Fuzzy}, broken.StrictThreshold(), nil, nil},
		// std085 §2.1.3 `<` read as `<=`: INF-08's sentence.
		{"merges at the threshold", []adapters.Standard{adapters.Inflate}, broken.MergesAtThreshold(), []string{"INF-08"}, nil},
		// 0 hits: radius 32000, the clamp of budget / 0 (ELA-11's reading).
		{"zero hits at the cap", []adapters.Standard{adapters.Elastic}, broken.ZeroHitsAtCap(), nil, nil},
		// Merged windows grown on (§5.4 step 3): a reading, no MUST or SHOULD
		// (RAD-08 narrowed; the exact union is RAD-10's, REFERENCE).
		{"merged windows radiate on", []adapters.Standard{adapters.Radial}, broken.RadialKeepsRadiating(), nil, nil},
		// §3.2's `LIKE 'term%'` case-sensitive: a reading, undeclared.
		{"case-sensitive prefix", []adapters.Standard{adapters.Fuzzy}, broken.CaseSensitivePrefix(), nil, nil},
		// Amounts rounded to nearest, terms without atoms left out.
		{"split rounded to nearest", []adapters.Standard{adapters.Radial}, broken.RadialSplitRoundsNearest(), nil, nil},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			rep := suite.Run(context.Background(), tt.impl, reqs, suite.Options{Level: suite.Robust, Seed: 1, PropertyRuns: 100,
				Standards: tt.stds, Skip: regexp.MustCompile(`^PRF-`)})
			var counted, followers []string
			gated := false
			for _, r := range rep.Counted(suite.Should) {
				counted = append(counted, r.ID)
				gated = gated || r.Level == suite.Must
			}
			for _, r := range rep.Followers() {
				followers = append(followers, r.ID+" → "+r.FollowsFrom)
			}
			if !slices.Equal(counted, tt.counted) {
				t.Errorf("counted failures %v, want %v", counted, tt.counted)
				for _, r := range rep.Counted(suite.Should) {
					t.Logf("%s %s: %s", r.ID, r.Level, r.Message)
				}
			}
			if !slices.Equal(followers, tt.followers) {
				t.Errorf("followers %s, want %s", strings.Join(followers, ", "), strings.Join(tt.followers, ", "))
			}
			if gated && !rep.Gate(suite.Must) {
				t.Errorf("the default gate passes %s", tt.impl.Info().Name)
			}
		})
	}
}
