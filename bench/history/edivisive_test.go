package history

import (
	"math"
	"math/rand/v2"
	"testing"
)

// bruteQ is the E-divisive statistic of the split tau computed from its
// definition, pair by pair.
func bruteQ(x []float64, tau int) float64 {
	n := len(x)
	m := n - tau
	var a, b, c float64
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			d := math.Abs(x[i] - x[j])
			switch {
			case j < tau:
				a += d
			case i >= tau:
				b += d
			default:
				c += d
			}
		}
	}
	ft, fm := float64(tau), float64(m)
	e := 2*c/(ft*fm) - a/(ft*(ft-1)/2) - b/(fm*(fm-1)/2)
	return ft * fm / float64(n) * e
}

// TestSweepMatchesDefinition: the incremental sweep finds the split and
// the statistic the definition gives, ties included.
func TestSweepMatchesDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name   string
		n, min int
		gen    func(i int) float64
	}{
		{"noise", 40, 3, func(int) float64 { return rng.NormFloat64() }},
		{"step", 31, 5, func(i int) float64 { return rng.NormFloat64() + float64(i/20)*3 }},
		{"ties", 25, 2, func(int) float64 { return float64(rng.IntN(3)) }},
		{"constant", 12, 2, func(int) float64 { return 7 }},
	} {
		t.Run(c.name, func(t *testing.T) {
			x := make([]float64, c.n)
			for i := range x {
				x[i] = c.gen(i)
			}
			wantTau, wantQ := -1, math.Inf(-1)
			for tau := c.min; tau <= c.n-c.min; tau++ {
				if q := bruteQ(x, tau); q > wantQ+1e-9 {
					wantTau, wantQ = tau, q
				}
			}
			w := newWorkspace(c.n, rng)
			total := w.prepare(x)
			gotTau, gotQ := w.sweep(w.vals[:c.n], w.ranks[:c.n], total, c.min)
			if c.name == "constant" {
				if gotQ != 0 {
					t.Errorf("constant series: q = %v, want 0", gotQ)
				}
				return
			}
			if gotTau != wantTau || math.Abs(gotQ-wantQ) > 1e-9*math.Max(1, math.Abs(wantQ)) {
				t.Errorf("sweep: tau %d q %v, want tau %d q %v", gotTau, gotQ, wantTau, wantQ)
			}
		})
	}
}
