package bench

import "slices"

// Median is the median of v (0 for none), which it leaves as it was: the
// center every report of the results (compare, history, the scaling
// report) gives a sample.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}
