package broken

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// The densification mutants. Two wrap the reference: RateLimitAsOverflow
// rewrites the provider's rate-limit errors into overflows before the
// reference sees them. The others run flow, a plain sequential version of the
// standard's flow built from the reference's planner and budgets, with one
// part switched off or set wrong: the reference's internals have no such
// switches.

// densifier is the reference with its Densify replaced.
type densifier struct {
	mutant
	densify func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error)
}

func (b *densifier) Densify(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
	return b.densify(ctx, req, p)
}

// NoMergeRetry skips the merge-local retry: a merge overflow goes straight to
// halving the chunk budget and re-chunking the input.
func NoMergeRetry() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor, guard: true}
	return &densifier{named("no-merge-retry"), f.densify}
}

// HalvesBelowFloor keeps halving budgets down to 40 tokens instead of
// stopping at 320.
func HalvesBelowFloor() adapters.Adapter {
	f := flow{floor: 40, mergeRetry: true, guard: true}
	return &densifier{named("halves-below-floor"), f.densify}
}

// EndlessMerge has no non-reducing guard: when no two parts fit one merge
// group it merges each part alone, pass after pass, for as long as the model
// answers.
func EndlessMerge() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor, mergeRetry: true}
	return &densifier{named("endless-merge"), f.densify}
}

// FixedCeilings follows the standard's flow correctly but budgets as the
// original code did: chunk and merge budgets capped at 1,800 and 2,000
// tokens whatever the window, and the chunk word target 16% of the chunk
// budget. It wastes calls: on a 4096 window about twice the chunk calls a
// budget derived from the window needs, and merges in several passes.
func FixedCeilings() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor, mergeRetry: true, guard: true}
	return &densifier{named("fixed-ceilings"), f.densify}
}

// RateLimitAsOverflow classifies a rate limit as a context-window overflow,
// so a rate-limited call sends the flow into chunking and halving.
func RateLimitAsOverflow() adapters.Adapter {
	ref := named("rate-limit-as-overflow")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			out, err := p.Complete(ctx, prompt, input)
			if err != nil && densify.Classify(err) == densify.RateLimit {
				err = &densify.ProviderError{Provider: "broken", Status: 400, Code: "context_length_exceeded",
					Message: "maximum context length exceeded"}
			}
			return out, err
		}))
	}}
}

// flow is a sequential densification flow (one call at a time) with
// switches for the parts the mutants get wrong.
type flow struct {
	floor      int  // least budget; the standard's is 320
	mergeRetry bool // halve the merge budget on a merge overflow before the chunk budget
	guard      bool // end the merge loop when a pass cannot reduce the parts
	noChunks   bool // always one full call, and no chunking when it overflows
}

var errTooLong = errors.New("input too long")

func (f flow) densify(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
	attempts := 1
	if req.Capture {
		attempts = densify.DefaultCaptureAttempts
	}
	var ans adapters.DensifyAnswer
	for a := 1; a <= attempts; a++ {
		run := adapters.DensifyRun{Entry: adapters.EntryProactive}
		out, err := f.attempt(ctx, req, p, &run)
		ans.Attempts = a
		ans.Runs = append(ans.Runs, run)
		if err == nil {
			ans.Status, ans.Output, ans.Failure, ans.Message = adapters.StatusReady, out, adapters.FailureNone, ""
			return ans, nil
		}
		if ctx.Err() != nil {
			return ans, ctx.Err()
		}
		ans.Status, ans.Message = adapters.StatusFailed, err.Error()
		switch {
		case errors.Is(err, errTooLong):
			ans.Failure = adapters.FailureTooLong
		case errors.Is(err, densify.ErrInvalidInput):
			ans.Failure = adapters.FailureInvalid
		default:
			ans.Failure = adapters.FailureProvider
			continue
		}
		break
	}
	return ans, nil
}

func (f flow) attempt(ctx context.Context, req adapters.DensifyRequest, p densify.Provider, run *adapters.DensifyRun) (string, error) {
	est := densify.CJKEstimator{}
	switch {
	case !utf8.ValidString(req.Input):
		return "", fmt.Errorf("%w: not UTF-8", densify.ErrInvalidInput)
	case req.Cap < 0 || req.MaxInput < 0:
		return "", fmt.Errorf("%w: negative limit", densify.ErrInvalidInput)
	case req.Entry != adapters.EntryDefault && req.Entry != adapters.EntryReactive && req.Entry != adapters.EntryProactive:
		return "", fmt.Errorf("%w: entry %q", densify.ErrInvalidInput, req.Entry)
	}
	capacity, maxInput := or(req.Cap, densify.DefaultCap), or(req.MaxInput, densify.DefaultMaxInput)
	tokens := est.Tokens(req.Input)
	if tokens > maxInput {
		return "", fmt.Errorf("%w: %d tokens over %d", errTooLong, tokens, maxInput)
	}
	if strings.TrimSpace(req.Input) == "" {
		return "", nil
	}
	allowed, chunkBudget, mergeBudget := originalBudgets(est, capacity, f.floor)
	if f.noChunks || req.Entry == adapters.EntryReactive || req.Entry == adapters.EntryDefault && tokens <= allowed {
		run.Entry = adapters.EntryReactive
		out, err := p.Complete(ctx, prompt("Extract the essential context from the captured text below.", densify.ChunkWords(tokens)), req.Input)
		if err == nil || !densify.IsContextOverflow(err) || f.noChunks {
			return out, err
		}
	}
	planner := densify.Planner{Estimator: est, Floor: f.floor}
	for {
		round := adapters.DensifyRound{ChunkBudget: chunkBudget}
		out, err := f.round(ctx, p, planner, req.Input, mergeBudget, &round)
		run.Rounds = append(run.Rounds, round)
		if err == nil || !densify.IsContextOverflow(err) || chunkBudget <= f.floor {
			return out, err
		}
		chunkBudget, mergeBudget = f.halve(chunkBudget), f.halve(mergeBudget)
	}
}

func (f flow) round(ctx context.Context, p densify.Provider, planner densify.Planner, input string, mergeBudget int, round *adapters.DensifyRound) (string, error) {
	chunks, err := planner.Chunk(input, round.ChunkBudget)
	if err != nil {
		return "", err
	}
	partials := make([]string, len(chunks))
	for i, c := range chunks {
		round.ChunkCalls++
		out, err := p.Complete(ctx, prompt(fmt.Sprintf("Extract the essential context from chunk %d of %d.", i+1, len(chunks)),
			densify.ChunkWords(round.ChunkBudget)), c)
		if err != nil {
			return "", err
		}
		partials[i] = out
	}
	for budget := mergeBudget; ; budget = f.halve(budget) {
		m := adapters.DensifyMerge{Budget: budget}
		out, err := f.merge(ctx, p, planner, partials, &m)
		if len(m.Passes) > 0 || len(round.Merges) > 0 {
			round.Merges = append(round.Merges, m)
		}
		if err == nil || !densify.IsContextOverflow(err) || !f.mergeRetry || budget <= f.floor {
			return out, err
		}
	}
}

func (f flow) merge(ctx context.Context, p densify.Provider, planner densify.Planner, partials []string, m *adapters.DensifyMerge) (string, error) {
	cur := trimmed(partials)
	for pass := 1; len(cur) > 1; pass++ {
		if err := ctx.Err(); err != nil {
			return "", err
		}
		groups, err := planner.Groups(cur, m.Budget)
		if err != nil {
			return "", err
		}
		if f.guard && allSingle(groups) {
			return strings.Join(cur, densify.ParagraphSeparator), nil
		}
		m.Passes = append(m.Passes, 0)
		outs := make([]string, len(groups))
		for i, g := range groups {
			m.Passes[len(m.Passes)-1]++
			out, err := p.Complete(ctx, prompt(fmt.Sprintf("Merge these partial summaries (pass %d).", pass), densify.MergeWords(m.Budget)),
				strings.Join(g, densify.MergeSeparator))
			if err != nil {
				return "", err
			}
			outs[i] = out
		}
		next := trimmed(outs)
		if f.guard && len(next) > 1 && len(next) >= len(cur) {
			return strings.Join(next, densify.ParagraphSeparator), nil
		}
		cur = next
	}
	if len(cur) == 0 {
		return "", nil
	}
	return cur[0], nil
}

func (f flow) halve(b int) int { return max(f.floor, b/2) }

// originalBudgets are the original code's: the allowed input is the cap
// less the widest prompt, an output reserve of 24% of the cap (280..2400)
// and a safety margin of 10% (120..3200); the chunk and merge budgets are
// that, within the fixed ceilings 1,800 and 2,000 and at least floor.
func originalBudgets(est densify.Estimator, capacity, floor int) (allowed, chunk, merge int) {
	overhead := est.Tokens(prompt(fmt.Sprintf("Extract the essential context from chunk %d of %d.", 999_999_999, 999_999_999), 999_999_999))
	reserve := min(2400, max(280, capacity*24/100))
	allowed = capacity - overhead - reserve - densify.SafetyMargin(capacity)
	return allowed, max(floor, min(densify.OriginalMaxChunk, allowed)), max(floor, min(densify.OriginalMaxMerge, allowed))
}

func prompt(task string, words int) string {
	return fmt.Sprintf("%s Keep facts and errors; return dense plain text.\nMax length: %d words.", task, words)
}

func trimmed(parts []string) []string {
	var out []string
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func allSingle(groups [][]string) bool {
	for _, g := range groups {
		if len(g) != 1 {
			return false
		}
	}
	return true
}

func or(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}

// OverflowOnEveryError treats every provider failure as a context-window
// overflow: a rate limit, a server error or an authentication failure
// sends the flow into chunking, halving and merge-local retries, as an
// overflow does (a densifier that retries every error).
func OverflowOnEveryError() adapters.Adapter {
	ref := named("overflow-on-every-error")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			out, err := p.Complete(ctx, prompt, input)
			if err != nil && densify.Classify(err) != densify.Overflow {
				err = &densify.ProviderError{Provider: "broken", Status: 400, Code: "context_length_exceeded",
					Message: "maximum context length exceeded"}
			}
			return out, err
		}))
	}}
}
