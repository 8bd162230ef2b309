package format

import (
	"fmt"

	"golang.org/x/perf/benchfmt"
	"golang.org/x/perf/benchunit"
)

// Tidy files every value of r under its tidied unit ("sec/op" for
// "ns/op"), keeping what the file says in OrigValue and OrigUnit.
// benchfmt's reader tidies a value only when tidying changes the number,
// so a 0 ns/op sample (or an infinite one) stayed under "ns/op" while the
// benchmark's other samples went under "sec/op": a benchmark present in
// both files of a comparison was split in two and reported "only in head".
// Every reader of results files calls Tidy on each result it keeps.
func Tidy(r *benchfmt.Result) {
	for i, v := range r.Values {
		if v.OrigUnit != "" {
			continue
		}
		tv, tu := benchunit.Tidy(v.Value, v.Unit)
		if tu != v.Unit {
			r.Values[i] = benchfmt.Value{Value: tv, Unit: tu, OrigValue: v.Value, OrigUnit: v.Unit}
		}
	}
}

// NoResultsWhy completes "FILE holds no benchmark results" with the
// reason when lines were skipped: the first skipped line, file and line,
// and how many there were; else the hint that the file may not be
// benchmark output at all.
func NoResultsWhy(skipped []string) string {
	switch len(skipped) {
	case 0:
		return " (is it go test -bench output?)"
	case 1:
		return ": its only benchmark line was skipped: " + skipped[0]
	}
	return fmt.Sprintf(": all %d of its benchmark lines or values were skipped, the first: %s", len(skipped), skipped[0])
}
