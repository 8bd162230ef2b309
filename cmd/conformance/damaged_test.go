package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDamagedFilesJudgedAlike: compare, history and bench --from judge a
// damaged results file one way: a truncated line or a value that
// overflows is an error naming the file and line (exit 2); with
// --skip-bad, a file left with no results says which line was skipped. A
// 0 ns/op sample is a sample of its benchmark like any other.
func TestDamagedFilesJudgedAlike(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	var good strings.Builder
	good.WriteString("goos: linux\n")
	for i := range 6 {
		fmt.Fprintf(&good, "BenchmarkX-2 100 %d ns/op\n", 1200+i)
	}
	base := write("good.txt", good.String())
	// A history of 11 good runs, and the damaged file as its 12th.
	history := func(damaged string) string {
		h := filepath.Join(t.TempDir(), "h")
		os.Mkdir(h, 0o755)
		for i := range 11 {
			os.WriteFile(filepath.Join(h, fmt.Sprintf("r%02d.txt", i)),
				[]byte(fmt.Sprintf("commit: c%02d\ndate: 2026-01-%02dT00:00:00Z\n%s", i, i+1, strings.TrimPrefix(good.String(), "goos: linux\n"))), 0o644)
		}
		os.WriteFile(filepath.Join(h, "z.txt"), []byte("commit: zz\ndate: 2026-02-01T00:00:00Z\n"+damaged), 0o644)
		return h
	}
	for _, c := range []struct {
		name, text string
		line       int // of the damage, in the compared file (history's has one line more)
		want       string
	}{
		{"truncated", "goos: linux\nBenchmarkX-2 100 1200 ns/op\nBenchmarkX-2 100 12", 3, "missing units (a truncated or damaged file? --skip-bad skips such lines)"},
		{"overflow", "goos: linux\nBenchmarkX-2 1 1e309 ns/op\n", 2, "parsing measurement: value out of range"},
	} {
		t.Run(c.name, func(t *testing.T) {
			head := write(c.name+".txt", c.text)
			hist := history(strings.TrimPrefix(c.text, "goos: linux\n"))
			for _, cmd := range []struct {
				args []string
				want string
			}{
				{[]string{"compare", base, head}, fmt.Sprintf("%s:%d: %s", head, c.line, c.want)},
				{[]string{"history", hist}, fmt.Sprintf("z.txt:%d: %s", c.line+1, c.want)},
				{[]string{"bench", "--from", head, "--scaling-report", filepath.Join(dir, "s.svg")}, fmt.Sprintf("%s:%d: %s", head, c.line, strings.TrimSuffix(c.want, " (a truncated or damaged file? --skip-bad skips such lines)"))},
			} {
				code, stdout, stderr := runCmd(cmd.args...)
				if code != exitUsage || !strings.Contains(stderr, cmd.want) {
					t.Errorf("%s: exit %d, stderr %q; want %d and %q\n%s", cmd.args[0], code, stderr, exitUsage, cmd.want, stdout)
				}
			}
		})
	}
	// With --skip-bad, a file whose only line overflows names it.
	over := write("over.txt", "goos: linux\nBenchmarkX-2 1 1e309 ns/op\n")
	code, _, stderr := runCmd("compare", "--skip-bad", base, over)
	if want := "head (" + over + ") holds no benchmark results: its only benchmark line was skipped: " + over + ":2: parsing measurement: value out of range"; code != exitUsage || !strings.Contains(stderr, want) {
		t.Errorf("compare --skip-bad: exit %d, stderr %q; want %q", code, stderr, want)
	}
	code, _, stderr = runCmd("history", "--skip-bad", history("BenchmarkX-2 1 1e309 ns/op\n"))
	if want := "z.txt holds no benchmark results: its only benchmark line was skipped: "; code != exitUsage || !strings.Contains(stderr, want) || !strings.Contains(stderr, "z.txt:3: parsing measurement") {
		t.Errorf("history --skip-bad: exit %d, stderr %q; want %q", code, stderr, want)
	}
	// A 0 ns/op sample belongs to its benchmark.
	zero := write("zero.txt", strings.Replace(good.String(), "1200 ns/op", "0 ns/op", 1))
	code, stdout, stderr := runCmd("compare", base, zero)
	if code != exitOK || strings.Contains(stdout, "only in") || !strings.Contains(stdout, "n=6+6") {
		t.Errorf("compare with a 0 ns/op sample: exit %d:\n%s%s", code, stdout, stderr)
	}
}
