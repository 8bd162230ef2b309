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
// merges hits 450 apart fails INF-08; one that declares 400 and merges only
// below 399 fails INF-04 on its fixed edge case "hits 399 apart" (INF-04's
// edge cases follow the declared value).
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
		{"declares 400, merges below 399", broken.DeclaresThreshold(400, 399), map[string]suite.Outcome{"INF-04": suite.Failed, "INF-08": suite.Passed, "INF-18": suite.Passed}},
		{"declares 1000, merges below 1000", broken.DeclaresThreshold(1000, 1000), map[string]suite.Outcome{"INF-04": suite.Passed, "INF-08": suite.Passed, "INF-18": suite.Passed}},
		{"declares 1000, merges below 999", broken.DeclaresThreshold(1000, 999), map[string]suite.Outcome{"INF-04": suite.Failed}},
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

// TestDeclaredReadings: a reading std105 §3.2 leaves open
// (adapters.ExactCase, PrefixCase, TrigramBoundary) is judged, undeclared,
// only where every reading agrees, and, declared, fully by the declared
// one: a case-sensitive prefix tier passes FUZ-01, 02, 14 and 15
// undeclared and declaring "sensitive", and fails them declaring
// "insensitive"; a > boundary passes FUZ-05 and FUZ-22 undeclared and
// declaring ">", and fails them declaring ">="; the reference (>=)
// declaring ">" fails them too.
func TestDeclaredReadings(t *testing.T) {
	reqs := ctxconform.Requirements()
	cases := map[string]suite.Outcome{"FUZ-01": suite.Passed, "FUZ-02": suite.Passed, "FUZ-14": suite.Passed, "FUZ-15": suite.Passed}
	casesFail := map[string]suite.Outcome{"FUZ-01": suite.Failed, "FUZ-02": suite.Failed, "FUZ-14": suite.Failed, "FUZ-15": suite.Failed}
	for _, tt := range []struct {
		name string
		a    adapters.Adapter
		want map[string]suite.Outcome
	}{
		{"case-sensitive prefix, undeclared", broken.CaseSensitivePrefix(), cases},
		{"case-sensitive prefix, declared sensitive", broken.CaseSensitivePrefixDeclaring(adapters.CaseSensitive), cases},
		{"case-sensitive prefix, declared insensitive", broken.CaseSensitivePrefixDeclaring(adapters.CaseInsensitive), casesFail},
		{"the reference, declared case-sensitive", broken.Declaring(adapters.Config{adapters.ExactCase: adapters.CaseSensitive, adapters.PrefixCase: adapters.CaseSensitive}),
			map[string]suite.Outcome{"FUZ-01": suite.Failed, "FUZ-02": suite.Failed, "FUZ-14": suite.Failed}},
		{"the reference, declared insensitive", broken.Declaring(adapters.Config{adapters.ExactCase: adapters.CaseInsensitive, adapters.PrefixCase: adapters.CaseInsensitive}), cases},
		{"> boundary, undeclared", broken.StrictThreshold(), map[string]suite.Outcome{"FUZ-05": suite.Passed, "FUZ-22": suite.Passed}},
		{"> boundary, declared >", broken.StrictThresholdDeclaring(adapters.Above), map[string]suite.Outcome{"FUZ-05": suite.Passed, "FUZ-22": suite.Passed}},
		{"> boundary, declared >=", broken.StrictThresholdDeclaring(adapters.AtLeast), map[string]suite.Outcome{"FUZ-05": suite.Failed, "FUZ-22": suite.Failed}},
		{"the reference, declared >", broken.Declaring(adapters.Config{adapters.TrigramBoundary: adapters.Above}), map[string]suite.Outcome{"FUZ-05": suite.Failed, "FUZ-22": suite.Failed}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 100, Standards: []adapters.Standard{adapters.Fuzzy},
				Match: regexp.MustCompile(`^(FUZ-01|FUZ-02|FUZ-05|FUZ-14|FUZ-15|FUZ-22) `)}
			got := outcomes(suite.Run(context.Background(), tt.a, reqs, opts))
			for id, want := range tt.want {
				if got[id] != want {
					t.Errorf("%s: %s, want %s", id, got[id], want)
				}
			}
		})
	}
}
