package sortkey

import (
	"cmp"
	"math"
	"testing"
)

// TestScore: the keys sort as the scores do, highest first, with -0 and
// +0 equal.
func TestScore(t *testing.T) {
	scores := []float64{math.Inf(-1), -math.MaxFloat64, -1.5, -1, -math.SmallestNonzeroFloat64,
		math.Copysign(0, -1), 0, math.SmallestNonzeroFloat64, 0.25, 1, 2, math.MaxFloat64, math.Inf(1)}
	for _, a := range scores {
		for _, b := range scores {
			want := cmp.Compare(b, a) // higher scores first
			if got := cmp.Compare(Score(a), Score(b)); got != want {
				t.Errorf("Score(%g) vs Score(%g): %d, want %d", a, b, got, want)
			}
		}
	}
}
