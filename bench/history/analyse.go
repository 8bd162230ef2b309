package history

import (
	"fmt"
	"math"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/bench"
)

// Verdicts of a change point.
const (
	Regression  = "regression"  // worse in the unit's direction
	Improvement = "improvement" // better in the unit's direction
	Changed     = "changed"     // a unit with no direction (it describes the workload)
)

// ChangePoint is where a series changed: the first run of the new level.
type ChangePoint struct {
	Index  int       `json:"index"` // position in the series' points
	Commit string    `json:"commit"`
	Date   time.Time `json:"date"`
	Source string    `json:"source"`
	// Before and After are the medians of the segments either side.
	Before float64 `json:"before"`
	After  float64 `json:"after"`
	// Change is After/Before - 1 (+Inf from a zero median).
	Change  float64 `json:"-"`
	P       float64 `json:"p"`
	Verdict string  `json:"verdict"`
}

// Segment is a stretch of runs between change points.
type Segment struct {
	From, To int     // points [From, To)
	Mean     float64 // what the HTML chart draws
	Median   float64
}

// SeriesResult is one series analysed.
type SeriesResult struct {
	*Series
	ChangePoints []ChangePoint
	Segments     []Segment
	// Best is the index of the best point so far (by the unit's
	// direction; the last point for a unit without one).
	Best int
	// Note says why the series was not analysed (too few runs).
	Note string
}

// Newest is the latest change point, or nil.
func (s *SeriesResult) Newest() *ChangePoint {
	if len(s.ChangePoints) == 0 {
		return nil
	}
	return &s.ChangePoints[len(s.ChangePoints)-1]
}

// Analysis is the change points of every series of a history.
type Analysis struct {
	History  *History
	Detector Detector
	Series   []*SeriesResult
	Warnings []string
	// TooFew, when the history has fewer runs than a change point needs,
	// says how many it has and how many it needs, in place of a warning
	// for every series.
	TooFew string
	// Unread are the files of the history skipped unread
	// (ReadOptions.Unreadable), each with why: the gate fails while there
	// is one, since a run lost could hold a regression.
	Unread []string
}

// NotRead records files of the history skipped unread (see Unread), each
// with why, and names each in a warning.
func (a *Analysis) NotRead(unread []string) {
	a.Unread = append(a.Unread, unread...)
	var w []string
	for _, u := range unread {
		w = append(w, "not read: "+u)
	}
	a.Warnings = append(w, a.Warnings...)
}

// Analyse finds the change points of every series, in parallel over the
// series (GOMAXPROCS workers). A series too short to split (fewer than
// twice the minimum segment) is reported with a note and a warning naming
// the files it was read from.
func Analyse(h *History, d Detector) (*Analysis, error) {
	d, err := d.withDefaults()
	if err != nil {
		return nil, err
	}
	a := &Analysis{History: h, Detector: d, Series: make([]*SeriesResult, len(h.Series))}
	for _, r := range h.Runs {
		a.Warnings = append(a.Warnings, r.Warnings...)
	}
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range max(1, min(runtime.GOMAXPROCS(0), len(h.Series))) {
		wg.Go(func() {
			for i := range jobs {
				a.Series[i] = analyseSeries(h, h.Series[i], d)
			}
		})
	}
	for i := range h.Series {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	for _, s := range h.Series {
		a.Warnings = append(a.Warnings, markedNotes(h, s)...)
	}
	if n, need := len(h.Runs), 2*d.MinSegment; n < need {
		a.TooFew = fmt.Sprintf("Only %d runs: finding a change point needs at least %d (%d on either side, --min-segment); no series was analysed.", n, need, d.MinSegment)
		return a, nil
	}
	for _, s := range a.Series {
		if s.Note != "" {
			a.Warnings = append(a.Warnings, fmt.Sprintf("%s %s: %s", s.Benchmark, s.Unit, s.Note))
		}
	}
	return a, nil
}

// pointMarks are the marks a point can carry, each with what it says of
// the runs it marks: the marks of format.Marks, read back.
var pointMarks = []struct {
	of   func(Point) string // the mark's text on a point, "" when unmarked
	says string
}{
	{func(p Point) string {
		if p.Unmeasured == "" {
			return ""
		}
		return "selftime: " + p.Unmeasured
	}, "not measured, the implementation reporting less time than its clock can measure"},
	{func(p Point) string {
		if !p.Nonconforming {
			return ""
		}
		return "conformance: nonconforming"
	}, "non-conforming, timing answers that fail conformance (bench --time-nonconforming), not to be set against conforming runs"},
}

// markedNotes name, for each mark, the runs of s that carry it: their
// figures are in the series, marked.
func markedNotes(h *History, s *Series) []string {
	var out []string
	for _, m := range pointMarks {
		var runs []string
		for _, p := range s.Points {
			if t := m.of(p); t != "" {
				runs = append(runs, fmt.Sprintf("%s (%s)", h.Runs[p.Run].Source, t))
			}
		}
		if len(runs) > 0 {
			out = append(out, fmt.Sprintf("%s %s: %d of %d runs %s: %s", s.Benchmark, s.Unit, len(runs), len(s.Points), m.says, strings.Join(runs, ", ")))
		}
	}
	return out
}

func analyseSeries(h *History, s *Series, d Detector) *SeriesResult {
	res := &SeriesResult{Series: s}
	x := make([]float64, len(s.Points))
	for i, p := range s.Points {
		x[i] = p.Value
	}
	res.Best = best(x, s.Better)
	if n := len(x); n < 2*d.MinSegment {
		first, last := h.Runs[s.Points[0].Run].Source, h.Runs[s.Points[n-1].Run].Source
		where := "in " + first
		if n > 1 {
			where = fmt.Sprintf("from %s to %s", first, last)
		}
		res.Note = fmt.Sprintf("only %d runs (%s); at least %d (twice the minimum segment) are needed to find a change point", n, where, 2*d.MinSegment)
		res.Segments = segments(x, nil)
		return res
	}
	splits := d.splits(x, 0)
	splits = keepLarge(x, splits, d.MinChange)
	res.Segments = segments(x, splits)
	for i, sp := range splits {
		before, after := res.Segments[i].Median, res.Segments[i+1].Median
		run := h.Runs[s.Points[sp.Index].Run]
		cp := ChangePoint{Index: sp.Index, Commit: run.Commit, Date: run.Date, Source: run.Source,
			Before: before, After: after, Change: relChange(before, after), P: sp.P}
		switch {
		case s.Better == 0 || after == before:
			cp.Verdict = Changed
		case (after > before) == (s.Better < 0):
			cp.Verdict = Regression
		default:
			cp.Verdict = Improvement
		}
		res.ChangePoints = append(res.ChangePoints, cp)
	}
	return res
}

// keepLarge drops, smallest first, the splits whose segments' medians
// differ by less than minChange (relative), recomputing the neighbours'
// segments after each drop.
func keepLarge(x []float64, splits []Split, minChange float64) []Split {
	for len(splits) > 0 {
		segs := segments(x, splits)
		worst, worstC := -1, math.Inf(1)
		for i := range splits {
			c := math.Abs(relChange(segs[i].Median, segs[i+1].Median))
			if c < worstC {
				worst, worstC = i, c
			}
		}
		if worstC >= minChange {
			break
		}
		splits = append(splits[:worst:worst], splits[worst+1:]...)
	}
	return splits
}

func segments(x []float64, splits []Split) []Segment {
	var out []Segment
	from := 0
	for i := 0; i <= len(splits); i++ {
		to := len(x)
		if i < len(splits) {
			to = splits[i].Index
		}
		seg := append([]float64(nil), x[from:to]...)
		sum := 0.0
		for _, v := range seg {
			sum += v
		}
		out = append(out, Segment{From: from, To: to, Mean: sum / float64(len(seg)), Median: bench.Median(seg)})
		from = to
	}
	return out
}

func relChange(before, after float64) float64 {
	switch {
	case before == after:
		return 0
	case before == 0:
		return math.Copysign(math.Inf(1), after)
	}
	return after/before - 1
}

func best(x []float64, better int) int {
	b := len(x) - 1
	if better == 0 {
		return b
	}
	for i, v := range x {
		if (better < 0 && v < x[b]) || (better > 0 && v > x[b]) {
			b = i
		}
	}
	return b
}
