// Package scaling finds the sweeps in a set of benchmark results (the
// benchmarks whose names differ in one numeric setting, such as
// Inflate/hits=10/... to Inflate/hits=100000/...), fits how time and memory
// grow along each, and draws them as a self-contained SVG chart or HTML page
// (written by hand: no script, no external file).
//
// Growth is fitted on log-log axes: log y = a + k·log x by least squares, so
// y ∝ x^k; k near 0 is flat, near 1 linear, near 2 quadratic. Because a cost
// can change regime at scale, the exponent of the last step (between the two
// largest settings) is given too.
package scaling

import (
	"cmp"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/ctxconform/ctxconform/bench"
)

// Sample is one measurement: a benchmark's full name (a GOMAXPROCS suffix
// "-N" is ignored), the unit and the value.
type Sample struct {
	Name  string
	Unit  string
	Value float64
}

// Point is one setting of a sweep: the median of its samples.
type Point struct {
	X, Y float64
	N    int // samples
}

// Sweep is the cost in one unit along one numeric setting, the others fixed.
type Sweep struct {
	Head   string // the benchmark's name before its settings, e.g. "Inflate"
	Key    string // the swept setting, e.g. "hits"
	Fixed  string // the other settings, e.g. "docs=100 doc-bytes=16000 budget=none"
	Unit   string
	Points []Point // by X ascending
	Fit    Fit
}

// Title names the sweep for people.
func (s Sweep) Title() string {
	if s.Fixed == "" {
		return fmt.Sprintf("%s by %s", s.Head, s.Key)
	}
	return fmt.Sprintf("%s by %s (%s)", s.Head, s.Key, s.Fixed)
}

// Fit is the power law fitted to a sweep.
type Fit struct {
	K, A float64 // y ≈ 10^A · x^K
	R2   float64 // coefficient of determination on log-log axes
	// LastK is the exponent between the two largest settings.
	LastK float64
}

// At is the fitted value at x.
func (f Fit) At(x float64) float64 { return math.Pow(10, f.A+f.K*math.Log10(x)) }

// Describe says how a cost grows in words: "linear in hits".
func Describe(k float64, key string) string {
	switch {
	case k < 0.1:
		return "flat in " + key
	case k < 0.85:
		return fmt.Sprintf("sublinear in %s (∝ %s^%.2f)", key, key, k)
	case k <= 1.15:
		return "linear in " + key
	case k < 1.85:
		return fmt.Sprintf("superlinear in %s (∝ %s^%.2f)", key, key, k)
	case k <= 2.2:
		return "quadratic in " + key
	}
	return fmt.Sprintf("∝ %s^%.2f", key, k)
}

// Summary is the fit in one line.
func (s Sweep) Summary() string {
	out := fmt.Sprintf("%s: %s, fitted exponent %.2f (R² %.2f)", s.Unit, Describe(s.Fit.K, s.Key), s.Fit.K, s.Fit.R2)
	if n := len(s.Points); n > 2 && math.Abs(s.Fit.LastK-s.Fit.K) > 0.25 {
		out += fmt.Sprintf("; from %s=%s to %s it is %s", s.Key, number(s.Points[n-2].X), number(s.Points[n-1].X), Describe(s.Fit.LastK, s.Key))
	}
	return out
}

var procs = regexp.MustCompile(`-[0-9]+$`)

type part struct{ key, val string }

// parse splits "Head/Sub/k=v/k=v" into its head ("Head/Sub") and settings.
func parse(name string) (string, []part) {
	name = procs.ReplaceAllString(name, "")
	fields := strings.Split(name, "/")
	var head []string
	var parts []part
	for _, f := range fields {
		if k, v, ok := strings.Cut(f, "="); ok {
			parts = append(parts, part{k, v})
		} else if len(parts) == 0 {
			head = append(head, f)
		}
	}
	return strings.Join(head, "/"), parts
}

// MinPoints is the fewest settings a sweep needs.
const MinPoints = 3

// Sweeps finds every sweep of the samples in the given units (all units
// when none are given): for each benchmark and each setting with a positive
// integer value, the benchmarks that agree on everything else. Sweeps come
// in the order their benchmarks first appear, units in the order given.
func Sweeps(samples []Sample, units ...string) []Sweep {
	groups := map[string]*group{}
	for _, s := range samples {
		if len(units) > 0 && !slices.Contains(units, s.Unit) {
			continue
		}
		head, parts := parse(s.Name)
		for i, p := range parts {
			x, err := strconv.Atoi(p.val)
			if err != nil || x <= 0 {
				continue
			}
			var fixed []string
			for j, q := range parts {
				if j != i {
					fixed = append(fixed, q.key+"="+q.val)
				}
			}
			id := head + "\x00" + p.key + "\x00" + strings.Join(fixed, " ") + "\x00" + s.Unit
			g := groups[id]
			if g == nil {
				g = &group{head: head, key: p.key, fixed: strings.Join(fixed, " "), unit: s.Unit, vals: map[float64][]float64{}, order: len(groups)}
				groups[id] = g
			}
			g.vals[float64(x)] = append(g.vals[float64(x)], s.Value)
		}
	}
	var gs []*group
	for _, g := range groups {
		if len(g.vals) >= MinPoints {
			gs = append(gs, g)
		}
	}
	unitRank := func(u string) int {
		if i := slices.Index(units, u); i >= 0 {
			return i
		}
		return len(units)
	}
	// A sweep's units sit together, in the order given.
	first := map[string]int{}
	for _, g := range gs {
		id := g.head + "\x00" + g.key + "\x00" + g.fixed
		if o, ok := first[id]; !ok || g.order < o {
			first[id] = g.order
		}
	}
	slices.SortFunc(gs, func(a, b *group) int {
		fa, fb := first[a.head+"\x00"+a.key+"\x00"+a.fixed], first[b.head+"\x00"+b.key+"\x00"+b.fixed]
		if c := cmp.Compare(fa, fb); c != 0 {
			return c
		}
		if c := cmp.Compare(unitRank(a.unit), unitRank(b.unit)); c != 0 {
			return c
		}
		return cmp.Compare(a.unit, b.unit)
	})
	var out []Sweep
	for _, g := range gs {
		sw := Sweep{Head: g.head, Key: g.key, Fixed: g.fixed, Unit: g.unit}
		for x, ys := range g.vals {
			sw.Points = append(sw.Points, Point{X: x, Y: bench.Median(ys), N: len(ys)})
		}
		slices.SortFunc(sw.Points, func(a, b Point) int { return cmp.Compare(a.X, b.X) })
		sw.Fit = fit(sw.Points)
		out = append(out, sw)
	}
	return out
}

// group collects the samples of one sweep in one unit.
type group struct {
	head, key, fixed, unit string
	vals                   map[float64][]float64
	order                  int // when it was first seen
}

// fit is least squares on log10 x, log10 y over the points with positive
// values.
func fit(pts []Point) Fit {
	var xs, ys []float64
	for _, p := range pts {
		if p.X > 0 && p.Y > 0 {
			xs = append(xs, math.Log10(p.X))
			ys = append(ys, math.Log10(p.Y))
		}
	}
	n := float64(len(xs))
	if n < 2 {
		return Fit{K: math.NaN(), A: math.NaN(), R2: math.NaN(), LastK: math.NaN()}
	}
	var mx, my float64
	for i := range xs {
		mx += xs[i]
		my += ys[i]
	}
	mx, my = mx/n, my/n
	var sxx, sxy, syy float64
	for i := range xs {
		sxx += (xs[i] - mx) * (xs[i] - mx)
		sxy += (xs[i] - mx) * (ys[i] - my)
		syy += (ys[i] - my) * (ys[i] - my)
	}
	f := Fit{K: sxy / sxx}
	f.A = my - f.K*mx
	var res float64
	for i := range xs {
		d := ys[i] - (f.A + f.K*xs[i])
		res += d * d
	}
	f.R2 = 1
	if syy > 0 {
		f.R2 = 1 - res/syy
	}
	m := len(xs)
	f.LastK = (ys[m-1] - ys[m-2]) / (xs[m-1] - xs[m-2])
	return f
}

// number writes a setting compactly: 100000 as 100k.
func number(x float64) string {
	for _, s := range []struct {
		f float64
		p string
	}{{1e9, "G"}, {1e6, "M"}, {1e3, "k"}} {
		if x >= s.f && math.Mod(x, s.f) == 0 {
			return strconv.FormatFloat(x/s.f, 'f', -1, 64) + s.p
		}
	}
	return strconv.FormatFloat(x, 'f', -1, 64)
}
