package main

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// asEnv makes the test binary, started again by a test, act as something
// else: "conformance" (this command, on its arguments) or "ignores-budget"
// (a broken implementation behind the protocol).
const asEnv = "CTXCONFORM_TEST_AS"

func TestMain(m *testing.M) {
	switch os.Getenv(asEnv) {
	case "conformance":
		os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
	case "ignores-budget":
		if err := process.Serve(context.Background(), broken.IgnoresBudget(), os.Stdin, os.Stdout, process.ServeOptions{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	case "slow-inflate":
		if err := process.Serve(context.Background(), slowInflate{reference.New()}, os.Stdin, os.Stdout, process.ServeOptions{}); err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	// Runs that fail write replay files into ./conformance-replays by
	// default: the package's tests leave none behind.
	_, err := os.Stat("conformance-replays")
	code := m.Run()
	if os.IsNotExist(err) {
		os.RemoveAll("conformance-replays")
	}
	os.Exit(code)
}

// slowInflate is the reference, but 10 seconds slow to inflate 1,000 hits
// or more: a scale past the request timeout.
type slowInflate struct{ *reference.Adapter }

func (s slowInflate) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	if len(req.Hits) >= 1000 {
		time.Sleep(10 * time.Second)
	}
	return s.Adapter.Inflate(ctx, req)
}

// self is the command line that starts this test binary as as.
func self(t *testing.T, as string, args ...string) []string {
	t.Setenv(asEnv, as)
	return append([]string{os.Args[0]}, args...)
}

func runCmd(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// quick keeps runs short: inflation and density only, few generated cases.
var quick = []string{"--standard", "inflate,density", "--property-runs", "3", "--seed", "7", "--skip", "PRF-0[23]"}

// TestRunMatrix is the done-when of issue 6: the reference in process and
// the reference behind the protocol (conformance serve-reference, started
// as a program) in one invocation print a matrix and write JUnit, Markdown
// and JSON; their outcomes agree.
func TestRunMatrix(t *testing.T) {
	dir := t.TempDir()
	junit, md, js := filepath.Join(dir, "r.xml"), filepath.Join(dir, "r.md"), filepath.Join(dir, "r.json")
	args := append([]string{"run", "-v", "--adapter", "reference", "--adapter", "exec", "--validate-protocol",
		"--junit", junit, "--markdown", md, "--json", js}, quick...)
	args = append(append(args, "--"), self(t, "conformance", "serve-reference")...)
	code, stdout, stderr := runCmd(args...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"reference 0.1.0 [reference]", "reference 0.1.0 [exec]", "│ INF-01 │ MUST   │ pass"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}

	var doc reports.Document
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != reports.ReportFormat || len(doc.Runs) != 2 {
		t.Fatalf("JSON report: format %q, %d runs", doc.Format, len(doc.Runs))
	}
	a, e := doc.Runs[0], doc.Runs[1]
	if len(a.Results) == 0 || len(a.Results) != len(e.Results) {
		t.Fatalf("JSON report: %d and %d results", len(a.Results), len(e.Results))
	}
	for i := range a.Results {
		if a.Results[i].ID != e.Results[i].ID || a.Results[i].Outcome != e.Results[i].Outcome {
			t.Errorf("%s: %s in process, %s %s through the protocol", a.Results[i].ID, a.Results[i].Outcome, e.Results[i].ID, e.Results[i].Outcome)
		}
	}

	var suites struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	b, err = os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(b, &suites); err != nil {
		t.Fatalf("JUnit XML does not parse: %v", err)
	}
	if suites.Tests != 2*len(a.Results) || len(suites.Suites) != 4 {
		t.Errorf("JUnit: %d tests in %d suites, want %d in 4 (2 adapters × 2 standards)", suites.Tests, len(suites.Suites), 2*len(a.Results))
	}

	b, err = os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## ctxconform conformance", "### Matrix", "| `INF-01` | MUST | pass | pass |"} {
		if !strings.Contains(string(b), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, b)
		}
	}
}

// TestRunExitCodes covers the documented exit statuses, with a broken
// implementation (it ignores budgets) behind the protocol.
func TestRunExitCodes(t *testing.T) {
	dir := t.TempDir()
	brokenImpl := func() []string { return self(t, "ignores-budget") }
	execRun := func(extra ...string) (int, string, string) {
		args := append(append([]string{"run", "--adapter", "exec"}, quick...), extra...)
		return runCmd(append(append(args, "--"), brokenImpl()...)...)
	}

	// 1: a MUST requirement fails and no expectation covers it; the last
	// line says so.
	code, stdout, _ := execRun()
	if code != exitGate || !strings.Contains(stdout, "DEN-01") {
		t.Fatalf("broken implementation: exit %d, want %d\n%s", code, exitGate, stdout)
	}
	if last := lastLine(stdout); !strings.HasPrefix(last, "gate: FAIL at MUST and SHOULD (exit 1): ") || !strings.Contains(last, "DEN-01") {
		t.Errorf("last line %q, want the failed gate naming DEN-01", last)
	}

	// --write-expectations records the failures, and says what it wrote;
	// with them the run passes.
	expect := filepath.Join(dir, "expect.json")
	if code, _, stderr := execRun("--write-expectations", expect); code != exitGate {
		t.Fatalf("--write-expectations: exit %d: %s", code, stderr)
	} else if want := "conformance: wrote " + expect + ": "; !strings.Contains(stderr, want) || !strings.Contains(stderr, "known failures (") || !strings.Contains(stderr, "seed 7") {
		t.Errorf("--write-expectations: stderr %q, want %q with the count and seed 7", stderr, want)
	}
	if code, stdout, stderr := execRun("--expectations", expect); code != exitOK {
		t.Fatalf("with expectations: exit %d, want 0\n%s%s", code, stdout, stderr)
	} else if !strings.Contains(stdout, " known)") || !strings.Contains(stdout, "Expectations: 0 new failures") ||
		!strings.Contains(stdout, "known failures listed in the expectations file do not gate") {
		t.Errorf("known failures not marked:\n%s", stdout)
	}

	// 3: an expected failure passes (INF-12 is fine in this implementation).
	var e reports.Expectations
	b, _ := os.ReadFile(expect)
	if err := json.Unmarshal(b, &e); err != nil {
		t.Fatal(err)
	}
	e.Expectations = append(e.Expectations, reports.Expectation{ID: "INF-12", Reason: "thought broken"})
	b, _ = json.Marshal(e)
	stale := filepath.Join(dir, "stale.json")
	os.WriteFile(stale, b, 0o644)
	if code, stdout, _ := execRun("--expectations", stale); code != exitOK || !strings.Contains(stdout, "INF-12 passes now") {
		t.Errorf("stale expectation without --strict-expectations: exit %d, want 0 and a note\n%s", code, stdout)
	}
	if code, _, _ := execRun("--expectations", stale, "--strict-expectations"); code != exitFixed {
		t.Errorf("stale expectation with --strict-expectations: exit %d, want %d", code, exitFixed)
	}

	// 2: usage and setup errors.
	bad := filepath.Join(dir, "bad.json")
	os.WriteFile(bad, []byte(`{"format":"ctxconform-expectations/1","expectations":[{"id":"NOPE-01","reason":"x"}]}`), 0o644)
	usage := [][]string{
		{"run", "--expectations", bad},
		{"run", "--expectations", filepath.Join(dir, "missing.json")},
		{"run", "--adapter", "exec"},
		{"run", "--adapter", "nosuch"},
		{"run", "--", "node", "x.js"},
		{"run", "--json", "-", "--junit", "-"},
		{"run", "--adapter", "exec", "--", "/nonexistent/implementation"},
	}
	for _, args := range usage {
		if code, _, _ := runCmd(args...); code != exitUsage {
			t.Errorf("%q: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// TestRunJSONToStdout: --json - replaces the table.
func TestRunJSONToStdout(t *testing.T) {
	code, stdout, stderr := runCmd(append([]string{"run", "--json", "-", "--run", "^INF-1[12] "}, quick...)...)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var doc reports.Document
	if err := json.Unmarshal([]byte(stdout), &doc); err != nil {
		t.Fatalf("stdout is not the JSON report: %v\n%s", err, stdout)
	}
	if len(doc.Runs) != 1 || len(doc.Runs[0].Results) != 2 {
		t.Errorf("JSON report: %+v", doc)
	}
}

// lastLine is the last line of out, without its newline.
func lastLine(out string) string {
	lines := strings.Split(strings.TrimRight(out, "\n"), "\n")
	return lines[len(lines)-1]
}

// TestRunScreen: on a pipe, run prints a line per standard, no row per
// requirement, no verdict lines on standard error, and ends with the gate;
// -v prints the rows and a verdict line per requirement.
func TestRunScreen(t *testing.T) {
	code, stdout, stderr := runCmd(append([]string{"run"}, quick...)...)
	if code != exitOK {
		t.Fatalf("exit %d\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"  Context inflation (inflate)  ", "  Dynamic density (density)    "} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks the line %q:\n%s", want, stdout)
		}
	}
	if strings.Contains(stdout, "│") || strings.Contains(stdout, "Figures:") || stderr != "" {
		t.Errorf("default output holds rows, figures or verdict lines:\n%s\nstderr:\n%s", stdout, stderr)
	}
	if last := lastLine(stdout); last != "gate: pass at MUST and SHOULD (exit 0): nothing failed" {
		t.Errorf("last line %q", last)
	}

	code, stdout, stderr = runCmd(append([]string{"run", "-v"}, quick...)...)
	if code != exitOK {
		t.Fatalf("-v: exit %d\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "│ INF-01 │ MUST   │") || !strings.Contains(stderr, "INF-01 pass (") {
		t.Errorf("-v: no row or verdict line of INF-01:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// TestSummaryFitsScreen: the whole catalogue, every requirement passed with
// its figures (as the reference's run), prints at most 60 lines, and one
// that implements a single standard no more.
func TestSummaryFitsScreen(t *testing.T) {
	var all, one []suite.Result
	for _, r := range ctxconform.Requirements() {
		res := suite.Result{ID: r.ID, Standard: r.Standard, Level: r.Level, Title: r.Title, Section: r.Section, Outcome: suite.Passed,
			Notes: []string{"a figure", "another figure"}}
		all = append(all, res)
		if r.Standard != adapters.Inflate {
			res.Outcome = suite.NotImplemented
		}
		one = append(one, res)
	}
	for name, results := range map[string][]suite.Result{"all": all, "inflate only": one} {
		var stdout, stderr bytes.Buffer
		run := reports.Run{Report: suite.Report{Adapter: adapters.Info{Name: "impl"}, Results: results}}
		if err := (outputs{failOn: suite.Must}).write([]reports.Run{run}, &stdout, &stderr); err != nil {
			t.Fatal(err)
		}
		if n := strings.Count(stdout.String(), "\n"); n > 60 {
			t.Errorf("%s: %d lines, want at most 60:\n%s", name, n, stdout.String())
		}
	}
}
