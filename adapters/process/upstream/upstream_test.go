// Package upstream_test runs the engines the standards came from, through
// their adapters (one directory each, docs/upstream.md), against the suite at
// level strict, and gates their verdicts with an expectations file each: a
// change to the harness that moves a verdict on real code fails here and
// shows as a diff of that file.
//
// The engines are not in the repository (AGPL-3.0): `make upstream` builds
// them into .upstream/. Without that build or without node the tests skip,
// naming `make upstream`; in CI (CI set) they fail instead.
package upstream_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// need skips the test (fails it in CI) when a prerequisite is missing;
// target is the make target that builds it.
func need(t *testing.T, ok bool, what, target string) {
	t.Helper()
	if ok {
		return
	}
	if os.Getenv("CI") != "" {
		t.Fatalf("%s (CI must run `make %s` first)", what, target)
	}
	t.Skipf("%s: run `make %s`", what, target)
}

// engine describes one upstream adapter.
type engine struct {
	dir    string // under adapters/process/upstream/
	built  string // the file `make upstream` builds, from the repository root
	argv   []string
	target string // the make target that builds it (default upstream)
	// expectations is the expectations file, under dir (default
	// expectations.json).
	expectations string
	// version, when set, is the version the adapter must name in its
	// handshake.
	version string
	// match and propertyRuns narrow the run (nil and 0: every requirement,
	// 100 generated cases per property).
	match        *regexp.Regexp
	propertyRuns int
}

// runEngine starts the adapter, runs the suite at level strict with the
// expectations file's seed and fails on every verdict the file does not
// expect, and on every expected failure that now passes.
func runEngine(t *testing.T, e engine) {
	root, err := filepath.Abs(filepath.Join("..", "..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	if e.target == "" {
		e.target = "upstream"
	}
	if e.expectations == "" {
		e.expectations = "expectations.json"
	}
	node, err := exec.LookPath("node")
	need(t, err == nil, "node is not on PATH", e.target)
	_, err = os.Stat(filepath.Join(root, e.built))
	need(t, err == nil, e.built+" is missing", e.target)

	file := filepath.Join(e.dir, e.expectations)
	f, err := os.Open(file)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	expect, err := reports.ReadExpectations(f, ctxconform.Known)
	if err != nil {
		t.Fatal(err)
	}

	ctx := context.Background()
	argv := append([]string{node}, e.argv...)
	// PGlite compiles its WebAssembly when the adapter starts: a minute on
	// a loaded machine. What is judged is the answers, not the start.
	a, err := process.Exec(ctx, argv, process.Options{StartTimeout: 5 * time.Minute, RequestTimeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rep := suite.Run(ctx, a, ctxconform.Requirements(), suite.Options{
		Level: suite.Reference, Seed: expect.Seed, Timeout: 30 * time.Minute,
		// PRF-02 and PRF-03 time and weigh the engine over many calls of
		// 1,000 hits: minutes of CI for figures `conformance bench` gives
		// (the findings pages carry them). Every other requirement runs.
		Skip:  regexp.MustCompile(`^PRF-0[23]$`),
		Match: e.match, PropertyRuns: e.propertyRuns,
	})
	if e.version != "" && rep.Adapter.Version != e.version {
		t.Errorf("the report names version %q, want %q", rep.Adapter.Version, e.version)
	}
	check := expect.Compare(rep)
	for _, id := range check.New {
		for _, r := range rep.Results {
			if r.ID == id {
				t.Errorf("%s %s (not in %s as that): %s", id, r.Outcome, file, r.Message)
			}
		}
	}
	for _, k := range check.Fixed {
		t.Errorf("%s passes now: remove it from %s", k.ID, file)
	}
	known := 0
	for _, k := range check.Known {
		if k.Now == suite.Errored {
			known++
		}
	}
	if n := rep.Count(suite.Errored) - known; n > 0 {
		t.Errorf("%d requirements errored: %s", n, rep.Summary())
	}
	t.Log(rep.Summary())
}

// TestAnchorEngine judges anchor-engine-node at bf36eae
// (anchor/README.md): ContextInflator.inflate, the census SQL and the
// elastic radius of executeDistributedRadialSearch, on PGlite.
func TestAnchorEngine(t *testing.T) {
	runEngine(t, engine{
		dir:   "anchor",
		built: ".upstream/anchor/engine.mjs",
		argv:  []string{filepath.Join("anchor", "main.mjs")},
	})
}

// selection reads CI's fast selection of the engine's history from
// anchor/expectations/selection.txt (its choice is written down in
// anchor/README.md, "Across the engine's history"): the requirements to run
// and the generated cases per property. The expectations files beside it
// are written with the same selection (`make upstream-history-expectations`);
// `make upstream-history-run` judges every requirement.
func selection(t *testing.T) (*regexp.Regexp, int) {
	t.Helper()
	const file = "anchor/expectations/selection.txt"
	data, err := os.ReadFile(filepath.FromSlash(file))
	if err != nil {
		t.Fatal(err)
	}
	var match *regexp.Regexp
	runs := 0
	for i, line := range strings.Split(string(data), "\n") {
		key, value, _ := strings.Cut(line, " ")
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case key == "run":
			if match, err = regexp.Compile(value); err != nil {
				t.Fatalf("%s:%d: run: %v", file, i+1, err)
			}
		case key == "property-runs":
			if runs, err = strconv.Atoi(value); err != nil || runs < 1 {
				t.Fatalf("%s:%d: property-runs: want an integer of at least 1, got %q", file, i+1, value)
			}
		default:
			t.Fatalf("%s:%d: want \"run REGEXP\" or \"property-runs N\", got %q", file, i+1, line)
		}
	}
	if match == nil || runs == 0 {
		t.Fatalf("%s: want both a run line and a property-runs line", file)
	}
	return match, runs
}

// history reads anchor/history.txt: commit and date, oldest first.
func history(t *testing.T) [][2]string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("anchor", "history.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var out [][2]string
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			t.Fatalf("anchor/history.txt:%d: want COMMIT DATE SUBJECT, got %q", i+1, line)
		}
		out = append(out, [2]string{f[0], f[1]})
	}
	return out
}

// TestAnchorHistory judges every commit of anchor-engine-node's history that
// anchor/history.txt lists (built by `make upstream-history`), one engine
// at a time, on CI's fast selection, against anchor/expectations/COMMIT.json,
// and checks that each report names the commit and date it ran.
func TestAnchorHistory(t *testing.T) {
	commits := history(t)
	match, runs := selection(t)
	if len(commits) != 11 {
		t.Errorf("anchor/history.txt lists %d commits, want the 11 of ../shared/upstream/README.md", len(commits))
	}
	for _, c := range commits {
		t.Run(c[0], func(t *testing.T) {
			build := filepath.Join(".upstream", "history", c[0])
			runEngine(t, engine{
				dir:          "anchor",
				built:        filepath.Join(build, "engine.mjs"),
				argv:         []string{filepath.Join("anchor", "main.mjs"), "--build", filepath.Join("..", "..", "..", build)},
				target:       "upstream-history",
				expectations: filepath.Join("expectations", c[0]+".json"),
				version:      c[0] + " (" + c[1] + ")",
				match:        match,
				propertyRuns: runs,
			})
		})
	}
}
