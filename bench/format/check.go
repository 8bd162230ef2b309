package format

import (
	"fmt"
	"math"
	"strings"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"

	"github.com/ctxconform/ctxconform/bench"
)

// BadValue is a sample no statistic can use: NaN, ±Inf, or negative in a
// unit that cannot be negative. Readers refuse the file (or, when asked,
// drop the value with a warning) instead of passing it on: a NaN sample
// made the Mann-Whitney U test allocate without bound, and benchfmt files
// an infinite value under its original unit ("ns/op") instead of the
// tidied one ("sec/op"), so a benchmark with one such run was silently
// split in two and never compared.
type BadValue struct {
	File      string
	Line      int
	Benchmark string
	Unit      string // as written in the file
	Value     float64
	Why       string
}

func (e *BadValue) Error() string {
	return fmt.Sprintf("%s:%d: Benchmark%s: %v %s: %s", e.File, e.Line, e.Benchmark, e.Value, e.Unit, e.Why)
}

// CheckValues returns the first value of r that no statistic can use, or
// nil. It reads the value as written (before benchfmt's tidying), so the
// message shows what the file says.
func CheckValues(r *benchfmt.Result) *BadValue {
	for i := range r.Values {
		if bad := checkValue(r, i); bad != nil {
			return bad
		}
	}
	return nil
}

func checkValue(r *benchfmt.Result, i int) *BadValue {
	v := r.Values[i]
	unit, val := v.OrigUnit, v.OrigValue
	if unit == "" { // benchfmt did not tidy it (an infinite value, or a unit it keeps)
		unit, val = v.Unit, v.Value
	}
	var why string
	switch {
	case math.IsNaN(v.Value) || math.IsNaN(val):
		why = "not a number; a benchmark that produced NaN measured nothing"
	case math.IsInf(v.Value, 0) || math.IsInf(val, 0):
		why = "infinite; no statistic can use it"
	case val < 0 && NonNegative(unit):
		why = fmt.Sprintf("negative, and %s cannot be negative", unit)
	default:
		return nil
	}
	file, line := r.Pos()
	return &BadValue{File: file, Line: line, Benchmark: string(r.Name), Unit: unit, Value: val, Why: why}
}

// NonNegative reports whether a unit measures something that cannot be
// negative: every unit of the benchmark catalogue (times, bytes,
// allocations, counts, ratios of counts), and any unit whose tidied form
// is time, bytes or allocations per something (sec/op, B/op, allocs/op,
// ns/window, MB/s). Other units (a custom "delta-ms" say) may be negative.
func NonNegative(unit string) bool {
	if _, ok := bench.UnitOf(unit); ok {
		return true
	}
	_, tidy := benchunit.Tidy(1, unit)
	for _, p := range []string{"sec/", "B/", "allocs/", "MB/", "bytes/"} {
		if strings.HasPrefix(tidy, p) {
			return true
		}
	}
	return false
}

// DropBad removes the unusable values of r (see CheckValues) and returns
// one warning per value removed.
func DropBad(r *benchfmt.Result) []string {
	var warnings []string
	kept := r.Values[:0]
	for i := range r.Values {
		if bad := checkValue(r, i); bad != nil {
			warnings = append(warnings, bad.Error()+" (skipped)")
			continue
		}
		kept = append(kept, r.Values[i])
	}
	r.Values = kept
	return warnings
}
