package bench_test

import (
	"errors"
	"flag"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench"
)

var namePattern = regexp.MustCompile(`^[A-Z][A-Za-z]*(/[A-Z][A-Za-z]*)?(/[a-z][a-z-]*=[a-z0-9]+)+$`)

func TestNamesAreUniqueAndWellFormed(t *testing.T) {
	s := bench.New(bench.Config{Reference: true})
	defer s.Close()
	seen := map[string]bool{}
	levels := map[bench.Level]int{}
	for _, bm := range s.Benchmarks {
		if !namePattern.MatchString(bm.Name) {
			t.Errorf("benchmark name %q is not Head[/Sub]/key=value...", bm.Name)
		}
		if seen[bm.Name] {
			t.Errorf("duplicate benchmark %q", bm.Name)
		}
		seen[bm.Name] = true
		levels[bm.Level]++
	}
	for _, l := range []bench.Level{bench.AdapterLevel, bench.ReferenceLevel, bench.VersusLevel} {
		if levels[l] == 0 {
			t.Errorf("no %s benchmark", l)
		}
	}
	for _, n := range bench.TargetNames() {
		if !seen[n] {
			t.Errorf("target benchmark %q is not in the catalogue", n)
		}
	}
	// Without Reference only the adapter's benchmarks remain.
	for _, bm := range bench.New(bench.Config{}).Benchmarks {
		if bm.Level != bench.AdapterLevel {
			t.Errorf("%s benchmark %q in a run whose subject is an adapter", bm.Level, bm.Name)
		}
	}
}

// sweep collects the values of key over the Inflate benchmarks that agree
// with the target workload on every other key.
func sweep(t *testing.T, names []string, key string) []int {
	t.Helper()
	target := map[string]string{"hits": "1000", "docs": "100", "doc-bytes": "16000", "budget": "none"}
	if key == "doc-bytes" {
		target = map[string]string{"hits": "100", "docs": "1", "budget": "none"}
	}
	var out []int
	for _, n := range names {
		parts := strings.Split(n, "/")
		if parts[0] != "Inflate" {
			continue
		}
		kv := map[string]string{}
		for _, p := range parts[1:] {
			k, v, _ := strings.Cut(p, "=")
			kv[k] = v
		}
		match := true
		for k, v := range target {
			match = match && (k == key || kv[k] == v)
		}
		if x, err := strconv.Atoi(kv[key]); match && err == nil {
			out = append(out, x)
		}
	}
	slices.Sort(out)
	return out
}

// The issue fixes the ranges: hits 10 to 100,000, document size 1 KB to
// 10 MB, budget 1K to 128K characters, and a compounds sweep.
func TestSweepsCoverTheIssuesRanges(t *testing.T) {
	var names []string
	for _, bm := range bench.New(bench.Config{}).Benchmarks {
		names = append(names, bm.Name)
	}
	for _, c := range []struct {
		key    string
		lo, hi int
	}{
		{"hits", 10, 100000},
		{"docs", 1, 1000},
		{"doc-bytes", 1000, 10000000},
		{"budget", 1000, 128000},
	} {
		got := sweep(t, names, c.key)
		if len(got) < 4 || got[0] != c.lo || got[len(got)-1] != c.hi {
			t.Errorf("sweep over %s: %v, want at least 4 points from %d to %d", c.key, got, c.lo, c.hi)
		}
	}
}

func values(r bench.Result) map[string]float64 {
	m := map[string]float64{}
	for _, v := range r.Values {
		m[v.Unit] = v.Value
	}
	return m
}

// Every benchmark of the short catalogue runs once without error; the side
// by side ones may be skipped only when no database is reachable.
func TestShortCatalogueRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every benchmark once")
	}
	s := bench.New(bench.Config{Reference: true, DSN: dsn(), Short: true})
	defer s.Close()
	rs, err := bench.Run(s.Benchmarks, bench.Options{Benchtime: "1x"})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != len(s.Benchmarks) {
		t.Fatalf("%d results for %d benchmarks", len(rs), len(s.Benchmarks))
	}
	for _, r := range rs {
		if r.Err != nil {
			t.Errorf("%s: %v", r.Name, r.Err)
			continue
		}
		if r.Skipped != "" {
			if r.Level != bench.VersusLevel {
				t.Errorf("%s skipped: %s", r.Name, r.Skipped)
			} else {
				t.Logf("%s skipped: %s", r.Name, r.Skipped)
			}
			continue
		}
		v := values(r)
		for _, u := range []string{"ns/op", "B/op", "allocs/op"} {
			if _, ok := v[u]; !ok {
				t.Errorf("%s: no %s", r.Name, u)
			}
		}
		for u := range v {
			if _, ok := bench.UnitOf(u); !ok {
				t.Errorf("%s reports %s, which Units does not describe", r.Name, u)
			}
		}
		switch {
		case strings.HasPrefix(r.Name, "Inflate/"):
			// The reference never exceeds a budget (std085 §3.1: the
			// survivors share the budget), and every request has hits.
			if v["over-budget/op"] != 0 {
				t.Errorf("%s: the reference went over its budget", r.Name)
			}
			if v["windows/op"] < 1 || v["emitted-B/op"] < 1 || v["ns/window"] <= 0 {
				t.Errorf("%s: windows/op %v, emitted-B/op %v, ns/window %v", r.Name, v["windows/op"], v["emitted-B/op"], v["ns/window"])
			}
		case strings.HasPrefix(r.Name, "Densify/"):
			// llm/sim's Bound is a lower bound of any densification.
			if v["call-ratio"] < 1 || v["token-ratio"] < 1 || v["calls/op"] < 1 {
				t.Errorf("%s: calls/op %v, call-ratio %v, token-ratio %v; the bound is a lower bound", r.Name, v["calls/op"], v["call-ratio"], v["token-ratio"])
			}
		case strings.HasPrefix(r.Name, "Versus/"):
			if v["go-ns/op"] <= 0 || v["sql-ns/op"] <= 0 || v["sql/go"] <= 0 {
				t.Errorf("%s: go-ns/op %v, sql-ns/op %v, sql/go %v", r.Name, v["go-ns/op"], v["sql-ns/op"], v["sql/go"])
			}
		}
	}
}

func TestRunRoundsSkipsAndFailures(t *testing.T) {
	var order []string
	ok := func(n string) bench.Benchmark {
		return bench.Benchmark{Name: n, F: func(b *testing.B) error {
			order = append(order, n)
			for b.Loop() {
			}
			b.ReportMetric(42, "windows/op")
			return nil
		}}
	}
	bms := []bench.Benchmark{
		ok("A/x=1"),
		{Name: "B/x=1", F: func(*testing.B) error { return bench.Skip("no database here") }},
		{Name: "C/x=1", F: func(*testing.B) error { return errors.New("wrong answer") }},
		{Name: "D/x=1", F: func(*testing.B) error { panic("adapter crashed") }},
		ok("E/x=1"),
	}
	rs, err := bench.Run(bms, bench.Options{Count: 3, Benchtime: "5x"})
	if err != nil {
		t.Fatal(err)
	}
	// Rounds: A B C D E, then A E, then A E.
	var got []string
	for _, r := range rs {
		got = append(got, strings.Split(r.Name, "-")[0])
	}
	want := []string{"A/x=1", "B/x=1", "C/x=1", "D/x=1", "E/x=1", "A/x=1", "E/x=1", "A/x=1", "E/x=1"}
	if !slices.Equal(got, want) {
		t.Fatalf("run order %v, want %v", got, want)
	}
	if rs[1].Skipped != "no database here" {
		t.Errorf("skip reason %q", rs[1].Skipped)
	}
	if rs[2].Err == nil || !strings.Contains(rs[2].Err.Error(), "wrong answer") {
		t.Errorf("failure %v", rs[2].Err)
	}
	if rs[3].Err == nil || !strings.Contains(rs[3].Err.Error(), "adapter crashed") {
		t.Errorf("panic reported as %v", rs[3].Err)
	}
	r := rs[0]
	if r.Iters != 5 {
		t.Errorf("benchtime 5x ran %d iterations", r.Iters)
	}
	var units []string
	for _, v := range r.Values {
		units = append(units, v.Unit)
	}
	if want := []string{"ns/op", "windows/op", "B/op", "allocs/op"}; !slices.Equal(units, want) {
		t.Errorf("units %v, want %v", units, want)
	}
	if values(r)["windows/op"] != 42 {
		t.Errorf("custom metric lost: %v", r.Values)
	}
	if len(order) != 6 {
		t.Errorf("the good benchmarks ran %d times, want 6", len(order))
	}
}

func TestRunRestoresBenchtime(t *testing.T) {
	before := flag.Lookup("test.benchtime").Value.String()
	if _, err := bench.Run(nil, bench.Options{Benchtime: "3x"}); err != nil {
		t.Fatal(err)
	}
	if after := flag.Lookup("test.benchtime").Value.String(); after != before {
		t.Errorf("benchtime %q after Run, was %q", after, before)
	}
	if _, err := bench.Run(nil, bench.Options{Benchtime: "fast"}); err == nil {
		t.Error("a benchtime of \"fast\" was accepted")
	}
}

func TestMatch(t *testing.T) {
	s := bench.New(bench.Config{Short: true})
	rs, err := bench.Run(s.Benchmarks, bench.Options{Benchtime: "1x", Match: regexp.MustCompile(`^Inflate/hits=10/`)})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 1 || !strings.HasPrefix(rs[0].Name, "Inflate/hits=10/docs=100/") {
		t.Fatalf("match ran %d benchmarks: %v", len(rs), rs)
	}
}
