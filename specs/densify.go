package specs

import (
	"context"
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
)

// The densification checks play the language model: each builds a simulated
// provider (llm/sim, through call.Model, which injects failures by rule and
// records every call), sends one request, and judges the implementation by
// the calls it made and its answer. Sizes are counted by the simulator's
// tokenizer, the standard's original estimate (one token per CJK character,
// ceil(n/3) for the n other characters): the prose below is ASCII, so a text
// of n bytes is ceil(n/3) tokens.
//
// Decisions (specs/REQUIREMENTS.md has them in full): failures are
// answers with status failed, not errors; the answer reports the shape of its
// calls and the harness checks it against the record; "within the cap" is
// judged on the original estimator's count; halving is b/2 either way,
// clamped to 320; "exactly once per attempt" is per round, white space
// removed; non-termination is a call budget exceeded; the safety-margin
// drift and the cost factors are SHOULD.
func densifyRequirements() []suite.Requirement {
	std := adapters.Densify
	return []suite.Requirement{
		spec(std, "DSF-01", "High-level flow 2", suite.Must,
			"An input whose estimate exceeds the maximum input is rejected early, as input too long, without any provider call (and without a capture retry).", earlyRejection),
		spec(std, "DSF-02", "High-level flow 2 (reference)", suite.Reference,
			"The default maximum input is 100,000 estimated tokens (the text's figure; the original code used 64,000).", defaultMaxInput),
		spec(std, "DSF-03", "Remote providers", suite.Must,
			"Reactive entry makes one full-input call first; when it succeeds, it is the only call and its output is the result.", reactiveFirst),
		spec(std, "DSF-04", "Remote providers; Context-window error detection", suite.Must,
			"When the full call overflows the context window, the flow switches to chunking and recovers.", reactiveOverflow),
		spec(std, "DSF-05", "Remote providers; Retry strategy", suite.Must,
			"A failure that is not a context-window overflow is returned at once, at every stage: no chunking, no halving, no merge-local retry follows it.", nonOverflowReturned),
		spec(std, "DSF-06", "Apple Foundation Models", suite.Must,
			"Proactive entry at the 4096 cap starts by chunking (no full call) and keeps every call within 4096 tokens.", proactiveApple),
		spec(std, "DSF-07", "Retry strategy; What happens when merge pass overflows?", suite.Must,
			"A merge overflow first halves the merge budget and retries the merge on the same partials; chunks are not re-sent while the merge budget is above 320.", mergeLocalRetry),
		spec(std, "DSF-08", "Retry strategy", suite.Must,
			"When merging still overflows at the minimum merge budget, the chunk budget is halved and the run restarts from the input; at the minimum chunk budget the error surfaces.", mergeFallback),
		spec(std, "DSF-09", "Budget values; Retry strategy", suite.Must,
			"Budgets are halved on overflow and never below 320: chunk overflows step the chunk budget down to 320, then the error surfaces.", halvingFloor),
		spec(std, "DSF-10", "Context-window error detection", suite.Must,
			"A rate-limit error never triggers chunking or halving, at the full call, a chunk call or a merge call, in every provider's wording.", rateLimitNotOverflow),
		spec(std, "DSF-11", "Context-window error detection", suite.Must,
			"Classification on fixtures/densify/errors.json: the full call failing with each real message switches to chunking exactly when the message is a context-window overflow.", classifierFixtures),
		spec(std, "DSF-12", "Capture-level retry and final failure", suite.Must,
			"Capture retries a failed densification once (2 attempts in all); when both fail the answer is failed with the failure message.", captureRetry),
		spec(std, "DSF-13", "Capture-level retry (reference)", suite.Reference,
			"Capture retries provider failures only: not the early rejection and not invalid input.", captureOnlyProvider),
		spec(std, "DSF-14", "Capture-level retry and final failure", suite.Should,
			"The stored failure message carries the provider's own message.", messageCarriesProvider),
		spec(std, "DSF-15", "bad input", suite.Must,
			"Invalid input (invalid UTF-8, a negative cap or maximum input, an unknown entry) is refused without any provider call.", badDensifyInput),
		spec(std, "DSF-16", "High-level flow (reference)", suite.Reference,
			"Input of only white space densifies to the empty text without a provider call.", blankInput),
		spec(std, "DSF-17", "Non-reducing merge guard", suite.Must,
			"The merge loop ends even with a model that never shortens its input: passes whose groups cannot reduce the parts are not run.", terminatesWithEcho),
		spec(std, "DSF-18", "Current trade-off (cost)", suite.Should,
			"When the plan's cap is the model's window, densification stays within 4x the simulator's lower bound in calls and 2x in tokens sent (figures for every run are reported against the bound, the largest call against the cap).", costWithinFactor),
		spec(std, "DSF-28", "Current trade-off (reference: derived budgets)", suite.Reference,
			"Chunk and merge budgets derived from the window keep calls within 1.25x of the planned bound (every call keeping the safety margin, its prompt and its least output) when no call fails, and within 2x of the simulator's bound when a declared 100,000 cap proves too large for an 8192 window and the overflow states it; no accepted call exceeds the window.", derivedCost),
	}
}

// sentence i of a generated text: distinct (it carries i), about 80 bytes.
func sentence(i int) string {
	subjects := []string{"the capture worker", "the planner", "the merge step", "the provider client", "the snapshot store", "the retry loop", "the budget table"}
	verbs := []string{"recorded", "rejected", "flushed", "measured", "split", "joined", "retried", "reported"}
	objects := []string{"the window size", "a partial summary", "the token estimate", "an overflow error", "the chunk list", "a failed call", "the output reserve"}
	return fmt.Sprintf("Event %d: %s %s %s at step %d.", i, subjects[i%7], verbs[(i*3)%8], objects[(i*5)%7], i*17%1000)
}

// prose is n distinct sentences in paragraphs of five, paragraphs separated
// by a blank line. Each sentence is 50 to 90 bytes, so n sentences are
// roughly 23n tokens.
func prose(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			if i%5 == 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(sentence(i))
	}
	return b.String()
}

func newModel(t *suite.T, cfg sim.Config) *call.Model {
	m, err := call.NewModel(cfg)
	if err != nil {
		t.Fatalf("harness: %v", err)
	}
	return m
}

// styleError is the error the simulator gives, in style st, for a failure of
// the given kind (overflow, rate_limit or transient).
func styleError(st sim.Style, kind string) error {
	f := sim.Faults{}
	switch kind {
	case invariant.KindOverflow:
		f.OverflowAt = []int{1}
	case invariant.KindRateLimit:
		f.RateLimitAt = []int{1}
	default:
		f.TransientAt = []int{1}
	}
	s, err := sim.New(sim.Config{Cap: 100_000, Style: st, Faults: f})
	if err != nil {
		return err
	}
	_, err = s.Complete(context.Background(), "Max length: 100 words.", "x")
	return err
}

// failAt answers the index-th call of stage (from 1) with err of kind; index
// 0 means every call of the stage.
func failAt(stage string, index int, err error, kind string) func(call.Seen) *call.Injection {
	return func(s call.Seen) *call.Injection {
		if s.Stage == stage && (index == 0 || s.Index == index) {
			return &call.Injection{Err: err, Kind: kind}
		}
		return nil
	}
}

// judge applies invariants to a densification, failing the check on each
// violation.
func judge(t *suite.T, name string, d call.Densified, checks ...func(call.Densified) error) {
	for _, c := range checks {
		if err := c(d); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func adapts(d call.Densified) error      { return invariant.OverflowAdapts(d.Ans, d.Steps) }
func halving(d call.Densified) error     { return invariant.Halving(d.Ans) }
func nonOverflow(d call.Densified) error { return invariant.NonOverflowEnds(d.Steps) }
func restarts(d call.Densified) error    { return invariant.NewRoundOnlyAfterOverflow(d.Steps) }
func chunksOnce(d call.Densified) error  { return invariant.ChunksOnce(d.Req.Input, d.Steps) }
func reduces(d call.Densified) error     { return invariant.Reduces(d.Ans) }

func ready(d call.Densified) error {
	if d.Ans.Status != adapters.StatusReady {
		return fmt.Errorf("status %s (%s), want ready", d.Ans.Status, d.Ans.Message)
	}
	return nil
}

func failedProvider(d call.Densified) error {
	if d.Ans.Status != adapters.StatusFailed || d.Ans.Failure != adapters.FailureProvider {
		return fmt.Errorf("status %s, failure %q, want failed with a provider failure", d.Ans.Status, d.Ans.Failure)
	}
	return nil
}

func calls(n int) func(call.Densified) error {
	return func(d call.Densified) error {
		if len(d.Calls) != n {
			return fmt.Errorf("%d provider calls, want %d", len(d.Calls), n)
		}
		return nil
	}
}

// earlyRejection: a maximum input of 1000 tokens and a 6000-byte ASCII text,
// which is 2000 tokens at three bytes a token and still 1500 at four (any
// estimator over 1000): rejected, with no call, with and without capture.
func earlyRejection(t *suite.T) {
	input := prose(100)[:6000]
	for _, capture := range []bool{false, true} {
		m := newModel(t, sim.Config{Cap: 100_000})
		req := adapters.DensifyRequest{Input: input, Cap: 100_000, Entry: adapters.EntryReactive, MaxInput: 1000, Capture: capture}
		d := call.MustDensify(t, req, m)
		name := fmt.Sprintf("capture %v", capture)
		if d.Ans.Status != adapters.StatusFailed || d.Ans.Failure != adapters.FailureTooLong {
			t.Errorf("%s: status %s, failure %q; want failed, %q", name, d.Ans.Status, d.Ans.Failure, adapters.FailureTooLong)
		}
		judge(t, name, d, calls(0))
	}
}

// defaultMaxInput: with no maximum given, 301,800 ASCII bytes (100,600
// tokens) are rejected without a call, and 297,000 bytes (99,000 tokens) are
// not: the flow makes its full call, which the model refuses with an
// authentication error so the run ends there.
func defaultMaxInput(t *suite.T) {
	unit := "Context windows are finite. " // 28 bytes
	over := strings.Repeat(unit, 301_800/28+1)[:301_800]
	under := over[:297_000]
	auth := &densify.ProviderError{Provider: "openai", Status: 401, Code: "invalid_api_key", Message: "Incorrect API key provided."}
	for _, c := range []struct {
		name     string
		input    string
		rejected bool
	}{{"100,600 tokens", over, true}, {"99,000 tokens", under, false}} {
		m := newModel(t, sim.Config{Cap: 200_000})
		m.Inject = func(call.Seen) *call.Injection { return &call.Injection{Err: auth, Kind: invariant.KindOther} }
		d := call.MustDensify(t, adapters.DensifyRequest{Input: c.input, Cap: 200_000, Entry: adapters.EntryReactive}, m)
		if got := d.Ans.Failure == adapters.FailureTooLong; got != c.rejected {
			t.Errorf("%s: rejected early %v (failure %q), want %v", c.name, got, d.Ans.Failure, c.rejected)
		}
		if c.rejected {
			judge(t, c.name, d, calls(0))
		} else if len(d.Calls) == 0 {
			t.Errorf("%s: no provider call", c.name)
		}
	}
}

// reactiveFirst: 200 sentences (about 4,600 tokens) on a 100,000 cap fit one
// call: exactly one call, a full one, carrying the whole input; the answer is
// ready and its output is that call's output.
func reactiveFirst(t *suite.T) {
	m := newModel(t, sim.Config{Cap: 100_000})
	req := adapters.DensifyRequest{Input: prose(200), Cap: 100_000, Entry: adapters.EntryReactive}
	d := call.MustDensify(t, req, m)
	judge(t, "fits", d, calls(1), ready, chunksOnce)
	if len(d.Calls) > 0 {
		if d.Calls[0].Stage != "full" {
			t.Errorf("first call is a %s call, want full", d.Calls[0].Stage)
		}
		if strings.TrimSpace(d.Ans.Output) != strings.TrimSpace(d.Calls[0].Output) {
			t.Errorf("output %q is not the full call's output %q", clip.Text(d.Ans.Output, 80), clip.Text(d.Calls[0].Output, 80))
		}
	}
}

// reactiveOverflow: the remote path assumes a 100,000 cap, but the model's
// window is 4096. 600 sentences (about 14,000 tokens) overflow the full call;
// the flow must switch to chunking and end ready, every chunk sent once.
func reactiveOverflow(t *suite.T) {
	for _, st := range []sim.Style{sim.OpenAI, sim.Anthropic, sim.Gemini, sim.LlamaCpp} {
		m := newModel(t, sim.Config{Cap: 4096, Style: st})
		req := adapters.DensifyRequest{Input: prose(600), Cap: 100_000, Entry: adapters.EntryReactive, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		name := string(st)
		judge(t, name, d, ready, adapts, restarts, chunksOnce)
		if len(d.Calls) < 2 || d.Calls[0].Stage != "full" || d.Calls[0].Kind != invariant.KindOverflow || d.Calls[1].Stage != "chunk" {
			t.Errorf("%s: want a full call that overflows, then chunk calls; got %s", name, stages(d.Calls, 3))
		}
	}
}

func stages(cs []invariant.Call, n int) string {
	var parts []string
	for i, c := range cs {
		if i == n {
			parts = append(parts, fmt.Sprintf("… (%d calls)", len(cs)))
			break
		}
		s := c.Stage
		if c.Kind != "" {
			s += "!" + c.Kind
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// nonOverflowReturned: failures that are not overflows (a 500, an
// authentication error, an output-limit error) at the full call, at the
// second chunk call, and at the first merge call (proactive at 4096, 600
// sentences, so there are several chunks and merges; work limit 1). Each
// ends the attempt: the failing step is the last, and the answer is failed.
func nonOverflowReturned(t *suite.T) {
	transient := styleError(sim.OpenAI, invariant.KindTransient)
	auth := &densify.ProviderError{Provider: "openai", Status: 401, Code: "invalid_api_key", Message: "Incorrect API key provided: sk-abc***xyz."}
	outputCap := &densify.ProviderError{Provider: "openai", Status: 400,
		Message: "max_tokens is too large: 100000. This model supports at most 16384 completion tokens, whereas you provided 100000."}
	for _, c := range []struct {
		stage string
		index int
		entry string
	}{{"full", 1, adapters.EntryReactive}, {"chunk", 2, adapters.EntryProactive}, {"merge", 1, adapters.EntryProactive}} {
		for _, e := range []struct {
			name string
			err  error
			kind string
		}{{"HTTP 500", transient, invariant.KindTransient}, {"HTTP 401", auth, invariant.KindOther}, {"max_tokens", outputCap, invariant.KindOther}} {
			m := newModel(t, sim.Config{Cap: invariant.AppleCap})
			m.Inject = failAt(c.stage, c.index, e.err, e.kind)
			req := adapters.DensifyRequest{Input: prose(600), Cap: invariant.AppleCap, Entry: c.entry, WorkLimit: 1}
			d := call.MustDensify(t, req, m)
			name := fmt.Sprintf("%s at %s call %d", e.name, c.stage, c.index)
			judge(t, name, d, failedProvider, nonOverflow)
		}
	}
}

// proactiveApple: proactive entry at the Apple cap of 4096, on a model whose
// window is 4096: a short text (10 sentences, about 230 tokens, which would
// fit one call) and a long one (600 sentences). No full call; no call over
// 4096; ready.
func proactiveApple(t *suite.T) {
	for _, n := range []int{10, 600} {
		m := newModel(t, sim.Config{Cap: invariant.AppleCap, Style: sim.Apple})
		req := adapters.DensifyRequest{Input: prose(n), Cap: invariant.AppleCap, Entry: adapters.EntryProactive}
		d := call.MustDensify(t, req, m)
		name := fmt.Sprintf("%d sentences", n)
		judge(t, name, d, ready, chunksOnce, func(d call.Densified) error { return invariant.WithinCap(d.Steps, invariant.AppleCap) })
		for _, c := range d.Calls {
			if c.Stage == "full" {
				t.Errorf("%s: call %d is a full call; proactive entry makes none", name, c.N)
				break
			}
		}
	}
}

// mergeLimit makes merge calls whose input exceeds limit tokens overflow
// (a model that accepts chunks but not large merges).
func mergeLimit(limit int) func(call.Seen) *call.Injection {
	over := styleError(sim.Anthropic, invariant.KindOverflow)
	return func(s call.Seen) *call.Injection {
		if s.Stage == "merge" && s.Tokens > limit {
			return &call.Injection{Err: over, Kind: invariant.KindOverflow}
		}
		return nil
	}
}

// mergeLocalRetry: proactive at 4096 (the reference's merge budget is
// about 2,900), 900 sentences (about 20,000 tokens: several chunks), and a
// model that refuses merges of more than 900 input tokens. A merge group
// near the merge budget overflows; halving it to about 1,400, then 700,
// makes groups that fit, so the merge recovers without re-sending any
// chunk.
func mergeLocalRetry(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = mergeLimit(900)
	req := adapters.DensifyRequest{Input: prose(900), Cap: invariant.AppleCap, Entry: adapters.EntryProactive, WorkLimit: 1}
	d := call.MustDensify(t, req, m)
	judge(t, "merge limit 900", d, ready, adapts, restarts, halving, chunksOnce)
	overflowed := false
	for _, c := range d.Calls {
		overflowed = overflowed || c.Kind == invariant.KindOverflow
	}
	if !overflowed {
		t.Logf("no merge overflowed: the implementation's merge groups stay under 900 tokens, so merge-local retry was not exercised")
	}
	trail(t, "merge limit 900", d)
}

// mergeFallback: every merge call overflows (proactive at 4096, 300
// sentences: several chunks), and the model answers chunks with one sentence
// (terse), so partials are small enough to be grouped at every merge budget.
// The merge budget halves to 320, then the chunk budget halves and the run
// restarts from the input, down to the chunk floor, where the overflow
// surfaces: the answer is failed.
func mergeFallback(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = failAt("merge", 0, styleError(sim.OpenAI, invariant.KindOverflow), invariant.KindOverflow)
	m.Reply = terse
	req := adapters.DensifyRequest{Input: prose(300), Cap: invariant.AppleCap, Entry: adapters.EntryProactive, WorkLimit: 1}
	d := call.MustDensify(t, req, m)
	judge(t, "every merge overflows", d, failedProvider, adapts, restarts, halving)
	trail(t, "every merge overflows", d)
	if len(d.Ans.Runs) > 0 {
		rs := d.Ans.Runs[0].Rounds
		if len(rs) == 0 || rs[len(rs)-1].ChunkBudget != invariant.Floor {
			t.Errorf("the run surfaced the error before the chunk budget reached %d (rounds %s)", invariant.Floor, budgets(rs))
		}
	}
}

// terse keeps the first sentence of an output (up to the first "." before
// white space): partials of about 25 tokens.
func terse(_ call.Seen, out string) string {
	for i := 0; i+1 < len(out); i++ {
		if out[i] == '.' && (out[i+1] == ' ' || out[i+1] == '\n') {
			return out[:i+1]
		}
	}
	return out
}

// trail notes the budgets an attempt went through and the calls it made.
func trail(t *suite.T, name string, d call.Densified) {
	for i, run := range d.Ans.Runs {
		t.Notef("%s: attempt %d: %d calls, budgets %s", name, i+1, run.Calls(), budgets(run.Rounds))
	}
}

func budgets(rs []adapters.DensifyRound) string {
	var parts []string
	for _, r := range rs {
		var ms []string
		for _, m := range r.Merges {
			ms = append(ms, fmt.Sprint(m.Budget))
		}
		parts = append(parts, fmt.Sprintf("chunk %d merge [%s]", r.ChunkBudget, strings.Join(ms, " ")))
	}
	return "[" + strings.Join(parts, "; ") + "]"
}

// halvingFloor: every chunk call overflows, on the Apple path (cap 4096) and
// the remote path (cap 100,000, after the full call overflows). Each round's
// chunk budget is the previous one halved; the last is exactly 320 (the
// error surfaces there, not earlier, not later); none is below 320.
func halvingFloor(t *suite.T) {
	over := styleError(sim.OpenAI, invariant.KindOverflow)
	for _, c := range []struct {
		name  string
		cap   int
		entry string
	}{{"apple", invariant.AppleCap, adapters.EntryProactive}, {"remote", 100_000, adapters.EntryReactive}} {
		m := newModel(t, sim.Config{Cap: c.cap})
		m.Inject = func(s call.Seen) *call.Injection {
			if s.Stage != "merge" {
				return &call.Injection{Err: over, Kind: invariant.KindOverflow}
			}
			return nil
		}
		req := adapters.DensifyRequest{Input: prose(300), Cap: c.cap, Entry: c.entry, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		judge(t, c.name, d, failedProvider, adapts, restarts, halving)
		trail(t, c.name, d)
		if len(d.Ans.Runs) == 0 {
			continue
		}
		rs := d.Ans.Runs[0].Rounds
		if len(rs) == 0 || rs[len(rs)-1].ChunkBudget != invariant.Floor {
			t.Errorf("%s: the last round's chunk budget is not %d (rounds %s)", c.name, invariant.Floor, budgets(rs))
		}
	}
}

// rateLimitNotOverflow: each style's rate-limit error (OpenAI's TPM message,
// Anthropic's "reduce the prompt length", Gemini's RESOURCE_EXHAUSTED, a
// plain 429, Apple's rateLimited) at the full call, the second chunk call and
// the first merge call. None may lead to chunking, halving or a merge-local
// retry: the attempt ends there, failed.
func rateLimitNotOverflow(t *suite.T) {
	for _, st := range []sim.Style{sim.OpenAI, sim.Anthropic, sim.Gemini, sim.LlamaCpp, sim.Apple} {
		rl := styleError(st, invariant.KindRateLimit)
		for _, c := range []struct {
			stage string
			index int
			entry string
		}{{"full", 1, adapters.EntryReactive}, {"chunk", 2, adapters.EntryProactive}, {"merge", 1, adapters.EntryProactive}} {
			m := newModel(t, sim.Config{Cap: invariant.AppleCap, Style: st})
			m.Inject = failAt(c.stage, c.index, rl, invariant.KindRateLimit)
			req := adapters.DensifyRequest{Input: prose(600), Cap: invariant.AppleCap, Entry: c.entry, WorkLimit: 1}
			d := call.MustDensify(t, req, m)
			judge(t, fmt.Sprintf("%s rate limit at %s call %d", st, c.stage, c.index), d, failedProvider, nonOverflow, restarts)
		}
	}
}

// errorRow is a row of fixtures/densify/errors.json.
type errorRow = fixtures.ProviderError

// loadErrorRows reads the fixture table embedded in package fixtures.
func loadErrorRows() ([]errorRow, error) { return fixtures.ProviderErrors() }

// classifierFixtures: for every row, reactive entry on a 4096 window with
// the full call failing with the row's error, work limit 1. An overflow row
// must be followed by chunk calls and a ready answer; a rate-limit or other
// row by no further call and a failed answer.
func classifierFixtures(t *suite.T) {
	rows, err := loadErrorRows()
	if err != nil {
		t.Fatalf("fixture table: %v", err)
	}
	input := prose(300)
	wrong := 0
	for i, row := range rows {
		pe := &densify.ProviderError{Provider: row.Provider, Status: row.Status, Type: row.Type, Code: row.Code, Message: row.Message}
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		m.Inject = failAt("full", 1, pe, row.Class)
		req := adapters.DensifyRequest{Input: input, Cap: invariant.AppleCap, Entry: adapters.EntryReactive, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		chunked := len(d.Calls) > 1
		if want := row.Class == invariant.KindOverflow; chunked != want {
			wrong++
			how := "returned the error"
			if chunked {
				how = "switched to chunking"
			}
			t.Errorf("row %d (%s, HTTP %d, class %s) %q: the flow %s", i+1, row.Provider, row.Status, row.Class, clip.Text(row.Message, 80), how)
		}
	}
	t.Notef("classification through behaviour: %d of %d fixture messages handled as their class says", len(rows)-wrong, len(rows))
}

// captureRetry: with capture, (a) every call fails with a 500: two
// attempts, failed, with a message; the provider's record splits into two
// attempts; (b) only the very first call fails: two attempts, ready; (c)
// without capture, one failure is final after one attempt.
func captureRetry(t *suite.T) {
	transient := styleError(sim.Anthropic, invariant.KindTransient)
	input := prose(200)
	for _, c := range []struct {
		name     string
		capture  bool
		inject   func(call.Seen) *call.Injection
		attempts int
		status   string
	}{
		{"every call fails", true, func(call.Seen) *call.Injection { return &call.Injection{Err: transient, Kind: invariant.KindTransient} }, 2, adapters.StatusFailed},
		{"first call fails", true, func(s call.Seen) *call.Injection {
			if s.N == 1 {
				return &call.Injection{Err: transient, Kind: invariant.KindTransient}
			}
			return nil
		}, 2, adapters.StatusReady},
		{"no capture", false, func(call.Seen) *call.Injection { return &call.Injection{Err: transient, Kind: invariant.KindTransient} }, 1, adapters.StatusFailed},
	} {
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		m.Inject = c.inject
		req := adapters.DensifyRequest{Input: input, Cap: invariant.AppleCap, Entry: adapters.EntryReactive, Capture: c.capture, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		if d.Ans.Attempts != c.attempts || d.Ans.Status != c.status {
			t.Errorf("%s: %d attempts, status %s; want %d, %s", c.name, d.Ans.Attempts, d.Ans.Status, c.attempts, c.status)
		}
		if c.status == adapters.StatusFailed && strings.TrimSpace(d.Ans.Message) == "" {
			t.Errorf("%s: failed without a message", c.name)
		}
		attempts := map[int]bool{}
		for _, s := range d.Steps {
			attempts[s.Attempt] = true
		}
		if len(attempts) != c.attempts {
			t.Errorf("%s: the provider saw calls from %d attempts, want %d", c.name, len(attempts), c.attempts)
		}
	}
}

// captureOnlyProvider: the reference retries provider failures only; the
// early rejection and invalid UTF-8 are answered after one attempt.
func captureOnlyProvider(t *suite.T) {
	for _, c := range []struct {
		name string
		req  adapters.DensifyRequest
	}{
		{"input too long", adapters.DensifyRequest{Input: prose(100)[:6000], MaxInput: 1000}},
		{"invalid UTF-8", adapters.DensifyRequest{Input: "ok \xff\xfe bad"}},
	} {
		c.req.Capture, c.req.Cap, c.req.Entry = true, invariant.AppleCap, adapters.EntryReactive
		d := call.MustDensify(t, c.req, newModel(t, sim.Config{Cap: invariant.AppleCap}))
		if d.Ans.Attempts != 1 || d.Ans.Status != adapters.StatusFailed {
			t.Errorf("%s: %d attempts, status %s; want 1 attempt, failed", c.name, d.Ans.Attempts, d.Ans.Status)
		}
	}
}

// messageCarriesProvider: a full call failing with an authentication error
// whose message is distinctive: the failure message contains it.
func messageCarriesProvider(t *suite.T) {
	msg := "Incorrect API key provided: sk-zz9***plural. You can find your API key at the dashboard."
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = failAt("full", 0, &densify.ProviderError{Provider: "openai", Status: 401, Code: "invalid_api_key", Message: msg}, invariant.KindOther)
	req := adapters.DensifyRequest{Input: prose(50), Cap: invariant.AppleCap, Entry: adapters.EntryReactive, Capture: true}
	d := call.MustDensify(t, req, m)
	if !strings.Contains(d.Ans.Message, "sk-zz9***plural") {
		t.Errorf("failure message %q does not carry the provider's message %q", d.Ans.Message, msg)
	}
}

// badDensifyInput: requests refused before any call.
func badDensifyInput(t *suite.T) {
	type c = refusal[adapters.DensifyRequest]
	for _, c := range []c{
		{"invalid UTF-8", adapters.DensifyRequest{Input: "ok ab bad", Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: "ok \xff\xfe bad", Cap: invariant.AppleCap}},
		{"negative cap", adapters.DensifyRequest{Input: prose(20), Cap: 4096}, adapters.DensifyRequest{Input: prose(20), Cap: -4096}},
		{"negative max input", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, MaxInput: -1}},
		{"unknown entry", adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap}, adapters.DensifyRequest{Input: prose(20), Cap: invariant.AppleCap, Entry: "sideways"}},
	} {
		// The valid twin first: refusing it shows the faulty request's
		// refusal means nothing; not answering it is an error.
		if _, err := call.Densify(t, c.twin, newModel(t, sim.Config{Cap: invariant.AppleCap})); err != nil {
			switch {
			case inexpressible(err):
				t.Notef("case %q skipped: its valid twin cannot reach this implementation: %v", c.name, err)
			case nonAnswer(err):
				t.OperationFailed(c.name+": valid twin", err)
			default:
				t.Errorf("%s: the valid twin was refused (%v)", c.name, err)
			}
			continue
		}
		m := newModel(t, sim.Config{Cap: invariant.AppleCap})
		ans, err := call.Densify(t, c.bad, m)
		switch {
		case err != nil && inexpressible(err):
			t.Notef("case %q skipped: the faulty request cannot reach this implementation: %v", c.name, err)
			continue
		case err != nil && nonAnswer(err):
			t.OperationFailed(c.name+": faulty request", err) // a non-answer is never a refusal
		case err != nil:
			continue // refused as an error: acceptable
		}
		if ans.Status != adapters.StatusFailed {
			t.Errorf("%s: status %s, want failed", c.name, ans.Status)
		}
		if n := len(m.Calls()); n > 0 {
			t.Errorf("%s: %d provider calls, want none", c.name, n)
		}
	}
}

// blankInput: white space only gives "" and no call.
func blankInput(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	d := call.MustDensify(t, adapters.DensifyRequest{Input: " \n\n\t  \r\n", Cap: invariant.AppleCap, Entry: adapters.EntryReactive}, m)
	judge(t, "blank", d, ready, calls(0))
	if d.Ans.Output != "" {
		t.Errorf("output %q, want empty", d.Ans.Output)
	}
}

// terminatesWithEcho: a model that returns every input unchanged (its
// window 4096), proactive at 4096, 600 sentences. Merging never shortens, so
// parts grow until no two fit one group; the non-reducing guard must end the
// loop. A budget of 600 calls stands for "never": the reference needs well
// under 100.
func terminatesWithEcho(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Echo = true
	m.Budget = 600
	req := adapters.DensifyRequest{Input: prose(600), Cap: invariant.AppleCap, Entry: adapters.EntryProactive}
	d := call.MustDensify(t, req, m)
	judge(t, "echo", d, ready, reduces)
	t.Notef("model that never shortens: %d calls", len(d.Calls))
}

// Cost factors of DSF-18. The simulator's bound lets every call carry a
// whole window of input and merges everything in one call, which no flow
// that keeps room for output and a safety margin can do. At the 4096 cap a
// chunk call keeps 10% of the window as its margin and room for its prompt
// and output, so chunk calls alone are 1.3 to 1.5 times the bound (2 to 3
// with the original's fixed ceilings); every partial is sent again in a
// merge and every call repeats its prompt, so tokens sent are about 1.3 to
// 1.7 times the bound. The factors leave room above that for any planner
// that follows the standard.
const (
	callFactor  = 4.0
	tokenFactor = 2.0
)

// Factors of DSF-28, the reference's own target for derived budgets: calls
// within 1.25 times the planned bound (the least a flow can make whose
// calls each keep the reference's safety margin, chunk prompt and least
// output; see keptBound) when no call fails, and within 2 times the
// simulator's bound after the declared window proves too large. 1.25 times
// the simulator's own bound is out of reach for any flow that keeps a 10%
// margin: on the prose corpus at 4096 it means two chunk calls of 3,700
// tokens each, more than a 4,096 window holds beside the margin.
const (
	derivedFactor  = 1.25
	overflowFactor = 2.0
)

// costRun is one representative densification of DSF-18 and DSF-28.
type costRun struct {
	name        string
	input       string
	cap, window int
	entry       string
	style       sim.Style // the model's error wording ("" OpenAI's, which states the window)
	judged      bool      // held to DSF-18's factors and DSF-28's 1.25: the plan's cap is the model's window
	overflowed  bool      // held to DSF-28's 2: the declared cap proves too large, the overflow stating the window
}

// costRuns: the prose corpus (22 kB, one full call on an 8192 window) and
// 1500 generated sentences (about 33,000 tokens) on the Apple path and on
// the remote path (real window 8192: the full call overflows, its message
// stating the window, or in Apple's wording not), and a short text that
// fits one call.
func costRuns(t *suite.T) []costRun {
	docs, err := fixtures.Corpus("prose")
	if err != nil || len(docs) == 0 {
		t.Fatalf("prose corpus: %v", err)
	}
	corpus := docs[0].Body
	return []costRun{
		{"prose corpus, apple 4096", corpus, invariant.AppleCap, invariant.AppleCap, adapters.EntryProactive, "", true, false},
		{"prose corpus, remote 100000 on an 8192 window", corpus, 100_000, 8192, adapters.EntryReactive, "", false, true},
		{"generated 1500 sentences, apple 4096", prose(1500), invariant.AppleCap, invariant.AppleCap, adapters.EntryProactive, "", true, false},
		{"generated 1500 sentences, remote 100000 on an 8192 window", prose(1500), 100_000, 8192, adapters.EntryReactive, "", false, true},
		{"generated 1500 sentences, remote 100000 on an 8192 window, no window in the message", prose(1500), 100_000, 8192, adapters.EntryReactive, sim.Apple, false, false},
		{"generated 100 sentences, remote 100000", prose(100), 100_000, 100_000, adapters.EntryReactive, "", true, false},
	}
}

// keptBound is the simulator's bound for a flow whose every call keeps, of
// the window, what the reference's plan for it keeps: the safety margin,
// the chunk prompt and the least chunk output (Plan.MaxChunk is what is
// left for input).
func keptBound(m *call.Model, input string, window int) sim.Bound {
	plan, err := densify.NewPlan(densify.CJKEstimator{}, window, densify.NoCeiling, densify.NoCeiling, densify.DefaultFloor)
	if err != nil {
		return sim.Bound{}
	}
	return m.Sim.KeptBound(input, window-plan.MaxChunk)
}

// costOf runs c and notes its figures: calls and tokens sent against the
// simulator's bound and against the planned bound (keptBound), the largest call against
// the window, failed calls, rounds and merge-local retries.
func costOf(t *suite.T, c costRun) (sim.Report, sim.Bound) {
	m := newModel(t, sim.Config{Cap: c.window, Style: c.style})
	req := adapters.DensifyRequest{Input: c.input, Cap: c.cap, Entry: c.entry}
	d := call.MustDensify(t, req, m)
	judge(t, c.name, d, ready)
	rep := m.Sim.Report(c.input)
	mb := keptBound(m, c.input, c.window)
	rounds, retries := 0, 0
	for _, run := range d.Ans.Runs {
		rounds += len(run.Rounds)
		for _, r := range run.Rounds {
			retries += max(len(r.Merges)-1, 0)
		}
	}
	t.Notef("%s: calls %d vs bound %d (x%.2f) and planned bound %d (x%.2f); tokens sent %d vs bound %d (x%.2f); largest call %d of window %d; failed calls %d, rounds %d, merge-local retries %d",
		c.name, rep.Calls, rep.Bound.Calls, rep.CallRatio, mb.Calls, ratio(rep.Calls, mb.Calls), rep.TokensSent, rep.Bound.Tokens, rep.TokenRatio,
		rep.LargestCall, c.window, rep.Failed, rounds, retries)
	if rep.LargestAccepted > c.window {
		t.Errorf("%s: an accepted call of %d tokens exceeds the window of %d", c.name, rep.LargestAccepted, c.window)
	}
	return rep, mb
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}

// costWithinFactor measures representative runs against the simulator's
// lower bound, and holds to the factors the runs whose plan assumes the
// model's real window. On the remote path the standard assumes a 100,000 cap
// whatever the window ("high initial assumption, then adapted down by
// failures"), so the full call it requires is sent and refused: those
// figures are reported, not judged here (DSF-28 judges the reference's).
func costWithinFactor(t *suite.T) {
	for _, c := range costRuns(t) {
		rep, _ := costOf(t, c)
		if !c.judged {
			continue
		}
		if rep.CallRatio > callFactor {
			t.Errorf("%s: %d calls, %.2f times the bound of %d (allowed %.1f)", c.name, rep.Calls, rep.CallRatio, rep.Bound.Calls, callFactor)
		}
		if rep.TokenRatio > tokenFactor {
			t.Errorf("%s: %d tokens sent, %.2f times the bound of %d (allowed %.1f)", c.name, rep.TokensSent, rep.TokenRatio, rep.Bound.Tokens, tokenFactor)
		}
	}
}

// derivedCost holds the runs of DSF-18 to the reference's factors: a run
// whose plan assumes the model's window makes at most 1.25 times the calls
// of the planned bound; a run whose declared cap (100,000) proves too large
// for the window makes at most twice the simulator's bound, the refused
// full call included, when the overflow states the window (a message that
// does not leaves only halving, which the figures report). No accepted call
// exceeds the window (costOf).
func derivedCost(t *suite.T) {
	for _, c := range costRuns(t) {
		rep, mb := costOf(t, c)
		switch {
		case c.judged && ratio(rep.Calls, mb.Calls) > derivedFactor:
			t.Errorf("%s: %d calls, %.2f times the planned bound of %d (allowed %.2f)", c.name, rep.Calls, ratio(rep.Calls, mb.Calls), mb.Calls, derivedFactor)
		case c.overflowed && rep.CallRatio > overflowFactor:
			t.Errorf("%s: %d calls after the declared window proved too large, %.2f times the bound of %d (allowed %.1f)", c.name, rep.Calls, rep.CallRatio, rep.Bound.Calls, overflowFactor)
		}
	}
}
