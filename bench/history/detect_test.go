package history_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/ctxconform/ctxconform/bench/history"
)

// series draws n values of level 1000 with noise cv (normal), shifted by
// the factors at the given runs.
func series(seed uint64, n int, cv float64, steps map[int]float64) []float64 {
	rng := rand.New(rand.NewPCG(seed, 9))
	x := make([]float64, n)
	level := 1000.0
	for i := range x {
		if f, ok := steps[i]; ok {
			level *= f
		}
		x[i] = level * (1 + cv*rng.NormFloat64())
	}
	return x
}

// TestDetectKnownAnswers: on series whose change points are known, the
// detector finds each within one run and nothing else; on series with no
// change (noise, heavy noise, constant, outliers, a slow drift below the
// minimum change) it finds none.
func TestDetectKnownAnswers(t *testing.T) {
	spike := series(5, 60, 0.02, nil)
	spike[20], spike[40] = 3000, 2500 // single-run outliers are not level shifts
	for _, c := range []struct {
		name string
		x    []float64
		d    history.Detector
		want []int
	}{
		{"15% at 30 of 40", series(1, 40, 0.02, map[int]float64{30: 1.15}), history.Detector{}, []int{30}},
		{"-20% at 12 of 60", series(2, 60, 0.03, map[int]float64{12: 0.8}), history.Detector{}, []int{12}},
		{"three steps", series(4, 120, 0.02, map[int]float64{30: 1.1, 60: 0.85, 90: 1.3}), history.Detector{}, []int{30, 60, 90}},
		{"step near the end", series(4, 50, 0.01, map[int]float64{44: 1.2}), history.Detector{}, []int{44}},
		{"1000 runs, two steps", series(6, 1000, 0.05, map[int]float64{400: 1.1, 750: 0.9}), history.Detector{}, []int{400, 750}},
		{"noise only", series(7, 60, 0.05, nil), history.Detector{}, nil},
		{"heavy noise only", series(8, 200, 0.10, nil), history.Detector{}, nil},
		{"constant", series(9, 40, 0, nil), history.Detector{}, nil},
		{"outliers", spike, history.Detector{}, nil},
		{"0.5% shift below the minimum change", series(10, 80, 0.001, map[int]float64{40: 1.005}), history.Detector{MinChange: 0.01}, nil},
		{"0.5% shift with no minimum", series(10, 80, 0.001, map[int]float64{40: 1.005}), history.Detector{MinChange: -1}, []int{40}},
		{"too short to split", series(11, 9, 0.01, map[int]float64{5: 2}), history.Detector{}, nil},
		{"shorter segments allowed", series(11, 9, 0.01, map[int]float64{5: 2}), history.Detector{MinSegment: 3, PValue: 0.05}, []int{5}},
	} {
		t.Run(c.name, func(t *testing.T) {
			splits, err := c.d.Detect(c.x, 1)
			if err != nil {
				t.Fatal(err)
			}
			var got []int
			for _, s := range splits {
				got = append(got, s.Index)
			}
			if len(got) != len(c.want) {
				t.Fatalf("change points at %v, want %v", got, c.want)
			}
			for i := range got {
				if d := got[i] - c.want[i]; d < -1 || d > 1 {
					t.Errorf("change points at %v, want %v (±1)", got, c.want)
				}
			}
		})
	}
}

func TestDetectorOptions(t *testing.T) {
	x := series(1, 40, 0.02, nil)
	for _, d := range []history.Detector{
		{PValue: 1.5}, {PValue: -0.1}, {MinSegment: 1}, {PValue: 0.001, Permutations: 99}, {MinChange: math.NaN()}, {Permutations: -3},
	} {
		if _, err := d.Detect(x, 1); err == nil {
			t.Errorf("%+v accepted", d)
		}
	}
}

// TestReportVerdicts: the unit's direction decides regression and
// improvement, and the gate looks at the newest change point only.
func TestReportVerdicts(t *testing.T) {
	rep := analyse(t, runs(t, 60, 3,
		level{name: "Slower-2", base: 1000, step: 30, factor: 1.2},
		level{name: "Faster-2", base: 1000, step: 30, factor: 0.8},
		level{name: "RecallDown-2", base: 0.9, step: 30, factor: 0.8, unit: "recall@5"},
		level{name: "RecallUp-2", base: 0.7, step: 30, factor: 1.25, unit: "recall@5"},
		level{name: "Windows-2", base: 10, step: 30, factor: 1.5, unit: "windows/op"},
	), nil)
	want := map[string]string{"Slower-2": history.Regression, "Faster-2": history.Improvement,
		"RecallDown-2": history.Regression, "RecallUp-2": history.Improvement, "Windows-2": history.Changed}
	var failing []string
	for _, f := range rep.Gate.Failing {
		failing = append(failing, f.Series.Benchmark)
	}
	for _, s := range rep.Series {
		if len(s.ChangePoints) != 1 {
			t.Errorf("%s %s: change points %+v, want one", s.Benchmark, s.Unit, s.ChangePoints)
			continue
		}
		cp := s.ChangePoints[0]
		if cp.Verdict != want[s.Benchmark] {
			t.Errorf("%s: %s, want %s", s.Benchmark, cp.Verdict, want[s.Benchmark])
		}
		if math.Abs(cp.Change) < 0.15 || cp.P > 0.01 || cp.Before == 0 {
			t.Errorf("%s: %+v", s.Benchmark, cp)
		}
	}
	if strings.Join(failing, ",") != "Slower-2,RecallDown-2" {
		t.Errorf("failing %v, want Slower-2 and RecallDown-2", failing)
	}
	// A regression followed by a recovery no longer fails.
	rep = analyse(t, runs(t, 60, 4, level{name: "Back-2", base: 1000, step: 20, factor: 1.2, back: 40}), nil)
	if s := rep.Series[0]; len(s.ChangePoints) != 2 || s.ChangePoints[0].Verdict != history.Regression || s.Newest().Verdict != history.Improvement || rep.Failed() {
		t.Errorf("regression then recovery: %+v, failed %v", s.ChangePoints, rep.Failed())
	}
}

func TestBetter(t *testing.T) {
	meta := benchfmt.UnitMetadataMap{}
	meta[benchfmt.UnitMetadataKey{Unit: "widgets", Key: "better"}] = &benchfmt.UnitMetadata{UnitMetadataKey: benchfmt.UnitMetadataKey{Unit: "widgets", Key: "better"}, Value: "higher"}
	for unit, want := range map[string]int{
		"sec/op": -1, "B/op": -1, "allocs/op": -1, "sec/window": -1, "windows/op": 0, "call-ratio": -1,
		"recall": 1, "recall@5": 1, "precision@10": 1, "ndcg@10": 1, "hit-rate": 1, "B/s": 1, "ops/s": 1,
		"widgets": 1, "gadgets/op": -1,
	} {
		if got := history.Better(meta, unit); got != want {
			t.Errorf("Better(%s) = %d, want %d", unit, got, want)
		}
	}
}

func TestReadAcks(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name, text, err string
		n               int
	}{
		{"good", "# comment\n\nabcdef12 Inflate/hits=10 deliberate: headers\n0123456789abcdef * machine moved\n", "", 2},
		{"no reason", "abcdef12 Inflate/hits=10\n", "acks.txt:1: want COMMIT BENCHMARK REASON", 0},
		{"short commit", "# x\nabc Inflate reason\n", "acks.txt:2: commit \"abc\": give at least 7 characters", 0},
	} {
		t.Run(c.name, func(t *testing.T) {
			p := filepath.Join(dir, "acks.txt")
			os.WriteFile(p, []byte(c.text), 0o644)
			acks, err := history.ReadAcks(p)
			if c.err != "" {
				if err == nil || !strings.Contains(err.Error(), c.err) {
					t.Errorf("err %v, want %q", err, c.err)
				}
				return
			}
			if err != nil || len(acks) != c.n || acks[0].Reason != "deliberate: headers" || acks[1].Benchmark != "*" || acks[0].Line != 3 {
				t.Errorf("%+v %v", acks, err)
			}
		})
	}
}

// TestProportionalSeriesAgree: two units of one benchmark whose values are
// in a fixed ratio in every run (sec/op and sec/window, the windows per op
// fixed by the workload) get the same change points: the same data, in
// another unit, gives the same verdict. (The permutations were seeded with
// the series' name, so one of the two could reach p <= 0.002 and the other
// not: 12 histories in 300 split this way.)
func TestProportionalSeriesAgree(t *testing.T) {
	start := time.Date(2026, 3, 1, 9, 0, 0, 0, time.UTC)
	for _, per := range []float64{7, 0.25, 1000} {
		t.Run(fmt.Sprintf("%g windows per op", per), func(t *testing.T) {
			for seed := uint64(0); seed < 120; seed++ {
				rng := rand.New(rand.NewPCG(seed, 1))
				step, factor := 5+int(seed%10), 1+0.01*float64(seed%7)
				var rs []*history.Run
				for i := range 20 {
					var b strings.Builder
					fmt.Fprintf(&b, "commit: %s\ndate: %s\n", commit(i), start.Add(time.Duration(i)*24*time.Hour).Format(time.RFC3339))
					v := 100000.0
					if i >= step {
						v *= factor
					}
					for range 3 {
						x := v * (1 + 0.03*rng.NormFloat64())
						fmt.Fprintf(&b, "BenchmarkX 100 %.0f ns/op %.5g ns/window\n", x, x/per)
					}
					r, err := history.Parse([]byte(b.String()), fmt.Sprintf("run%02d.txt", i), history.ReadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					rs = append(rs, r)
				}
				rep := analyse(t, rs, nil)
				if len(rep.Series) != 2 {
					t.Fatalf("%d series, want 2", len(rep.Series))
				}
				op, win := rep.Series[0], rep.Series[1]
				if a, b := indices(op.ChangePoints), indices(win.ChangePoints); !slices.Equal(a, b) {
					t.Errorf("seed %d: %s change points at %v, %s at %v: the same data gave two verdicts", seed, op.Unit, a, win.Unit, b)
				}
			}
		})
	}
}

func indices(cps []history.ChangePoint) []int {
	var out []int
	for _, c := range cps {
		out = append(out, c.Index)
	}
	return out
}
