package inflate_test

import (
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// BenchmarkTarget is std085's performance-target workload: 1,000 hits over
// 100 compounds, with a 128K budget and with none. It reports time and
// allocated bytes per window and per emitted byte (the targets: under 5 ms per
// window, under 2× memory overhead).
func BenchmarkTarget(b *testing.B) {
	for _, budget := range []int{128000, 0} {
		req := fixtures.Generate(1, fixtures.GenSpec{Compounds: 100, Hits: 1000, BodyBytes: 16000})
		name := "budget=none"
		req.Budget = nil
		if budget > 0 {
			req.Budget = &budget
			name = "budget=128000"
		}
		b.Run(name, func(b *testing.B) {
			res, err := inflate.Inflate(req)
			if err != nil {
				b.Fatal(err)
			}
			emitted := 0
			for _, w := range res.Windows {
				emitted += len(w.Text)
			}
			b.ReportAllocs()
			b.ResetTimer()
			for b.Loop() {
				if _, err := inflate.Inflate(req); err != nil {
					b.Fatal(err)
				}
			}
			b.StopTimer()
			allocs := testing.AllocsPerRun(1, func() { _, _ = inflate.Inflate(req) })
			_ = allocs
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(res.Windows)), "ns/window")
			b.ReportMetric(float64(emitted), "emitted-B")
		})
	}
}

// BenchmarkTargetFloor measures the target workload (budget 128,000) beside
// its floor, one UTF-8 validation pass over the request's documents (the
// read of its input no implementation can skip), in the same iterations,
// and reports the ratio (the aim: at most 3).
func BenchmarkTargetFloor(b *testing.B) {
	budget := 128000
	req := fixtures.Generate(1, fixtures.GenSpec{Compounds: 100, Hits: 1000, BodyBytes: 16000})
	req.Budget = &budget
	var inflateNS, floorNS time.Duration
	for b.Loop() {
		t0 := time.Now()
		for _, d := range req.Documents {
			if !utf8.ValidString(d.Body) {
				b.Fatal("invalid body")
			}
		}
		t1 := time.Now()
		if _, err := inflate.Inflate(req); err != nil {
			b.Fatal(err)
		}
		floorNS, inflateNS = floorNS+t1.Sub(t0), inflateNS+time.Since(t1)
	}
	b.ReportMetric(float64(floorNS.Nanoseconds())/float64(b.N), "floor-ns/op")
	b.ReportMetric(float64(inflateNS)/float64(floorNS), "inflate/floor")
}
