package reports

import (
	"bytes"
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

// TestGateLine: the last line names the gating levels, what failed there
// (the run's exit status), and what failed above them without gating with
// the flag that would make it gate.
func TestGateLine(t *testing.T) {
	pass := res("INF-01", suite.Must, suite.Passed)
	mustFail := res("INF-04", suite.Must, suite.Failed)
	mustErr := res("DEN-01", suite.Must, suite.Errored)
	shouldFail := res("INF-08", suite.Should, suite.Failed)
	robustFail := res("INF-03", suite.Robust, suite.Failed)
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
		{"not run", []Run{runOf(pass, notRun)}, suite.Must, false, "gate: FAIL at MUST (exit 1): 1 not run (the run was cut short)"},
		{"known", []Run{knownRun}, suite.Must, false, "gate: pass at MUST (exit 0); 1 known failure listed in the expectations file does not gate"},
		{"fixed", []Run{fixedRun}, suite.Must, false, "gate: pass at MUST (exit 0); 1 known failure now passes (--strict-expectations would exit 3)"},
		{"fixed strict", []Run{fixedRun}, suite.Must, true, "gate: exit 3: nothing new failed at MUST, but 1 known failure now passes (--strict-expectations): update the expectations file"},
		{"two runs", []Run{runOf(pass), runOf(mustFail)}, suite.Must, false, "gate: FAIL at MUST (exit 1): 1 failed or errored (INF-04)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := GateLine(tt.runs, tt.failOn, tt.strict); got != tt.want {
				t.Errorf("GateLine =\n  %s\nwant\n  %s", got, tt.want)
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
