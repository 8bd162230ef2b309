package density

import (
	"math"
	"strings"
	"testing"
)

func TestFor(t *testing.T) {
	tests := []struct {
		name         string
		hits, budget int
		want         Plan
	}{
		// std085's own squeeze case. 10 hits need 10·150 = 1500 > 1000 bytes:
		// squeeze. k = floor(1000/150) = 6 (6·150 = 900 <= 1000 < 1050).
		// W = floor(1000/6) = 166 (6·166 = 996). P = floor((166-50)/2) = 58.
		{"squeeze 10 hits into 1000", 10, 1000, Plan{6, 166, 58, 500}},
		// 5·150 = 750 <= 1000: expand. W = 1000/5 = 200, P = (200-50)/2 = 75.
		{"expand 5 hits over 1000", 5, 1000, Plan{5, 200, 75, 500}},
		// One hit gets everything: W = 1000, P = floor(950/2) = 475 (< 500).
		{"one hit, padding below the cap", 1, 1000, Plan{1, 1000, 475, 500}},
		// W = 10000, (10000-50)/2 = 4975 clamps to MAX_PADDING 500.
		{"one hit, padding clamped to 500", 1, 10000, Plan{1, 10000, 500, 500}},
		// 7·150 = 1050 = budget: expand exactly; W = 150, P = (150-50)/2 = 50.
		{"exactly the minimum for everyone", 7, 1050, Plan{7, 150, 50, 500}},
		// 2·150 = 300 > 299: squeeze to floor(299/150) = 1, W = 299,
		// P = floor(249/2) = 124.
		{"one byte short of two windows", 2, 299, Plan{1, 299, 124, 500}},
		// floor(150/150) = 1 survivor with the minimal window, P = 50.
		{"budget exactly MinViable", 3, 150, Plan{1, 150, 50, 500}},
		// floor(149/150) = 0: nothing survives, no window has a size.
		{"budget below MinViable keeps nothing", 3, 149, Plan{0, 0, 0, 500}},
		{"no hits", 0, 1000, Plan{0, 0, 0, 500}},
		// 2000/10 = 200 >= 150: expand, P = 75. The text's MIN_WINDOW_CAP
		// (200) happens to hold here, but is not what decides.
		{"expand to 200-byte windows", 10, 2000, Plan{10, 200, 75, 500}},
		// floor(MaxInt/3) fits an int; padding clamps to 500; no overflow.
		{"huge budget", 3, math.MaxInt, Plan{3, math.MaxInt / 3, 500, 500}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := For(tt.hits, tt.budget)
			if err != nil {
				t.Fatalf("For(%d, %d): %v", tt.hits, tt.budget, err)
			}
			if got != tt.want {
				t.Errorf("For(%d, %d) = %+v, want %+v", tt.hits, tt.budget, got, tt.want)
			}
		})
	}
}

func TestForErrors(t *testing.T) {
	tests := []struct {
		hits, budget int
		want         string
	}{
		{3, 0, "budget 0: must be positive"},
		{3, -5, "budget -5: must be positive"},
		{3, math.MinInt, "must be positive"},
		{-1, 1000, "hit count -1: must not be negative"},
	}
	for _, tt := range tests {
		p, err := For(tt.hits, tt.budget)
		if err == nil {
			t.Errorf("For(%d, %d) = %+v, want an error", tt.hits, tt.budget, p)
			continue
		}
		if !strings.Contains(err.Error(), tt.want) {
			t.Errorf("For(%d, %d) error %q, want it to contain %q", tt.hits, tt.budget, err, tt.want)
		}
	}
}

func TestStatic(t *testing.T) {
	tests := []struct {
		hits int
		want Plan
	}{
		{0, Plan{0, 2500, 200, 500}},
		{1, Plan{1, 2500, 200, 500}},
		{250, Plan{250, 2500, 200, 500}}, // no budget: nobody is squeezed out
		{-4, Plan{0, 2500, 200, 500}},
	}
	for _, tt := range tests {
		if got := Static(tt.hits); got != tt.want {
			t.Errorf("Static(%d) = %+v, want %+v", tt.hits, got, tt.want)
		}
	}
}

// TestForInvariants checks, over a bounded grid, the properties std085 §3 and
// the lead's decisions promise: the survivors never need more than the budget,
// a kept window is at least MinViable, padding stays in [50, 500], and planning
// again for the survivors alone gives the same plan (idempotence).
func TestForInvariants(t *testing.T) {
	for budget := 1; budget <= 6000; budget += 7 {
		for hits := 0; hits <= 45; hits++ {
			p, err := For(hits, budget)
			if err != nil {
				t.Fatalf("For(%d, %d): %v", hits, budget, err)
			}
			if p.Keep > hits || p.Keep*p.MaxWindow > budget {
				t.Fatalf("For(%d, %d) = %+v: more than the budget", hits, budget, p)
			}
			if p.Keep < hits && (p.Keep+1)*MinViable <= budget {
				t.Fatalf("For(%d, %d) = %+v: squeezed out a hit that fitted", hits, budget, p)
			}
			if p.Keep > 0 && (p.MaxWindow < MinViable || p.Padding < MinPadding || p.Padding > MaxPadding) {
				t.Fatalf("For(%d, %d) = %+v: window or padding out of range", hits, budget, p)
			}
			if err := p.Check(); err != nil {
				t.Fatalf("For(%d, %d) = %+v: %v", hits, budget, p, err)
			}
			again, err := For(p.Keep, budget)
			if err != nil || again != p {
				t.Fatalf("For(%d, %d) = %+v, but For(%d, %d) = %+v, %v", hits, budget, p, p.Keep, budget, again, err)
			}
		}
	}
}

func TestCheck(t *testing.T) {
	tests := []struct {
		p    Plan
		want string // "" for no error
	}{
		{Plan{6, 166, 58, 500}, ""},
		{Plan{0, 0, 0, 500}, ""},
		{Plan{1, 10, 0, 0}, ""},
		{Plan{-1, 100, 10, 500}, "keep -1 is negative"},
		{Plan{1, -100, 10, 500}, "max window -100 is negative"},
		{Plan{1, 100, -10, 500}, "padding -10 is negative"},
		{Plan{1, 100, 10, -500}, "threshold -500 is negative"},
		{Plan{2, 0, 10, 500}, "keeps 2 hits but max window is 0"},
		// The boundary of "a plan that keeps hits": one kept hit with a cap
		// of 0 bytes has no window to go in.
		{Plan{1, 0, 10, 500}, "keeps 1 hits but max window is 0"},
	}
	for _, tt := range tests {
		err := tt.p.Check()
		switch {
		case tt.want == "" && err != nil:
			t.Errorf("%+v.Check() = %v, want nil", tt.p, err)
		case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
			t.Errorf("%+v.Check() = %v, want an error containing %q", tt.p, err, tt.want)
		}
	}
}
