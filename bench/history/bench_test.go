package history_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/bench/history"
)

// bigHistory is series series of runs runs: noise of CV 2–10%, and in half
// of them one to three steps of 5–20% at random runs.
func bigHistory(series, runs int) *history.History {
	rng := rand.New(rand.NewPCG(1, 2))
	h := &history.History{}
	start := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range runs {
		h.Runs = append(h.Runs, &history.Run{Commit: fmt.Sprintf("%040x", i), Date: start.Add(time.Duration(i) * time.Hour), Source: fmt.Sprint("run", i)})
	}
	for s := range series {
		cv := 0.02 + 0.08*rng.Float64()
		steps := map[int]float64{}
		if s%2 == 1 {
			for range 1 + rng.IntN(3) {
				f := 1 + 0.05 + 0.15*rng.Float64()
				if rng.IntN(2) == 0 {
					f = 1 / f
				}
				steps[10+rng.IntN(runs-20)] = f
			}
		}
		ser := &history.Series{Key: history.Key{Benchmark: fmt.Sprintf("B%d-2", s), Unit: "sec/op"}, Better: -1}
		level := 1e-6
		for i := range runs {
			if f, ok := steps[i]; ok {
				level *= f
			}
			ser.Points = append(ser.Points, history.Point{Run: i, Value: level * (1 + cv*rng.NormFloat64()), N: 6})
		}
		h.Series = append(h.Series, ser)
	}
	return h
}

// BenchmarkAnalyse is the scale: 500 series of 1,000 runs, with the
// default detector, on every core GOMAXPROCS allows. The target is under
// 30 s on 2 cores. budget/op is the share of those 30 s one analysis took
// by the wall clock; cpu-budget/op is its CPU time (user + system, this
// process) over the 60 CPU-seconds two cores give in 30 s, which holds on a
// machine other programs share.
//
//	go test -run x -bench Analyse -benchtime 3x -cpu 2 ./bench/history/
func BenchmarkAnalyse(b *testing.B) {
	for _, c := range []struct{ series, runs int }{{50, 60}, {500, 1000}} {
		b.Run(fmt.Sprintf("series=%d/runs=%d", c.series, c.runs), func(b *testing.B) {
			h := bigHistory(c.series, c.runs)
			start, cpu0 := time.Now(), cpuTime()
			found := 0
			for b.Loop() {
				a, err := history.Analyse(h, history.Detector{})
				if err != nil {
					b.Fatal(err)
				}
				found = 0
				for _, s := range a.Series {
					found += len(s.ChangePoints)
				}
			}
			per := time.Since(start) / time.Duration(b.N)
			cpu := (cpuTime() - cpu0) / time.Duration(b.N)
			b.ReportMetric(float64(found), "change-points")
			b.ReportMetric(per.Seconds()/30, "budget/op")
			b.ReportMetric(cpu.Seconds()/60, "cpu-budget/op")
		})
	}
}
