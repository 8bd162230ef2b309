package compare_test

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench/compare"
)

// TestNonconformingRows: a row setting an implementation's non-conforming
// runs ("conformance: nonconforming") against conforming ones is marked,
// not judged however much slower, and left out of the geomean; rows of
// conforming runs on both sides are judged as ever.
func TestNonconformingRows(t *testing.T) {
	var b strings.Builder
	for i := range 6 {
		for _, bench := range []struct {
			name      string
			ref, impl float64
			wrong     bool
		}{{"A", 100, 100, false}, {"B", 200, 200, false}, {"C", 100, 1000, true}} {
			fmt.Fprintf(&b, "impl: ref\nconformance:\nBenchmark%s 10 %v ns/op\n", bench.name, bench.ref+float64(i))
			mark := ""
			if bench.wrong {
				mark = "nonconforming"
			}
			fmt.Fprintf(&b, "impl: other\nconformance: %s\nBenchmark%s 10 %v ns/op\n", mark, bench.name, bench.impl+float64(i))
		}
	}
	tables, err := compare.ByKey(strings.NewReader("Unit ns/op better=lower\n"+b.String()), "side.txt", "impl", "ref", compare.Options{Threshold: 0.05})
	if err != nil {
		t.Fatal(err)
	}
	tb := tables[0]
	for _, r := range tb.Rows {
		switch {
		case r.Benchmark == "C" && (!r.Mixed || r.Regression || !strings.Contains(r.Nonconforming, "other: 6 of 6 runs conformance: nonconforming")):
			t.Errorf("C: mixed %v, regression %v, %q: want marked and not judged", r.Mixed, r.Regression, r.Nonconforming)
		case r.Benchmark != "C" && (r.Mixed || r.Nonconforming != ""):
			t.Errorf("%s marked: %q", r.Benchmark, r.Nonconforming)
		}
	}
	g := tb.Geomean["sec/op"]
	if want := math.Sqrt(102.5e-9 * 202.5e-9); math.Abs(g[1]/want-1) > 0.01 {
		t.Errorf("geomean %v, want A's and B's alone (%v)", g, want)
	}
}
