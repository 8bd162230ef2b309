// Package sortkey holds the sort keys the references share: numbers that sort
// as the standards' orders do, so hot paths compare integers instead of
// calling cmp.Compare on floats; and Order, the one sort by such keys that
// the references' hot paths use.
package sortkey

import "math"

// Score maps a finite score to a uint64 that sorts the scores from the
// highest down (-0 and +0 are equal, as cmp.Compare has them).
func Score(f float64) uint64 {
	if f == 0 {
		f = 0
	}
	b := math.Float64bits(f)
	if b>>63 == 1 {
		b = ^b
	} else {
		b |= 1 << 63
	}
	return ^b
}
