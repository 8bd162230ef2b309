package selfcheck_test

import (
	"context"
	"fmt"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/suite"
)

// TestReadingsRadialElastic runs the programs of testdata/readings that read
// std085 protocol §5 (radial) and std105 §2–4 (elastic) another defensible
// way than the reference (the Node example with one reading changed, one
// mode each; their comments say which), on their standard alone at the
// strict level, seeds 1 to 5 on one started program each, and checks what
// issue 27 asks of the readings (specs/REQUIREMENTS.md, "The audit of the
// readings"): each passes every MUST and SHOULD requirement, errors
// nothing, and fails the REFERENCE or ROBUST requirement that names its
// reading. Besides it, a reading may fail only the requirements listed as
// also: the comparisons with the reference's whole answer (RAD-10, RAD-15,
// ELA-23, ELA-24) and the reference's exact examples (RAD-22, RAD-24,
// ELA-06, ELA-11) that its reading changes.
func TestReadingsRadialElastic(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs: not in -short")
	}
	node, err := exec.LookPath("node")
	if err != nil {
		t.Skip("node not found: the reading programs of testdata/readings need it")
	}
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "readings"))
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		program, mode string
		std           adapters.Standard
		names         []string // must fail: the requirements naming the reading
		also          []string // may fail: the reference's whole answer or exact example
	}{
		{"radial_readings.js", "outward", adapters.Radial, []string{"RAD-29"}, nil},
		{"radial_readings.js", "nosnap", adapters.Radial, []string{"RAD-29"}, nil},
		{"radial_readings.js", "innermost", adapters.Radial, []string{"RAD-22"}, []string{"RAD-10"}},
		{"radial_readings.js", "trimmed", adapters.Radial, []string{"RAD-07"}, []string{"RAD-10", "RAD-22"}},
		{"radial_readings.js", "pooled", adapters.Radial, []string{"RAD-13", "RAD-14"}, []string{"RAD-15", "RAD-24"}},
		{"radial_readings.js", "single-term", adapters.Radial, []string{"RAD-32"}, []string{"RAD-15"}},
		{"radial_readings.js", "score-order", adapters.Radial, []string{"RAD-10"}, nil},
		{"radial_readings.js", "rendered", adapters.Radial, []string{"RAD-28"}, nil},
		{"elastic_readings.js", "formula-radius", adapters.Elastic, []string{"ELA-26"}, []string{"ELA-06", "ELA-23"}},
		{"elastic_readings.js", "best-only", adapters.Elastic, []string{"ELA-30"}, []string{"ELA-06", "ELA-23"}},
		{"elastic_readings.js", "prefix-census", adapters.Elastic, []string{"ELA-29"}, []string{"ELA-11", "ELA-24"}},
		{"elastic_readings.js", "ascii-lower", adapters.Elastic, []string{"ELA-09"}, []string{"ELA-24"}},
		{"elastic_readings.js", "nosnap", adapters.Elastic, []string{"ELA-27"}, nil},
		{"elastic_readings.js", "rendered", adapters.Elastic, []string{"ELA-25"}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.TrimSuffix(tt.program, ".js")+"/"+tt.mode, func(t *testing.T) {
			t.Parallel()
			a, err := startProgram([]string{node, filepath.Join(dir, tt.program), tt.mode}, process.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			var problems []string
			for seed := int64(1); seed <= 5; seed++ {
				rep := suite.Run(context.Background(), a, ctxconform.Requirements(), suite.Options{
					Seed: seed, Level: suite.Reference, Standards: []adapters.Standard{tt.std},
					PropertyRuns: 4, Timeout: 5 * time.Minute})
				var failed []string
				for _, r := range rep.Results {
					switch {
					case r.Outcome == suite.Failed && r.Level <= suite.Should:
						problems = append(problems, fmt.Sprintf("seed %d: %s (%s) failed: %s", seed, r.ID, r.Level, firstLine(r.Message)))
					case r.Outcome == suite.Failed:
						failed = append(failed, r.ID)
						if !slices.Contains(tt.names, r.ID) && !slices.Contains(tt.also, r.ID) {
							problems = append(problems, fmt.Sprintf("seed %d: %s (%s) failed, not a requirement of this reading: %s", seed, r.ID, r.Level, firstLine(r.Message)))
						}
					case r.Outcome == suite.Passed, r.Outcome == suite.Skipped:
					default:
						problems = append(problems, fmt.Sprintf("seed %d: %s %s: %s", seed, r.ID, r.Outcome, firstLine(r.Message)))
					}
				}
				for _, id := range tt.names {
					if !slices.Contains(failed, id) {
						problems = append(problems, fmt.Sprintf("seed %d: %s passed; it names the reading %s and must fail it", seed, id, tt.mode))
					}
				}
				slices.Sort(failed)
				t.Logf("seed %d: failed %v", seed, failed)
			}
			if len(problems) > 0 {
				t.Error(strings.Join(problems, "\n"))
			}
		})
	}
}
