package compare_test

import (
	"bytes"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench/compare"
)

// file writes a results file: the header lines, then for each benchmark
// one line per value of its sample.
func file(t *testing.T, header string, lines map[string][]float64, unit string) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("Unit ns/op better=lower\nUnit over-budget/op better=lower\nUnit over-budget/op assume=exact\nUnit windows/op assume=exact\n")
	b.WriteString(header + "\n")
	for _, name := range []string{"Inflate/hits=10-2", "Inflate/hits=100-2", "Only/x=1-2", "Other/x=1-2"} {
		for _, v := range lines[name] {
			fmt.Fprintf(&b, "Benchmark%s 100 %v %s\n", name, v, unit)
		}
	}
	p := filepath.Join(t.TempDir(), fmt.Sprintf("r%d.txt", len(lines)))
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const machine = "goos: linux\ngoarch: amd64\ncpu: Test CPU\nadapter: reference"

func scaled(v []float64, f float64) []float64 {
	out := make([]float64, len(v))
	for i, x := range v {
		out[i] = x * f
	}
	return out
}

var six = []float64{1000, 1010, 990, 1020, 980, 1005}

func row(t *testing.T, tb *compare.Table, bench, unit string) compare.Row {
	t.Helper()
	for _, r := range tb.Rows {
		if r.Benchmark == bench && r.Unit == unit {
			return r
		}
	}
	t.Fatalf("no row %s %s in %+v", bench, unit, tb.Rows)
	return compare.Row{}
}

func TestVerdicts(t *testing.T) {
	for _, c := range []struct {
		name       string
		head       []float64
		regression bool
		improved   bool
		delta      string
	}{
		// Interleaved samples of one distribution: not significant.
		{"same", []float64{1005, 995, 1015, 985, 1000, 1010}, false, false, "~"},
		// Every head value above every base value: with 6+6 runs the
		// exact two-sided p is 2/C(12,6) = 2/924, significant; the medians
		// are 1002.5 and 1203 (×1.2), +20%.
		{"slower by 20%", scaled(six, 1.2), true, false, "+20.00%"},
		{"faster by 20%", scaled(six, 0.8), false, true, "-20.00%"},
		// Significant (the samples barely overlap) but within the 5%
		// threshold: reported, not gating.
		{"slower by 3%", scaled(six, 1.03), false, false, "+3.00%"},
		// One head run as fast as the base (U = 1, p = 4/924): significant,
		// +10.8% by the medians (1110 against 1002.5), but the best head run
		// (1015) is within 5% of the worst base run (1020): a possible
		// regression a noisy machine could make, reported and not gating.
		{"slower but within the noise", []float64{1030, 1100, 1120, 1150, 1200, 1015}, false, false, "+10.72%"},
	} {
		t.Run(c.name, func(t *testing.T) {
			base := file(t, machine, map[string][]float64{"Inflate/hits=10-2": six}, "ns/op")
			head := file(t, machine, map[string][]float64{"Inflate/hits=10-2": c.head}, "ns/op")
			tb, err := compare.Files(base, head, compare.Options{Threshold: 0.05})
			if err != nil {
				t.Fatal(err)
			}
			r := row(t, tb, "Inflate/hits=10-2", "sec/op")
			if r.Regression != c.regression || r.Improvement != c.improved || r.DeltaText() != c.delta {
				t.Errorf("regression %v improvement %v delta %s (p=%v), want %v %v %s", r.Regression, r.Improvement, r.DeltaText(), r.P, c.regression, c.improved, c.delta)
			}
			if c.name == "slower but within the noise" && (!r.Suspect || math.Abs(r.P-4.0/924) > 1e-9) {
				t.Errorf("suspect %v p %v, want a suspect with p = 4/924", r.Suspect, r.P)
			}
			if (c.regression || c.improved) && math.Abs(r.P-2.0/924) > 1e-9 {
				t.Errorf("p = %v, want 2/924 = %v", r.P, 2.0/924)
			}
			if got := len(tb.Regressions()) > 0; got != c.regression {
				t.Errorf("Regressions() = %v", tb.Regressions())
			}
		})
	}
}

func TestExactAndNeutralUnits(t *testing.T) {
	// over-budget/op is an exact count where lower is better: 0 → 1 is a
	// regression without any test statistic. windows/op describes the
	// workload: a change is shown, never gated.
	base := file(t, machine, map[string][]float64{"Inflate/hits=10-2": {0, 0, 0}, "Inflate/hits=100-2": {0, 0, 0}}, "over-budget/op")
	head := file(t, machine, map[string][]float64{"Inflate/hits=10-2": {1, 1, 1}, "Inflate/hits=100-2": {0, 0, 0}}, "over-budget/op")
	tb, err := compare.Files(base, head, compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, tb, "Inflate/hits=10-2", "over-budget/op"); !r.Regression {
		t.Errorf("0 → 1 over-budget assemblies not a regression: %+v", r)
	}
	if r := row(t, tb, "Inflate/hits=100-2", "over-budget/op"); r.Regression || r.Significant {
		t.Errorf("0 → 0 flagged: %+v", r)
	}

	base = file(t, machine, map[string][]float64{"Inflate/hits=10-2": {7, 7, 7, 7}}, "windows/op")
	head = file(t, machine, map[string][]float64{"Inflate/hits=10-2": {9, 9, 9, 9}}, "windows/op")
	tb, err = compare.Files(base, head, compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if r := row(t, tb, "Inflate/hits=10-2", "windows/op"); r.Regression || !r.Significant || r.Better != 0 {
		t.Errorf("windows/op 7 → 9: %+v, want significant, direction 0, no regression", r)
	}
}

func TestNoiseIsReported(t *testing.T) {
	base := file(t, machine, map[string][]float64{
		"Inflate/hits=10-2":  {1000, 1010},                      // too few runs
		"Inflate/hits=100-2": {500, 1500, 700, 1300, 900, 1100}, // ±50%
		"Only/x=1-2":         six,
	}, "ns/op")
	head := file(t, strings.Replace(machine, "Test CPU", "Other CPU", 1), map[string][]float64{
		"Inflate/hits=10-2":  {2000, 2010},
		"Inflate/hits=100-2": {600, 1400, 800, 1200, 1000, 1100},
		"Other/x=1-2":        six,
	}, "ns/op")
	tb, err := compare.Files(base, head, compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	few := row(t, tb, "Inflate/hits=10-2", "sec/op")
	// 2+2 runs can never reach p < 0.05 (the least p is 1/3): no verdict.
	if few.Significant || few.Regression || !hasWarning(few.Warnings, "need >= 4 samples") {
		t.Errorf("2+2 runs doubled: %+v", few)
	}
	noisy := row(t, tb, "Inflate/hits=100-2", "sec/op")
	if !hasWarning(noisy.Warnings, "high variance") {
		t.Errorf("±50%% spread not reported: %v", noisy.Warnings)
	}
	for _, w := range []string{"differ in cpu", "Only/x=1-2 is only in base", "Other/x=1-2 is only in head"} {
		if !hasWarning(tb.Warnings, w) {
			t.Errorf("no warning %q in %v", w, tb.Warnings)
		}
	}
	var text, md bytes.Buffer
	if err := tb.Text(&text); err != nil {
		t.Fatal(err)
	}
	if err := tb.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, out := range []string{text.String(), md.String()} {
		for _, want := range []string{"high variance", "need >= 4 samples", "differ in cpu", "no significant regression beyond 5%"} {
			if !strings.Contains(out, want) {
				t.Errorf("report lacks %q:\n%s", want, out)
			}
		}
	}
	if !strings.Contains(md.String(), "|:--") || !strings.Contains(md.String(), "<details>") {
		t.Errorf("markdown is not a table with folded warnings:\n%s", md.String())
	}
}

func TestReportShowsRegression(t *testing.T) {
	base := file(t, machine, map[string][]float64{"Inflate/hits=10-2": six}, "ns/op")
	head := file(t, machine, map[string][]float64{"Inflate/hits=10-2": scaled(six, 1.5)}, "ns/op")
	tb, err := compare.Files(base, head, compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	var md bytes.Buffer
	if err := tb.Markdown(&md); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"1 regression beyond 5%", "REGRESSION Inflate/hits=10-2 sec/op: +50.00%", "+50.00%"} {
		if !strings.Contains(md.String(), strings.ReplaceAll(want, "_", `\_`)) {
			t.Errorf("markdown lacks %q:\n%s", want, md.String())
		}
	}
}

func TestBadInput(t *testing.T) {
	good := file(t, machine, map[string][]float64{"Inflate/hits=10-2": six}, "ns/op")
	empty := filepath.Join(t.TempDir(), "empty.txt")
	os.WriteFile(empty, []byte("goos: linux\n"), 0o644)
	for _, c := range []struct {
		base, head string
		opts       compare.Options
	}{
		{good, filepath.Join(t.TempDir(), "missing.txt"), compare.Options{}},
		{good, empty, compare.Options{}},
		{good, good, compare.Options{Threshold: -1}},
		{good, good, compare.Options{Alpha: 2}},
	} {
		if _, err := compare.Files(c.base, c.head, c.opts); err == nil {
			t.Errorf("compare %s %s %+v: no error", c.base, c.head, c.opts)
		}
	}
}

func hasWarning(ws []string, sub string) bool {
	for _, w := range ws {
		if strings.Contains(w, sub) {
			return true
		}
	}
	return false
}

// TestByKey compares implementations measured in one file: a table per
// implementation after the base, the ratio in each row, rows only where
// both report the unit, nothing gating however much slower one is, and
// errors for a key that is missing or has one value.
func TestByKey(t *testing.T) {
	var b strings.Builder
	b.WriteString("Unit ns/op better=lower\ngoos: linux\n")
	impls := []struct {
		name  string
		scale float64
		units string
	}{{"reference", 1, " 10 allocs/op"}, {"node", 3, ""}, {"rust", 0.5, ""}}
	for _, v := range six {
		for _, im := range impls {
			fmt.Fprintf(&b, "impl: %s\nBenchmarkInflate/hits=10-2 100 %v ns/op%s\n", im.name, v*im.scale, im.units)
		}
	}
	tables, err := compare.ByKey(strings.NewReader(b.String()), "side.txt", "impl", "", compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	if len(tables) != 2 || tables[0].HeadLabel != "node" || tables[1].HeadLabel != "rust" || tables[0].BaseLabel != "reference" {
		t.Fatalf("tables %d, want node and rust against reference", len(tables))
	}
	r := row(t, tables[0], "Inflate/hits=10-2", "sec/op")
	if math.Abs(r.Head.Center/r.Base.Center-3) > 0.01 || !r.Significant {
		t.Errorf("node/reference = %v (significant %v), want 3", r.Head.Center/r.Base.Center, r.Significant)
	}
	for _, tb := range tables {
		if len(tb.Regressions()) > 0 {
			t.Errorf("%s: an implementation slower than another is reported as a regression", tb.HeadLabel)
		}
		for _, r := range tb.Rows {
			if r.Unit == "allocs/op" {
				t.Errorf("%s: a row for allocs/op, which only the base reports", tb.HeadLabel)
			}
		}
		var out bytes.Buffer
		if err := tb.Text(&out); err != nil || !strings.Contains(out.String(), "×") {
			t.Errorf("%s: text without a ratio (%v):\n%s", tb.HeadLabel, err, out.String())
		}
	}
	if _, err := compare.ByKey(strings.NewReader(b.String()), "side.txt", "impl", "python", compare.Options{}); err == nil {
		t.Error("a base with no results was accepted")
	}
	if _, err := compare.ByKey(strings.NewReader(b.String()), "side.txt", "commit", "", compare.Options{}); err == nil {
		t.Error("a key the results do not have was accepted")
	}
	one := "impl: reference\nBenchmarkX/n=1-2 1 5 ns/op\n"
	if _, err := compare.ByKey(strings.NewReader(one), "one.txt", "impl", "", compare.Options{}); err == nil {
		t.Error("one implementation was accepted: nothing to compare")
	}
}

// TestByKeyFilesNamesFile: an error about a result of the second of
// several files names that file and the result's line in it, not a line
// of the files run together.
func TestByKeyFilesNamesFile(t *testing.T) {
	dir := t.TempDir()
	a := filepath.Join(dir, "a.txt")
	b := filepath.Join(dir, "b.txt")
	if err := os.WriteFile(a, []byte("impl: reference\nBenchmarkX/n=1-2 1 5 ns/op\nBenchmarkX/n=1-2 1 5 ns/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(b, []byte("goos: linux\nBenchmarkX/n=1-2 1 5 ns/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := compare.ByKeyFiles([]string{a, b}, "impl", "", compare.Options{})
	if err == nil || !strings.Contains(err.Error(), b+":2:") {
		t.Errorf("error %v, want it to name %s:2", err, b)
	}
}

// TestLargeSlowdownWideIntervals: a 6.6× slowdown, significant (every head
// run above every base run, p = 2/924), whose base interval reaches the
// head's because one base run was disturbed, gates as a regression and
// says so in plain words; a 10% slowdown whose runs spread as widely is a
// possible regression, said as such, and does not gate.
func TestLargeSlowdownWideIntervals(t *testing.T) {
	base := []float64{1000, 1010, 990, 1020, 980, 6500}
	for _, c := range []struct {
		name       string
		base, head []float64
		regression bool
		note, says string
	}{
		{"6.6× with one disturbed base run", base, []float64{6600, 6700, 6650, 6720, 6680, 6750}, true,
			"REGRESSION (significant, wide intervals)", "worse by +565.67% (6.66× the base) by the medians, significant (p = 0.0022), with wide intervals"},
		{"10% with widely spread runs", six, []float64{1030, 1100, 1120, 1150, 1200, 1015}, false,
			"possible regression: significant, but too spread to confirm (not gating)", "worse by +10.72% by the medians and significant (p = 0.0043), but the runs spread too widely to show that it passes the 5% threshold"},
	} {
		t.Run(c.name, func(t *testing.T) {
			bp := file(t, machine, map[string][]float64{"Inflate/hits=10-2": c.base}, "ns/op")
			hp := file(t, machine, map[string][]float64{"Inflate/hits=10-2": c.head}, "ns/op")
			tb, err := compare.Files(bp, hp, compare.Options{Threshold: 0.05})
			if err != nil {
				t.Fatal(err)
			}
			if got := len(tb.Regressions()) > 0; got != c.regression {
				t.Errorf("gates: %v, want %v", got, c.regression)
			}
			var out bytes.Buffer
			if err := tb.Text(&out); err != nil {
				t.Fatal(err)
			}
			for _, w := range []string{c.note, c.says} {
				if !strings.Contains(out.String(), w) {
					t.Errorf("output lacks %q:\n%s", w, out.String())
				}
			}
			if strings.Contains(out.String(), "noisy") || strings.Contains(out.String(), "overlap within") {
				t.Errorf("output still speaks of noise and overlap:\n%s", out.String())
			}
		})
	}
}
