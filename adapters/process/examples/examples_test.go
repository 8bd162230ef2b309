// Package examples_test runs the example implementations of the process
// protocol (one directory each) through the conformance suite, as CI does:
// the examples are the templates users copy, so they must keep passing.
package examples_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// node finds the node binary; CI machines have it, and there its absence
// fails the test instead of skipping it.
func node(t *testing.T) string {
	t.Helper()
	path, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("node is not on PATH in CI: %v", err)
		}
		t.Skip("node is not installed")
	}
	return path
}

// nodeStandards are the standards the JavaScript example implements (all of
// them), every one run by TestNodeExample.
var nodeStandards = []adapters.Standard{
	adapters.Inflate, adapters.Density, adapters.Assemble, adapters.Radial,
	adapters.Elastic, adapters.Fuzzy, adapters.Densify, adapters.Expand,
}

// TestNodeExample runs the suite (MUST and SHOULD, fewer generated cases
// than the default) against the JavaScript example over the protocol, with
// every message validated against the schemas, for every standard it
// declares. Its expectations file is empty: every requirement must pass (or
// be skipped for a reason of the protocol, such as PRF-02's memory), and a
// failure listed there that passes now fails the test too.
func TestNodeExample(t *testing.T) {
	bin := node(t)
	ctx := context.Background()
	a, err := process.Exec(ctx, []string{bin, filepath.Join("node", "impl.js")}, process.Options{Validate: true, RequestTimeout: 30 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	info := a.Info()
	if info.Unit != "utf16" {
		t.Fatalf("example counts %s, want utf16", info.Unit)
	}
	for _, s := range nodeStandards {
		if !info.Implements(s) {
			t.Errorf("example does not declare %s: it declares %v", s, info.Standards)
		}
	}
	f, err := os.Open(filepath.Join("node", "expectations.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	expect, err := reports.ReadExpectations(f, ctxconform.Known)
	if err != nil {
		t.Fatal(err)
	}
	rep := suite.Run(ctx, a, ctxconform.Requirements(), suite.Options{
		Level: suite.Should, Standards: nodeStandards,
		Seed: 5, PropertyRuns: 10, Timeout: time.Minute,
	})
	check := expect.Compare(rep)
	for _, id := range check.New {
		for _, r := range rep.Results {
			if r.ID == id {
				t.Errorf("%s %s: %s", id, r.Outcome, r.Message)
			}
		}
	}
	for _, k := range check.Fixed {
		t.Errorf("%s passes now: remove it from node/expectations.json", k.ID)
	}
	for _, r := range rep.Results {
		if r.Outcome == suite.NotImplemented {
			t.Errorf("%s not implemented: %s", r.ID, r.Message)
		}
	}
	t.Log(rep.Summary())
	// Every MUST and SHOULD of the declared standards ran, and all but a
	// few (a skip, an inconclusive comparison) passed.
	want := 0
	for _, r := range ctxconform.Requirements() {
		if r.Level <= suite.Should && slices.Contains(nodeStandards, r.Standard) {
			want++
		}
	}
	if len(rep.Results) != want || rep.Count(suite.Passed) < want-5 {
		t.Errorf("%d requirements judged, %d passed; want the %d MUST and SHOULD requirements of %v, nearly all passed: %s", len(rep.Results), rep.Count(suite.Passed), want, nodeStandards, rep.Summary())
	}
	if a.Restarts() > 0 || strings.TrimSpace(a.Stderr()) != "" {
		t.Errorf("the example restarted %d times; stderr:\n%s", a.Restarts(), a.Stderr())
	}
}

// TestNodeVectors runs the example's own test file, which ports the golden
// vectors (fixtures/vectors) into node's test runner.
func TestNodeVectors(t *testing.T) {
	bin := node(t)
	cmd := exec.Command(bin, "--test", "impl.test.js")
	cmd.Dir = "node"
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("node --test: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "# fail 0") {
		t.Errorf("node --test reported failures:\n%s", out)
	}
}
