package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// wrongTemplate is the Python template answering every inflation with its
// windows twice over: overlapping windows, which the bench's MUST
// invariants refuse.
func wrongTemplate(t *testing.T) []string {
	t.Helper()
	const right = `return {"windows": windows, "dropped": dropped}`
	return editedTemplate(t, right, `return {"windows": windows + windows, "dropped": dropped}`)
}

// TestBenchTimeNonconforming: bench refuses to time wrong answers unless
// asked (--time-nonconforming); asked, it keeps the figures and marks them
// in the results file ("conformance: nonconforming"), the side-by-side
// table, the scaling report, compare (a conforming side against a
// non-conforming one is not judged; two non-conforming sides are, saying
// so) and history.
func TestBenchTimeNonconforming(t *testing.T) {
	one := `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`
	benchArgs := func(out string, more ...string) []string {
		return append([]string{"bench", "--short", "--run", one, "--count", "2", "--benchtime", "2x", "-q", "-o", out}, more...)
	}
	t.Run("refused", func(t *testing.T) {
		out := filepath.Join(t.TempDir(), "r.txt")
		var stdout, stderr bytes.Buffer
		code := run(append(benchArgs(out, "--adapter", "exec", "--"), wrongTemplate(t)...), &stdout, &stderr)
		b, _ := os.ReadFile(out)
		if code != exitGate || !strings.Contains(string(b), "wrong answer, not timed") || strings.Contains(string(b), "ns/op") {
			t.Errorf("exit %d, want 1 with a FAIL saying wrong answer, not timed, and no figure:\n%s\n%s", code, b, stderr.String())
		}
	})
	dir := t.TempDir()
	out := filepath.Join(dir, "side.txt")
	report := filepath.Join(dir, "scaling.html")
	var stdout, stderr bytes.Buffer
	code := run(append(benchArgs(out, "--time-nonconforming", "--scaling-report", report, "--adapter", "reference", "--adapter", "exec", "--"), wrongTemplate(t)...), &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	b, _ := os.ReadFile(out)
	if got := strings.Count(string(b), "\nconformance: nonconforming\n"); got != 2 {
		t.Errorf("the results file marks %d results, want exec's 2:\n%s", got, b)
	}
	if !strings.Contains(stdout.String(), "(non-conforming)") || !strings.Contains(stdout.String(), "NON-CONFORMING, not judged (template-python: 2 of 2 runs conformance: nonconforming)") {
		t.Errorf("the side-by-side table does not mark the row:\n%s", stdout.String())
	}
	if html, _ := os.ReadFile(report); !strings.Contains(string(html), "NON-CONFORMING (conformance: nonconforming): 1 benchmarks") {
		t.Errorf("the scaling report does not mark the results:\n%.2000s", html)
	}
	// compare: the file against itself mixes the reference's conforming
	// runs with exec's; exec's alone against themselves are judged.
	stdout.Reset()
	if code := run([]string{"compare", out, out}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "non-conforming set against conforming (not judged)") {
		t.Errorf("compare, mixed: exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	alone := filepath.Join(dir, "exec.txt")
	if code := run(append(benchArgs(alone, "--time-nonconforming", "--adapter", "exec", "--"), wrongTemplate(t)...), &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d:\n%s", code, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"compare", alone, alone}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "non-conforming on both sides (judged between wrong answers)") ||
		strings.Contains(stdout.String(), "set against conforming") {
		t.Errorf("compare, both non-conforming: exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	hist := filepath.Join(dir, "h")
	if code := run([]string{"history", "import", hist, "--commit", "abc1234", "--date", "2026-01-01", out}, &stdout, &stderr); code != exitOK {
		t.Fatalf("import: exit %d: %s", code, stderr.String())
	}
	stdout.Reset()
	if code := run([]string{"history", "--json", "-", hist}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "runs non-conforming, timing answers that fail conformance") ||
		!strings.Contains(stdout.String(), `"nonconforming": true`) {
		t.Errorf("history: exit %d:\n%.3000s%s", code, stdout.String(), stderr.String())
	}
}
