package assemble

import "math"

// link is the relation between a molecule b and its predecessor a in byte
// order; extent is the largest end of all molecules before b in the window.
type link struct {
	pick  Strategy // first enabled strategy of the cascade that applies; "" if none
	score float64  // largest pair score of the enabled strategies that apply; 0 if none
	gap   int      // b.Start - extent; <= 0 means overlap or touch
}

// pair computes the link between a and b (b follows a in byte order).
func pair(c config, extent int, a, b Molecule) link {
	l := link{gap: b.Start - extent}
	try := func(s Strategy, applies bool, score float64) {
		if !applies || !c.enabled(s) {
			return
		}
		if l.pick == "" {
			l.pick = s
		}
		l.score = max(l.score, score)
	}
	try(Adjacent, l.gap <= 0, 1)
	try(GapFill, l.gap > 0 && l.gap < c.gap, 1-float64(l.gap)/float64(c.gap))
	if d, ok := timeDistance(a.Time, b.Time); ok && d <= uint64(c.window) {
		try(Temporal, true, 1-float64(d)/float64(c.window))
	}
	if len(a.Vector) > 0 && len(b.Vector) > 0 {
		cos := cosine(a.Vector, b.Vector)
		try(Semantic, cos >= c.semMin, clamp01(cos))
	}
	if a.Time != 0 && b.Time != 0 && b.Time >= a.Time {
		j := jaccard(a.Entities, b.Entities)
		try(Narrative, j > 0, j)
	}
	return l
}

// timeDistance is |a-b| without overflow; ok is false when either is unknown.
func timeDistance(a, b int64) (uint64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	if a > b {
		a, b = b, a
	}
	return uint64(b) - uint64(a), true // exact: the true distance is below 2^64
}

// cosine of two equally long, finite vectors; 0 when either is all zeros.
// Each vector is first divided by its largest magnitude, so no sum overflows.
func cosine(a, b []float64) float64 {
	sa, sb := maxAbs(a), maxAbs(b)
	if sa == 0 || sb == 0 {
		return 0
	}
	var dot, na, nb float64
	for i := range a {
		x, y := a[i]/sa, b[i]/sb
		dot += x * y
		na += x * x
		nb += y * y
	}
	return max(-1, min(1, dot/(math.Sqrt(na)*math.Sqrt(nb))))
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = max(m, math.Abs(x))
	}
	return m
}

// jaccard is |A∩B| / |A∪B| of the two entity sets; 0 when either is empty.
func jaccard(a, b []string) float64 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	as := make(map[string]bool, len(a))
	for _, e := range a {
		as[e] = true
	}
	bs := make(map[string]bool, len(b))
	inter := 0
	for _, e := range b {
		if bs[e] {
			continue
		}
		bs[e] = true
		if as[e] {
			inter++
		}
	}
	return float64(inter) / float64(len(as)+len(bs)-inter)
}

func clamp01(x float64) float64 { return max(0, min(1, x)) }
