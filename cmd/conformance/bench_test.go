package main

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

func TestBenchWritesResultsAndReport(t *testing.T) {
	dir := t.TempDir()
	out, svg, html := filepath.Join(dir, "r.txt"), filepath.Join(dir, "s.svg"), filepath.Join(dir, "s.html")
	var stdout, stderr bytes.Buffer
	code := run([]string{"bench", "--short", "--run", `^Inflate/hits=(10|100|1000)/docs=100/doc-bytes=16000/budget=none$`, "--count", "2", "--benchtime", "3x",
		"--config", "commit=abc123", "-o", out, "--scaling-report", svg, "-q"}, &stdout, &stderr)
	if code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	f, err := format.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range map[string]string{"adapter": "reference", "adapter-version": reference.Version, "adapter-unit": "bytes", "commit": "abc123", "benchtime": "3x"} {
		if got := f.Get(k); got != want {
			t.Errorf("config %s = %q, want %q", k, got, want)
		}
	}
	for _, k := range []string{"goos", "goarch", "go"} {
		if f.Get(k) == "" {
			t.Errorf("no %s line", k)
		}
	}
	if len(f.Results) != 6 {
		t.Errorf("%d results, want 3 benchmarks × 2 runs", len(f.Results))
	}
	b, err := os.ReadFile(svg)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "Inflate by hits") {
		t.Errorf("the scaling report has no hits sweep:\n%.400s", b)
	}
	// The report can also be drawn later from the file alone.
	if code := run([]string{"bench", "--from", out, "--scaling-report", html}, &stdout, &stderr); code != exitOK {
		t.Fatalf("--from: exit %d: %s", code, stderr.String())
	}
	if b, err := os.ReadFile(html); err != nil || !strings.Contains(string(b), "<table>") {
		t.Errorf("HTML report: %v", err)
	}
}

func TestBenchUsage(t *testing.T) {
	for _, args := range [][]string{
		{"bench", "--count", "0"},
		{"bench", "--run", "("},
		{"bench", "--scaling-report", "x.png"},
		{"bench", "--from", "x.txt"},
		{"bench", "--config", "Bad Key=1"},
		{"bench", "--adapter", "nonesuch"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

// slowed is the reference made deliberately slower: every inflation is
// done four times.
type slowed struct{ *reference.Adapter }

func (s slowed) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	var res inflate.Result
	var err error
	for range 4 {
		if res, err = s.Adapter.Inflate(ctx, req); err != nil {
			return res, err
		}
	}
	return res, err
}

// results runs the target-sized inflation benchmarks of a and writes them.
func results(t *testing.T, s *bench.Set, path string) {
	t.Helper()
	rs, err := bench.Run(s.Benchmarks, bench.Options{Count: 6, Benchtime: "5x", Match: regexp.MustCompile(`^Inflate/hits=(10|100)/docs=100/`)})
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := format.Write(&buf, append(format.Machine(), format.Config{Key: "adapter", Value: "reference"}), rs); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

func TestCompareCatchesASlowedImplementation(t *testing.T) {
	dir := t.TempDir()
	base, head := filepath.Join(dir, "base.txt"), filepath.Join(dir, "head.txt")
	results(t, bench.New(bench.Config{Adapter: reference.New(), Short: true}), base)
	results(t, bench.New(bench.Config{Adapter: slowed{reference.New()}, Short: true}), head)

	var stdout, stderr bytes.Buffer
	code := run([]string{"compare", base, head, "--threshold", "5%"}, &stdout, &stderr)
	if code != exitGate {
		t.Fatalf("compare exit %d, want %d (regression):\n%s%s", code, exitGate, stdout.String(), stderr.String())
	}
	for _, want := range []string{"REGRESSION Inflate/hits=10/docs=100/doc-bytes=16000/budget=none", "sec/op", "regressions beyond 5%"} {
		if !strings.Contains(stdout.String(), want) {
			t.Errorf("output lacks %q:\n%s", want, stdout.String())
		}
	}
	// Four times the work is +300%: far beyond a 100% threshold too, and
	// not beyond 1000%.
	if code := run([]string{"compare", "--threshold", "1000%", base, head}, &stdout, &stderr); code != exitOK {
		t.Errorf("a 4× slowdown fails a 1000%% threshold (exit %d)", code)
	}
}

func TestCompareSameResults(t *testing.T) {
	// A file against itself: identical samples, never a regression.
	dir := t.TempDir()
	base := filepath.Join(dir, "base.txt")
	results(t, bench.New(bench.Config{Short: true}), base)
	var stdout, stderr bytes.Buffer
	summary := filepath.Join(dir, "summary.md")
	if code := run([]string{"compare", "--markdown", "--markdown-to", summary, base, base}, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	if !strings.Contains(stdout.String(), "no significant regression beyond 5%") || !strings.Contains(stdout.String(), "|:--") {
		t.Errorf("markdown output:\n%s", stdout.String())
	}
	if b, err := os.ReadFile(summary); err != nil || !bytes.Equal(b, stdout.Bytes()) {
		t.Errorf("--markdown-to wrote %q (%v)", b, err)
	}
}

func TestCompareUsage(t *testing.T) {
	for _, args := range [][]string{
		{"compare"},
		{"compare", "only.txt"},
		{"compare", "a.txt", "b.txt", "c.txt"},
		{"compare", "--threshold", "5", "a.txt", "b.txt"},
		{"compare", "--threshold", "-1%", "a.txt", "b.txt"},
		{"compare", "missing-a.txt", "missing-b.txt"},
	} {
		var stdout, stderr bytes.Buffer
		if code := run(args, &stdout, &stderr); code != exitUsage {
			t.Errorf("%v: exit %d, want %d", args, code, exitUsage)
		}
	}
}

func TestParseThreshold(t *testing.T) {
	for in, want := range map[string]float64{"5%": 0.05, "0.05": 0.05, "12.5%": 0.125, "0": 0, "1": 1, "150%": 1.5} {
		got, err := parseThreshold(in)
		if err != nil || got != want {
			t.Errorf("parseThreshold(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, in := range []string{"5", "x%", "", "-2%"} {
		if _, err := parseThreshold(in); err == nil {
			t.Errorf("parseThreshold(%q) accepted", in)
		}
	}
}

// TestBenchSideBySide is the done-when of issue 12 on a small scale: the
// reference in process and the reference served as a program (timed on its
// own clock) in one run print one table with ratios, every result carries
// its impl, and compare --by impl reads the file back.
func TestBenchSideBySide(t *testing.T) {
	out := filepath.Join(t.TempDir(), "side.txt")
	args := []string{"bench", "--adapter", "reference", "--adapter", "exec", "--short", "--count", "2", "--benchtime", "2x",
		"-q", "--run", `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`, "-o", out, "--"}
	code, stdout, stderr := runCmd(append(args, self(t, "conformance", "serve-reference")...)...)
	if code != exitOK {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{"reference-exec against reference", "ratio", "Inflate/hits=10/docs=100/doc-bytes=16000/budget=none"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("side-by-side table lacks %q:\n%s", want, stdout)
		}
	}
	f, err := format.Read(out)
	if err != nil {
		t.Fatal(err)
	}
	impls := map[string]int{}
	for _, r := range f.Results {
		impls[string(r.GetConfig("impl"))]++
	}
	if impls["reference"] != 2 || impls["reference-exec"] != 2 {
		t.Errorf("results per impl %v, want 2 each", impls)
	}
	var cout, cerr bytes.Buffer
	if code := run([]string{"compare", "--by", "impl", out}, &cout, &cerr); code != exitOK || !strings.Contains(cout.String(), "reference-exec against reference") {
		t.Errorf("compare --by impl: exit %d:\n%s%s", code, cout.String(), cerr.String())
	}
	if code := run([]string{"compare", "--base", "reference", out}, &cout, &cerr); code != exitUsage {
		t.Errorf("--base without --by: exit %d, want %d", code, exitUsage)
	}
}

// TestBenchTimeoutSkips: a scale the implementation does not finish within
// --request-timeout is a skipped row naming the timeout, and the run goes
// on to the next benchmark and exits 0.
func TestBenchTimeoutSkips(t *testing.T) {
	args := []string{"bench", "--adapter", "exec", "--request-timeout", "2s", "--short", "--count", "1", "--benchtime", "1x",
		"--run", `^Inflate/hits=(1000|10)/docs=100/doc-bytes=16000/budget=none$`, "--"}
	code, stdout, stderr := runCmd(append(args, self(t, "slow-inflate")...)...)
	if code != exitOK {
		t.Fatalf("exit %d, want 0 (a timeout is a skip):\n%s%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "--- SKIP: BenchmarkInflate/hits=1000/") || !strings.Contains(stdout, "timed out") {
		t.Errorf("results lack the skipped row of hits=1000 with its reason:\n%s", stdout)
	}
	if !strings.Contains(stdout, "BenchmarkInflate/hits=10/docs=100") || !strings.Contains(stderr, "skipped Inflate/hits=1000/") {
		t.Errorf("the run did not go on, or the summary does not list the skip:\n%s\nstderr:\n%s", stdout, stderr)
	}
}

// TestBenchTimeoutSideBySide: beside the reference, the scale that timed
// out is named under the tables with its reason, where the tables show it
// on the reference's side only.
func TestBenchTimeoutSideBySide(t *testing.T) {
	out := filepath.Join(t.TempDir(), "side.txt")
	args := []string{"bench", "--adapter", "reference", "--adapter", "exec", "--request-timeout", "2s", "--short", "--count", "1", "--benchtime", "1x",
		"-q", "--run", `^Inflate/hits=(1000|10)/docs=100/doc-bytes=16000/budget=none$`, "-o", out, "--"}
	code, stdout, stderr := runCmd(append(args, self(t, "slow-inflate")...)...)
	if code != exitOK {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	_, after, ok := strings.Cut(stdout, "Skipped, so compared on one side only or not at all:\n  Inflate/hits=1000/")
	if !ok || !strings.Contains(after, "[reference-exec]: timed out") {
		t.Errorf("the tables do not name the skipped scale with its reason:\n%s", stdout)
	}
}
