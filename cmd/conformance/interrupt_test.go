package main

import (
	"bufio"
	"encoding/json"
	"encoding/xml"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestRunKilled is the done-when of issue 11: a run sent SIGTERM halfway
// (after its third verdict on standard error) leaves a valid JSON and JUnit
// report of what finished, the rest not run, and fails the gate.
func TestRunKilled(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM")
	}
	dir := t.TempDir()
	js, junit, md := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.xml"), filepath.Join(dir, "r.md")
	cmd := exec.Command(os.Args[0], "run", "-v", "--seed", "3", "--json", js, "--junit", junit, "--markdown", md)
	cmd.Env = append(os.Environ(), asEnv+"=conformance")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	lines := bufio.NewScanner(stderr)
	var heard []string
	for len(heard) < 3 && lines.Scan() {
		heard = append(heard, lines.Text())
	}
	if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	var rest strings.Builder
	for lines.Scan() {
		rest.WriteString(lines.Text() + "\n")
	}
	err = cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != exitGate {
		t.Fatalf("killed run: %v, want exit status %d\n%s", err, exitGate, rest.String())
	}
	for _, l := range heard {
		if !strings.HasSuffix(l, "s)") || len(strings.Fields(l)) < 3 {
			t.Errorf("verdict line %q, want ID, verdict, duration", l)
		}
	}
	if !strings.Contains(rest.String(), "interrupted by SIGTERM: the reports hold what finished") {
		t.Errorf("stderr does not say the run was interrupted:\n%s", rest.String())
	}

	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := reports.ReadReport(strings.NewReader(string(b)))
	if err != nil {
		t.Fatalf("JSON report: %v\n%s", err, b)
	}
	run := doc.Runs[0]
	done, notRun := 0, 0
	for _, r := range run.Results {
		switch r.Outcome {
		case suite.NotRun:
			notRun++
		case suite.Passed:
			done++
		default:
			t.Errorf("%s: %s (%s), want passed or not run", r.ID, r.Outcome, r.Message)
		}
	}
	if done < 3 || notRun == 0 || run.Interrupted != "interrupted by SIGTERM" {
		t.Errorf("JSON report: %d passed, %d not run, interrupted %q; want at least 3 passed, some not run", done, notRun, run.Interrupted)
	}

	b, err = os.ReadFile(junit)
	if err != nil {
		t.Fatal(err)
	}
	var suites struct {
		Tests   int `xml:"tests,attr"`
		Errors  int `xml:"errors,attr"`
		Skipped int `xml:"skipped,attr"`
	}
	if err := xml.Unmarshal(b, &suites); err != nil {
		t.Fatalf("JUnit report does not parse: %v", err)
	}
	// Not run is an error: a CI system must not show an interrupted run
	// as green.
	if suites.Tests != len(run.Results) || suites.Errors != notRun || suites.Skipped != 0 {
		t.Errorf("JUnit: %d tests, %d errors, %d skipped; want %d, %d, 0", suites.Tests, suites.Errors, suites.Skipped, len(run.Results), notRun)
	}
	if b, err := os.ReadFile(md); err != nil || !strings.Contains(string(b), "cut short") {
		t.Errorf("Markdown report: %v\n%s", err, b)
	}
}

// TestRunDeadline: a --deadline that passes before the first requirement
// leaves every requirement not run, the reports written and the gate failed.
func TestRunDeadline(t *testing.T) {
	js := filepath.Join(t.TempDir(), "r.json")
	code, stdout, stderr := runCmd(append([]string{"run", "--deadline", "1ns", "--json", js}, quick...)...)
	if code != exitGate {
		t.Fatalf("exit %d, want %d\n%s%s", code, exitGate, stdout, stderr)
	}
	b, err := os.ReadFile(js)
	if err != nil {
		t.Fatal(err)
	}
	var doc reports.Document
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	run := doc.Runs[0]
	if len(run.Results) == 0 || run.Count(suite.NotRun) != len(run.Results) || !strings.Contains(run.Interrupted, "--deadline 1ns passed") {
		t.Errorf("%d results, %d not run, interrupted %q", len(run.Results), run.Count(suite.NotRun), run.Interrupted)
	}
	if !strings.Contains(stdout, "not run") {
		t.Errorf("the table does not show what was not run:\n%s", stdout)
	}
}
