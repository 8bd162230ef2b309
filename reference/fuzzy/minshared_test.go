package fuzzy

import "testing"

func TestMinShared(t *testing.T) {
	tests := []struct {
		n1        int
		threshold float64
		want      int
	}{
		{6, 0.3, 2},  // 1/6 < 0.3 <= 2/6
		{10, 0.3, 3}, // float4 3/10 = 0.3000000119 >= 0.3
		// The double nearest float4 0.3 is 0.30000001192092896. In real
		// numbers 3/10 falls short of it and ceil(0.30000001192 * 10) = 4,
		// but the float4 division rounds 3/10 up to exactly that value, so 3
		// shared trigrams can match: the bound must be 3.
		{10, float64(float32(0.3)), 3},
		{10, 0, 0},
		{10, 1, 10},
		{0, 0.3, 1}, // no trigram: nothing can reach a positive threshold
		{4, 0.26, 2},
	}
	for _, tt := range tests {
		if got := minShared(tt.n1, tt.threshold); got != tt.want {
			t.Errorf("minShared(%d, %v) = %d, want %d", tt.n1, tt.threshold, got, tt.want)
		}
	}
}
