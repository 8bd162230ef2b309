package main

import (
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/bench"
)

// TestPlanBench: a side-by-side run keeps the benchmarks both catalogues
// have and both support, one turn each, and groups the others by reason:
// the reference's own benchmarks, and an operation the program does not
// declare. --run applies first; a filter that leaves nothing is refused.
func TestPlanBench(t *testing.T) {
	bm := func(name string, level bench.Level, needs adapters.Standard, impl string) bench.Benchmark {
		return bench.Benchmark{Name: name, Level: level, Needs: needs, Labels: []bench.Label{{Key: "impl", Value: impl}}}
	}
	ref := catalogue{impl: "reference", unsupported: func(bench.Benchmark) string { return "" }, benchmarks: []bench.Benchmark{
		bm("Inflate/hits=10", bench.AdapterLevel, adapters.Inflate, "reference"),
		bm("Inflate/hits=100", bench.AdapterLevel, adapters.Inflate, "reference"),
		bm("Search/entries=1000", bench.AdapterLevel, adapters.Fuzzy, "reference"),
		bm("Target/Inflate", bench.ReferenceLevel, "", "reference"),
		bm("Fuzzy/Scan", bench.ReferenceLevel, "", "reference"),
		bm("Versus/Search", bench.VersusLevel, "", "reference"),
	}}
	prog := catalogue{impl: "prog", benchmarks: []bench.Benchmark{
		bm("Inflate/hits=10", bench.AdapterLevel, adapters.Inflate, "prog"),
		bm("Inflate/hits=100", bench.AdapterLevel, adapters.Inflate, "prog"),
		bm("Search/entries=1000", bench.AdapterLevel, adapters.Fuzzy, "prog"),
	}, unsupported: func(b bench.Benchmark) string {
		if b.Needs == adapters.Fuzzy {
			return "prog does not implement fuzzy"
		}
		return ""
	}}
	p := planBench([]catalogue{ref, prog}, nil)
	var got []string
	for _, b := range p.run {
		got = append(got, b.Name+"@"+b.Labels[0].Value)
	}
	want := []string{"Inflate/hits=10@reference", "Inflate/hits=10@prog", "Inflate/hits=100@reference", "Inflate/hits=100@prog"}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("runs %v, want %v", got, want)
	}
	if p.shared != 2 || p.selected != 6 || p.skipped() != 4 {
		t.Errorf("shared %d, selected %d, skipped %d; want 2, 6, 4", p.shared, p.selected, p.skipped())
	}
	var said strings.Builder
	p.say(&said, 2)
	wantSaid := "conformance bench: 2 benchmarks both sides support (4 of the 6 selected left out):\n" +
		"  1: prog does not implement fuzzy\n" +
		"  3: only reference provides them (they measure its own code, or PostgreSQL beside it)\n"
	if said.String() != wantSaid {
		t.Errorf("said\n%s\nwant\n%s", said.String(), wantSaid)
	}
	if err := p.check("", 2); err != nil {
		t.Errorf("check: %v", err)
	}

	for _, c := range []struct {
		pattern, want string
	}{
		{"^ZZZ$", `--run "^ZZZ$" selects no benchmark`},
		{"^Search", `--run "^Search" selects no benchmark that every implementation supports (1: prog does not implement fuzzy)`},
		{"^Target", `--run "^Target" selects no benchmark that every implementation supports (1: only reference provides them`},
	} {
		p := planBench([]catalogue{ref, prog}, regexp.MustCompile(c.pattern))
		if err := p.check(c.pattern, 2); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("--run %s: %v, want %q", c.pattern, err, c.want)
		}
	}
	if p := planBench([]catalogue{ref}, regexp.MustCompile("^Inflate/")); p.shared != 2 || p.skipped() != 0 {
		t.Errorf("the reference alone: %+v", p)
	}
}

// TestBenchSharedOnly: the reference beside a served reference that
// declares only inflation runs the inflation benchmarks they share and
// says, before running, which were left out and why; a --run that selects
// nothing exits 2 as run's does.
func TestBenchSharedOnly(t *testing.T) {
	args := []string{"bench", "--adapter", "reference", "--adapter", "exec", "--short", "--count", "1", "--benchtime", "1x",
		"--run", `^Target/Inflate/|^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$|^Search/entries=1000$`, "-o", filepath.Join(t.TempDir(), "r.txt"), "--"}
	code, stdout, stderr := runCmd(append(args, self(t, "conformance", "serve-reference", "--standard", "inflate")...)...)
	if code != exitOK {
		t.Fatalf("exit %d:\n%s%s", code, stdout, stderr)
	}
	for _, want := range []string{
		"conformance bench: 1 benchmarks both sides support (2 of the 3 selected left out):\n",
		"  1: only reference provides them (they measure its own code, or PostgreSQL beside it)\n",
		"  1: reference does not implement fuzzy\n",
		"2 results in",
	} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	if strings.Contains(stderr, "Search/") || strings.Contains(stdout, "Target/") {
		t.Errorf("a left-out benchmark ran:\n%s%s", stdout, stderr)
	}
	code, _, stderr = runCmd("bench", "--run", "^ZZZ$")
	if code != exitUsage || !strings.Contains(stderr, `--run "^ZZZ$" selects no benchmark`) {
		t.Errorf("--run ^ZZZ$: exit %d: %s", code, stderr)
	}
}

// TestBenchRecordChecksFirst: bench --record of a commit the history holds
// already exits 2 before any benchmark runs.
func TestBenchRecordChecksFirst(t *testing.T) {
	hist := buildHistory(t, 1, -1, 1)
	start := time.Now()
	code, stdout, stderr := runCmd("bench", "--record", hist, "--config", "commit="+commitOf(0),
		"--short", "--count", "1", "--benchtime", "1x", "--run", "^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$")
	if code != exitUsage || !strings.Contains(stderr, "already holds commit "+commitOf(0)) {
		t.Errorf("exit %d: %s%s", code, stdout, stderr)
	}
	if strings.Contains(stderr, "benchmarks to run") || strings.Contains(stderr, "results in") || strings.Contains(stdout, "Benchmark") {
		t.Errorf("benchmarks ran before the check (%s):\n%s%s", time.Since(start), stdout, stderr)
	}
}

// TestBenchRecordNothing: a --record run that could give no result says
// what is wrong instead of asking for the commit it was given: a program
// that cannot be timed leaves nothing to run (exit 2 before running), and
// a run whose every benchmark failed has nothing to record.
func TestBenchRecordNothing(t *testing.T) {
	hist := filepath.Join(t.TempDir(), "h")
	code, stdout, stderr := runCmd("bench", "--adapter", "exec", "--record", hist, "--config", "commit=abc1234", "--short", "--count", "1",
		"--", "python3", filepath.Join("..", "..", "testdata", "faulty", "refuse.py"))
	if code != exitUsage || !strings.Contains(stderr, "there is no benchmark the implementation supports (") ||
		!strings.Contains(stderr, `refuse-everything runs in another process and does not answer "bench" messages`) || strings.Contains(stderr, "pass --config commit") {
		t.Errorf("exit %d:\n%s%s", code, stdout, stderr)
	}
	var out strings.Builder
	if err := recordRun(hist, []byte("goos: linux\ncommit: abc1234\n"), 0, &out); err == nil || !strings.Contains(err.Error(), "nothing to record: the run gave no results") {
		t.Errorf("recording no results: %v", err)
	}
}
