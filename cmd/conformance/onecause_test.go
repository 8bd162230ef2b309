package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestNeverStartsShort: a Python program that never starts (it exits at
// once, or prints nothing and sleeps past the start timeout) gets one
// message and a short summary, under 30 lines in all on the terminal,
// whatever the number of requirements; the JSON report still lists every
// requirement with the message.
func TestNeverStartsShort(t *testing.T) {
	for _, c := range []struct {
		name string
		argv []string
		why  string
	}{
		{"exits at once", []string{"python3", "-c", "import sys; sys.stderr.write('ModuleNotFoundError: No module named numpy\\n'); sys.exit(1)"}, "No module named numpy"},
		{"sleeps silent", []string{"python3", "-c", "import time; time.sleep(120)"}, `no "started" within 8s`},
		// Node's long trace: the line that says why is near its top.
		{"node, missing module", []string{"node", "-e", "require('left-pad-nowhere')"}, "Cannot find module 'left-pad-nowhere'"},
	} {
		t.Run(c.name, func(t *testing.T) {
			if c.argv[0] == "python3" {
				c.argv[0] = testprog.Python(t) // the interpreter, not a slow shim
			} else if _, err := exec.LookPath(c.argv[0]); err != nil {
				t.Skip("needs " + c.argv[0])
			}
			dir := t.TempDir()
			js := filepath.Join(dir, "r.json")
			cmd := exec.Command(os.Args[0], "run", "--adapter", "exec", "--start-timeout", "8s", "--json", js, "--replay-dir", dir, "--")
			cmd.Args = append(cmd.Args, c.argv...)
			cmd.Env = append(os.Environ(), asEnv+"=conformance")
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err == nil {
				t.Fatalf("exit 0, want a failing status:\n%s", out.String())
			}
			text := out.String()
			if n := strings.Count(text, "\n"); n >= 30 {
				t.Errorf("%d lines, want under 30:\n%s", n, text)
			}
			for _, want := range []string{c.why, "requirements ERRORED alike", "it did not describe itself"} {
				if !strings.Contains(text, want) {
					t.Errorf("lacks %q:\n%s", want, text)
				}
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
			if len(run.Results) < 100 || run.Count(suite.Errored) != len(run.Results) {
				t.Fatalf("%d results, %d errored; want every requirement, errored", len(run.Results), run.Count(suite.Errored))
			}
			for _, r := range run.Results {
				if !strings.Contains(r.Message, c.why) {
					t.Errorf("%s: message %q lacks %q", r.ID, r.Message, c.why)
					break
				}
			}
		})
	}
}
