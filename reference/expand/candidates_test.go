package expand

import (
	"math"
	"testing"
)

// The integer forms of ceil(limit·m) for the table's multipliers.
func TestCandidatesIntegerForms(t *testing.T) {
	forms := []struct {
		m    float64
		want func(int) int
	}{
		{1.0, func(l int) int { return l }},
		{1.5, func(l int) int { return (3*l + 1) / 2 }},
		{2.0, func(l int) int { return 2 * l }},
		{3.0, func(l int) int { return 3 * l }},
	}
	for _, f := range forms {
		for limit := 0; limit <= 2000; limit++ {
			got, err := Candidates(limit, f.m)
			if err != nil || got != f.want(limit) {
				t.Fatalf("Candidates(%d, %v) = %d, %v; want %d", limit, f.m, got, err, f.want(limit))
			}
		}
	}
}

func TestCandidates(t *testing.T) {
	tests := []struct {
		limit int
		m     float64
		want  int
		why   string
	}{
		{0, 1.5, 0, "limit 0 asks for nothing"},
		{1, 1.5, 2, "ceil(1.5)"},
		{5, 1.5, 8, "ceil(7.5)"},
		{10, 1.5, 15, "exact"},
		{5, 2, 10, ""},
		{5, 3, 15, ""},
		{7, 1, 7, ""},
		// The binary 1.1 is 1.100000000000000088..., so 10·m is just
		// above 11. The reference rounds the exact product of the value
		// it was given (as JavaScript's Math.ceil(10*1.1) does, too).
		{10, 1.1, 12, "the binary value of 1.1 exceeds 1.1"},
		{4, 1.25, 5, "exact: 1.25 is binary"},
		// float64(2^53+1) is 2^53, so Math.ceil(limit*1.5) in floats would
		// give 3·2^52; the exact answer is (3·(2^53+1)+1)/2 = 3·2^52+2.
		{1<<53 + 1, 1.5, 3<<52 + 2, "limit beyond float64's integers"},
		{1 << 62, 1.5, 3 << 61, "large, still fits"},
		{math.MaxInt, 1, math.MaxInt, "fits exactly"},
	}
	for _, tt := range tests {
		got, err := Candidates(tt.limit, tt.m)
		if err != nil || got != tt.want {
			t.Errorf("Candidates(%d, %v) = %d, %v; want %d (%s)", tt.limit, tt.m, got, err, tt.want, tt.why)
		}
	}
}

func TestCandidatesErrors(t *testing.T) {
	tests := []struct {
		limit int
		m     float64
	}{
		{-1, 1.5},
		{5, math.NaN()},
		{5, math.Inf(1)},
		{5, math.Inf(-1)},
		{5, 0},
		{5, 0.5},
		{5, -2},
		{math.MaxInt, 1.5},
		{math.MaxInt/3 + 1, 3},
	}
	for _, tt := range tests {
		if got, err := Candidates(tt.limit, tt.m); err == nil {
			t.Errorf("Candidates(%d, %v) = %d, want an error", tt.limit, tt.m, got)
		}
	}
}
