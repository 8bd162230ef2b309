package reports_test

import (
	"bytes"
	"context"
	"encoding/json"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// crashing is the reference whose inflation crashes: every inflation
// requirement errors.
type crashing struct{ *reference.Adapter }

func (crashing) Inflate(context.Context, inflate.Request) (inflate.Result, error) {
	return inflate.Result{}, adapters.Fault("the engine crashed")
}

func (c crashing) Info() adapters.Info {
	i := c.Adapter.Info()
	i.Name = "crashing"
	return i
}

// undeclared is the reference that no longer declares inflation: its
// requirements are not implemented.
type undeclared struct{ *reference.Adapter }

func (u undeclared) Info() adapters.Info {
	i := u.Adapter.Info()
	i.Name = "undeclared"
	i.Standards = slices.DeleteFunc(slices.Clone(i.Standards), func(s adapters.Standard) bool { return s == adapters.Inflate })
	return i
}

// implementations are the runs the diff tests compare: the reference and
// implementations broken in known ways, on a few requirements each fails.
var implementations = map[string]func() adapters.Adapter{
	"reference":          func() adapters.Adapter { return reference.New() },
	"no-merge":           broken.NoMerge,          // INF-03, INF-04 fail
	"overlaps":           broken.Overlaps,         // INF-03 (another case), INF-07 fail
	"input-order":        broken.InputOrder,       // INF-17 (ROBUST) fails
	"squeeze-keeps-last": broken.SqueezeKeepsLast, // DEN-04 (SHOULD) fails
	"crashing":           func() adapters.Adapter { return crashing{reference.New()} },
	"undeclared":         func() adapters.Adapter { return undeclared{reference.New()} },
}

var (
	realRunsOnce sync.Once
	realRunsMap  map[string]reports.Run
)

// realRuns runs the in-process suite once on every implementation, on
// the requirements the diff tests look at, and keeps each run as it went
// through a JSON report (written and read back as conformance diff reads
// it).
func realRuns(t *testing.T) map[string]reports.Run {
	t.Helper()
	realRunsOnce.Do(func() {
		realRunsMap = map[string]reports.Run{}
		opts := suite.Options{Level: suite.Robust, Seed: 1, PropertyRuns: 20,
			Match: regexp.MustCompile(`^(INF-0[3479]|INF-1[27]|DEN-04) `)}
		for name, open := range implementations {
			rep := suite.Run(context.Background(), open(), ctxconform.Requirements(), opts)
			var buf bytes.Buffer
			if err := reports.JSON(&buf, []reports.Run{{Report: rep}}); err != nil {
				t.Fatal(err)
			}
			doc, err := reports.ReadReport(&buf)
			if err != nil {
				t.Fatal(err)
			}
			realRunsMap[name] = doc.Runs[0]
		}
	})
	if len(realRunsMap) != len(implementations) {
		t.Fatal("the runs could not be made")
	}
	return realRunsMap
}

// TestDiffReports compares real reports of the reference and of mutants:
// the diff finds the mutants' faults as new failures, names every other
// change by its kind, and fails the gate only on a requirement made worse
// at or below --fail-on.
func TestDiffReports(t *testing.T) {
	runs := realRuns(t)
	for _, tt := range []struct {
		old, cur string
		failOn   suite.Level
		want     string // ID=kind of every change, gating ones marked !
		gates    int
	}{
		{"reference", "reference", suite.Must, "", 0},
		// A new ROBUST failure (INF-03) is listed; it gates only at --fail-on robust.
		{"reference", "no-merge", suite.Must, "INF-03=new failure INF-04=new failure!", 1},
		{"reference", "no-merge", suite.Robust, "INF-03=new failure! INF-04=new failure!", 2},
		{"no-merge", "reference", suite.Must, "INF-03=fixed INF-04=fixed", 0},
		// Still failing with another message is listed, and is no regression.
		{"no-merge", "overlaps", suite.Must, "INF-07=new failure! INF-03=message changed INF-04=fixed", 1},
		// A new SHOULD failure is listed; it gates only at --fail-on should.
		{"reference", "squeeze-keeps-last", suite.Must, "INF-17=new failure DEN-04=new failure", 0},
		{"reference", "squeeze-keeps-last", suite.Should, "INF-17=new failure DEN-04=new failure!", 1},
		{"reference", "input-order", suite.Should, "INF-17=new failure", 0},
		{"reference", "input-order", suite.Robust, "INF-17=new failure!", 1},
		{"reference", "crashing", suite.Must, "INF-03=newly errored INF-04=newly errored! INF-07=newly errored! INF-09=newly errored! INF-12=newly errored! INF-17=newly errored DEN-04=newly errored", 4},
		// Failed to errored is worse in kind, but was failing already.
		{"no-merge", "crashing", suite.Robust, "INF-03=newly errored INF-04=newly errored INF-07=newly errored! INF-09=newly errored! INF-12=newly errored! INF-17=newly errored! DEN-04=newly errored!", 5},
		{"reference", "undeclared", suite.Must, "INF-03=newly not implemented INF-04=newly not implemented! INF-07=newly not implemented! INF-09=newly not implemented! INF-12=newly not implemented! INF-17=newly not implemented", 4},
		{"undeclared", "reference", suite.Must, "INF-03=changed INF-04=changed INF-07=changed INF-09=changed INF-12=changed INF-17=changed", 0},
	} {
		t.Run(tt.old+"→"+tt.cur+"/"+tt.failOn.Label(), func(t *testing.T) {
			d, err := reports.DiffReports([]reports.Run{runs[tt.old]}, []reports.Run{runs[tt.cur]}, tt.failOn)
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, c := range d.Runs[0].Changes {
				s := c.ID + "=" + string(c.Kind)
				if c.Gates {
					s += "!"
				}
				got = append(got, s)
			}
			if s := strings.Join(got, " "); s != tt.want {
				t.Errorf("changes\n got %s\nwant %s", s, tt.want)
			}
			if d.Regressions != tt.gates || d.Failed() != (tt.gates > 0) {
				t.Errorf("%d regressions (failed %v), want %d", d.Regressions, d.Failed(), tt.gates)
			}
			if n := len(d.Runs[0].Changes) + d.Runs[0].Unchanged; n != 7 {
				t.Errorf("%d changed + unchanged, want the 7 requirements", n)
			}
		})
	}
}

// without is run with the results of ids left out, as a run of another
// selection would hold.
func without(run reports.Run, ids ...string) reports.Run {
	run.Results = slices.DeleteFunc(slices.Clone(run.Results), func(r suite.Result) bool { return slices.Contains(ids, r.ID) })
	return run
}

// with is run with the outcome of id replaced.
func with(run reports.Run, id string, o suite.Outcome) reports.Run {
	run.Results = slices.Clone(run.Results)
	for i := range run.Results {
		if run.Results[i].ID == id {
			run.Results[i].Outcome = o
		}
	}
	return run
}

// TestDiffSelections compares runs of different selections and outcomes
// this package does not know: a requirement the old run did not check
// and the new one fails is a new failure (the gate fails); one it passes
// is added; one the new run did not check is removed; a move to or from an
// unknown outcome is a change, and no regression.
func TestDiffSelections(t *testing.T) {
	runs := realRuns(t)
	old := with(without(runs["reference"], "INF-03", "INF-04", "INF-12"), "INF-09", "inconclusive")
	cur := with(without(runs["no-merge"], "DEN-04"), "INF-07", "inconclusive")
	d, err := reports.DiffReports([]reports.Run{old}, []reports.Run{cur}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range d.Runs[0].Changes {
		s := c.ID + "=" + string(c.Kind) + "(" + string(c.Old) + "→" + string(c.New) + ")"
		if c.Gates {
			s += "!"
		}
		got = append(got, s)
	}
	want := "INF-03=new failure(→failed) INF-04=new failure(→failed)! INF-07=changed(passed→inconclusive) INF-09=changed(inconclusive→passed) INF-12=added(→passed) DEN-04=removed(passed→)"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("changes\n got %s\nwant %s", s, want)
	}
	if d.Regressions != 1 || d.Runs[0].Unchanged != 1 { // INF-03 is ROBUST: no regression at MUST
		t.Errorf("%d regressions, %d unchanged; want 1 and 1", d.Regressions, d.Runs[0].Unchanged)
	}
	var buf bytes.Buffer
	if err := reports.DiffTable(&buf, d); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "inconclusive") || strings.Contains(buf.String(), "not implemented") {
		t.Errorf("an unknown outcome is not shown as it is spelled:\n%s", buf.String())
	}
}

// TestDiffMatchesRuns pairs the runs of reports of several adapters by
// name, whatever their order, and refuses a run without its match.
func TestDiffMatchesRuns(t *testing.T) {
	runs := realRuns(t)
	ref, nm, ov := runs["reference"], runs["no-merge"], runs["overlaps"]
	d, err := reports.DiffReports([]reports.Run{ref, nm}, []reports.Run{nm, ref}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Runs) != 2 || d.Regressions != 0 || d.Runs[0].Old != nm.Name() || d.Runs[1].Old != ref.Name() {
		t.Errorf("runs matched as %+v, %d regressions; want each with itself, none", d.Runs, d.Regressions)
	}
	for _, tt := range []struct {
		old, cur []reports.Run
		want     string
	}{
		{[]reports.Run{ref, nm}, []reports.Run{ref, ov}, "the new report's run of broken/overlaps"},
		{[]reports.Run{ref, nm}, []reports.Run{ref}, "the old report's run of broken/no-merge"},
		{nil, []reports.Run{ref}, "no runs"},
	} {
		if _, err := reports.DiffReports(tt.old, tt.cur, suite.Must); err == nil || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%d runs against %d: error %v, want %q", len(tt.old), len(tt.cur), err, tt.want)
		}
	}
}

// TestDiffRenderings renders a real diff (the reference, then a mutant
// that fails INF-03 and INF-04 and fixes nothing) for the terminal, in
// Markdown and in JSON, with hostile text in the file names.
func TestDiffRenderings(t *testing.T) {
	runs := realRuns(t)
	old := runs["no-merge"]
	cur := with(runs["overlaps"], "INF-12", suite.Errored)
	for i := range cur.Results {
		if cur.Results[i].ID == "INF-12" {
			cur.Results[i].Message = "implementation fault: the engine crashed"
		}
	}
	d, err := reports.DiffReports([]reports.Run{old}, []reports.Run{cur}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	d.OldSrc, d.NewSrc = "old`|.json", "new.json"
	var inf03, inf07 reports.Change
	for _, c := range d.Runs[0].Changes {
		switch c.ID {
		case "INF-03":
			inf03 = c
		case "INF-07":
			inf07 = c
		}
	}
	if inf03.OldMessage == inf03.NewMessage || inf07.NewMessage == "" {
		t.Fatalf("the mutants' messages: INF-03 %q then %q, INF-07 %q", inf03.OldMessage, inf03.NewMessage, inf07.NewMessage)
	}
	firstLine := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }

	var tbl bytes.Buffer
	if err := reports.DiffTable(&tbl, d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		old.Name() + " → " + cur.Name(),
		"new failure *", "newly errored *", "message changed", "fixed",
		"--- INF-07 new failure (MUST)", firstLine(inf07.NewMessage),
		"--- INF-12 newly errored (MUST)", "now (ERROR):", "the engine crashed",
		"--- INF-03 message changed (ROBUST)", "was (FAIL):", firstLine(inf03.OldMessage), "now (FAIL):", firstLine(inf03.NewMessage),
		"1 new failure, 1 newly errored, 1 message changed, 1 fixed, 3 unchanged",
		"2 regressions at or below MUST",
	} {
		if !strings.Contains(tbl.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, tbl.String())
		}
	}
	if strings.Contains(tbl.String(), "--- INF-04") {
		t.Errorf("the table prints the message of a fixed requirement:\n%s", tbl.String())
	}

	var md bytes.Buffer
	if err := reports.DiffMarkdown(&md, d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"**2 regressions at or below MUST** (`old|.json` → `new.json`)",
		"| `INF-07` | MUST | **new failure** | pass | **FAIL** |",
		"| `INF-03` | ROBUST | message changed | FAIL | FAIL |",
		"| `INF-04` | MUST | fixed | FAIL | pass |",
		"<details><summary>Messages</summary>",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md.String())
		}
	}
	if n := strings.Count(md.String(), "```"); n != 2*4 { // INF-07 now, INF-03 was and now, INF-12 now
		t.Errorf("%d code fences, want 8 (balanced, one block per message):\n%s", n, md.String())
	}

	var js bytes.Buffer
	if err := reports.DiffJSON(&js, d); err != nil {
		t.Fatal(err)
	}
	var back reports.Diff
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, js.String())
	}
	if back.Format != reports.DiffFormat || back.Regressions != 2 || back.FailOn != suite.Must || len(back.Runs) != 1 ||
		len(back.Runs[0].Changes) != 4 || back.Runs[0].Changes[0].New != suite.Failed || !strings.Contains(js.String(), `"fail_on": "MUST"`) {
		t.Errorf("the JSON read back: %+v\n%s", back, js.String())
	}
}

// TestDiffGroupsMessages: requirements that now fail alike (every one
// errored by a crash) show their message once.
func TestDiffGroupsMessages(t *testing.T) {
	runs := realRuns(t)
	d, err := reports.DiffReports([]reports.Run{runs["reference"]}, []reports.Run{runs["crashing"]}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	var tbl, md bytes.Buffer
	if err := reports.DiffTable(&tbl, d); err != nil {
		t.Fatal(err)
	}
	if err := reports.DiffMarkdown(&md, d); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{tbl.String(), md.String()} {
		if n := strings.Count(out, "implementation fault: the engine crashed"); n != 1 {
			t.Errorf("the crash's message is shown %d times, want once:\n%s", n, out)
		}
		if !strings.Contains(out, "INF-03, INF-04, INF-07, INF-09, INF-12, INF-17, DEN-04") || !strings.Contains(out, "newly errored (7 requirements, the same message)") {
			t.Errorf("the group is not named:\n%s", out)
		}
	}
}
