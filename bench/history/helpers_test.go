package history_test

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/bench/history"
)

// level is a benchmark whose time per op is base with 2% noise, times
// factor from run step on (no step when step < 0).
type level struct {
	name   string
	base   float64
	step   int
	factor float64
	unit   string
	back   int // from this run on (when > 0), the level is base again
}

func commit(i int) string { return fmt.Sprintf("c%03d%s", i, strings.Repeat("0", 36)) }

// runs makes n runs of the benchmarks, one day apart, each with three
// samples per benchmark.
func runs(t testing.TB, n int, seed uint64, benches ...level) []*history.Run {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	var out []*history.Run
	for i := range n {
		var b strings.Builder
		fmt.Fprintf(&b, "commit: %s\ndate: %s\ncpu: Test CPU\n", commit(i), start.Add(time.Duration(i)*24*time.Hour).Format(time.RFC3339))
		for _, l := range benches {
			v := l.base
			if l.step >= 0 && i >= l.step && (l.back == 0 || i < l.back) {
				v *= l.factor
			}
			unit := l.unit
			if unit == "" {
				unit = "ns/op"
			}
			for range 3 {
				fmt.Fprintf(&b, "Benchmark%s 100 %.3f %s\n", l.name, v*(1+0.02*rng.NormFloat64()), unit)
			}
		}
		r, err := history.Parse([]byte(b.String()), fmt.Sprintf("run%02d.txt", i), history.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, r)
	}
	return out
}

func analyse(t testing.TB, rs []*history.Run, acks []history.Ack) *history.Report {
	t.Helper()
	h, err := history.NewHistory(rs)
	if err != nil {
		t.Fatal(err)
	}
	a, err := history.Analyse(h, history.Detector{})
	if err != nil {
		t.Fatal(err)
	}
	return history.NewReport(a, acks, "test")
}
