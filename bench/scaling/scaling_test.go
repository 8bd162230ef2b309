package scaling_test

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"math"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/bench/scaling"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

// samples gives f(x) for x = 10, 100, ..., 10^n as benchmark name/hits=x.
func samples(head string, n int, unit string, f func(x float64) float64) []scaling.Sample {
	var out []scaling.Sample
	for e := 1; e <= n; e++ {
		x := math.Pow(10, float64(e))
		out = append(out, scaling.Sample{Name: fmt.Sprintf("%s/hits=%d/docs=100-2", head, int(x)), Unit: unit, Value: f(x)})
	}
	return out
}

func TestFitExponents(t *testing.T) {
	for _, c := range []struct {
		name string
		f    func(float64) float64
		k    float64
		word string
	}{
		{"constant", func(float64) float64 { return 7 }, 0, "flat in hits"},
		{"linear", func(x float64) float64 { return 3 * x }, 1, "linear in hits"},
		{"quadratic", func(x float64) float64 { return 0.5 * x * x }, 2, "quadratic in hits"},
		{"square root", func(x float64) float64 { return math.Sqrt(x) }, 0.5, "sublinear in hits (∝ hits^0.50)"},
	} {
		sw := scaling.Sweeps(samples("Inflate", 4, "sec/op", c.f))
		if len(sw) != 1 {
			t.Fatalf("%s: %d sweeps, want 1: %+v", c.name, len(sw), sw)
		}
		s := sw[0]
		if !near(s.Fit.K, c.k) || !near(s.Fit.R2, 1) || !near(s.Fit.LastK, c.k) {
			t.Errorf("%s: k %v R² %v last k %v, want k %v, R² 1", c.name, s.Fit.K, s.Fit.R2, s.Fit.LastK, c.k)
		}
		if got := scaling.Describe(s.Fit.K, s.Key); got != c.word {
			t.Errorf("%s: %q, want %q", c.name, got, c.word)
		}
		if s.Head != "Inflate" || s.Key != "hits" || s.Fixed != "docs=100" || s.Unit != "sec/op" || len(s.Points) != 4 {
			t.Errorf("%s: sweep %+v", c.name, s)
		}
		if !near(s.Fit.At(1000), c.f(1000)) {
			t.Errorf("%s: fit at 1000 = %v, want %v", c.name, s.Fit.At(1000), c.f(1000))
		}
	}
}

// Points (10, 1), (100, 10), (1000, 1000): log-log (1, 0), (2, 1), (3, 3).
// Least squares: mean x 2, mean y 4/3; slope = ((-1)(-4/3) + 0 + (1)(5/3)) / 2
// = 3/2. The last step rises 2 decades in one: k = 2.
func TestFitByHandAndLastStep(t *testing.T) {
	ys := map[float64]float64{10: 1, 100: 10, 1000: 1000}
	sw := scaling.Sweeps(samples("X", 3, "sec/op", func(x float64) float64 { return ys[x] }))
	if len(sw) != 1 || !near(sw[0].Fit.K, 1.5) || !near(sw[0].Fit.LastK, 2) {
		t.Fatalf("sweeps %+v, want k 1.5 and last k 2", sw)
	}
	if got := sw[0].Summary(); !strings.Contains(got, "from hits=100 to 1k it is quadratic in hits") {
		t.Errorf("summary %q does not point at the last step", got)
	}
}

func TestGrouping(t *testing.T) {
	var in []scaling.Sample
	// A grid: hits × docs. Each docs value fixes a hits sweep and each
	// hits value a docs sweep; docs has only two values, too few.
	for _, d := range []int{1, 100} {
		for _, h := range []int{10, 100, 1000} {
			for run, v := range []float64{1, 5, 3} { // median 3
				in = append(in, scaling.Sample{Name: fmt.Sprintf("Inflate/hits=%d/docs=%d/budget=none-%d", h, d, 2+run%2), Unit: "sec/op", Value: v * float64(h)})
			}
		}
	}
	in = append(in, scaling.Sample{Name: "Inflate/hits=10/docs=1/budget=none-2", Unit: "windows/op", Value: 4})
	sw := scaling.Sweeps(in, "sec/op")
	if len(sw) != 2 {
		t.Fatalf("%d sweeps, want the two hits sweeps: %+v", len(sw), sw)
	}
	for i, fixed := range []string{"docs=1 budget=none", "docs=100 budget=none"} {
		s := sw[i]
		if s.Key != "hits" || s.Fixed != fixed {
			t.Errorf("sweep %d: %s over %s, want hits over %s", i, s.Fixed, s.Key, fixed)
		}
		if p := s.Points[0]; p.X != 10 || p.Y != 30 || p.N != 3 {
			t.Errorf("first point %+v, want x 10, median 30 of 3", p)
		}
	}
}

func TestSVGAndHTML(t *testing.T) {
	in := append(samples("Inflate", 4, "sec/op", func(x float64) float64 { return 2e-6 * x }),
		samples("Inflate", 4, "B/op", func(x float64) float64 { return 300 * x })...)
	sw := scaling.Sweeps(in, "sec/op", "B/op")
	if len(sw) != 2 || sw[0].Unit != "sec/op" || sw[1].Unit != "B/op" {
		t.Fatalf("sweeps %+v", sw)
	}
	var svg, page bytes.Buffer
	if err := scaling.SVG(&svg, sw, "scaling <test>", []string{"linux/amd64 & co"}); err != nil {
		t.Fatal(err)
	}
	wellFormed(t, svg.String())
	for _, want := range []string{"scaling &lt;test&gt;", "linux/amd64 &amp; co", "linear in hits: k = 1.00 (R² 1.00)", "20µs", "3MB"} {
		if !strings.Contains(svg.String(), want) {
			t.Errorf("SVG lacks %q", want)
		}
	}
	if n := strings.Count(svg.String(), "<circle"); n != 8 {
		t.Errorf("%d points drawn, want 8", n)
	}
	if err := scaling.HTML(&page, sw, "scaling <page>", []string{"machine note"}); err != nil {
		t.Fatal(err)
	}
	// The page shows its title and notes once (the head's title aside):
	// the chart inside it does not repeat them.
	for _, c := range []struct {
		text string
		want int
	}{{"scaling &lt;page&gt;", 2}, {"machine note", 1}} {
		if n := strings.Count(page.String(), c.text); n != c.want {
			t.Errorf("the page shows %q %d times, want %d", c.text, n, c.want)
		}
	}
	for _, want := range []string{"<!DOCTYPE html>", "<td>Inflate by hits (docs=100)</td><td>sec/op</td>", "<svg", "</html>"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("HTML lacks %q", want)
		}
	}
	if strings.Contains(page.String(), "<script") {
		t.Error("the page has a script")
	}

	var none bytes.Buffer
	if err := scaling.SVG(&none, nil, "empty", nil); err != nil {
		t.Fatal(err)
	}
	wellFormed(t, none.String())
	if !strings.Contains(none.String(), "No sweep") {
		t.Error("an empty chart does not say why")
	}
}

func wellFormed(t *testing.T, doc string) {
	t.Helper()
	d := xml.NewDecoder(strings.NewReader(doc))
	for {
		_, err := d.Token()
		if err == io.EOF {
			return
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
	}
}

func TestTargets(t *testing.T) {
	samples := []scaling.Sample{
		{"Target/Inflate/hits=1000/docs=100/doc-bytes=16000/budget=128000-2", "inflate/floor", 2.5},
		{"Versus/Similarity/pairs=1000-2", "server/go", 2},
		{"Radial/Windows/atoms=10/docs=100-2", "sec/op", 1e-5},
		{"Radial/Windows/atoms=100/docs=100-2", "sec/op", 1e-4},
		{"Radial/Windows/atoms=1000/docs=100-2", "sec/op", 1e-3},
		{"Elastic/Hydrate/atoms=10000/docs=100-2", "alloc/emitted", 8},
	}
	got := strings.Join(scaling.Targets(samples), "\n")
	for _, want := range []string{"inflate/floor 2.5 (want ≤ 3): met", "server/go 2 (want ≥ 5): NOT met", "atoms^1.00 fitted",
		"figure elastic hydration at 10,000 atoms: bytes allocated per byte of text: alloc/emitted 8 (a reading, not a target"} {
		if !strings.Contains(got, want) {
			t.Errorf("Targets() =\n%s\nwant a line with %q", got, want)
		}
	}
}
