package reports

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// res is a result of the inflate standard at level l with outcome o.
func res(id string, l suite.Level, o suite.Outcome) suite.Result {
	return suite.Result{ID: id, Standard: adapters.Inflate, Level: l, Outcome: o, Title: "t", Section: "§1", Message: "why " + id}
}

func runOf(results ...suite.Result) Run {
	return Run{Report: suite.Report{Adapter: adapters.Info{Name: "impl", Version: "1"}, Results: results}}
}

var failOnFlag = regexp.MustCompile(`--fail-on (\w+)`)

// TestGateLine: the last line names the gating levels, what failed there
// (the run's exit status), and what failed above them without gating with
// the flag that would make it gate.
func TestGateLine(t *testing.T) {
	pass := res("INF-01", suite.Must, suite.Passed)
	mustFail := res("INF-04", suite.Must, suite.Failed)
	mustErr := res("DEN-01", suite.Must, suite.Errored)
	shouldFail := res("INF-08", suite.Should, suite.Failed)
	robustFail := res("INF-03", suite.Robust, suite.Failed)
	refFail := res("INF-09", suite.Reference, suite.Failed)
	notRun := res("INF-05", suite.Must, suite.NotRun)
	knownRun := runOf(pass, mustFail)
	knownRun.Check = &Check{Known: []Known{{Expectation: Expectation{ID: "INF-04"}}}}
	fixedRun := runOf(pass)
	fixedRun.Check = &Check{Fixed: []Known{{Expectation: Expectation{ID: "INF-01"}}}}
	tests := []struct {
		name   string
		runs   []Run
		failOn suite.Level
		strict bool
		want   string
	}{
		{"all pass", []Run{runOf(pass)}, suite.Must, false, "gate: pass at MUST (exit 0): nothing failed"},
		{"should does not gate", []Run{runOf(pass, shouldFail)}, suite.Must, false, "gate: pass at MUST (exit 0); 1 SHOULD failure does not gate (--fail-on should)"},
		{"should gates", []Run{runOf(pass, shouldFail)}, suite.Should, false, "gate: FAIL at MUST and SHOULD (exit 1): 1 failed or errored (INF-08)"},
		{"must fails", []Run{runOf(mustFail, mustErr, shouldFail, robustFail)}, suite.Must, false,
			"gate: FAIL at MUST (exit 1): 2 failed or errored (INF-04, DEN-01); 1 SHOULD failure does not gate (--fail-on should); 1 ROBUST failure does not gate (--fail-on robust)"},
		{"reference does not gate", []Run{runOf(pass, refFail)}, suite.Robust, false, "gate: pass at MUST, SHOULD and ROBUST (exit 0); 1 REFERENCE failure does not gate (--fail-on strict)"},
		{"not run", []Run{runOf(pass, notRun)}, suite.Must, false, "gate: FAIL at MUST (exit 1): 1 not run (the run was cut short)"},
		{"known", []Run{knownRun}, suite.Must, false, "gate: pass at MUST (exit 0); 1 known failure listed in the expectations file does not gate"},
		{"fixed", []Run{fixedRun}, suite.Must, false, "gate: pass at MUST (exit 0); 1 known failure now passes (--strict-expectations would exit 3)"},
		{"fixed strict", []Run{fixedRun}, suite.Must, true, "gate: exit 3: nothing new failed at MUST, but 1 known failure now passes (--strict-expectations): update the expectations file"},
		{"two runs", []Run{runOf(pass), runOf(mustFail)}, suite.Must, false, "gate: FAIL at MUST (exit 1): 1 failed or errored (INF-04)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := GateLine(tt.runs, tt.failOn, tt.strict)
			if got != tt.want {
				t.Errorf("GateLine =\n  %s\nwant\n  %s", got, tt.want)
			}
			// The flag the line suggests is one --fail-on takes.
			for _, m := range failOnFlag.FindAllStringSubmatch(got, -1) {
				if _, err := suite.ParseLevel(m[1]); err != nil {
					t.Errorf("GateLine suggests --fail-on %s: %v", m[1], err)
				}
			}
		})
	}
}

// TestSummary: a line per standard with its counts or "not implemented",
// no row per requirement and no figures, but every failure in full.
func TestSummary(t *testing.T) {
	fail := res("INF-04", suite.Must, suite.Failed)
	fail.Message = "window 3 is too long"
	noted := res("INF-01", suite.Must, suite.Passed)
	noted.Notes = []string{"a figure", "another"}
	var ela []suite.Result
	for _, id := range []string{"ELA-01", "ELA-02", "ELA-03"} {
		r := res(id, suite.Must, suite.NotImplemented)
		r.Standard = adapters.Elastic
		ela = append(ela, r)
	}
	run := runOf(append([]suite.Result{noted, fail, res("INF-09", suite.Must, suite.Skipped)}, ela...)...)
	var b bytes.Buffer
	if err := Summary(&b, run); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"  Context inflation (inflate)  1 passed, 1 FAIL, 1 skipped\n",
		"  Elastic radius (elastic)     not implemented (3 requirements)\n",
		"(2 figures measured by 1 requirements",
		"--- INF-04 FAILED (MUST, §1): t\n    window 3 is too long\n",
		"Skipped:\n  INF-09  why INF-09\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"│", "a figure", "ELA-01"} {
		if strings.Contains(out, not) {
			t.Errorf("summary holds %q, which is -v's:\n%s", not, out)
		}
	}
}

// TestTableParts: the parts of the terminal table and summary at their
// bounds, each line written out by hand: a standard with no results has
// no line, one whose requirements are all not implemented one line; the
// figures block; no "Skipped:" when nothing was skipped; a restart noted
// from one; known failures counted in a standard's line; the note on
// figures from one; names without a version or with a label.
func TestTableParts(t *testing.T) {
	fig := res("INF-01", suite.Must, suite.Passed)
	fig.Notes = []string{"a figure", "another"}
	known := res("INF-04", suite.Must, suite.Failed)
	ni := []suite.Result{res("DEN-01", suite.Must, suite.NotImplemented), res("DEN-02", suite.Must, suite.NotImplemented)}
	for i := range ni {
		ni[i].Standard = adapters.Density
	}
	run := runOf(append([]suite.Result{fig, known, res("INF-05", suite.Must, suite.Failed)}, ni...)...)
	run.Check = (Expectations{Expectations: []Expectation{{ID: "INF-04", Reason: "r", Link: "L"}}}).Compare(run.Report)
	run.Restarts = 1
	var b bytes.Buffer
	if err := RunTable(&b, run); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{
		"Dynamic density (density): not implemented by impl (2 requirements)\n\n",
		"Figures:\n  INF-01  a figure\n  INF-01  another\n\n",
		"--- INF-04 FAILED (MUST, §1): t [known: r — L]\n",
		"Note: impl was restarted 1 times after a crash, hang or malformed message.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("the table lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"Skipped:", "Radial", "DEN-01"} {
		if strings.Contains(out, not) {
			t.Errorf("the table holds %q:\n%s", not, out)
		}
	}
	b.Reset()
	run.Restarts = 0
	one := res("INF-02", suite.Must, suite.Passed)
	one.Notes = []string{"n"}
	run.Results = append(run.Results, one)
	if err := Summary(&b, run); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"  Context inflation (inflate)  2 passed, 2 FAIL (1 known)\n", "(3 figures measured by 2 requirements"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the summary lacks %q:\n%s", want, b.String())
		}
	}
	if strings.Contains(b.String(), "restarted") {
		t.Errorf("the summary notes restarts that did not happen:\n%s", b.String())
	}
	// One figure is counted; none, no note.
	b.Reset()
	if err := Summary(&b, runOf(one)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "(1 figures measured by 1 requirements") {
		t.Errorf("one figure is not counted:\n%s", b.String())
	}
	b.Reset()
	if err := Summary(&b, runOf(res("INF-01", suite.Must, suite.Passed))); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(b.String(), "figures measured") {
		t.Errorf("no figures, yet a note:\n%s", b.String())
	}

	for _, tt := range []struct{ got, want string }{
		{why(Expectation{Reason: "r"}), "r"}, {why(Expectation{Link: "L"}), "L"}, {why(Expectation{Reason: "r", Link: "L"}), "r — L"},
		{orDash(""), "-"}, {orDash("x"), "x"},
		{Run{Report: suite.Report{Adapter: adapters.Info{Name: "x"}}}.Name(), "x"},
		{Run{Label: "L", Report: suite.Report{Adapter: adapters.Info{Name: "x", Version: "2"}}}.Name(), "L"},
		{GateLine([]Run{runOf(res("INF-01", suite.Must, suite.Passed))}, suite.Must, true), "gate: pass at MUST (exit 0): nothing failed"},
	} {
		if tt.got != tt.want {
			t.Errorf("%q, want %q", tt.got, tt.want)
		}
	}
}

// TestTableOneCauseOnly: when every requirement errored for one cause,
// the heading says it once and no standard repeats it.
func TestTableOneCauseOnly(t *testing.T) {
	var rs []suite.Result
	for _, id := range []string{"INF-01", "INF-02", "INF-03", "DEN-01", "DEN-02", "DEN-03"} {
		r := res(id, suite.Must, suite.Errored)
		r.Message = "did not start"
		if strings.HasPrefix(id, "DEN") {
			r.Standard = adapters.Density
		}
		rs = append(rs, r)
	}
	var b bytes.Buffer
	if err := RunTable(&b, runOf(rs...)); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "All 6 requirements ERROR (inflate 3, density 3): did not start\n") || strings.Contains(b.String(), "all 3 requirements ERROR") {
		t.Errorf("the cause is not said once:\n%s", b.String())
	}
}
