package elastic

import (
	"math"
	"strings"
	"testing"
)

func TestRadius(t *testing.T) {
	tests := []struct {
		budget, hits, want int
	}{
		{10000, 1, 5000},          // 10000/1/2
		{10000, 10, 500},          // 10000/10/2
		{1000, 10, MinRadius},     // 50, raised to the floor
		{399, 1, MinRadius},       // 199, raised
		{400, 1, 200},             // exactly the floor
		{999, 2, 249},             // floor(floor(999/2)/2) = floor(499/2)
		{63999, 1, 31999},         // floor(31999.5)
		{64000, 1, MaxRadius},     // exactly the cap
		{100000, 1, MaxRadius},    // 50000, lowered to the cap
		{math.MaxInt, 1, 32000},   // no overflow
		{1, 1, MinRadius},         // smallest budget
		{1, math.MaxInt, 200},     // most hits
		{10000, 0, 0},             // no hits, no windows
		{math.MaxInt, 0, 0},       // no hits, whatever the budget
		{64000 * 3, 3, MaxRadius}, // 32000
	}
	for _, tc := range tests {
		got, err := Radius(tc.budget, tc.hits)
		if err != nil || got != tc.want {
			t.Errorf("Radius(%d, %d) = %d, %v, want %d", tc.budget, tc.hits, got, err, tc.want)
		}
	}
	for _, bad := range [][2]int{{0, 1}, {-5, 1}, {0, 0}, {100, -1}} {
		if r, err := Radius(bad[0], bad[1]); err == nil {
			t.Errorf("Radius(%d, %d) = %d, want an error", bad[0], bad[1], r)
		}
	}
}

// TestRadiusMonotone: for a fixed budget the radius never grows with the hit
// count and stays within [MinRadius, MaxRadius] for hits >= 1.
func TestRadiusMonotone(t *testing.T) {
	for _, budget := range []int{1, 399, 400, 401, 12345, 64000, 64001, 1 << 40, math.MaxInt} {
		prev := math.MaxInt
		for hits := 1; hits <= 3000; hits++ {
			r, err := Radius(budget, hits)
			if err != nil {
				t.Fatal(err)
			}
			if r > prev || r < MinRadius || r > MaxRadius {
				t.Fatalf("budget %d: %d hits give radius %d (previous %d)", budget, hits, r, prev)
			}
			prev = r
		}
		for _, hits := range []int{1 << 20, 1 << 40, math.MaxInt} {
			r, _ := Radius(budget, hits)
			if r > prev || r < MinRadius {
				t.Fatalf("budget %d: %d hits give radius %d (previous %d)", budget, hits, r, prev)
			}
			prev = r
		}
	}
}

func TestRadiusFromTokens(t *testing.T) {
	tests := []struct {
		name                           string
		tokens, charsPerToken, results int
		want                           int
	}{
		// std085-protocol §5.2, 4 chars/token, 10 results expected.
		{"§5.2 2,000 tokens", 2000, 4, 10, 400},
		{"§5.2 10,000 tokens", 10000, 4, 10, 2000},
		{"§5.2 20,000 tokens", 20000, 4, 10, 4000},
		// The std105 clamp applies: 100·4/10/2 = 20 → 200; 10^6·4/1/2 → 32000.
		{"clamped up", 100, 4, 10, MinRadius},
		{"clamped down", 1000000, 4, 1, MaxRadius},
		{"no results expected", 2000, 4, 0, 0},
		// The smallest valid counts: 1 token of 1000 chars, 1000 tokens of 1
		// char: 1000/1/2 = 500.
		{"one token", 1, 1000, 1, 500},
		{"one char per token", 1000, 1, 1, 500},
		// MaxInt/4 tokens of 4 chars is MaxInt-3, which int holds: 32000.
		{"largest budget that fits", math.MaxInt / 4, 4, 1, MaxRadius},
	}
	for _, tc := range tests {
		got, err := RadiusFromTokens(tc.tokens, tc.charsPerToken, tc.results)
		if err != nil || got != tc.want {
			t.Errorf("%s: RadiusFromTokens(%d, %d, %d) = %d, %v, want %d", tc.name, tc.tokens, tc.charsPerToken, tc.results, got, err, tc.want)
		}
	}
	bad := []struct {
		tokens, cpt, results int
		want                 string
	}{
		{0, 4, 10, "0 tokens"},
		{10, 0, 10, "0 chars per token"},
		{10, -4, 10, "-4 chars per token"},
		{10, 4, -1, "-1 hits"},
		{math.MaxInt/2 + 1, 4, 1, "overflows"},
	}
	for _, tc := range bad {
		if _, err := RadiusFromTokens(tc.tokens, tc.cpt, tc.results); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("RadiusFromTokens(%d, %d, %d): err = %v, want one containing %q", tc.tokens, tc.cpt, tc.results, err, tc.want)
		}
	}
}
