// Package casys_test runs casys-pml's searchToolsHybrid (ADR-023), through
// the adapter in this directory, against the expand requirements at level
// strict, and gates its verdicts with expectations.json: a change of the
// harness that moves a verdict on the original code shows up as a failure
// here. It needs node, the snapshot and the packages `make upstream-casys`
// (part of `make upstream`) puts in .upstream/; outside CI their absence
// skips the test, in CI it fails it.
package casys_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

const snapshot = "casys-pml-ba8b9272"

// missing ends the test for something `make upstream` provides.
func missing(t *testing.T, what string) {
	t.Helper()
	msg := what + ": run `make upstream` (or `make upstream-casys`) to unpack casys-pml and build its adapter"
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}

// root is the repository's root: the directory of go.mod above this one.
func root(t *testing.T) string {
	t.Helper()
	dir, err := filepath.Abs(".")
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's directory")
		}
		dir = parent
	}
}

// bundle builds the adapter from this directory's sources (so the test
// judges them, not an older build) into a temporary file.
func bundle(t *testing.T) (node, path string) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "node is not on PATH")
	}
	up := filepath.Join(root(t), ".upstream")
	src := filepath.Join(up, snapshot)
	mods := filepath.Join(up, "casys")
	if _, err := os.Stat(filepath.Join(src, "src", "graphrag", "search", "hybrid-search.ts")); err != nil {
		missing(t, "casys-pml is not unpacked in "+src)
	}
	if _, err := os.Stat(filepath.Join(mods, "node_modules", "esbuild")); err != nil {
		missing(t, "esbuild and graphology are not installed in "+mods)
	}
	path = filepath.Join(t.TempDir(), "casys-adapter.mjs")
	out, err := exec.Command(node, "build.mjs", "--src", src, "--modules", mods, "--out", path).CombinedOutput()
	if err != nil {
		t.Fatalf("build the adapter: %v\n%s", err, out)
	}
	return node, path
}

// TestCasysPML runs every expand requirement at level strict on the seed
// expectations.json was written with (`conformance run --level strict
// --write-expectations`), validating every message against the protocol's
// schemas: nothing errors, every failure is a known one, and no known
// failure passes.
func TestCasysPML(t *testing.T) {
	node, path := bundle(t)
	ctx := context.Background()
	a, err := process.Exec(ctx, []string{node, path}, process.Options{Validate: true, RequestTimeout: time.Minute, StartTimeout: 2 * time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if info := a.Info(); info.Name != "casys-pml" || !info.Implements(adapters.Expand) {
		t.Fatalf("adapter says it is %s implementing %v, want casys-pml implementing expand", info.Name, info.Standards)
	}
	f, err := os.Open("expectations.json")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	expect, err := reports.ReadExpectations(f, ctxconform.Known)
	if err != nil {
		t.Fatal(err)
	}
	if expect.Seed == 0 || len(expect.Expectations) == 0 {
		t.Fatalf("expectations.json has seed %d and %d entries: write it with conformance run --write-expectations", expect.Seed, len(expect.Expectations))
	}
	rep := suite.Run(ctx, a, ctxconform.Requirements(), suite.Options{
		Level: suite.Reference, Standards: []adapters.Standard{adapters.Expand}, Seed: expect.Seed, Timeout: 5 * time.Minute,
	})
	check := expect.Compare(rep)
	for _, id := range check.New {
		for _, r := range rep.Results {
			if r.ID == id {
				t.Errorf("%s %s (not in expectations.json): %s", id, r.Outcome, r.Message)
			}
		}
	}
	for _, k := range check.Fixed {
		t.Errorf("%s passes now: remove it from expectations.json", k.ID)
	}
	for _, k := range check.NotRun {
		t.Errorf("%s is expected to fail but was %s", k.ID, k.Now)
	}
	if n := rep.Count(suite.Errored); n > 0 {
		t.Errorf("%d requirements errored", n)
	}
	if a.Restarts() > 0 {
		t.Errorf("the adapter restarted %d times; stderr:\n%s", a.Restarts(), a.Stderr())
	}
	t.Log(rep.Summary())
}
