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

	DefaultFloor = 320 // no budget is halved below this

	// The original code's fixed ceilings on the chunk and merge budgets. The
	// reference no longer applies them (budgets are derived from the window,
	// see Plan); Config.MaxChunk and MaxMerge can set them again.
	OriginalMaxChunk = 1_800
	OriginalMaxMerge = 2_000

	// NoCeiling as MaxChunk or MaxMerge: the budget is what the window
	// allows (the default).
	NoCeiling = math.MaxInt
)

// Word targets, and the output a target reserves. A prompt asks for at most
// N words and the call reserves Reserve(N) tokens of output for them: 4/3 of
// a token per word, the usual rule for English (about 75 words per 100
// tokens).
const (
	MinChunkWords = 120 // least word target of a chunk or full call (the original's floor)
	MaxChunkWords = 420 // greatest (the original's ceiling)
)

// Reserve is the output a word target reserves: ceil(words*4/3) tokens.
func Reserve(words int) int { return (4*words + 2) / 3 }

// WordsFor is the largest word target whose Reserve is at most tokens.
func WordsFor(tokens int) int { return max(0, 3*tokens/4) }

// SafetyMargin is the room kept for estimation drift and provider-side
// accounting: 10% of the cap, clamped to 120..3200 tokens (as the original).
func SafetyMargin(cap int) int { return clamp(cap/10, 120, 3200) }

// ChunkWords is the word target of a full call on tokens of input: 16% of
// them, clamped to MinChunkWords..MaxChunkWords (the original's rule for
// every chunk; chunk calls now take theirs from the merge, see
// Plan.ChunkWords).
func ChunkWords(tokens int) int { return clamp(tokens*16/100, MinChunkWords, MaxChunkWords) }

// MergeWords is the word target a merge prompt asks for: 18% of the merge
// budget, clamped to 160..520 words (as the original).
func MergeWords(budget int) int { return clamp(budget*18/100, 160, 520) }

// Plan is the budgeting of one densification for one context-window cap.
// Every figure is in the estimator's tokens. A call costs its prompt, its
// input and the output its word target reserves; the plan keeps every call,
// with its prompt at the widest, within Cap - SafetyMargin.
type Plan struct {
	Cap          int // context-window cap: prompt + input + output
	SafetyMargin int // SafetyMargin(Cap)

	// Prompt overheads: the estimate of each prompt with its numbers at
	// their widest, an upper bound for every prompt actually sent.
	FullOverhead, ChunkOverhead, MergeOverhead int

	// AllowedFull is the largest input a full call can carry:
	// Cap - FullOverhead - Reserve(MaxChunkWords) - SafetyMargin. EntryAuto
	// starts reactively when the input fits it.
	AllowedFull int

	// ChunkRoom and MergeRoom are what a chunk or merge call has for its
	// input and its output together: Cap - overhead - SafetyMargin.
	ChunkRoom, MergeRoom int

	// MaxChunk is the largest chunk budget: ChunkRoom less the least chunk
	// output, Reserve(MinChunkWords), within the configured ceiling and at
	// least Floor. The first round's budget (Densifier.FirstChunk) is at
	// most this.
	MaxChunk int

	// Merge is the starting merge budget: MergeRoom less the output of
	// MergeWords(MergeRoom), within the configured ceiling and at least
	// Floor.
	Merge int
	Floor int
}

// NewPlan budgets a cap. maxChunk and maxMerge are ceilings (NoCeiling for
// none), floor the least budget; all must be positive.
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
		SafetyMargin:  SafetyMargin(cap),
		FullOverhead:  est.Tokens(fullPrompt(widestNumber)),
		ChunkOverhead: est.Tokens(chunkPrompt(widestNumber, widestNumber, widestNumber)),
		MergeOverhead: est.Tokens(mergePrompt(widestNumber, widestNumber)),
		Floor:         floor,
	}
	p.AllowedFull = cap - p.FullOverhead - Reserve(MaxChunkWords) - p.SafetyMargin
	p.ChunkRoom = cap - p.ChunkOverhead - p.SafetyMargin
	p.MergeRoom = cap - p.MergeOverhead - p.SafetyMargin
	p.MaxChunk = max(floor, min(maxChunk, p.ChunkRoom-Reserve(MinChunkWords)))
	p.Merge = max(floor, min(maxMerge, p.MergeRoom-Reserve(MergeWords(p.MergeRoom))))
	return p, nil
}

// ChunkWords is the word target of the chunk calls of a round that cuts the
// input into n chunks with chunkBudget, when its merges start at
// mergeBudget: the n partials, each at most its reserve, and the separators
// between them should fit one merge group, so each partial gets
// (mergeBudget+3)/n - 3 tokens (3: the estimate of MergeSeparator under
// CJKEstimator), no more than the call has room for beside its chunk
// (ChunkRoom - chunkBudget) and within
// Reserve(MinChunkWords)..Reserve(MaxChunkWords), the least winning.
func (p Plan) ChunkWords(n, chunkBudget, mergeBudget int) int {
	share := (mergeBudget+3)/max(n, 1) - 3
	return WordsFor(max(Reserve(MinChunkWords), min(Reserve(MaxChunkWords), share, p.ChunkRoom-chunkBudget)))
}

// halve is the next budget after an overflow: half, never below floor.
func halve(budget, floor int) int { return max(floor, budget/2) }

func clamp(v, lo, hi int) int { return min(hi, max(lo, v)) }
