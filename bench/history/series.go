package history

import (
	"cmp"
	"fmt"
	"slices"

	"golang.org/x/perf/benchfmt"

	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/format"
)

// Key names a series: a benchmark (its full name, GOMAXPROCS suffix
// included, as benchstat groups) and a unit (tidied: sec/op for ns/op).
type Key struct {
	Benchmark string `json:"benchmark"`
	Unit      string `json:"unit"`
}

// Point is one run's value in a series: the median of the run's samples.
type Point struct {
	Run   int     `json:"run"` // index into History.Runs
	Value float64 `json:"value"`
	N     int     `json:"n"` // samples behind the median
	// Unmeasured is the format.KeySelftime of the run's samples of a time
	// unit that the implementation reported below what its clock can
	// measure ("zero", "below-resolution"), "" when measured.
	Unmeasured string `json:"unmeasured,omitempty"`
	// Nonconforming: the run's samples timed answers that fail
	// conformance (format.KeyConformance, bench --time-nonconforming).
	Nonconforming bool `json:"nonconforming,omitempty"`
}

// Series is one benchmark × unit over the runs that measured it, in date
// order.
type Series struct {
	Key
	// Better is the unit's direction: -1 lower is better, +1 higher is
	// better, 0 neither (Better).
	Better int
	Points []Point
}

// History is a set of runs in date order, cut into series.
type History struct {
	Runs   []*Run
	Series []*Series
}

// NewHistory orders runs by date (then commit) and groups their results
// into series. Two runs of one commit are an error naming both sources.
func NewHistory(runs []*Run) (*History, error) {
	runs = slices.Clone(runs)
	slices.SortStableFunc(runs, func(a, b *Run) int {
		if c := a.Date.Compare(b.Date); c != 0 {
			return c
		}
		return cmp.Compare(a.Commit, b.Commit)
	})
	seen := map[string]*Run{}
	for _, r := range runs {
		if o := seen[r.Commit]; o != nil {
			return nil, fmt.Errorf("commit %s appears twice, in %s and in %s: a history holds one run per commit (remove one)", r.Commit, o.Source, r.Source)
		}
		seen[r.Commit] = r
	}
	h := &History{Runs: runs}
	index := map[Key]*Series{}
	units := benchfmt.UnitMetadataMap{}
	for i, r := range runs {
		samples := map[Key][]float64{}
		marks := map[Key]string{}
		wrong := map[Key]bool{}
		var order []Key
		for _, res := range r.Results {
			for _, v := range res.Values {
				k := Key{Benchmark: string(res.Name), Unit: v.Unit}
				if _, ok := samples[k]; !ok {
					order = append(order, k)
				}
				samples[k] = append(samples[k], v.Value)
				for _, m := range format.Marks(res, v.Unit) {
					switch m.Key {
					case format.KeySelftime:
						marks[k] = m.Value
					case format.KeyConformance:
						wrong[k] = true
					}
				}
			}
		}
		for k, m := range r.Units {
			if _, ok := units[k]; !ok {
				units[k] = m
			}
		}
		for _, k := range order {
			s := index[k]
			if s == nil {
				s = &Series{Key: k}
				index[k] = s
				h.Series = append(h.Series, s)
			}
			s.Points = append(s.Points, Point{Run: i, Value: bench.Median(samples[k]), N: len(samples[k]), Unmeasured: marks[k], Nonconforming: wrong[k]})
		}
	}
	for _, s := range h.Series {
		s.Better = Better(units, s.Unit)
	}
	return h, nil
}
