package densify

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// ErrInvalidInput marks input or configuration the flow refuses before any
// call: invalid UTF-8, negative or inconsistent limits. Capture never retries
// it.
var ErrInvalidInput = errors.New("invalid input")

// InputTooLongError is the early rejection (the standard's
// densificationInputTooLong): the input's estimate exceeds MaxInput. No call
// is made and Capture does not retry it.
type InputTooLongError struct {
	Tokens, Limit int
}

func (e *InputTooLongError) Error() string {
	return fmt.Sprintf("densify: input estimated at %d tokens exceeds the limit of %d", e.Tokens, e.Limit)
}

// Entry is how a densification starts.
type Entry int

const (
	// EntryAuto starts reactively when the whole input fits the plan's
	// allowed input for the full prompt (input estimate <= Plan.AllowedFull),
	// and proactively otherwise.
	EntryAuto Entry = iota
	// EntryReactive always tries one full call first (the standard's remote
	// providers); only an overflow switches to chunking.
	EntryReactive
	// EntryProactive always starts by chunking (the standard's Apple path).
	EntryProactive
)

func (e Entry) String() string {
	switch e {
	case EntryReactive:
		return "reactive"
	case EntryProactive:
		return "proactive"
	}
	return "auto"
}

// Config configures a Densifier. Zero values take the defaults named.
type Config struct {
	Provider  Provider  // required
	Estimator Estimator // nil: CJKEstimator

	Cap      int   // context-window cap the plan assumes; 0: DefaultCap (100,000). Apple: AppleCap
	Entry    Entry // EntryAuto by default
	MaxInput int   // early-rejection limit; 0: DefaultMaxInput (100,000); OriginalMaxInput is 64,000
	MaxChunk int   // chunk budget ceiling; 0: none (NoCeiling); OriginalMaxChunk is the original's 1,800
	MaxMerge int   // merge budget ceiling; 0: none (NoCeiling); OriginalMaxMerge is the original's 2,000
	Floor    int   // least budget; 0: DefaultFloor (320)

	// WorkLimit bounds the provider calls in flight; 0: 4.
	WorkLimit int

	// Observer, if set, sees every call when it completes. Calls are
	// delivered one at a time (never concurrently), in completion order.
	Observer func(Call)

	// Capture: attempts in all (0: 2), the pause between attempts (0: 500
	// ms; negative: none) and the function that pauses (nil: a timer that
	// stops early when ctx ends). Tests inject Sleep so they do not wait.
	CaptureAttempts int
	RetryDelay      time.Duration
	Sleep           func(ctx context.Context, d time.Duration) error
}

// Default work limit and capture-retry settings.
const (
	DefaultWorkLimit       = 4
	DefaultCaptureAttempts = 2
	DefaultRetryDelay      = 500 * time.Millisecond
)

// Densifier runs the densification flow of the standard.
type Densifier struct {
	cfg     Config
	plan    Plan
	planner Planner
}

// New checks cfg, fills in the defaults and budgets the cap.
func New(cfg Config) (*Densifier, error) {
	if cfg.Provider == nil {
		return nil, fmt.Errorf("densify config: %w: no provider", ErrInvalidInput)
	}
	for _, f := range []struct {
		name string
		v    int
	}{{"cap", cfg.Cap}, {"max input", cfg.MaxInput}, {"max chunk", cfg.MaxChunk}, {"max merge", cfg.MaxMerge},
		{"floor", cfg.Floor}, {"work limit", cfg.WorkLimit}, {"capture attempts", cfg.CaptureAttempts}} {
		if f.v < 0 {
			return nil, fmt.Errorf("densify config: %w: %s %d is negative", ErrInvalidInput, f.name, f.v)
		}
	}
	if cfg.Entry < EntryAuto || cfg.Entry > EntryProactive {
		return nil, fmt.Errorf("densify config: %w: unknown entry %d", ErrInvalidInput, cfg.Entry)
	}
	if cfg.Estimator == nil {
		cfg.Estimator = CJKEstimator{}
	}
	cfg.Cap = orDefault(cfg.Cap, DefaultCap)
	cfg.MaxInput = orDefault(cfg.MaxInput, DefaultMaxInput)
	cfg.MaxChunk = orDefault(cfg.MaxChunk, NoCeiling)
	cfg.MaxMerge = orDefault(cfg.MaxMerge, NoCeiling)
	cfg.Floor = orDefault(cfg.Floor, DefaultFloor)
	cfg.WorkLimit = orDefault(cfg.WorkLimit, DefaultWorkLimit)
	cfg.CaptureAttempts = orDefault(cfg.CaptureAttempts, DefaultCaptureAttempts)
	if cfg.RetryDelay == 0 {
		cfg.RetryDelay = DefaultRetryDelay
	}
	if cfg.Sleep == nil {
		cfg.Sleep = sleep
	}
	if cfg.MaxChunk < cfg.Floor || cfg.MaxMerge < cfg.Floor {
		return nil, fmt.Errorf("densify config: %w: max chunk %d and max merge %d must be at least the floor %d",
			ErrInvalidInput, cfg.MaxChunk, cfg.MaxMerge, cfg.Floor)
	}
	plan, err := NewPlan(cfg.Estimator, cfg.Cap, cfg.MaxChunk, cfg.MaxMerge, cfg.Floor)
	if err != nil {
		return nil, err
	}
	return &Densifier{cfg: cfg, plan: plan, planner: Planner{Estimator: cfg.Estimator, Floor: cfg.Floor}}, nil
}

// Plan returns the budgeting the Densifier starts from.
func (d *Densifier) Plan() Plan { return d.plan }

// Result is the outcome of one densification, filled in as far as the flow
// got even when it fails.
type Result struct {
	Output       string
	Entry        Entry  // EntryReactive (a full call was made first) or EntryProactive
	Chunked      bool   // the chunk/merge loop ran
	Joined       bool   // the non-reducing merge guard returned the partials joined
	Rounds       int    // chunk-budget rounds run (1 when the chunk budget was never halved)
	MergeRetries int    // merge-local budget halvings, over all rounds
	ChunkBudget  int    // chunk budget of the last round
	MergeBudget  int    // merge budget of the last merge attempt
	Calls        []Call // every call, in dispatch order
	Window       int    // the window an overflowing full call stated, when it stated one below the cap (else 0)
	Plan         Plan   // the plan of the chunked run (re-planned for Window when there is one)
}

// Densify runs the flow on input:
//
//  1. Invalid UTF-8 is an ErrInvalidInput error. An input whose estimate
//     exceeds MaxInput is an *InputTooLongError. Neither makes a call.
//     Input of only white space gives "" with no call.
//  2. Entry (see Entry): reactive makes one full call; its success is the
//     result, an overflow switches to chunking, any other error is returned.
//     When the overflow's message states the model's window (StatedWindow)
//     and it is below the cap, the chunked run is planned for that window;
//     either way its first chunk budget and starting merge budget are at
//     most half the input's estimate (the full call was one chunk of it).
//  3. Chunking: the input is cut with the chunk budget (the first round's
//     is FirstChunk's); every chunk is densified (at most WorkLimit
//     calls in flight; partials kept in input order; the word target is
//     Plan.ChunkWords); the partials are merged in passes.
//  4. A merge pass groups the current partials (Planner.Groups). If the
//     groups are not fewer than the partials (the standard's non-reducing
//     guard: every group has one member, or partials over the budget were
//     cut into more pieces than the grouping saves) the partials are
//     returned joined by "\n\n" (Joined), without a call. Otherwise each
//     group is merged in one call and the outputs are the next pass's
//     partials, until one is left. A pass whose outputs have neither fewer
//     estimated tokens in all nor, with as many, fewer members (a provider
//     that does not shorten) ends the loop too: its outputs are returned
//     joined (Joined). This second guard makes the loop end whatever the
//     provider returns.
//  5. An overflow in a merge call halves the merge budget (not below
//     Floor) and restarts the passes from the same chunk partials; at the
//     floor the overflow goes to step 6.
//  6. An overflow in a chunk call, or one that step 5 could not absorb,
//     halves the chunk budget (not below Floor) and the starting merge
//     budget, and restarts from the original input; at the floor the
//     overflow is returned.
//  7. Any error other than an overflow is returned at once, wrapped with the
//     stage; Classify still sees the provider's error.
//
// In one step, after a failed call no further call is started; calls in
// flight finish, and the error returned is that of the lowest-indexed failed
// call, which does not depend on timing when each call's outcome depends only
// on its prompt and input.
func (d *Densifier) Densify(ctx context.Context, input string) (Result, error) {
	r := &run{d: d, plan: d.plan, res: Result{Plan: d.plan}}
	out, err := r.densify(ctx, input)
	r.res.Output = out
	slices.SortFunc(r.res.Calls, func(a, b Call) int { return a.Seq - b.Seq })
	return r.res, err
}

// run is the state of one Densify call.
type run struct {
	d    *Densifier
	plan Plan // the plan in force: d.plan, or re-planned for a stated window
	res  Result
	mu   sync.Mutex // guards res.Calls, seq and the observer
	seq  int
}

func (r *run) densify(ctx context.Context, input string) (string, error) {
	cfg, plan := r.d.cfg, r.d.plan
	if !utf8.ValidString(input) {
		return "", fmt.Errorf("densify: %w: input is not valid UTF-8", ErrInvalidInput)
	}
	tokens := cfg.Estimator.Tokens(input)
	if tokens > cfg.MaxInput {
		return "", &InputTooLongError{Tokens: tokens, Limit: cfg.MaxInput}
	}
	if strings.TrimSpace(input) == "" {
		return "", nil
	}
	entry := cfg.Entry
	if entry == EntryAuto {
		entry = EntryProactive
		if tokens <= plan.AllowedFull {
			entry = EntryReactive
		}
	}
	r.res.Entry = entry
	if entry == EntryReactive {
		prompt := fullPrompt(ChunkWords(tokens))
		outs, err := r.step(ctx, []job{{prompt: prompt, input: input, call: Call{Stage: StageFull}}})
		if err == nil {
			return outs[0], nil
		}
		if Classify(err) != Overflow {
			return "", fmt.Errorf("densify full call: %w", err)
		}
		if w, ok := StatedWindow(err); ok && w < r.plan.Cap {
			p, perr := NewPlan(cfg.Estimator, w, cfg.MaxChunk, cfg.MaxMerge, cfg.Floor)
			if perr != nil {
				return "", fmt.Errorf("densify: planning for the stated window: %w", perr)
			}
			r.plan, r.res.Plan, r.res.Window = p, p, w
		}
		half := halve(tokens, r.plan.Floor)
		return r.chunked(ctx, input, min(r.plan.MaxChunk, half), min(r.plan.Merge, half))
	}
	return r.chunked(ctx, input, r.plan.MaxChunk, r.plan.Merge)
}

// FirstChunk is the chunk budget of the first round for input under plan,
// at most maxBudget: the largest budget that lets the partials meet in one
// merge group of merge tokens. For n chunks each partial may reserve
// r(n) = clamp((merge+3)/n - 3, Reserve(MinChunkWords), Reserve(MaxChunkWords))
// tokens, leaving the chunk b(n) = max(Floor, min(maxBudget, ChunkRoom -
// r(n))). Trying n = max(1, tokens/maxBudget), n+1, ..., the first b(n)
// that cuts the input into at most n chunks is the budget; when r(n) is at
// its least (b(n) at its greatest) the search stops there and the partials
// merge in more than one pass.
func FirstChunk(planner Planner, plan Plan, input string, maxBudget, merge int) (int, error) {
	maxBudget = max(plan.Floor, maxBudget)
	tokens := planner.est().Tokens(input)
	for n := max(1, tokens/maxBudget); ; n++ {
		r := max(Reserve(MinChunkWords), min(Reserve(MaxChunkWords), (merge+3)/n-3))
		b := max(plan.Floor, min(maxBudget, plan.ChunkRoom-r))
		if b == maxBudget || r == Reserve(MinChunkWords) {
			return b, nil
		}
		chunks, err := planner.Chunk(input, b)
		if err != nil {
			return 0, err
		}
		if len(chunks) <= n {
			return b, nil
		}
	}
}

// chunked is the adaptive chunk loop (steps 3 to 7).
func (r *run) chunked(ctx context.Context, input string, maxChunk, mergeStart int) (string, error) {
	plan := r.plan
	r.res.Chunked = true
	chunkBudget, err := FirstChunk(r.d.planner, plan, input, maxChunk, mergeStart)
	if err != nil {
		return "", fmt.Errorf("densify: %w", err)
	}
	for round := 0; ; round++ {
		r.res.Rounds = round + 1
		r.res.ChunkBudget = chunkBudget
		out, err := r.chunkRound(ctx, input, round, chunkBudget, mergeStart)
		if err == nil {
			return out, nil
		}
		if Classify(err) != Overflow || chunkBudget <= plan.Floor {
			return "", err
		}
		chunkBudget = halve(chunkBudget, plan.Floor)
		mergeStart = halve(mergeStart, plan.Floor)
	}
}

func (r *run) chunkRound(ctx context.Context, input string, round, chunkBudget, mergeStart int) (string, error) {
	chunks, err := r.d.planner.Chunk(input, chunkBudget)
	if err != nil {
		return "", fmt.Errorf("densify round %d: %w", round+1, err)
	}
	words := r.plan.ChunkWords(len(chunks), chunkBudget, mergeStart)
	jobs := make([]job, len(chunks))
	for i, c := range chunks {
		jobs[i] = job{prompt: chunkPrompt(i+1, len(chunks), words), input: c,
			call: Call{Stage: StageChunk, Round: round, ChunkBudget: chunkBudget}}
	}
	partials, err := r.step(ctx, jobs)
	if err != nil {
		return "", fmt.Errorf("densify round %d (chunk budget %d): %w", round+1, chunkBudget, err)
	}
	mergeBudget := mergeStart
	for try := 0; ; try++ {
		r.res.MergeBudget = mergeBudget
		out, err := r.mergePasses(ctx, partials, round, try, chunkBudget, mergeBudget)
		if err == nil {
			return out, nil
		}
		if Classify(err) != Overflow || mergeBudget <= r.plan.Floor {
			return "", fmt.Errorf("densify round %d (chunk budget %d, merge budget %d): %w", round+1, chunkBudget, mergeBudget, err)
		}
		mergeBudget = halve(mergeBudget, r.plan.Floor)
		r.res.MergeRetries++
	}
}

func (r *run) mergePasses(ctx context.Context, partials []string, round, try, chunkBudget, mergeBudget int) (string, error) {
	current := normalize(partials)
	r.res.Joined = false
	for pass := 1; len(current) > 1; pass++ {
		groups, err := r.d.planner.Groups(current, mergeBudget)
		if err != nil {
			return "", err
		}
		if len(groups) >= len(current) {
			r.res.Joined = true
			return strings.Join(current, ParagraphSeparator), nil
		}
		words := MergeWords(mergeBudget)
		jobs := make([]job, len(groups))
		for i, g := range groups {
			jobs[i] = job{prompt: mergePrompt(pass, words), input: strings.Join(g, MergeSeparator),
				call: Call{Stage: StageMerge, Round: round, MergeTry: try, Pass: pass,
					ChunkBudget: chunkBudget, MergeBudget: mergeBudget}}
		}
		outs, err := r.step(ctx, jobs)
		if err != nil {
			return "", fmt.Errorf("merge pass %d: %w", pass, err)
		}
		next := normalize(outs)
		if len(next) > 1 && !r.progressed(current, next) {
			r.res.Joined = true
			return strings.Join(next, ParagraphSeparator), nil
		}
		current = next
	}
	if len(current) == 0 {
		return "", nil
	}
	return current[0], nil
}

// progressed reports whether a merge pass reduced its partials: fewer
// estimated tokens in all, or as many tokens in fewer partials. The pair
// (tokens, count) then falls in lexicographic order at every pass, so the
// passes end whatever the provider returns.
func (r *run) progressed(before, after []string) bool {
	tb, ta := r.total(before), r.total(after)
	return ta < tb || ta == tb && len(after) < len(before)
}

func (r *run) total(parts []string) int {
	n := 0
	for _, p := range parts {
		n += r.d.cfg.Estimator.Tokens(p)
	}
	return n
}

// job is one call of a step.
type job struct {
	prompt, input string
	call          Call // stage and budgets; the rest is filled in by step
}

// step runs jobs with at most WorkLimit in flight and returns their outputs
// in job order, or the error of the lowest-indexed failed job.
func (r *run) step(ctx context.Context, jobs []job) ([]string, error) {
	est := r.d.cfg.Estimator
	outs := make([]string, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, r.d.cfg.WorkLimit)
	var wg sync.WaitGroup
	var failedMu sync.Mutex
	failed := false
	for i := range jobs {
		sem <- struct{}{}
		if err := ctx.Err(); err != nil {
			<-sem
			errs[i] = err
			break
		}
		failedMu.Lock()
		stop := failed
		failedMu.Unlock()
		if stop {
			<-sem
			break
		}
		c := jobs[i].call
		c.Index, c.Of = i+1, len(jobs)
		c.PromptTokens, c.InputTokens = est.Tokens(jobs[i].prompt), est.Tokens(jobs[i].input)
		r.mu.Lock()
		r.seq++
		c.Seq = r.seq
		r.mu.Unlock()
		wg.Add(1)
		go func(i int, c Call) {
			defer func() { <-sem; wg.Done() }()
			out, err := r.d.cfg.Provider.Complete(ctx, jobs[i].prompt, jobs[i].input)
			if err != nil {
				failedMu.Lock()
				failed = true
				failedMu.Unlock()
				c.Err, c.Class = err, Classify(err)
			} else {
				c.OutputTokens = est.Tokens(out)
			}
			outs[i], errs[i] = out, err
			r.record(c)
		}(i, c)
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			return nil, fmt.Errorf("%s call %d of %d: %w", jobs[i].call.Stage, i+1, len(jobs), err)
		}
	}
	return outs, nil
}

func (r *run) record(c Call) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.res.Calls = append(r.res.Calls, c)
	if r.d.cfg.Observer != nil {
		r.d.cfg.Observer(c)
	}
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

func orDefault(v, def int) int {
	if v == 0 {
		return def
	}
	return v
}
