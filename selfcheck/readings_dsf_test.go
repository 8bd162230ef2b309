package selfcheck_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// TestReadingsFuzzyDensifyExpand runs testdata/readings/readings.js, the
// JavaScript example changed in one place to follow another defensible
// reading of std105 §3, densification-chunking or ADR-023 than the
// reference's (specs/REQUIREMENTS.md, "The audit of the readings (issue
// 27)"), over its standard at level strict on seeds 1 to 5, one started
// program serving the five seeds in turn. A MUST or SHOULD fails only what
// every reasonable reading of its sentence forbids, so no MUST or SHOULD may
// fail (nor error); and one choice fails one requirement, so exactly the
// REFERENCE or ROBUST requirement that names the reading fails, the same on
// every seed. Skipped and inconclusive are allowed: a request JSON cannot
// carry, a check that cannot judge an answer that does not account for its
// calls (DSF-19's).
func TestReadingsFuzzyDensifyExpand(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs: not in -short")
	}
	node := testprog.Node(t)
	prog, err := filepath.Abs(filepath.Join("..", "testdata", "readings", "readings.js"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		mode   string
		std    adapters.Standard
		failed []string // exactly, on every seed
	}{
		// `%` at pg_trgm's default 0.3 whatever threshold the request names.
		{"fuzzy-fixed-threshold", adapters.Fuzzy, []string{"FUZ-22"}},
		// `LIKE 'term%'` with the term's %, _ and \ as LIKE's syntax.
		{"fuzzy-like-syntax", adapters.Fuzzy, []string{"FUZ-06"}},
		// `LIKE 'term%'` case-sensitive, undeclared and declared
		// (prefix_case "sensitive"): the SQL's case is FUZ-24's.
		{"fuzzy-prefix-like", adapters.Fuzzy, []string{"FUZ-24"}},
		{"fuzzy-prefix-like-declared", adapters.Fuzzy, []string{"FUZ-24"}},
		// The table at density exactly 0.10: growing, 2.0.
		{"expand-table-at-0.10", adapters.Expand, []string{"EXP-03"}},
		// topK 0 read as the vector search's default.
		{"expand-topk0-default", adapters.Expand, []string{"EXP-12"}},
		// A classifier that knows only the listed phrases.
		{"densify-listed-phrases", adapters.Densify, []string{"DSF-30"}},
		// Capture retries every failure, the early rejection too.
		{"densify-capture-all", adapters.Densify, []string{"DSF-13"}},
		// An account of the calls the harness cannot follow: DSF-19 only.
		{"densify-unaccounted", adapters.Densify, []string{"DSF-19"}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			t.Parallel()
			a, err := startProgram([]string{node, prog, tt.mode}, process.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			var problems []string
			for seed := int64(1); seed <= 5; seed++ {
				o := faultyOptions
				o.Seed, o.Level, o.Standards, o.PropertyRuns = seed, suite.Reference, []adapters.Standard{tt.std}, 20
				rep := suite.Run(context.Background(), a, ctxconform.Requirements(), o)
				var failed []string
				for _, r := range rep.Results {
					switch {
					case r.Outcome == suite.Failed && r.Level <= suite.Should:
						problems = append(problems, fmt.Sprintf("seed %d: %s (%s) failed: %s", seed, r.ID, r.Level, firstLine(r.Message)))
						failed = append(failed, r.ID)
					case r.Outcome == suite.Failed:
						failed = append(failed, r.ID)
					case r.Outcome == suite.Passed, r.Outcome == suite.Skipped, r.Outcome == suite.Inconclusive:
					default:
						problems = append(problems, fmt.Sprintf("seed %d: %s %s: %s", seed, r.ID, r.Outcome, firstLine(r.Message)))
					}
				}
				slices.Sort(failed)
				if !slices.Equal(failed, tt.failed) {
					problems = append(problems, fmt.Sprintf("seed %d: failed %v, want exactly %v", seed, failed, tt.failed))
				}
			}
			if len(problems) > 0 {
				t.Error(strings.Join(problems, "\n"))
			}
		})
	}
}
