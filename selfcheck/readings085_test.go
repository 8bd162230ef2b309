package selfcheck_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/suite"
)

// TestReadings085 runs programs that each read std085 §2–3 (inflation and
// density) or the Context Inflation Protocol §1–3 (assembly) another
// defensible way than the reference (testdata/readings: inflate085.py, a
// Python implementation with one reading a mode; proxy085.py, the reference
// relayed with one reading applied to its answers; testdata/faulty/nosnap.js,
// UTF-16 units with window edges between surrogate halves), at every level
// (strict), on seeds 1 to 5, and checks what specs/REQUIREMENTS.md, "The
// audit of the readings (issue 27)", promises of each: it fails no MUST and
// no SHOULD, errors nothing, and fails the REFERENCE or ROBUST requirement
// that names its reading, on every seed. Only those requirements run (the
// MUSTs, SHOULDs and every reading's), with 20 generated cases each: the
// fixed edge cases, which run first on every seed, are what show a reading. The controls (the same programs
// with no other reading) fail none of those requirements: what fails is the
// reading.
func TestReadings085(t *testing.T) {
	if testing.Short() {
		t.Skip("starts programs: not in -short")
	}
	python := testprog.Python(t)
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv(serveEnv, "1") // the proxy's child serves the reference
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "readings"))
	if err != nil {
		t.Fatal(err)
	}
	inflate := func(mode string) []string { return []string{python, filepath.Join(dir, "inflate085.py"), mode} }
	proxy := func(mode string) []string {
		return []string{python, filepath.Join(dir, "proxy085.py"), mode, "--", self}
	}
	infDen := []adapters.Standard{adapters.Inflate, adapters.Density}
	asm := []adapters.Standard{adapters.Assemble}
	tests := []struct {
		name    string
		argv    []string
		stds    []adapters.Standard
		reading []string // the requirements that name the reading: each fails on every seed
		seeds   int      // 5, or 1 for a control
	}{
		{"inflate085 reference (control)", inflate("reference"), infDen, nil, 1},
		{"padding (W/2) clamped", inflate("pad-half"), infDen, []string{"DEN-08"}, 5},
		{"squeeze in input order", inflate("input-order"), infDen, []string{"INF-17"}, 5},
		{"MIN_WINDOW_CAP 200 a floor of every window", inflate("floor200"), infDen, []string{"DEN-13"}, 5},
		{"MIN_WINDOW_CAP 200 the minimum viable size", inflate("viable200"), infDen, []string{"DEN-14"}, 5},
		{"MoleculeA the molecule before", inflate("merge-previous"), infDen, []string{"INF-03"}, 5},
		{"overlapping windows joined", inflate("merge-overlaps"), infDen, []string{"INF-18"}, 5},
		{"markers outside the budget", inflate("markers"), infDen, []string{"DEN-09"}, 5},
		{"static fallback 2500 the budget", inflate("static-budget"), infDen, []string{"DEN-15"}, 5},
		{"proxy085 reference (control)", proxy("reference"), asm, nil, 1},
		{"molecules listed by score", proxy("by-score"), asm, []string{"ASM-21"}, 5},
		{"assembly markers outside max_chars", proxy("markers"), asm, []string{"ASM-19"}, 5},
		{"under 5% of assemblies over budget", proxy("five-percent"), asm, []string{"ASM-04"}, 5},
	}
	if node, err := exec.LookPath("node"); err == nil {
		nosnap, err := filepath.Abs(filepath.Join("..", "testdata", "faulty", "nosnap.js"))
		if err != nil {
			t.Fatal(err)
		}
		tests = append(tests, struct {
			name    string
			argv    []string
			stds    []adapters.Standard
			reading []string
			seeds   int
		}{"UTF-16 units, surrogate pairs split", []string{node, nosnap, "budget"}, infDen, []string{"DEN-12", "INF-02"}, 5})
	}
	var named []string // every reading's requirements: no control fails one
	for _, tt := range tests {
		named = append(named, tt.reading...)
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			a, err := startProgram(tt.argv, process.Options{})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			// Every MUST and SHOULD of the standards, and the requirements
			// of the readings (the other REFERENCE and ROBUST ones judge
			// nothing this test asserts, and would double its time).
			var ids []string
			for _, r := range ctxconform.Requirements() {
				if slices.Contains(tt.stds, r.Standard) && (r.Level.Normative() || slices.Contains(named, r.ID)) {
					ids = append(ids, r.ID)
				}
			}
			match := regexp.MustCompile(`^(` + strings.Join(ids, "|") + `) `)
			var problems []string
			for seed := int64(1); seed <= int64(tt.seeds); seed++ {
				o := suite.Options{Level: suite.Reference, Seed: seed, Standards: tt.stds, Skip: regexp.MustCompile(`^PRF-`),
					Match: match, PropertyRuns: 20, Timeout: faultyOptions.Timeout}
				rep := suite.Run(context.Background(), a, ctxconform.Requirements(), o)
				var failed []string
				for _, r := range rep.Results {
					switch {
					case r.Outcome == suite.Errored:
						problems = append(problems, fmt.Sprintf("seed %d: %s errored: %s", seed, r.ID, firstLine(r.Message)))
					case r.Outcome == suite.Failed && r.Level.Normative():
						problems = append(problems, fmt.Sprintf("seed %d: %s (%s) failed: %s", seed, r.ID, r.Level, firstLine(r.Message)))
					case r.Outcome == suite.Failed && tt.reading == nil && slices.Contains(named, r.ID):
						problems = append(problems, fmt.Sprintf("seed %d: the control fails %s, a reading's requirement: %s", seed, r.ID, firstLine(r.Message)))
					}
					if r.Outcome == suite.Failed {
						failed = append(failed, r.ID)
					}
				}
				for _, id := range tt.reading {
					if !slices.Contains(failed, id) {
						problems = append(problems, fmt.Sprintf("seed %d: %s passed, want it failed: it names the reading", seed, id))
					}
				}
				t.Logf("seed %d failed %v", seed, failed)
			}
			if len(problems) > 0 {
				t.Error(strings.Join(problems, "\n"))
			}
		})
	}
}
