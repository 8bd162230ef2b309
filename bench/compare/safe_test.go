package compare_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench/compare"
)

func write(t testing.TB, dir, name, text string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const good = "BenchmarkX-2 100 1000 ns/op 64 B/op\nBenchmarkX-2 100 1010 ns/op 64 B/op\n"

// TestUnusableSamples: a value no statistic can use is refused, naming the
// file and the line; with SkipBad it is dropped with a warning and the rest
// is compared.
func TestUnusableSamples(t *testing.T) {
	for _, c := range []struct {
		name, line, want string
	}{
		{"NaN", "BenchmarkX-2 1 NaN ns/op", "head.txt:3: BenchmarkX-2: NaN ns/op: not a number"},
		{"+Inf", "BenchmarkX-2 1 +Inf ns/op", "head.txt:3: BenchmarkX-2: +Inf ns/op: infinite"},
		{"-Inf bytes", "BenchmarkX-2 1 1000 ns/op -Inf B/op", "head.txt:3: BenchmarkX-2: -Inf B/op: infinite"},
		{"negative time", "BenchmarkX-2 1 -5 ns/op", "head.txt:3: BenchmarkX-2: -5 ns/op: negative, and ns/op cannot be negative"},
		{"negative catalogue unit", "BenchmarkX-2 1 1000 ns/op -1 windows/op", "head.txt:3: BenchmarkX-2: -1 windows/op: negative"},
	} {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			base := write(t, dir, "base.txt", good)
			head := write(t, dir, "head.txt", good+c.line+"\n")
			_, err := compare.Files(base, head, compare.Options{Threshold: 0.05})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("err = %v, want one containing %q", err, c.want)
			}
			tb, err := compare.Files(base, head, compare.Options{Threshold: 0.05, SkipBad: true})
			if err != nil {
				t.Fatalf("SkipBad: %v", err)
			}
			if !hasWarning(tb.Warnings, c.want) || !hasWarning(tb.Warnings, "(skipped)") {
				t.Errorf("SkipBad warnings %v lack %q", tb.Warnings, c.want)
			}
			for _, r := range tb.Rows {
				if r.Unit == "ns/op" {
					t.Errorf("a value landed under the untidied unit: %+v", r)
				}
			}
		})
	}
	// A negative value in a unit that may be negative is kept.
	dir := t.TempDir()
	base := write(t, dir, "base.txt", "BenchmarkX-2 1 -3 delta-ms\n")
	head := write(t, dir, "head.txt", "BenchmarkX-2 1 -4 delta-ms\n")
	if _, err := compare.Files(base, head, compare.Options{}); err != nil {
		t.Errorf("negative delta-ms refused: %v", err)
	}
}

// FuzzFiles feeds any two inputs to the reader and the comparison: it must
// return a table or an error, never panic, and finish in bounded time and
// memory (the fuzzer's own limits catch a hang or a runaway allocation).
// The seed corpus runs with the tests; fuzz with
// go test -run x -fuzz FuzzFiles ./bench/compare/
func FuzzFiles(f *testing.F) {
	for _, s := range [][2]string{
		{good, good},
		{good, "BenchmarkX-2 1 NaN ns/op\n"},
		{"BenchmarkX 1 NaN ns/op\n", "BenchmarkX 1 NaN ns/op\n"},
		{good, "BenchmarkX-2 1 +Inf ns/op\nBenchmarkX-2 1 5 ns/op\n"},
		{good, "BenchmarkX-2 1 -1e308 ns/op\n"},
		{"Unit ns/op assume=exact\n" + good, good},
		{"BenchmarkX-2 1 1e308 ns/op\nBenchmarkX-2 1 -1e308 delta\n", "BenchmarkX-2 1 5e-324 ns/op\n"},
		{"goos: linux\nBenchmarkX-2 100 1000 ns/op", "BenchmarkX-2 100 10"},
		{"Unit x better=higher\nBenchmarkX 1 0 x\nBenchmarkX 1 0 x\n", "BenchmarkX 1 0 x\nBenchmarkX 1 1 x\n"},
	} {
		f.Add(s[0], s[1])
	}
	f.Fuzz(func(t *testing.T, base, head string) {
		if len(base)+len(head) > 1<<16 {
			t.Skip()
		}
		dir := t.TempDir()
		b := write(t, dir, "base.txt", base)
		h := write(t, dir, "head.txt", head)
		for _, skip := range []bool{false, true} {
			tb, err := compare.Files(b, h, compare.Options{Threshold: 0.05, SkipBad: skip})
			if err != nil {
				continue
			}
			var sb strings.Builder
			if err := tb.Text(&sb); err != nil {
				t.Fatal(err)
			}
			if err := tb.Markdown(&sb); err != nil {
				t.Fatal(err)
			}
		}
	})
}
