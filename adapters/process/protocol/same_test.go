package protocol_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/suite"
)

// differs lists the requirements whose outcome may differ between the
// reference in process and behind the protocol, and why. Nothing else may.
var differs = map[string]string{
	// Its check sends invalid UTF-8 as the input, which a JSON string
	// cannot carry (protocol.ErrInexpressible); in process it is answered.
	"DSF-13": "invalid UTF-8 input is not expressible over the protocol",
}

// TestSameTable is the protocol's own test: the whole catalogue, at strict
// level, run against the reference through the protocol (Serve on pipes)
// must give the outcomes of the reference in process.
func TestSameTable(t *testing.T) {
	if testing.Short() {
		t.Skip("whole catalogue")
	}
	sameTable(t, ctxconform.Requirements(), 3, protocol.ServeOptions{}, protocol.Options{})
}

// TestSameTableValidated runs the example-based requirements (which call
// every operation) with every message checked against the schemas, so the
// schemas accept what the reference really sends and answers. The
// performance requirements (PRF) are left to TestSameTable: they send the
// same inflate requests, only large and many.
func TestSameTableValidated(t *testing.T) {
	var specs []suite.Requirement
	for _, r := range ctxconform.Requirements() {
		if r.Kind == suite.Spec && !strings.HasPrefix(r.ID, "PRF-") {
			specs = append(specs, r)
		}
	}
	sameTable(t, specs, 1, protocol.ServeOptions{}, protocol.Options{Validate: true})
}

// TestSameTableCapabilities runs the example-based requirements, validated,
// as TestSameTableValidated, without the capabilities on either side (a
// version 1 program, an older harness) and with a session too small to
// hold every document (the harness drops and sends again): the outcomes
// stay those of the reference in process.
func TestSameTableCapabilities(t *testing.T) {
	var specs []suite.Requirement
	for _, r := range ctxconform.Requirements() {
		if r.Kind == suite.Spec && !strings.HasPrefix(r.ID, "PRF-") {
			specs = append(specs, r)
		}
	}
	cases := []struct {
		name  string
		serve protocol.ServeOptions
		opts  protocol.Options
		caps  []string
	}{
		{"program declares none", protocol.ServeOptions{Capabilities: []string{}}, protocol.Options{Validate: true}, nil},
		{"harness offers none", protocol.ServeOptions{}, protocol.Options{Validate: true, Offer: []string{}}, nil},
		{"documents dropped", protocol.ServeOptions{}, protocol.Options{Validate: true, DocumentBytes: 32 << 10}, []string{protocol.CapBench, protocol.CapDocuments}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a := sameTable(t, specs, 1, c.serve, c.opts)
			if got := a.Capabilities(); !slices.Equal(got, c.caps) {
				t.Errorf("capabilities in use %v, want %v", got, c.caps)
			}
		})
	}
}

func sameTable(t *testing.T, reqs []suite.Requirement, runs int, serve protocol.ServeOptions, popts protocol.Options) *protocol.Adapter {
	ctx := context.Background()
	opts := suite.Options{Level: suite.Reference, Seed: 42, PropertyRuns: runs, Timeout: time.Minute}
	want := suite.Run(ctx, reference.New(), reqs, opts)
	a, err := protocol.New(ctx, protocol.InProcess(reference.New(), serve), popts)
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	if got, want := a.Info().Standards, adapters.Standards(); len(got) != len(want) {
		t.Errorf("served reference declares %v, want every standard %v", got, want)
	}
	got := suite.Run(ctx, a, reqs, opts)
	if len(got.Results) != len(want.Results) {
		t.Fatalf("%d results through the protocol, %d in process", len(got.Results), len(want.Results))
	}
	for i, w := range want.Results {
		g := got.Results[i]
		if g.ID != w.ID {
			t.Fatalf("result %d is %s through the protocol, %s in process", i, g.ID, w.ID)
		}
		if g.Outcome == w.Outcome {
			continue
		}
		// In process the reference is judged against itself, which shows
		// nothing (inconclusive); served over the protocol it is another
		// program to the check, whose answers equal the reference's.
		if w.Outcome == suite.Inconclusive && strings.Contains(w.Message, suite.SelfCompared) && g.Outcome == suite.Passed {
			continue
		}
		if why, ok := differs[g.ID]; ok {
			t.Logf("%s: %s through the protocol, %s in process (allowed: %s)", g.ID, g.Outcome, w.Outcome, why)
			continue
		}
		t.Errorf("%s: %s through the protocol (%s), %s in process (%s)", g.ID, g.Outcome, g.Message, w.Outcome, w.Message)
	}
	if a.Restarts() != 0 {
		t.Errorf("the served reference was restarted %d times:\n%s", a.Restarts(), a.Stderr())
	}
	return a
}
