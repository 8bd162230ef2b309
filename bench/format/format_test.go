package format_test

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/format"
)

func TestWriteThenRead(t *testing.T) {
	results := []bench.Result{
		{Name: "Inflate/hits=10-2", Iters: 100, Values: []bench.Value{{Value: 1234.5678, Unit: "ns/op"}, {Value: 3, Unit: "windows/op"}, {Value: 0.123456789, Unit: "alloc/emitted"}, {Value: 2048, Unit: "B/op"}}},
		{Name: "Versus/Search/entries=10000-2", Skipped: "PostgreSQL unreachable"},
		{Name: "Radial/Ingest/doc-bytes=1000-2", Err: errors.New("wrong answer\nsecond line")},
		{Name: "Inflate/hits=10-2", Iters: 120, Values: []bench.Value{{Value: 1000, Unit: "ns/op"}, {Value: 3, Unit: "windows/op"}, {Value: 0.5, Unit: "alloc/emitted"}, {Value: 2048, Unit: "B/op"}}},
	}
	config := []format.Config{{"goos", "linux"}, {"adapter", "reference"}, {"adapter-version", "0.1.0"}}
	var buf bytes.Buffer
	if err := format.Write(&buf, config, results); err != nil {
		t.Fatal(err)
	}
	text := buf.String()
	for _, want := range []string{
		"Unit ns/op better=lower\n",
		"Unit windows/op assume=exact\n",
		"goos: linux\nadapter: reference\nadapter-version: 0.1.0\n",
		// 1234.5678 rounds to a whole number; 0.123456789 to five digits.
		"BenchmarkInflate/hits=10-2 100 1235 ns/op 3 windows/op 0.12346 alloc/emitted 2048 B/op\n",
		"--- SKIP: BenchmarkVersus/Search/entries=10000-2\n    PostgreSQL unreachable\n",
		"--- FAIL: BenchmarkRadial/Ingest/doc-bytes=1000-2\n    wrong answer\n    second line\n",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("output lacks %q:\n%s", want, text)
		}
	}

	f, err := format.ReadFrom(strings.NewReader(text), "results.txt")
	if err != nil {
		t.Fatal(err)
	}
	if len(f.Warnings) > 0 {
		t.Errorf("warnings: %v", f.Warnings)
	}
	if f.Get("adapter") != "reference" || f.Get("goos") != "linux" || f.Get("cpu") != "" {
		t.Errorf("config %v", f.Config)
	}
	if len(f.Results) != 2 {
		t.Fatalf("%d results read back, want the 2 that ran", len(f.Results))
	}
	r := f.Results[1]
	if r.Name.String() != "Inflate/hits=10-2" || r.Iters != 120 {
		t.Errorf("second result %s %d", r.Name, r.Iters)
	}
	// The reader tidies ns/op into sec/op: 1000 ns is 1e-6 s.
	if v, ok := r.Value("sec/op"); !ok || math.Abs(v-1e-6) > 1e-18 {
		t.Errorf("sec/op %v %v, want 1e-06", v, ok)
	}
	if f.Units.GetBetter("sec/op") != -1 || f.Units.Get("windows/op", "assume") == nil || f.Units.GetBetter("windows/op") != 0 {
		t.Errorf("unit metadata lost: %v", f.Units)
	}
}

func TestConfigChecked(t *testing.T) {
	for _, c := range []format.Config{{"", "x"}, {"Goos", "x"}, {"my key", "x"}, {"a:b", "x"}, {"k", "two\nlines"}} {
		if err := format.Write(&bytes.Buffer{}, []format.Config{c}, nil); err == nil {
			t.Errorf("config %+v accepted", c)
		}
	}
	if err := format.CheckConfig(format.Config{Key: "commit", Value: "abc 123"}); err != nil {
		t.Errorf("commit=abc 123 refused: %v", err)
	}
}

func TestMachine(t *testing.T) {
	keys := map[string]bool{}
	for _, c := range format.Machine() {
		if err := format.CheckConfig(c); err != nil {
			t.Error(err)
		}
		keys[c.Key] = c.Value != ""
	}
	for _, k := range []string{"goos", "goarch", "go"} {
		if !keys[k] {
			t.Errorf("machine lacks %s", k)
		}
	}
}

// TestTidyZeroAndInfinite: a 0 ns/op or an infinite sample is filed under
// sec/op with the benchmark's other samples (benchfmt left them under
// ns/op), keeping what the file says.
func TestTidyZeroAndInfinite(t *testing.T) {
	f, err := format.ReadFrom(strings.NewReader("BenchmarkX 1 0 ns/op\nBenchmarkX 1 5 ns/op\nBenchmarkX 1 +Inf ns/op\n"), "x.txt")
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range f.Results {
		v := r.Values[0]
		if v.Unit != "sec/op" || v.OrigUnit != "ns/op" {
			t.Errorf("line %d: %+v, want sec/op from ns/op", i+1, v)
		}
	}
	if v := f.Results[2].Values[0]; !math.IsInf(v.Value, 1) || !math.IsInf(v.OrigValue, 1) {
		t.Errorf("infinite sample read as %+v", v)
	}
}
