package densify_test

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// para(i) is 300 ASCII characters, one sentence: 100 tokens under the CJK
// estimator (and under the simulator at drift 0). Paragraphs are joined by
// "\n\n" (1 token), so k paragraphs in one text cost 100k + (k-1).
func para(i int) string {
	return fmt.Sprintf("P%02d ", i) + strings.Repeat("x", 295) + "."
}

// paras joins the numbered paragraphs.
func paras(nums ...int) string {
	parts := make([]string, len(nums))
	for i, n := range nums {
		parts[i] = para(n)
	}
	return strings.Join(parts, "\n\n")
}

func span(from, to int) []int {
	var out []int
	for i := from; i <= to; i++ {
		out = append(out, i)
	}
	return out
}

// input40 is 40 paragraphs: 40*100 + 39 = 4039 tokens.
var input40 = paras(span(1, 40)...)

func newSim(t *testing.T, cfg sim.Config) *sim.Sim {
	t.Helper()
	s, err := sim.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func newDensifier(t *testing.T, cfg densify.Config) *densify.Densifier {
	t.Helper()
	d, err := densify.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// requireSmallOverheads guards the hand derivations below, which assume the
// prompts cost well under 200 tokens.
func requireSmallOverheads(t *testing.T, p densify.Plan) {
	t.Helper()
	if p.FullOverhead > 200 || p.ChunkOverhead > 200 || p.MergeOverhead > 200 {
		t.Fatalf("prompt overheads %d/%d/%d exceed the 200 the derivations assume",
			p.FullOverhead, p.ChunkOverhead, p.MergeOverhead)
	}
}

type callShape struct {
	Stage       densify.Stage
	ChunkBudget int
	MergeBudget int
	Failed      bool
}

func shapes(calls []densify.Call) []callShape {
	out := make([]callShape, len(calls))
	for i, c := range calls {
		out[i] = callShape{c.Stage, c.ChunkBudget, c.MergeBudget, c.Err != nil}
	}
	return out
}

func repeatShape(n int, s callShape) []callShape {
	out := make([]callShape, n)
	for i := range out {
		out[i] = s
	}
	return out
}

func TestEarlyRejection(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 1_000_000})
	tests := []struct {
		name     string
		maxInput int
		input    string
		tokens   int // 0: accepted
		limit    int
	}{
		{"over a set limit", 10, strings.Repeat("a", 31), 11, 10},
		{"at a set limit", 10, strings.Repeat("a", 30), 0, 0},
		{"over the default (the text's 100,000)", 0, strings.Repeat("a", 300_001), 100_001, 100_000},
		{"over the original code's 64,000", densify.OriginalMaxInput, strings.Repeat("a", 192_001), 64_001, 64_000},
	}
	for _, tt := range tests {
		s.Reset()
		d := newDensifier(t, densify.Config{Provider: s, MaxInput: tt.maxInput})
		_, err := d.Densify(context.Background(), tt.input)
		var tooLong *densify.InputTooLongError
		if tt.tokens == 0 {
			if err != nil {
				t.Errorf("%s: %v", tt.name, err)
			}
			continue
		}
		if !errors.As(err, &tooLong) || tooLong.Tokens != tt.tokens || tooLong.Limit != tt.limit {
			t.Errorf("%s: err = %v, want InputTooLongError{%d, %d}", tt.name, err, tt.tokens, tt.limit)
		}
		if n := len(s.Calls()); n != 0 {
			t.Errorf("%s: %d calls, want none", tt.name, n)
		}
	}
}

func TestInvalidAndEmptyInput(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 10_000})
	d := newDensifier(t, densify.Config{Provider: s})
	if _, err := d.Densify(context.Background(), "ok \xff"); !errors.Is(err, densify.ErrInvalidInput) {
		t.Errorf("invalid UTF-8: err = %v, want ErrInvalidInput", err)
	}
	res, err := d.Densify(context.Background(), " \n\n\t ")
	if err != nil || res.Output != "" {
		t.Errorf("white space: %q, %v; want empty output", res.Output, err)
	}
	if n := len(s.Calls()); n != 0 {
		t.Errorf("%d calls, want none", n)
	}
	for _, cfg := range []densify.Config{
		{},
		{Provider: s, Cap: -1},
		{Provider: s, MaxChunk: 100}, // below the floor 320
		{Provider: s, WorkLimit: -2},
		{Provider: s, Entry: densify.Entry(9)},
	} {
		if _, err := densify.New(cfg); !errors.Is(err, densify.ErrInvalidInput) {
			t.Errorf("New(%+v): err = %v, want ErrInvalidInput", cfg, err)
		}
	}
}

// One full call succeeds: the full prompt asks for ChunkWords(201) = 120
// words, 160 tokens reserved; the simulator keeps P01 (100) and stops before
// P02 (100 + 1 + 100 = 201 > 160).
func TestReactiveSingleCall(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 100_000})
	d := newDensifier(t, densify.Config{Provider: s})
	res, err := d.Densify(context.Background(), paras(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != para(1) {
		t.Errorf("output %.20q..., want P01", res.Output)
	}
	if res.Entry != densify.EntryReactive || res.Chunked {
		t.Errorf("entry %v chunked %v, want reactive and not chunked", res.Entry, res.Chunked)
	}
	if got := shapes(res.Calls); !reflect.DeepEqual(got, []callShape{{Stage: densify.StageFull}}) {
		t.Errorf("calls %+v, want one full call", got)
	}
}

// A non-overflow failure of the full call is returned at once.
func TestReactiveOtherErrorsReturned(t *testing.T) {
	for _, tt := range []struct {
		faults sim.Faults
		want   densify.Class
	}{
		{sim.Faults{RateLimitAt: []int{1}}, densify.RateLimit},
		{sim.Faults{TransientAt: []int{1}}, densify.Other},
	} {
		s := newSim(t, sim.Config{Cap: 100_000, Faults: tt.faults})
		d := newDensifier(t, densify.Config{Provider: s})
		res, err := d.Densify(context.Background(), input40)
		if got := densify.Classify(err); got != tt.want {
			t.Errorf("%+v: Classify(%v) = %v, want %v", tt.faults, err, got, tt.want)
		}
		if res.Chunked || len(s.Calls()) != 1 {
			t.Errorf("%+v: chunked %v after %d calls, want one call and no chunking", tt.faults, res.Chunked, len(s.Calls()))
		}
	}
}

// The densifier assumes the default 100,000 cap, the simulator has 2,000
// and says so in its overflow message (OpenAI style): the chunked run is
// planned for a 2,000 window (chunk room 1702, merge budget 1284, first
// budget at most half the input's 4026).
//
//   - Full call: 4026 tokens + reserve > 2000: overflow, window 2000.
//   - FirstChunk: n = 2 gives r = 560, b = 1142: 4 chunks; n = 3: r = 426,
//     b = 1276: 4 chunks; n = 4: r = 318, b = 1384: 13 paragraphs (1312) a
//     chunk, 4 chunks. 238 words (318 tokens) keep 3 paragraphs (302) of
//     each: P01-03, P14-16, P27-29 and P40.
//   - One merge group (1011 <= 1284); 231 words = 308 tokens reserved: the
//     output is P01-03.
func TestReactiveOverflowLearnsWindow(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 2000})
	d := newDensifier(t, densify.Config{Provider: s, WorkLimit: 1})
	requireSmallOverheads(t, d.Plan())
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	if want := paras(1, 2, 3); res.Output != want {
		t.Errorf("output %q, want P01-03", res.Output)
	}
	want := append([]callShape{{Stage: densify.StageFull, Failed: true}},
		repeatShape(4, callShape{Stage: densify.StageChunk, ChunkBudget: 1384})...)
	want = append(want, callShape{Stage: densify.StageMerge, ChunkBudget: 1384, MergeBudget: 1284})
	if got := shapes(res.Calls); !reflect.DeepEqual(got, want) {
		t.Errorf("calls\n got %+v\nwant %+v", got, want)
	}
	if res.Entry != densify.EntryReactive || !res.Chunked || res.Rounds != 1 || res.MergeRetries != 0 || res.Joined || res.Window != 2000 {
		t.Errorf("result %+v", res)
	}
	if res.Calls[0].Class != densify.Overflow {
		t.Errorf("full call: class %v, want overflow", res.Calls[0].Class)
	}
	rep := s.Report(input40)
	if rep.Calls != 6 || rep.Overflows != 1 || rep.LargestAccepted > 2000 {
		t.Errorf("report %+v", rep)
	}
}

// Without a stated window (Apple's message) the full call's overflow only
// caps the first chunk budget at half the input (4026/2 = 2013), and the
// chunk budget halves from there: every chunk call overflows on a 300 cap.
func TestReactiveOverflowNoWindow(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 300, Style: sim.Apple})
	d := newDensifier(t, densify.Config{Provider: s, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if !densify.IsContextOverflow(err) || res.Window != 0 {
		t.Fatalf("err = %v, window %d; want an overflow and no window", err, res.Window)
	}
	var budgets []int
	for _, c := range res.Calls[1:] {
		budgets = append(budgets, c.ChunkBudget)
	}
	if want := []int{2013, 1006, 503, 320}; !reflect.DeepEqual(budgets, want) {
		t.Errorf("chunk budgets %v, want %v", budgets, want)
	}
}

// Apple: cap 4096 for both. 4026 tokens exceed the full call's allowed
// input (4096 - overhead - 560 - 409), so chunking starts at once. Chunk
// room 3589, merge budget 2881; FirstChunk: n = 1 gives r = 560, b = 3029:
// 2 chunks (P01-30, P31-40); n = 2 takes it.
//
//   - 420 words (560 tokens) keep 5 paragraphs of each (504; 6 would be
//     605): P01-05, P31-35.
//   - One merge group; 518 words = 691 tokens reserved: round-robin over the
//     10 one-sentence paragraphs keeps 6 (605; 7 = 706).
func TestProactiveApple(t *testing.T) {
	for _, work := range []int{1, 4} {
		s := newSim(t, sim.Config{Cap: densify.AppleCap, Style: sim.Apple})
		d := newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, WorkLimit: work})
		requireSmallOverheads(t, d.Plan())
		res, err := d.Densify(context.Background(), input40)
		if err != nil {
			t.Fatal(err)
		}
		if want := paras(1, 2, 3, 4, 5, 31); res.Output != want {
			t.Errorf("work %d: output %q, want P01-05 P31", work, res.Output)
		}
		want := append(repeatShape(2, callShape{Stage: densify.StageChunk, ChunkBudget: 3029}),
			callShape{Stage: densify.StageMerge, ChunkBudget: 3029, MergeBudget: 2881})
		if got := shapes(res.Calls); !reflect.DeepEqual(got, want) {
			t.Errorf("work %d: calls %+v, want %+v", work, got, want)
		}
		if res.Entry != densify.EntryProactive {
			t.Errorf("work %d: entry %v, want proactive", work, res.Entry)
		}
		// Two chunk calls (1 and 2 of 2), then the merge (1 of 1).
		for i, at := range [][2]int{{1, 2}, {2, 2}, {1, 1}} {
			if c := res.Calls[i]; c.Index != at[0] || c.Of != at[1] {
				t.Errorf("work %d: call %d is %d of %d, want %d of %d", work, i+1, c.Index, c.Of, at[0], at[1])
			}
		}
		for i, c := range res.Calls {
			if c.Seq != i+1 {
				t.Errorf("work %d: call %d has Seq %d", work, i, c.Seq)
			}
			if plan := d.Plan(); c.PromptTokens+c.InputTokens+densify.Reserve(densify.MaxChunkWords) > plan.Cap-plan.SafetyMargin {
				t.Errorf("work %d: call %d estimates %d+%d, over the allowed input", work, c.Seq, c.PromptTokens, c.InputTokens)
			}
		}
	}
}

// Merge-local recovery: 99 paragraphs (9999 tokens) on the Apple cap cut
// into 4 chunks at 3029 (30, 30, 30 and 9 paragraphs); each partial is 200
// tokens, and the model refuses merges of more than 650 input tokens.
//
//   - Merge budget 2881, then 1440: one group of all four (809): overflow.
//   - 720: [P1 P2 P3] (606) and [P4]: two calls; then one group of the two
//     outputs. The chunks are not sent again.
func TestMergeLocalRetry(t *testing.T) {
	est := densify.CJKEstimator{}
	p := scripted(func(in string) string { return in[:3] + strings.Repeat("y", 597) }, func(in string) (string, error) {
		if est.Tokens(in) > 650 {
			return "", &densify.ProviderError{Provider: "anthropic", Status: 400, Type: "invalid_request_error",
				Message: "prompt is too long: 9000 tokens > 8000 maximum"}
		}
		return "M(" + in[:3] + ")", nil
	})
	d := newDensifier(t, densify.Config{Provider: p, Cap: densify.AppleCap, Entry: densify.EntryProactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), paras(span(1, 99)...))
	if err != nil {
		t.Fatal(err)
	}
	if res.Output != "M(M(P)" {
		t.Errorf("output %q, want the last merge's", res.Output)
	}
	want := append(repeatShape(4, callShape{Stage: densify.StageChunk, ChunkBudget: 3029}),
		callShape{Stage: densify.StageMerge, ChunkBudget: 3029, MergeBudget: 2881, Failed: true},
		callShape{Stage: densify.StageMerge, ChunkBudget: 3029, MergeBudget: 1440, Failed: true})
	want = append(want, repeatShape(3, callShape{Stage: densify.StageMerge, ChunkBudget: 3029, MergeBudget: 720})...)
	if got := shapes(res.Calls); !reflect.DeepEqual(got, want) {
		t.Errorf("calls\n got %+v\nwant %+v", got, want)
	}
	if res.MergeRetries != 2 || res.Joined || res.Rounds != 1 || res.MergeBudget != 720 {
		t.Errorf("result: retries %d joined %v rounds %d merge budget %d", res.MergeRetries, res.Joined, res.Rounds, res.MergeBudget)
	}
	if c := res.Calls[6]; c.MergeTry != 2 || c.Pass != 1 {
		t.Errorf("first call after the second merge halving: try %d pass %d, want 2 and 1", c.MergeTry, c.Pass)
	}
}

// Every chunk call overflows (cap 300; the original's ceiling set): 1800,
// 900, 450, 320, then the error.
func TestChunkHalvingToFloor(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 300, Style: sim.LlamaCpp})
	d := newDensifier(t, densify.Config{Provider: s, MaxChunk: densify.OriginalMaxChunk, Entry: densify.EntryProactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if !densify.IsContextOverflow(err) {
		t.Fatalf("err = %v, want an overflow", err)
	}
	if !strings.Contains(err.Error(), "exceeds the available context size") {
		t.Errorf("err %q does not carry the provider's message", err)
	}
	var budgets []int
	for _, c := range res.Calls {
		budgets = append(budgets, c.ChunkBudget)
	}
	if want := []int{1800, 900, 450, 320}; !reflect.DeepEqual(budgets, want) {
		t.Errorf("chunk budgets %v, want %v", budgets, want)
	}
	if res.Rounds != 4 {
		t.Errorf("rounds %d, want 4", res.Rounds)
	}
}

// scripted answers chunk calls with chunkOut and merge calls with mergeOut
// (stage read as the simulator reads it).
func scripted(chunkOut func(input string) string, mergeOut func(input string) (string, error)) densify.Provider {
	return densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
		if sim.StageOf(prompt) == "merge" {
			return mergeOut(input)
		}
		return chunkOut(input), nil
	})
}

// Merges always overflow (the original's ceilings set). Rounds (chunk
// budget: chunks; merge tries):
// 1800: 3; 2000 1000 500 320 — 900: 5; 1000 500 320 — 450: 10 (4 paragraphs,
// 403, each); 500 320 — 320: 14 (3 paragraphs each); 320 — then the error.
// Calls: 7 + 8 + 12 + 15 = 42; merge halvings 3 + 2 + 1 = 6.
func TestMergeFloorThenChunkHalving(t *testing.T) {
	p := scripted(func(string) string { return "Partial." }, func(string) (string, error) {
		return "", &densify.ProviderError{Provider: "anthropic", Status: 400, Type: "invalid_request_error",
			Message: "prompt is too long: 210000 tokens > 200000 maximum"}
	})
	d := newDensifier(t, densify.Config{Provider: p, MaxChunk: densify.OriginalMaxChunk, MaxMerge: densify.OriginalMaxMerge,
		Entry: densify.EntryProactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if !densify.IsContextOverflow(err) {
		t.Fatalf("err = %v, want an overflow", err)
	}
	if len(res.Calls) != 42 || res.MergeRetries != 6 || res.Rounds != 4 {
		t.Errorf("calls %d, merge retries %d, rounds %d; want 42, 6, 4", len(res.Calls), res.MergeRetries, res.Rounds)
	}
	var merges [][2]int
	for _, c := range res.Calls {
		if c.Stage == densify.StageMerge {
			merges = append(merges, [2]int{c.ChunkBudget, c.MergeBudget})
		}
	}
	want := [][2]int{{1800, 2000}, {1800, 1000}, {1800, 500}, {1800, 320}, {900, 1000}, {900, 500}, {900, 320},
		{450, 500}, {450, 320}, {320, 320}}
	if !reflect.DeepEqual(merges, want) {
		t.Errorf("merge budgets %v, want %v", merges, want)
	}
}

// A non-overflow merge failure is returned at once: 3 chunks, 1 merge.
func TestMergeOtherErrorReturned(t *testing.T) {
	p := scripted(func(string) string { return "Partial." }, func(string) (string, error) {
		return "", &densify.ProviderError{Provider: "anthropic", Status: 529, Type: "overloaded_error", Message: "Overloaded"}
	})
	d := newDensifier(t, densify.Config{Provider: p, MaxChunk: densify.OriginalMaxChunk, Entry: densify.EntryProactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err == nil || densify.Classify(err) != densify.Other || !strings.Contains(err.Error(), "Overloaded") {
		t.Fatalf("err = %v, want the overloaded error", err)
	}
	if len(res.Calls) != 4 || res.MergeRetries != 0 {
		t.Errorf("calls %d, merge retries %d; want 4 and 0", len(res.Calls), res.MergeRetries)
	}
}

// A rate limit on the second chunk call stops the step: 2 calls, no retry.
func TestChunkRateLimitReturned(t *testing.T) {
	s := newSim(t, sim.Config{Cap: densify.AppleCap, Faults: sim.Faults{RateLimitAt: []int{2}}})
	d := newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, WorkLimit: 1})
	_, err := d.Densify(context.Background(), input40)
	if densify.Classify(err) != densify.RateLimit {
		t.Fatalf("err = %v, want a rate limit", err)
	}
	if n := len(s.Calls()); n != 2 {
		t.Errorf("%d calls, want 2", n)
	}
}

// Partials of 700 tokens cannot pair under a merge budget of 1000 (700 + 3 +
// 700): every group has one member, no merge call, the partials joined.
func TestNonReducingGuard(t *testing.T) {
	p := scripted(func(in string) string { return in[:3] + strings.Repeat("y", 2097) },
		func(string) (string, error) { return "", errors.New("no merge expected") })
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: densify.OriginalMaxChunk, MaxMerge: 1000})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Repeat("y", 2097)
	if want := "P01" + y + "\n\nP18" + y + "\n\nP35" + y; res.Output != want {
		t.Errorf("output is not the three partials joined")
	}
	if !res.Joined || len(res.Calls) != 3 {
		t.Errorf("joined %v after %d calls, want joined after 3", res.Joined, len(res.Calls))
	}
}

// A provider that lengthens what it merges: partials of 150 tokens under a
// merge budget of 320 form [P1 P2] (303) and [P3]; the outputs grow, so the
// progress guard stops after one pass (two merge calls) and joins them.
func TestProgressGuard(t *testing.T) {
	pad := strings.Repeat("z", 300)
	p := scripted(func(in string) string { return in[:3] + strings.Repeat("y", 447) },
		func(in string) (string, error) { return in + " " + pad, nil })
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: densify.OriginalMaxChunk, MaxMerge: 320, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Repeat("y", 447)
	want := "P01" + y + densify.MergeSeparator + "P18" + y + " " + pad + "\n\nP35" + y + " " + pad
	if res.Output != want {
		t.Errorf("output %q..., want the two merge outputs joined", res.Output[:40])
	}
	merges := 0
	for _, c := range res.Calls {
		if c.Stage == densify.StageMerge {
			merges++
		}
	}
	if !res.Joined || merges != 2 {
		t.Errorf("joined %v after %d merges, want joined after 2", res.Joined, merges)
	}
}

// Chunk calls finish in reverse order; partials stay in input order.
func TestOrderIndependentOfCompletion(t *testing.T) {
	p := densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
		if sim.StageOf(prompt) == "merge" {
			return strings.ReplaceAll(input, densify.MergeSeparator, " | "), nil
		}
		n := 0
		fmt.Sscanf(input, "P%02d", &n)
		time.Sleep(time.Duration(40-n) * time.Millisecond / 4)
		return input[:3], nil
	})
	var mu sync.Mutex
	observed := 0
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: 320, WorkLimit: 8,
		Observer: func(densify.Call) { mu.Lock(); observed++; mu.Unlock() }})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	// 320 holds 3 paragraphs (302): 14 chunks starting at P01, P04, ..., P40.
	var want []string
	for i := 1; i <= 40; i += 3 {
		want = append(want, fmt.Sprintf("P%02d", i))
	}
	if got := strings.Split(res.Output, " | "); !reflect.DeepEqual(got, want) {
		t.Errorf("output %q, want the chunk heads in order", res.Output)
	}
	if observed != len(res.Calls) || len(res.Calls) != 15 {
		t.Errorf("observer saw %d calls, result has %d, want 15", observed, len(res.Calls))
	}
}

// The simulator counts 10% more than the reference estimates: the safety
// margin absorbs it, no call overflows. At 120% more the first chunks
// overflow (17 paragraphs: ceil(2.2*1716) + prompt + 384 > 4096) and the
// halved budget (900) recovers.
func TestEstimationDrift(t *testing.T) {
	input := paras(span(1, 99)...)
	for _, tt := range []struct {
		drift     float64
		overflows bool
		rounds    int
	}{{0.10, false, 1}, {1.2, true, 2}} {
		s := newSim(t, sim.Config{Cap: densify.AppleCap, Style: sim.Apple, Drift: tt.drift})
		d := newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, WorkLimit: 1})
		res, err := d.Densify(context.Background(), input)
		if err != nil {
			t.Fatalf("drift %v: %v", tt.drift, err)
		}
		rep := s.Report(input)
		if (rep.Overflows > 0) != tt.overflows || res.Rounds != tt.rounds {
			t.Errorf("drift %v: %d overflows, %d rounds; want overflows %v, %d rounds", tt.drift, rep.Overflows, res.Rounds, tt.overflows, tt.rounds)
		}
		if rep.LargestAccepted > densify.AppleCap || rep.Calls < rep.Bound.Calls || rep.TokensSent < rep.Bound.Tokens {
			t.Errorf("drift %v: report %+v", tt.drift, rep)
		}
	}
}

// Forcing reactive entry on the Apple cap costs one failed full call (its
// message states no window) before chunking with chunk and merge budgets
// at half the input (4026/2 = 2013: 3 chunks); forcing proactive entry on a small input makes one chunk
// call instead of the full call.
func TestForcedEntry(t *testing.T) {
	s := newSim(t, sim.Config{Cap: densify.AppleCap, Style: sim.Apple})
	d := newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, Entry: densify.EntryReactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]callShape{{Stage: densify.StageFull, Failed: true}},
		append(repeatShape(3, callShape{Stage: densify.StageChunk, ChunkBudget: 2013}),
			callShape{Stage: densify.StageMerge, ChunkBudget: 2013, MergeBudget: 2013})...)
	if got := shapes(res.Calls); !reflect.DeepEqual(got, want) {
		t.Errorf("reactive: calls %+v", got)
	}

	d = newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, Entry: densify.EntryProactive})
	res, err = d.Densify(context.Background(), paras(1, 2))
	if err != nil {
		t.Fatal(err)
	}
	if got := shapes(res.Calls); !reflect.DeepEqual(got, []callShape{{Stage: densify.StageChunk, ChunkBudget: 3029}}) {
		t.Errorf("proactive: calls %+v", got)
	}
	// Auto on the Apple cap with a small input: one full call.
	d = newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap})
	if res, _ = d.Densify(context.Background(), paras(1, 2)); res.Entry != densify.EntryReactive || len(res.Calls) != 1 {
		t.Errorf("auto, small input: entry %v, %d calls", res.Entry, len(res.Calls))
	}
}

// Forced reactive entry on the Apple cap with the original's ceilings: the
// full call overflows (its message states no window), and the first chunk
// budget and the starting merge budget are the smaller of the ceiling and
// half the input (4026/2 = 2013): min(1800, 2013) = 1800 and min(2000,
// 2013) = 2000. FirstChunk: n = 4026/1800 = 2, r = 560, b = min(1800, room
// - 560) = 1800, the largest: 1800. 17 paragraphs (1716) a chunk: 3
// chunks; 420 words (560 tokens) keep 5 paragraphs (504) of each, and the
// three partials (3*503 + 2*3 = 1515) merge in one group under 2000.
func TestReactiveOverflowCeilings(t *testing.T) {
	s := newSim(t, sim.Config{Cap: densify.AppleCap, Style: sim.Apple})
	d := newDensifier(t, densify.Config{Provider: s, Cap: densify.AppleCap, Entry: densify.EntryReactive,
		MaxChunk: densify.OriginalMaxChunk, MaxMerge: densify.OriginalMaxMerge, WorkLimit: 1})
	requireSmallOverheads(t, d.Plan())
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	want := append([]callShape{{Stage: densify.StageFull, Failed: true}},
		append(repeatShape(3, callShape{Stage: densify.StageChunk, ChunkBudget: 1800}),
			callShape{Stage: densify.StageMerge, ChunkBudget: 1800, MergeBudget: 2000})...)
	if got := shapes(res.Calls); !reflect.DeepEqual(got, want) {
		t.Errorf("calls\n got %+v\nwant %+v", got, want)
	}
}

// A stated window equal to the cap is nothing learnt: Result.Window stays 0
// (it records a window below the cap). Densifier and simulator both at
// 2,000, the simulator's message (OpenAI style) stating 2000.
func TestStatedWindowAtCap(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 2000})
	d := newDensifier(t, densify.Config{Provider: s, Cap: 2000, Entry: densify.EntryReactive, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	if res.Calls[0].Stage != densify.StageFull || res.Calls[0].Class != densify.Overflow {
		t.Fatalf("first call %+v, want an overflowing full call", res.Calls[0])
	}
	if res.Window != 0 || res.Plan != d.Plan() {
		t.Errorf("window %d, plan %+v; want 0 and the densifier's own plan", res.Window, res.Plan)
	}
}

// stubPrompts prices every prompt (the texts stating "Max length:") at 50
// tokens and the rest as CJKEstimator, so plan figures derive by hand.
type stubPrompts struct{}

func (stubPrompts) Tokens(s string) int {
	if strings.Contains(s, "Max length:") {
		return 50
	}
	return densify.CJKEstimator{}.Tokens(s)
}

// EntryAuto at the boundary: cap 1000 with prompts of 50 tokens allows a
// full call 1000 - 50 - Reserve(420) - 120 = 1000 - 50 - 560 - 120 = 270
// tokens of input. 810 letters (270 tokens) go reactive; 813 (271) go
// proactive.
func TestAutoEntryBoundary(t *testing.T) {
	p := densify.ProviderFunc(func(context.Context, string, string) (string, error) { return "ok", nil })
	d := newDensifier(t, densify.Config{Provider: p, Estimator: stubPrompts{}, Cap: 1000})
	if got := d.Plan().AllowedFull; got != 270 {
		t.Fatalf("allowed full %d, want 270", got)
	}
	for _, tt := range []struct {
		letters int
		want    densify.Entry
	}{{810, densify.EntryReactive}, {813, densify.EntryProactive}} {
		res, err := d.Densify(context.Background(), strings.Repeat("a", tt.letters))
		if err != nil {
			t.Fatal(err)
		}
		if res.Entry != tt.want || res.Calls[0].Stage == densify.StageFull != (tt.want == densify.EntryReactive) {
			t.Errorf("%d letters: entry %v, first call %s; want %v", tt.letters, res.Entry, res.Calls[0].Stage, tt.want)
		}
	}
}

// The last merge of a run is its answer even when it is longer than what it
// merged: the progress guard compares passes that leave more than one
// partial. Three partials of 150 tokens (chunk budget 1800: P01, P18, P35)
// meet in one group under the default merge budget; the merge returns its
// input and a pad.
func TestLastMergeNotJoined(t *testing.T) {
	pad := strings.Repeat("z", 300)
	p := scripted(func(in string) string { return in[:3] + strings.Repeat("y", 447) },
		func(in string) (string, error) { return in + " " + pad, nil })
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: densify.OriginalMaxChunk, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Repeat("y", 447)
	want := "P01" + y + densify.MergeSeparator + "P18" + y + densify.MergeSeparator + "P35" + y + " " + pad
	if res.Output != want || res.Joined || len(res.Calls) != 4 {
		t.Errorf("output %.40q..., joined %v after %d calls; want the merge's output, not joined, after 4", res.Output, res.Joined, len(res.Calls))
	}
}

// The progress guard with two outputs left: three partials of 105 tokens
// (315 letters) under a merge budget of 320 form [P1 P2] (105 + 3 + 105 =
// 213; a third would make 321) and [P3]. The merge joins its partials with
// a space: 631 letters (211 tokens) and P3 unchanged (105), 316 tokens
// after 315 before, so the pass made no progress and its two outputs are
// returned joined, although they would now fit one group (211 + 3 + 105 =
// 319).
func TestProgressGuardTwoLeft(t *testing.T) {
	p := scripted(func(in string) string { return in[:3] + strings.Repeat("y", 312) },
		func(in string) (string, error) { return strings.ReplaceAll(in, densify.MergeSeparator, " "), nil })
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: densify.OriginalMaxChunk, MaxMerge: 320, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil {
		t.Fatal(err)
	}
	y := strings.Repeat("y", 312)
	want := "P01" + y + " P18" + y + "\n\nP35" + y
	merges := 0
	for _, c := range res.Calls {
		if c.Stage == densify.StageMerge {
			merges++
		}
	}
	if res.Output != want || !res.Joined || merges != 2 {
		t.Errorf("output %.40q..., joined %v after %d merges; want the two outputs joined after 2", res.Output, res.Joined, merges)
	}
}

// Chunk calls that return only white space leave no partial: the answer is
// "" with no merge call.
func TestEmptyPartials(t *testing.T) {
	p := scripted(func(string) string { return " \n\t " },
		func(string) (string, error) { return "", errors.New("no merge expected") })
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: densify.OriginalMaxChunk, WorkLimit: 1})
	res, err := d.Densify(context.Background(), input40)
	if err != nil || res.Output != "" || len(res.Calls) != 3 || res.Joined {
		t.Errorf("output %q, %v, joined %v after %d calls; want \"\" after the 3 chunk calls", res.Output, err, res.Joined, len(res.Calls))
	}
}

// The figures the standard states: "maxDensificationInputTokens (default
// 100_000)", "Remote reactive path: 100_000", "Apple's 4096 context cap",
// "Minimum chunk budget: 320 tokens", "up to 2 attempts total".
func TestStandardFigures(t *testing.T) {
	p := densify.ProviderFunc(func(context.Context, string, string) (string, error) { return "ok", nil })
	d := newDensifier(t, densify.Config{Provider: p})
	if got := d.Plan().Cap; got != 100_000 {
		t.Errorf("default cap %d, want 100000", got)
	}
	if got := d.Plan().Floor; got != 320 {
		t.Errorf("default floor %d, want 320", got)
	}
	if densify.AppleCap != 4096 || densify.DefaultMaxInput != 100_000 || densify.DefaultCaptureAttempts != 2 {
		t.Errorf("Apple cap %d, max input %d, capture attempts %d; want 4096, 100000, 2",
			densify.AppleCap, densify.DefaultMaxInput, densify.DefaultCaptureAttempts)
	}
}

// At most DefaultWorkLimit (4) calls are in flight when Config.WorkLimit is
// 0. The 14 chunk calls of input40 at a chunk budget of 320 hold their
// answers until a fifth call has arrived or 300 ms have passed since the
// fourth: the four the limit lets in always arrive before any answer, and a
// fifth, which only a larger limit would let in, is given time to show.
// The check is the count (exactly 4), never a time.
func TestDefaultWorkLimit(t *testing.T) {
	var mu sync.Mutex
	inFlight, most, arrived := 0, 0, 0
	release := make(chan struct{})
	var once sync.Once
	open := func() { once.Do(func() { close(release) }) }
	p := densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
		mu.Lock()
		inFlight++
		arrived++
		most = max(most, inFlight)
		switch arrived {
		case 4:
			time.AfterFunc(300*time.Millisecond, open)
		case 5:
			open()
		}
		mu.Unlock()
		<-release
		mu.Lock()
		inFlight--
		mu.Unlock()
		return input[:3], nil
	})
	d := newDensifier(t, densify.Config{Provider: p, Entry: densify.EntryProactive, MaxChunk: 320})
	if _, err := d.Densify(context.Background(), input40); err != nil {
		t.Fatal(err)
	}
	if most != 4 {
		t.Errorf("%d calls in flight at most, want 4", most)
	}
}
