package densify

import (
	"fmt"
	"math"
)

// Defaults. The text and the original code disagree on the maximum input;
// see the package documentation.
const (
	DefaultMaxInput  = 100_000 // the standard's text (maxDensificationInputTokens)
	OriginalMaxInput = 64_000  // the original code's DensificationService default

	DefaultCap = 100_000 // the cap assumed for remote providers (reactive path)
	AppleCap   = 4_096   // Apple Foundation Models' window

	DefaultMaxChunk = 1_800 // chunk budget ceiling when the cap is large
	DefaultMaxMerge = 2_000 // merge budget ceiling when the cap is large
	DefaultFloor    = 320   // no budget is halved below this

	// NoCeiling as MaxChunk or MaxMerge lets the budget grow to all the
	// allowed input, as the original code's remote path does.
	NoCeiling = math.MaxInt
)

// OutputReserve is the room kept for the model's output: 24% of the cap,
// clamped to 280..2400 tokens. It is floor(cap*24/100) in integers (the
// original computes Int(Double(cap)*0.24); both agree once clamped).
func OutputReserve(cap int) int { return clamp(cap*24/100, 280, 2400) }

// SafetyMargin is the room kept for estimation drift and provider-side
// accounting: 10% of the cap, clamped to 120..3200 tokens.
func SafetyMargin(cap int) int { return clamp(cap/10, 120, 3200) }

// ChunkWords is the word target a chunk prompt asks for: 16% of the chunk
// budget, clamped to 120..420 words (as the original).
func ChunkWords(budget int) int { return clamp(budget*16/100, 120, 420) }

// MergeWords is the word target a merge prompt asks for: 18% of the merge
// budget, clamped to 160..520 words (as the original).
func MergeWords(budget int) int { return clamp(budget*18/100, 160, 520) }

// Plan is the budgeting of one densification for one context-window cap.
// Every figure is in the estimator's tokens.
type Plan struct {
	Cap           int // context-window cap: prompt + input + output
	OutputReserve int // OutputReserve(Cap)
	SafetyMargin  int // SafetyMargin(Cap)

	// Prompt overheads: the estimate of each prompt with its numbers at
	// their widest, an upper bound for every prompt actually sent.
	FullOverhead, ChunkOverhead, MergeOverhead int

	// Allowed input per call: Cap - overhead - OutputReserve - SafetyMargin.
	// It may be below Floor or negative when the cap is tiny.
	AllowedFull, AllowedChunk, AllowedMerge int

	// Starting budgets: max(Floor, min(ceiling, allowed)).
	Chunk, Merge int
	Floor        int
}

// NewPlan budgets a cap. maxChunk and maxMerge are the ceilings (NoCeiling
// for none), floor the least budget; all must be positive.
func NewPlan(est Estimator, cap, maxChunk, maxMerge, floor int) (Plan, error) {
	if est == nil {
		return Plan{}, fmt.Errorf("densify plan: nil estimator")
	}
	if cap <= 0 || maxChunk <= 0 || maxMerge <= 0 || floor <= 0 {
		return Plan{}, fmt.Errorf("densify plan: cap %d, max chunk %d, max merge %d and floor %d must all be positive",
			cap, maxChunk, maxMerge, floor)
	}
	p := Plan{
		Cap:           cap,
		OutputReserve: OutputReserve(cap),
		SafetyMargin:  SafetyMargin(cap),
		FullOverhead:  est.Tokens(fullPrompt(widestNumber)),
		ChunkOverhead: est.Tokens(chunkPrompt(widestNumber, widestNumber, widestNumber)),
		MergeOverhead: est.Tokens(mergePrompt(widestNumber, widestNumber)),
		Floor:         floor,
	}
	reserved := p.OutputReserve + p.SafetyMargin
	p.AllowedFull = cap - p.FullOverhead - reserved
	p.AllowedChunk = cap - p.ChunkOverhead - reserved
	p.AllowedMerge = cap - p.MergeOverhead - reserved
	p.Chunk = max(floor, min(maxChunk, p.AllowedChunk))
	p.Merge = max(floor, min(maxMerge, p.AllowedMerge))
	return p, nil
}

// halve is the next budget after an overflow: half, never below floor.
func halve(budget, floor int) int { return max(floor, budget/2) }

func clamp(v, lo, hi int) int { return min(hi, max(lo, v)) }
