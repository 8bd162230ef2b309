package densify

import (
	"strings"
	"testing"
)

func TestReserveAndMargin(t *testing.T) {
	tests := []struct {
		cap, reserve, margin int
	}{
		{4096, 983, 409},      // floor(4096*0.24) = 983; floor(4096*0.10) = 409
		{1000, 280, 120},      // 240 -> 280; 100 -> 120
		{100_000, 2400, 3200}, // 24000 -> 2400; 10000 -> 3200
		{5000, 1200, 500},
		{32_000, 2400, 3200},
		{1166, 280, 120}, // 279 -> 280
		{1167, 280, 120}, // 280
		{1170, 280, 120}, // 280.8 -> 280
		{10_000, 2400, 1000},
	}
	for _, tt := range tests {
		if got := OutputReserve(tt.cap); got != tt.reserve {
			t.Errorf("OutputReserve(%d) = %d, want %d", tt.cap, got, tt.reserve)
		}
		if got := SafetyMargin(tt.cap); got != tt.margin {
			t.Errorf("SafetyMargin(%d) = %d, want %d", tt.cap, got, tt.margin)
		}
	}
}

func TestWordTargets(t *testing.T) {
	for _, tt := range []struct{ budget, chunk, merge int }{
		{1800, 288, 324}, // 1800*0.16 = 288; 1800*0.18 = 324
		{2000, 320, 360},
		{320, 120, 160},  // 51 -> 120; 57 -> 160
		{5000, 420, 520}, // 800 -> 420; 900 -> 520
		{900, 144, 162},
	} {
		if got := ChunkWords(tt.budget); got != tt.chunk {
			t.Errorf("ChunkWords(%d) = %d, want %d", tt.budget, got, tt.chunk)
		}
		if got := MergeWords(tt.budget); got != tt.merge {
			t.Errorf("MergeWords(%d) = %d, want %d", tt.budget, got, tt.merge)
		}
	}
}

// promptStub counts 50 tokens for any text stating a word target (every
// prompt) and defers to CJKEstimator otherwise, so plan figures can be
// derived by hand.
type promptStub struct{}

func (promptStub) Tokens(s string) int {
	if strings.Contains(s, "Max length:") {
		return 50
	}
	return CJKEstimator{}.Tokens(s)
}

func TestNewPlan(t *testing.T) {
	tests := []struct {
		name                    string
		cap, maxChunk, maxMerge int
		allowed, chunk, merge   int
	}{
		// 4096 - 50 - 983 - 409 = 2654: the ceilings bind.
		{"apple", 4096, DefaultMaxChunk, DefaultMaxMerge, 2654, 1800, 2000},
		// 2000 - 50 - 480 - 200 = 1270: the allowed input binds.
		{"small", 2000, DefaultMaxChunk, DefaultMaxMerge, 1270, 1270, 1270},
		// 1000 - 50 - 280 - 120 = 550.
		{"tiny", 1000, DefaultMaxChunk, DefaultMaxMerge, 550, 550, 550},
		// 600 - 50 - 280 - 120 = 150: below the floor, budgets are the floor.
		{"below floor", 600, DefaultMaxChunk, DefaultMaxMerge, 150, 320, 320},
		// 100000 - 50 - 2400 - 3200 = 94350.
		{"remote", 100_000, DefaultMaxChunk, DefaultMaxMerge, 94350, 1800, 2000},
		{"remote without ceilings", 100_000, NoCeiling, NoCeiling, 94350, 94350, 94350},
	}
	for _, tt := range tests {
		p, err := NewPlan(promptStub{}, tt.cap, tt.maxChunk, tt.maxMerge, DefaultFloor)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if p.FullOverhead != 50 || p.ChunkOverhead != 50 || p.MergeOverhead != 50 {
			t.Errorf("%s: overheads %d/%d/%d, want 50", tt.name, p.FullOverhead, p.ChunkOverhead, p.MergeOverhead)
		}
		if p.AllowedFull != tt.allowed || p.AllowedChunk != tt.allowed || p.AllowedMerge != tt.allowed {
			t.Errorf("%s: allowed %d/%d/%d, want %d", tt.name, p.AllowedFull, p.AllowedChunk, p.AllowedMerge, tt.allowed)
		}
		if p.Chunk != tt.chunk || p.Merge != tt.merge {
			t.Errorf("%s: budgets %d/%d, want %d/%d", tt.name, p.Chunk, p.Merge, tt.chunk, tt.merge)
		}
	}
	for _, bad := range [][4]int{{0, 1, 1, 1}, {10, 0, 1, 1}, {10, 1, -1, 1}, {10, 1, 1, 0}} {
		if _, err := NewPlan(CJKEstimator{}, bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("NewPlan%v: no error", bad)
		}
	}
	if _, err := NewPlan(nil, 10, 1, 1, 1); err == nil {
		t.Error("NewPlan with a nil estimator: no error")
	}
}

// TestOverheadBoundsPrompts checks that the plan's overheads bound the
// prompts actually built, whose numbers are narrower than the placeholder.
func TestOverheadBoundsPrompts(t *testing.T) {
	p, err := NewPlan(CJKEstimator{}, AppleCap, DefaultMaxChunk, DefaultMaxMerge, DefaultFloor)
	if err != nil {
		t.Fatal(err)
	}
	est := CJKEstimator{}
	for _, n := range []int{1, 9, 99, 12345, 999_999_999} {
		if got := est.Tokens(chunkPrompt(n, n, n)); got > p.ChunkOverhead {
			t.Errorf("chunk prompt with %d: %d tokens > overhead %d", n, got, p.ChunkOverhead)
		}
		if got := est.Tokens(mergePrompt(n, n)); got > p.MergeOverhead {
			t.Errorf("merge prompt with %d: %d tokens > overhead %d", n, got, p.MergeOverhead)
		}
		if got := est.Tokens(fullPrompt(n)); got > p.FullOverhead {
			t.Errorf("full prompt with %d: %d tokens > overhead %d", n, got, p.FullOverhead)
		}
	}
	// The stage keywords the simulator reads.
	if strings.Contains(fullPrompt(1), "chunk") || strings.Contains(fullPrompt(1), "erge") {
		t.Error("the full prompt names another stage")
	}
	if !strings.Contains(chunkPrompt(1, 2, 3), "chunk") || strings.Contains(chunkPrompt(1, 2, 3), "erge") {
		t.Error("the chunk prompt does not name its stage alone")
	}
	if !strings.Contains(mergePrompt(1, 2), "Merge") {
		t.Error("the merge prompt does not name its stage")
	}
}
