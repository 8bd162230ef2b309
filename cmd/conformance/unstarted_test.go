package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestRunUnstarted: a program that exits before the handshake still gets
// the requested reports, every requirement errored with the reason and its
// standard error, and exit status 1 (it is the implementation that failed);
// a command that cannot be started at all is a usage error (2).
func TestRunUnstarted(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs sh")
	}
	dir := t.TempDir()
	js, junit, md := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.xml"), filepath.Join(dir, "r.md")
	args := append([]string{"run", "--adapter", "exec", "--json", js, "--junit", junit, "--markdown", md}, quick...)
	args = append(args, "--", "sh", "-c", "echo 'cannot open my model file' >&2; exit 4")
	code, stdout, stderr := runCmd(args...)
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
	if len(run.Results) == 0 || run.Count(suite.Errored) != len(run.Results) {
		t.Fatalf("%d results, %d errored; want every one errored", len(run.Results), run.Count(suite.Errored))
	}
	for _, want := range []string{"did not start", "exit status 4", "cannot open my model file"} {
		if !strings.Contains(run.Results[0].Message, want) {
			t.Errorf("message %q lacks %q", run.Results[0].Message, want)
		}
	}
	for _, f := range []string{junit, md} {
		if b, err := os.ReadFile(f); err != nil || !strings.Contains(string(b), "cannot open my model file") {
			t.Errorf("%s: %v, or it does not give the reason", f, err)
		}
	}

	code, _, stderr = runCmd("run", "--adapter", "exec", "--", filepath.Join(dir, "no-such-program"))
	if code != exitUsage || !strings.Contains(stderr, "no-such-program") {
		t.Errorf("a command that cannot start: exit %d, stderr %q; want %d", code, stderr, exitUsage)
	}
}
