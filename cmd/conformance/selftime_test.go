package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// lyingTemplate is the Python template with its bench timing replaced by
// elapsed, a Python expression (the iterations asked for are msg["iterations"]).
func lyingTemplate(t *testing.T, elapsed string) []string {
	t.Helper()
	const honest = `"elapsed_ns": time.perf_counter_ns() - t0`
	return editedTemplate(t, honest, `"elapsed_ns": `+elapsed)
}

// editedTemplate is the Python template with its text from replaced by
// to, as a command line; the test fails if the template no longer holds
// from.
func editedTemplate(t *testing.T, from, to string) []string {
	t.Helper()
	src, err := os.ReadFile("../../adapters/process/templates/python/impl.py")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(src, []byte(from)) {
		t.Fatalf("the template no longer holds %s", from)
	}
	p := filepath.Join(t.TempDir(), "impl.py")
	if err := os.WriteFile(p, bytes.Replace(src, []byte(from), []byte(to), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	return []string{testprog.Python(t), p}
}

// TestBenchSelfTimingBounds: a program's own timings are bounded by what
// the harness saw. An hour for an exchange of a fraction of a second, or
// int64's maximum, fails the benchmark at once, naming the message and the
// field; a negative allocated_bytes too, at bench rather than later in
// compare. A time of 0 or 1 ns is kept but marked: in the results file
// ("selftime: zero", "selftime: below-resolution"), in the side-by-side
// ratio, and in compare and history reading the file.
func TestBenchSelfTimingBounds(t *testing.T) {
	one := `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`
	benchArgs := func(out string, more ...string) []string {
		return append([]string{"bench", "--short", "--run", one, "--count", "2", "--benchtime", "2x", "-q", "-o", out}, more...)
	}
	t.Run("refused", func(t *testing.T) {
		for _, c := range []struct{ elapsed, want string }{
			{"3600 * 10**9", `"elapsed_ns" 3600000000000 (1h0m0s) is more than the whole exchange took on the harness's clock`},
			{"2**63 - 1", `"elapsed_ns" 9223372036854775807`},
			{"2**64", `malformed message: field "bench.elapsed_ns": number 18446744073709551616 is not an integer`},
			{`time.perf_counter_ns() - t0, "allocated_bytes": -500000000`, `"allocated_bytes" -500000000 is negative`},
		} {
			t.Run(c.elapsed, func(t *testing.T) {
				out := filepath.Join(t.TempDir(), "r.txt")
				var stdout, stderr bytes.Buffer
				code := run(append(benchArgs(out, "--adapter", "exec", "--"), lyingTemplate(t, c.elapsed)...), &stdout, &stderr)
				b, _ := os.ReadFile(out)
				if code != exitGate || !strings.Contains(string(b), c.want) || strings.Contains(string(b), "ns/op") || strings.Contains(string(b), "malformed message: malformed message") {
					t.Errorf("exit %d, want 1 with a FAIL saying %q and no figure:\n%s\n%s", code, c.want, b, stderr.String())
				}
			})
		}
	})
	for _, c := range []struct{ elapsed, mark string }{
		{"0", "zero"},
		{"1", "below-resolution"},
	} {
		t.Run("marked "+c.mark, func(t *testing.T) {
			dir := t.TempDir()
			out := filepath.Join(dir, "side.txt")
			var stdout, stderr bytes.Buffer
			code := run(append(benchArgs(out, "--adapter", "reference", "--adapter", "exec", "--"), lyingTemplate(t, c.elapsed)...), &stdout, &stderr)
			if code != exitOK {
				t.Fatalf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
			}
			b, _ := os.ReadFile(out)
			if !strings.Contains(string(b), "\nselftime: "+c.mark+"\n") {
				t.Errorf("the results file does not mark the figures:\n%s", b)
			}
			if !strings.Contains(stdout.String(), "(not measured)") || !strings.Contains(stdout.String(), "selftime: "+c.mark) {
				t.Errorf("the side-by-side table does not mark the ratio:\n%s", stdout.String())
			}
			// compare, from the file: by implementation, and exec's runs
			// against themselves.
			stdout.Reset()
			if code := run([]string{"compare", "--by", "impl", out}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "NOT MEASURED (template-python: 2 of 2 runs selftime: "+c.mark+")") {
				t.Errorf("compare --by impl: exit %d:\n%s%s", code, stdout.String(), stderr.String())
			}
			stdout.Reset()
			if code := run([]string{"compare", out, out}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "not measured (selftime: not judged)") {
				t.Errorf("compare: exit %d:\n%s%s", code, stdout.String(), stderr.String())
			}
			// history, over a run of it.
			hist := filepath.Join(dir, "h")
			stdout.Reset()
			if code := run([]string{"history", "import", hist, "--commit", "abc1234", "--date", "2026-01-01", out}, &stdout, &stderr); code != exitOK {
				t.Fatalf("import: exit %d: %s", code, stderr.String())
			}
			stdout.Reset()
			if code := run([]string{"history", "--json", "-", hist}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "runs not measured, the implementation reporting less time than its clock can measure") ||
				!strings.Contains(stdout.String(), `"unmeasured": "`+c.mark+`"`) {
				t.Errorf("history: exit %d:\n%.3000s%s", code, stdout.String(), stderr.String())
			}
		})
	}
}

// TestSpeedTargetUnmeasured: PRF-03 on a program whose bench answers
// claim no time at all is inconclusive, saying why, not passed: a time no
// clock measured meets any target.
func TestSpeedTargetUnmeasured(t *testing.T) {
	var stdout, stderr bytes.Buffer
	run(append([]string{"run", "--run", "^PRF-03$", "--adapter", "exec", "--"}, lyingTemplate(t, "0")...), &stdout, &stderr)
	if out := stdout.String(); !strings.Contains(out, "PRF-03 INCONCLUSIVE") || !strings.Contains(out, "21 of 21 calls were timed by the implementation at less than its clock can measure (selftime: zero") {
		t.Errorf("PRF-03 on a zero timing:\n%s%s", out, stderr.String())
	}
}
