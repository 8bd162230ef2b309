package main

import (
	"bytes"
	"crypto/sha1"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/bench/format"
)

func commitOf(i int) string { return fmt.Sprintf("%x", sha1.Sum([]byte(fmt.Sprint("run", i)))) }

// buildHistory imports runs runs of two benchmarks into a new directory
// through "conformance history import": Inflate's time is 1000 ns/op with
// 2% noise, multiplied by factor from run step on (no step when step < 0);
// Other stays level.
func buildHistory(t *testing.T, runs, step int, factor float64) string {
	t.Helper()
	dir := t.TempDir()
	hist := filepath.Join(dir, "history")
	rng := rand.New(rand.NewPCG(7, uint64(step)))
	start := time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)
	for i := range runs {
		var b strings.Builder
		b.WriteString("goos: linux\ngoarch: amd64\npkg: example.com/x\ncpu: Test CPU\n")
		level := 1000.0
		if step >= 0 && i >= step {
			level *= factor
		}
		for range 5 {
			fmt.Fprintf(&b, "BenchmarkInflate/hits=10-2 \t 1000\t %.1f ns/op\t 64 B/op\t 2 allocs/op\n", level*(1+0.02*rng.NormFloat64()))
			fmt.Fprintf(&b, "BenchmarkOther-2 \t 1000\t %.1f ns/op\n", 500*(1+0.02*rng.NormFloat64()))
		}
		b.WriteString("PASS\nok  \texample.com/x\t1.234s\n")
		in := filepath.Join(dir, fmt.Sprintf("in%d.txt", i))
		if err := os.WriteFile(in, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		var stdout, stderr bytes.Buffer
		date := start.Add(time.Duration(i) * 24 * time.Hour).Format(time.RFC3339)
		if code := run([]string{"history", "import", hist, "--commit", commitOf(i), "--date", date, in}, &stdout, &stderr); code != exitOK {
			t.Fatalf("import run %d: exit %d: %s", i, code, stderr.String())
		}
	}
	return hist
}

// TestHistoryGate is the acceptance: a 15% regression at run 30 of
// 40 is named (±1 run) and fails; acknowledged, it passes; an improvement
// alone passes.
func TestHistoryGate(t *testing.T) {
	regressed := buildHistory(t, 40, 30, 1.15)
	improved := buildHistory(t, 40, 30, 0.85)
	level := buildHistory(t, 40, -1, 1)
	near := func(out string) string {
		for _, i := range []int{30, 29, 31} {
			if strings.Contains(out, commitOf(i)[:12]) {
				return commitOf(i)
			}
		}
		return ""
	}
	ackFile := func(commit, bench string) string {
		p := filepath.Join(t.TempDir(), "acks.txt")
		os.WriteFile(p, []byte("# acknowledged changes\n"+commit[:10]+"  "+bench+"  deliberate: windows carry headers now\n"), 0o644)
		return p
	}
	var stdout, stderr bytes.Buffer
	code := run([]string{"history", regressed}, &stdout, &stderr)
	commit := near(stdout.String())
	if code != exitGate || commit == "" || !strings.Contains(stdout.String(), "REGRESSION Inflate/hits=10-2 sec/op at "+commit) {
		t.Fatalf("regressed: exit %d, want 1 naming run 30 (%s):\n%s%s", code, commitOf(30)[:12], stdout.String(), stderr.String())
	}
	for _, c := range []struct {
		name string
		args []string
		want int
	}{
		{"acknowledged", []string{"history", regressed, "--ack", ackFile(commit, "Inflate/hits=10")}, exitOK},
		{"acknowledged for every benchmark", []string{"history", "--ack", ackFile(commit, "*"), regressed}, exitOK},
		{"acknowledged for another benchmark", []string{"history", "--ack", ackFile(commit, "Other"), regressed}, exitGate},
		{"acknowledged at another commit", []string{"history", "--ack", ackFile(commitOf(5), "Inflate/hits=10-2"), regressed}, exitGate},
		{"improvement only", []string{"history", improved}, exitOK},
		{"level", []string{"history", level}, exitOK},
		{"too few runs for the segments", []string{"history", "--min-segment", "25", regressed}, exitOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			if code := run(c.args, &stdout, &stderr); code != c.want {
				t.Errorf("exit %d, want %d:\n%s%s", code, c.want, stdout.String(), stderr.String())
			}
			if c.name == "improvement only" && !strings.Contains(stdout.String(), "improvement") {
				t.Errorf("the improvement is not reported:\n%s", stdout.String())
			}
			if c.name == "level" && !strings.Contains(stdout.String(), "No change points") {
				t.Errorf("a level history has change points:\n%s", stdout.String())
			}
			if c.name == "too few runs for the segments" && !strings.Contains(stdout.String(), "Only 40 runs: finding a change point needs at least 50 (25 on either side, --min-segment)") {
				t.Errorf("no line saying how many runs there are and how many are needed:\n%s", stdout.String())
			}
		})
	}
	// The JSON report says the same.
	stdout.Reset()
	run([]string{"history", regressed, "--json", "-"}, &stdout, &stderr)
	var doc struct {
		Failed bool
		Gate   struct {
			Failing []struct{ Benchmark, Unit, Commit string }
		}
	}
	if err := json.Unmarshal(stdout.Bytes(), &doc); err != nil || !doc.Failed || len(doc.Gate.Failing) != 1 || doc.Gate.Failing[0].Commit != commit {
		t.Errorf("JSON: %v %+v\n%s", err, doc, stdout.String())
	}
}

// TestHistoryTooFewRuns: a history of 2 runs says in one line how many it
// has and how many a change point needs, not a warning per series (65 on
// the catalogue) and "No change points."; a series shorter than the
// history (a benchmark added later) still gets its warning, naming its
// files.
func TestHistoryTooFewRuns(t *testing.T) {
	short := buildHistory(t, 2, -1, 1)
	var stdout, stderr bytes.Buffer
	code := run([]string{"history", short}, &stdout, &stderr)
	out := stdout.String()
	if code != exitOK || !strings.Contains(out, "Only 2 runs: finding a change point needs at least 10 (5 on either side, --min-segment); no series was analysed.") ||
		strings.Contains(out, "No change points") || strings.Contains(out, "Warnings") {
		t.Errorf("2 runs: exit %d:\n%s%s", code, out, stderr.String())
	}
	// 12 runs, and a benchmark that only the last 3 measured.
	long := buildHistory(t, 12, -1, 1)
	files, _ := filepath.Glob(filepath.Join(long, "*.txt"))
	slices.Sort(files)
	for _, f := range files[9:] {
		b, _ := os.ReadFile(f)
		os.WriteFile(f, append(b, "BenchmarkNew-2 1000 70 ns/op\n"...), 0o644)
	}
	stdout.Reset()
	code = run([]string{"history", long}, &stdout, &stderr)
	if out := stdout.String(); code != exitOK || !strings.Contains(out, "Warnings (1):") || !strings.Contains(out, "New-2 sec/op: only 3 runs (from ") || strings.Contains(out, "Only 12 runs") {
		t.Errorf("a short series: exit %d:\n%s%s", code, out, stderr.String())
	}
}

// TestHistoryBadInput: unusable input exits 2 with a message naming the
// file (and line), never a panic.
func TestHistoryBadInput(t *testing.T) {
	good := buildHistory(t, 12, -1, 1)
	files, _ := filepath.Glob(filepath.Join(good, "*.txt"))
	withFile := func(name, text string) string {
		dir := t.TempDir()
		for _, f := range files {
			b, _ := os.ReadFile(f)
			os.WriteFile(filepath.Join(dir, filepath.Base(f)), b, 0o644)
		}
		os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644)
		return dir
	}
	header := "commit: ffff\ndate: 2027-01-01T00:00:00Z\n"
	dup, _ := os.ReadFile(files[0])
	for _, c := range []struct {
		name, dir, want string
	}{
		{"NaN sample", withFile("z.txt", header+"BenchmarkX-2 1 NaN ns/op\n"), "z.txt:3: BenchmarkX-2: NaN ns/op: not a number"},
		{"infinite sample", withFile("z.txt", header+"BenchmarkX-2 1 +Inf ns/op\n"), "z.txt:3: BenchmarkX-2: +Inf ns/op: infinite"},
		{"negative time", withFile("z.txt", header+"BenchmarkX-2 1 -4 ns/op\n"), "z.txt:3: BenchmarkX-2: -4 ns/op: negative"},
		{"truncated", withFile("z.txt", header+"BenchmarkX-2 100 12"), "z.txt:3: missing units"},
		{"no commit", withFile("z.txt", "date: 2027-01-01T00:00:00Z\nBenchmarkX-2 1 4 ns/op\n"), `z.txt has no "commit" configuration line`},
		{"bad date", withFile("z.txt", "commit: ffff\ndate: yesterday\nBenchmarkX-2 1 4 ns/op\n"), `z.txt (commit ffff): date "yesterday" is not RFC 3339`},
		{"empty", withFile("z.txt", ""), "z.txt holds no benchmark results"},
		{"duplicate commit", withFile("z.txt", string(dup)), "appears twice, in "},
		{"missing", filepath.Join(t.TempDir(), "nothing"), "not a directory"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"history", c.dir}, &stdout, &stderr)
			if code != exitUsage || !strings.Contains(stderr.String(), c.want) {
				t.Errorf("exit %d, want 2 with %q:\n%s%s", code, c.want, stdout.String(), stderr.String())
			}
		})
	}
	// --skip-bad goes on with a warning.
	var stdout, stderr bytes.Buffer
	dir := withFile("z.txt", header+"BenchmarkX-2 1 NaN ns/op\nBenchmarkX-2 1 5 ns/op\n")
	if code := run([]string{"history", "--skip-bad", dir}, &stdout, &stderr); code != exitOK || !strings.Contains(stdout.String(), "z.txt:3") {
		t.Errorf("--skip-bad: exit %d:\n%s%s", code, stdout.String(), stderr.String())
	}
	// compare refuses the NaN file alike.
	nan := filepath.Join(t.TempDir(), "nan.txt")
	os.WriteFile(nan, []byte("BenchmarkX 1 NaN ns/op\n"), 0o644)
	stderr.Reset()
	if code := run([]string{"compare", nan, nan}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "nan.txt:1: BenchmarkX: NaN ns/op") {
		t.Errorf("compare NaN: exit %d: %s", code, stderr.String())
	}
}

// TestRecord: conformance bench --record adds a run with commit, date and
// cores; a second run of the same commit is refused.
func TestRecord(t *testing.T) {
	hist := filepath.Join(t.TempDir(), "h")
	args := []string{"bench", "--short", "--run", `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`, "--count", "1", "--benchtime", "2x",
		"--config", "commit=abc1234", "-o", filepath.Join(t.TempDir(), "r.txt"), "-q", "--record", hist}
	var stdout, stderr bytes.Buffer
	if code := run(args, &stdout, &stderr); code != exitOK {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(hist, "*-abc1234.txt"))
	if len(files) != 1 {
		t.Fatalf("history holds %v", files)
	}
	f, err := format.Read(files[0])
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"commit", "date", "cores", "cpu", "go", "adapter"} {
		if f.Get(k) == "" {
			t.Errorf("recorded run lacks %s: %+v", k, f.Config)
		}
	}
	if _, err := time.Parse(time.RFC3339, f.Get("date")); err != nil {
		t.Error(err)
	}
	if code := run(args, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "already holds commit abc1234") {
		t.Errorf("second record: exit %d: %s", code, stderr.String())
	}
}

// TestRecordChecksCommitFirst: bench --record refuses, before anything
// runs, a commit no history file can be named after (300 characters: the
// file name would be too long) and a configuration line no reader of the
// format can read back (120 KB: "bufio.Scanner: token too long"), naming
// the flags; history import refuses the long commit alike.
func TestRecordChecksCommitFirst(t *testing.T) {
	hist := filepath.Join(t.TempDir(), "h")
	for _, c := range []struct {
		name, commit string
		want         []string
	}{
		{"300 characters", strings.Repeat("a", 300), []string{"--record " + hist + ": commit \"aaaa", "is 300 bytes long: at most 128"}},
		{"120 KB", strings.Repeat("b", 120<<10), []string{"--config", "a value of 122880 bytes", "longer than a configuration line may be"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run([]string{"bench", "--short", "--run", `^Inflate/hits=10/docs=100/doc-bytes=16000/budget=none$`, "--count", "1", "--benchtime", "1x",
				"--config", "commit=" + c.commit, "-o", filepath.Join(t.TempDir(), "r.txt"), "--record", hist}, &stdout, &stderr)
			msg := stderr.String()
			if code != exitUsage || strings.Contains(msg, "token too long") || strings.Contains(msg, "1/1 ") || len(msg) > 2000 {
				t.Errorf("exit %d, want 2 before the run:\n%.2000s", code, msg)
			}
			for _, w := range c.want {
				if !strings.Contains(msg, w) {
					t.Errorf("stderr lacks %q:\n%.2000s", w, msg)
				}
			}
		})
	}
	in := filepath.Join(t.TempDir(), "in.txt")
	os.WriteFile(in, []byte("BenchmarkX-2 1 5 ns/op\n"), 0o644)
	var stdout, stderr bytes.Buffer
	if code := run([]string{"history", "import", hist, "--commit", strings.Repeat("a", 300), "--date", "2026-01-01", in}, &stdout, &stderr); code != exitUsage || !strings.Contains(stderr.String(), "is 300 bytes long: at most 128") {
		t.Errorf("import: exit %d: %s", code, stderr.String())
	}
}
