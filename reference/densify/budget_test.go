package densify

import (
	"strings"
	"testing"
)

func TestReserveAndMargin(t *testing.T) {
	for _, tt := range []struct{ cap, margin int }{
		{4096, 409}, {1000, 120}, {100_000, 3200}, {5000, 500}, {32_000, 3200}, {10_000, 1000},
	} {
		if got := SafetyMargin(tt.cap); got != tt.margin {
			t.Errorf("SafetyMargin(%d) = %d, want %d", tt.cap, got, tt.margin)
		}
	}
	for _, tt := range []struct{ words, reserve int }{
		{120, 160}, {420, 560}, {520, 694}, {1, 2}, {0, 0}, {198, 264},
	} {
		if got := Reserve(tt.words); got != tt.reserve {
			t.Errorf("Reserve(%d) = %d, want %d", tt.words, got, tt.reserve)
		}
	}
	// A negative allowance gives no words, not a negative target: 3*(-2)/4
	// truncates to -1, which max(0, ...) lifts to 0.
	for _, tokens := range []int{-1, -2, -400} {
		if got := WordsFor(tokens); got != 0 {
			t.Errorf("WordsFor(%d) = %d, want 0", tokens, got)
		}
	}
	for tokens := 0; tokens < 2000; tokens++ {
		w := WordsFor(tokens)
		if Reserve(w) > tokens || Reserve(w+1) <= tokens {
			t.Fatalf("WordsFor(%d) = %d: Reserve %d, next %d", tokens, w, Reserve(w), Reserve(w+1))
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
		allowedFull, room       int
		maxChunkBudget, merge   int
	}{
		// Room 4096 - 50 - 409 = 3637; full 3637 - Reserve(420) = 3077;
		// chunk 3637 - Reserve(120) = 3477; merge 3637 - Reserve(520) = 2943.
		{"apple", 4096, NoCeiling, NoCeiling, 3077, 3637, 3477, 2943},
		// The original's ceilings bind.
		{"apple, original ceilings", 4096, OriginalMaxChunk, OriginalMaxMerge, 3077, 3637, 1800, 2000},
		// Room 2000 - 50 - 200 = 1750; merge words 315, Reserve 420.
		{"small", 2000, NoCeiling, NoCeiling, 1190, 1750, 1590, 1330},
		// Room 1000 - 50 - 120 = 830; merge words 160, Reserve 214.
		{"tiny", 1000, NoCeiling, NoCeiling, 270, 830, 670, 616},
		// Room 600 - 50 - 120 = 430: below the floor, budgets are the floor.
		{"below floor", 600, NoCeiling, NoCeiling, -130, 430, 320, 320},
		// Room 100000 - 50 - 3200 = 96750.
		{"remote", 100_000, NoCeiling, NoCeiling, 96190, 96750, 96590, 96056},
	}
	for _, tt := range tests {
		p, err := NewPlan(promptStub{}, tt.cap, tt.maxChunk, tt.maxMerge, DefaultFloor)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if p.FullOverhead != 50 || p.ChunkOverhead != 50 || p.MergeOverhead != 50 {
			t.Errorf("%s: overheads %d/%d/%d, want 50", tt.name, p.FullOverhead, p.ChunkOverhead, p.MergeOverhead)
		}
		if p.AllowedFull != tt.allowedFull || p.ChunkRoom != tt.room || p.MergeRoom != tt.room {
			t.Errorf("%s: allowed full %d, rooms %d/%d; want %d, %d", tt.name, p.AllowedFull, p.ChunkRoom, p.MergeRoom, tt.allowedFull, tt.room)
		}
		if p.MaxChunk != tt.maxChunkBudget || p.Merge != tt.merge {
			t.Errorf("%s: budgets %d/%d, want %d/%d", tt.name, p.MaxChunk, p.Merge, tt.maxChunkBudget, tt.merge)
		}
	}
	// Every figure at 1, the least positive value, is accepted; each at 0 is
	// not.
	if _, err := NewPlan(CJKEstimator{}, 1, 1, 1, 1); err != nil {
		t.Errorf("NewPlan(1, 1, 1, 1): %v", err)
	}
	for _, bad := range [][4]int{{0, 1, 1, 1}, {10, 0, 1, 1}, {10, 1, 0, 1}, {10, 1, -1, 1}, {10, 1, 1, 0}} {
		if _, err := NewPlan(CJKEstimator{}, bad[0], bad[1], bad[2], bad[3]); err == nil {
			t.Errorf("NewPlan%v: no error", bad)
		}
	}
	if _, err := NewPlan(nil, 10, 1, 1, 1); err == nil {
		t.Error("NewPlan with a nil estimator: no error")
	}
}

// TestPlanChunkWords: each partial's share of the merge budget, within the
// room beside the chunk and the word bounds (apple plan of TestNewPlan).
func TestPlanChunkWords(t *testing.T) {
	p, err := NewPlan(promptStub{}, AppleCap, NoCeiling, NoCeiling, DefaultFloor)
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ n, chunk, merge, words int }{
		{3, 3029, 2943, 420},  // share 979, room 608: the ceiling 560 binds
		{11, 3300, 2943, 198}, // share 264: 198 words
		{30, 3477, 2943, 120}, // share 95: the floor 160 binds
		{2, 3477, 2943, 120},  // room 160 binds
		{1, 320, 320, 240},    // share 320, room 3317: 240 words
		{0, 320, 320, 240},    // no chunks counts as one: as above
		// 2936/11 = 266 (266.9), share 263: 197 words (Reserve 263); one
		// more in the numerator would make 267 and 198 words.
		{11, 3300, 2933, 197},
	} {
		if got := p.ChunkWords(tt.n, tt.chunk, tt.merge); got != tt.words {
			t.Errorf("ChunkWords(%d, %d, %d) = %d, want %d", tt.n, tt.chunk, tt.merge, got, tt.words)
		}
	}
}

// TestFirstChunk: 40 paragraphs of 100 tokens (4039 in all) on the apple
// plan. n = 4039/3477 = 1: r = 560, b = 3077, 2 chunks > 1. n = 2: r = 560
// (share 1470), 2 chunks: the budget is 3077. With the original ceilings
// the search stops at once at 1800.
func TestFirstChunk(t *testing.T) {
	text := strings.Repeat(strings.Repeat("x", 299)+".\n\n", 40)
	for _, tt := range []struct {
		maxChunk, want int
	}{{NoCeiling, 3077}, {OriginalMaxChunk, 1800}} {
		p, err := NewPlan(promptStub{}, AppleCap, tt.maxChunk, NoCeiling, DefaultFloor)
		if err != nil {
			t.Fatal(err)
		}
		got, err := FirstChunk(Planner{}, p, text, p.MaxChunk, p.Merge)
		if err != nil || got != tt.want {
			t.Errorf("max chunk %d: FirstChunk = %d, %v; want %d", tt.maxChunk, got, err, tt.want)
		}
	}
}

// TestFirstChunkEdges: the search's start, its clamps and its stops, each
// derived from the formula in FirstChunk's comment (apple plan of
// TestNewPlan: room 3637, largest chunk budget 3477; r(n) is the partial's
// reserve, b(n) the chunk budget).
func TestFirstChunkEdges(t *testing.T) {
	apple, err := NewPlan(promptStub{}, AppleCap, NoCeiling, NoCeiling, DefaultFloor)
	if err != nil {
		t.Fatal(err)
	}
	// Cap 600: room 430, every budget at the floor 320 (TestNewPlan).
	small, err := NewPlan(promptStub{}, 600, NoCeiling, NoCeiling, DefaultFloor)
	if err != nil {
		t.Fatal(err)
	}
	paras40 := strings.Repeat(strings.Repeat("x", 299)+".\n\n", 40) // 12080 characters: 4027 tokens
	tests := []struct {
		name             string
		plan             Plan
		text             string
		maxBudget, merge int
		want             int
	}{
		// maxBudget 0 counts as the floor 320: n = 4027/320 = 12, r = 2946/12
		// - 3 = 242, b = min(320, 3637 - 242) = 320, the largest: 320.
		{"budget 0 is the floor", apple, paras40, 0, 2943, 320},
		// 21000 newlines between two letters: 7001 tokens, so the search
		// starts at n = 7001/3477 = 2: r = 403/2 - 3 = 198, b = 3637 - 198 =
		// 3439, and the text is one chunk ("a\n\nb"), at most 2: 3439 (from
		// n = 1, r = 400 would give 3237).
		{"start at tokens/maxBudget", apple, "a" + strings.Repeat("\n", 21000) + "b", apple.MaxChunk, 400, 3439},
		// n = 1: the share 103 - 3 = 100 is below Reserve(120) = 160, so r =
		// 160 and b = min(5000, 3637 - 160) = 3477 (not 3637 - 100).
		{"reserve at least Reserve(MinChunkWords)", apple, "abc", 5000, 100, 3477},
		// n = 1: r = 320, room 430 - 320 = 110 is below the floor: b = 320.
		{"budget at least the floor", small, "abc", 320, 320, 320},
	}
	for _, tt := range tests {
		got, err := FirstChunk(Planner{}, tt.plan, tt.text, tt.maxBudget, tt.merge)
		if err != nil || got != tt.want {
			t.Errorf("%s: FirstChunk = %d, %v; want %d", tt.name, got, err, tt.want)
		}
	}

	// The search stops at the largest budget, or at the least reserve,
	// without cutting the text: here an "@" estimated at 4000 tokens would
	// make cutting fail. "abc @" costs 4001.
	heavy := Planner{Estimator: estimatorFunc(func(s string) int {
		return CJKEstimator{}.Tokens(s) + 3999*strings.Count(s, "@")
	})}
	for _, tt := range []struct {
		name             string
		maxBudget, merge int
		want             int
	}{
		// n = 4001/320 = 12: r = 2946/12 - 3 = 242, b = min(320, 3637 -
		// 242) = 320, the largest.
		{"largest budget", 320, 2943, 320},
		// n = 1: the share 100 is under 160, r = 160, b = min(5000, 3477) =
		// 3477.
		{"least reserve", 5000, 100, 3477},
	} {
		got, err := FirstChunk(heavy, apple, "abc @", tt.maxBudget, tt.merge)
		if err != nil || got != tt.want {
			t.Errorf("%s: FirstChunk = %d, %v; want %d", tt.name, got, err, tt.want)
		}
	}
}

// TestOverheadBoundsPrompts checks that the plan's overheads bound the
// prompts actually built, whose numbers are narrower than the placeholder.
func TestOverheadBoundsPrompts(t *testing.T) {
	p, err := NewPlan(CJKEstimator{}, AppleCap, NoCeiling, NoCeiling, DefaultFloor)
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
