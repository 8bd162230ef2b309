package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// Scales swept by the inflation benchmarks.
var (
	hitScales      = []int{10, 100, 1000, 10000, 100000}
	compoundScales = []int{1, 10, 100, 1000}
	docScales      = []int{1000, 10000, 100000, 1000000, 10000000}
	budgetScales   = []int{1000, 4000, 16000, 64000, TargetBudget}
)

// docHits is the number of hits of the document-size sweep.
const docHits = 100

// inflateBenchmarks sweeps hits, compounds, document size and budget around
// the target workload, for the adapter a. Every name carries all four
// settings, so each sweep is the set of names that differ in one of them.
func (s *Set) inflateBenchmarks(a adapters.Adapter) []Benchmark {
	type point struct{ hits, docs, docBytes, budget int }
	var pts []point
	short := func(v, limit int) bool { return s.cfg.Short && v > limit }
	for _, h := range hitScales {
		if !short(h, 1000) {
			pts = append(pts, point{h, TargetSpec.Compounds, TargetSpec.BodyBytes, 0})
		}
	}
	for _, c := range compoundScales {
		if !short(c, 100) {
			pts = append(pts, point{TargetSpec.Hits, c, TargetSpec.BodyBytes, 0})
		}
	}
	for _, d := range docScales {
		if !short(d, 100000) {
			pts = append(pts, point{docHits, 1, d, 0})
		}
	}
	for _, b := range budgetScales {
		pts = append(pts, point{TargetSpec.Hits, TargetSpec.Compounds, TargetSpec.BodyBytes, b})
	}
	seen := map[point]bool{}
	var out []Benchmark
	for _, p := range pts {
		if seen[p] {
			continue
		}
		seen[p] = true
		p := p
		build := func() inflate.Request {
			if p.docs == 1 && p.docBytes > maxBody {
				return s.in.bigRequest(p.docBytes, p.hits)
			}
			spec := fixtures.GenSpec{Compounds: p.docs, Hits: p.hits, BodyBytes: p.docBytes}
			return withBudget(s.in.request(spec), p.budget)
		}
		n := name("Inflate", "hits", p.hits, "docs", p.docs, "doc-bytes", p.docBytes, "budget", budgetName(p.budget))
		out = append(out, Benchmark{Name: n, Level: AdapterLevel, Needs: adapters.Inflate, F: inflateLoop(a, build)})
	}
	return out
}

// inflateLoop measures a's Inflate on the request build returns, and reports
// per-window figures, the bytes emitted, the allocation against them and
// whether the answer went over its budget.
func inflateLoop(a adapters.Adapter, build func() inflate.Request) func(b *testing.B) error {
	return func(b *testing.B) error {
		in, ok := a.(adapters.Inflater)
		if !ok {
			return Skip("%s does not implement %s", a.Info().Name, adapters.Inflate)
		}
		req := build()
		u := unitOf(a)
		res, err := timeWindows(b, a, func(ctx context.Context) (inflate.Result, error) {
			res, err := in.Inflate(ctx, req)
			if err != nil {
				return res, fmt.Errorf("%s: inflate: %w", a.Info().Name, err)
			}
			return res, nil
		}, func(res inflate.Result) error { return checkInflate(req, res, u) }, answerShape)
		if !timed(err) {
			return err
		}
		over := 0 // 1 if the answer's length in u exceeds the budget
		if invariant.Budget(req, res, u) != nil {
			over = 1
		}
		b.ReportMetric(float64(over), "over-budget/op")
		return err
	}
}

// answerShape is what the benchmarks report about one answer: its windows
// and the bytes of their text.
func answerShape(res inflate.Result) (windows, emitted int) {
	for _, w := range res.Windows {
		emitted += len(w.Text)
	}
	return len(res.Windows), emitted
}

// reportPerWindow reports the per-window metrics of a loop that returned
// windows windows and emitted bytes per call, allocating allocBytes bytes
// in mallocs allocations over all b.N calls.
func reportPerWindow(b *testing.B, windows, emitted int, allocBytes, mallocs uint64) {
	n := float64(b.N)
	per := float64(max(windows, 1)) // a call returning nothing is one assembly
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/n/per, "ns/window")
	b.ReportMetric(float64(allocBytes)/n/per, "B/window")
	b.ReportMetric(float64(mallocs)/n/per, "allocs/window")
	b.ReportMetric(float64(windows), "windows/op")
	b.ReportMetric(float64(emitted), "emitted-B/op")
	if emitted > 0 {
		b.ReportMetric(float64(allocBytes)/n/float64(emitted), "alloc/emitted")
	}
}

// unitOf is what a's lengths count.
func unitOf(a adapters.Adapter) unit.Unit {
	if u := a.Info().Unit; u != "" {
		return u
	}
	return unit.Bytes
}
