package history

import (
	"fmt"
	"math"
	"math/rand/v2"
	"slices"
)

// Detector finds change points in one series by E-divisive means with a
// permutation test (see the package documentation).
type Detector struct {
	// PValue is the significance level of the permutation test: a split is
	// kept when the share of permutations whose statistic reaches the
	// observed one, (k+1)/(Permutations+1), is at most PValue. Default
	// DefaultPValue.
	PValue float64
	// Permutations per test. Default: enough for PValue to be reachable
	// with one exceeding permutation, 2/PValue - 1 (999 for 0.002).
	Permutations int
	// MinSegment is the fewest runs on either side of a change point.
	// Default 5.
	MinSegment int
	// MinChange is the smallest relative change of the median reported
	// (0.02 for 2%): a significant shift smaller than that is real but not
	// worth a report. Default 0.01; a negative value reports every
	// significant shift.
	MinChange float64
	// Seed makes the permutations reproducible. Every series is tested
	// with the same permutations, so its answer depends on its values
	// alone, not on its name or the others: two series whose values are
	// in a fixed ratio (sec/op and sec/window of one benchmark) get the
	// same verdict.
	Seed uint64
}

// Check says whether d's settings can be used (Analyse refuses them
// otherwise): a p-value in (0, 1), enough permutations to reach it, a
// minimum segment of at least 2 runs, a finite minimum change.
func (d Detector) Check() error {
	_, err := d.withDefaults()
	return err
}

func (d Detector) withDefaults() (Detector, error) {
	if d.PValue == 0 {
		d.PValue = DefaultPValue
	}
	if !(d.PValue > 0 && d.PValue < 1) {
		return d, fmt.Errorf("p-value %v must lie in (0, 1)", d.PValue)
	}
	if d.Permutations == 0 {
		d.Permutations = int(math.Ceil(2/d.PValue)) - 1
	}
	if d.Permutations < 1 || d.Permutations > 1e6 {
		return d, fmt.Errorf("permutations %d must lie in [1, 1e6]", d.Permutations)
	}
	if float64(1)/float64(d.Permutations+1) > d.PValue {
		return d, fmt.Errorf("%d permutations cannot reach a p-value of %v (the least is 1/%d): use at least %d",
			d.Permutations, d.PValue, d.Permutations+1, int(math.Ceil(1/d.PValue))-1)
	}
	if d.MinSegment == 0 {
		d.MinSegment = 5
	}
	if d.MinSegment < 2 {
		return d, fmt.Errorf("minimum segment %d must be at least 2 runs", d.MinSegment)
	}
	if d.MinChange == 0 {
		d.MinChange = 0.01
	}
	if math.IsNaN(d.MinChange) || math.IsInf(d.MinChange, 0) {
		return d, fmt.Errorf("minimum change %v must be a finite fraction", d.MinChange)
	}
	return d, nil
}

// DefaultPValue is the significance level of the permutation test. At
// 0.01 about one segment in a hundred would split on noise alone, and every
// real change point adds two more segments to test; 0.002 keeps false
// change points under 0.05 per series on the accuracy grid while finding
// the steps of at least twice the noise as often (conformance history
// accuracy).
const DefaultPValue = 0.002

// Split is a change point found in a series: the first index of the new
// segment and the p-value of the permutation test that kept it.
type Split struct {
	Index int
	P     float64
}

// splits returns the significant change points of x in index order, before
// the minimum-change filter. d has its defaults; seed seeds the
// permutations.
func (d Detector) splits(x []float64, seed uint64) []Split {
	w := newWorkspace(len(x), rand.New(rand.NewPCG(d.Seed, seed)))
	var out []Split
	type seg struct{ from, to int }
	stack := []seg{{0, len(x)}}
	for len(stack) > 0 {
		s := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if s.to-s.from < 2*d.MinSegment {
			continue
		}
		tau, p, ok := w.test(x[s.from:s.to], d)
		if !ok {
			continue
		}
		at := s.from + tau
		out = append(out, Split{Index: at, P: p})
		stack = append(stack, seg{s.from, at}, seg{at, s.to})
	}
	slices.SortFunc(out, func(a, b Split) int { return a.Index - b.Index })
	return out
}

// workspace holds the buffers of one series' analysis, reused by every
// segment and permutation.
type workspace struct {
	rng    *rand.Rand
	vals   []float64 // the segment, permuted in place
	ranks  []int32   // rank of vals[i] within the segment (distinct, 0-based)
	prefix []float64 // prefix[r] = sum of the r smallest values
	fcnt   []int32   // Fenwick tree of counts over ranks (left part)
	fsum   []float64 // Fenwick tree of sums over ranks (left part)
	order  []int32
}

func newWorkspace(n int, rng *rand.Rand) *workspace {
	return &workspace{
		rng: rng, vals: make([]float64, n), ranks: make([]int32, n), prefix: make([]float64, n+1),
		fcnt: make([]int32, n+1), fsum: make([]float64, n+1), order: make([]int32, n),
	}
}

// test finds the split of seg with the largest statistic and runs the
// permutation test on it: tau is the size of the left part, p the
// permutation p-value, ok whether p <= d.PValue.
func (w *workspace) test(seg []float64, d Detector) (tau int, p float64, ok bool) {
	n := len(seg)
	total := w.prepare(seg)
	vals, ranks := w.vals[:n], w.ranks[:n]
	tau, q := w.sweep(vals, ranks, total, d.MinSegment)
	if tau < 0 || !(q > 0) {
		return 0, 1, false
	}
	// Permutation test, stopped as soon as the p-value can no longer
	// reach the level.
	exceed := 0
	limit := int(math.Floor(d.PValue*float64(d.Permutations+1)+1e-9)) - 1 // most exceedances still significant
	for k := 0; k < d.Permutations; k++ {
		for i := n - 1; i > 0; i-- {
			j := w.rng.IntN(i + 1)
			vals[i], vals[j] = vals[j], vals[i]
			ranks[i], ranks[j] = ranks[j], ranks[i]
		}
		// A permuted statistic equal to the observed one up to rounding
		// reaches it: the same values in another unit (scaled) must
		// count the same permutations.
		if _, qp := w.sweep(vals, ranks, total, d.MinSegment); qp >= q*(1-1e-12) {
			exceed++
			if exceed > limit {
				return tau, float64(exceed+1) / float64(k+2), false
			}
		}
	}
	p = float64(exceed+1) / float64(d.Permutations+1)
	return tau, p, p <= d.PValue
}

// prepare copies seg into the workspace, ranks its values and sums them
// by rank; it returns the sum of |xi - xj| over all pairs.
func (w *workspace) prepare(seg []float64) (total float64) {
	n := len(seg)
	vals, ranks := w.vals[:n], w.ranks[:n]
	copy(vals, seg)
	order := w.order[:n]
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		switch {
		case vals[a] < vals[b]:
			return -1
		case vals[a] > vals[b]:
			return 1
		}
		return int(a - b)
	})
	prefix := w.prefix[:n+1]
	for r, i := range order {
		ranks[i] = int32(r)
		prefix[r+1] = prefix[r] + vals[i]
		total += vals[i] * float64(2*r-(n-1))
	}
	return total
}

// sweep returns the split tau (size of the left part) maximizing the
// E-divisive statistic of Matteson and James with alpha = 1,
//
//	Q(tau) = tau·m/n · ( 2/(tau·m)·C − 2/(tau(tau−1))·A − 2/(m(m−1))·B ),
//
// where m = n − tau, A and B are the sums of |xi − xj| over pairs within
// the left and the right part and C over pairs across. It moves one value
// at a time from the right part to the left, updating A and B with the
// value's distance to each part, read from a Fenwick tree of the left
// part's counts and sums by rank (the right part is everything else): O(n
// log n) for all splits instead of O(n²) per split.
func (w *workspace) sweep(vals []float64, ranks []int32, total float64, minSeg int) (best int, bestQ float64) {
	n := len(vals)
	fcnt, fsum := w.fcnt[:n+1], w.fsum[:n+1]
	clear(fcnt)
	clear(fsum)
	best, bestQ = -1, math.Inf(-1)
	A, B := 0.0, total
	sumL := 0.0
	sumAll := w.prefix[n]
	fn := float64(n)
	for t := 0; t < n-minSeg; t++ {
		z, r := vals[t], int(ranks[t])
		// Left part before adding z: count and sum of values ranked below z.
		var cl int32
		var sl float64
		for i := r; i > 0; i -= i & -i {
			cl += fcnt[i]
			sl += fsum[i]
		}
		nl := t // size of the left part
		dl := z*float64(cl) - sl + (sumL - sl) - z*float64(int32(nl)-cl)
		// Right part without z: everything not in the left part, minus z.
		cr := int32(r) - cl
		sr := w.prefix[r] - sl
		nr := n - nl - 1
		sumR := sumAll - sumL - z
		dr := z*float64(cr) - sr + (sumR - sr) - z*float64(int32(nr)-cr)
		A += dl
		B -= dr
		sumL += z
		for i := r + 1; i <= n; i += i & -i {
			fcnt[i]++
			fsum[i] += z
		}
		tau := t + 1
		m := n - tau
		if tau < minSeg || m < minSeg {
			continue
		}
		C := total - A - B
		ft, fm := float64(tau), float64(m)
		e := 2*C/(ft*fm) - 2*A/(ft*(ft-1)) - 2*B/(fm*(fm-1))
		if q := ft * fm / fn * e; q > bestQ {
			best, bestQ = tau, q
		}
	}
	return best, bestQ
}
