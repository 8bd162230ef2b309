package sim

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform/reference/densify"
)

func mustNew(t *testing.T, cfg Config) *Sim {
	t.Helper()
	s, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestTokensDrift(t *testing.T) {
	tests := []struct {
		drift float64
		text  string
		want  int
	}{
		{0, "abc", 1},
		{0.10, "abc", 2},                     // ceil(1.1)
		{0.10, strings.Repeat("a", 30), 11},  // exactly 11, no float error
		{0.10, strings.Repeat("a", 12), 5},   // ceil(4.4)
		{-0.5, strings.Repeat("a", 30), 5},   // 10 * 0.5
		{1.2, strings.Repeat("a", 300), 220}, // 100 * 2.2
		{0.10, "日本語", 4},                     // ceil(3.3)
	}
	for _, tt := range tests {
		s := mustNew(t, Config{Cap: 100, Drift: tt.drift})
		if got := s.Tokens(tt.text); got != tt.want {
			t.Errorf("drift %v: Tokens(%q) = %d, want %d", tt.drift, tt.text, got, tt.want)
		}
	}
}

func TestNewRejects(t *testing.T) {
	for _, cfg := range []Config{{}, {Cap: -1}, {Cap: 10, Drift: -1}, {Cap: 10, Style: "bard"},
		{Cap: 10, CallOverhead: -1}, {Cap: 10, TokensPerWord: -2}} {
		if _, err := New(cfg); err == nil {
			t.Errorf("New(%+v): no error", cfg)
		}
	}
}

func TestStageAndTarget(t *testing.T) {
	stages := map[string]string{
		"Merge these partial summaries":            "merge",
		"Extract ... from this chunk":              "chunk",
		"Summarize the text":                       "full",
		"[[stage:chunk]] merge everything you see": "chunk",
		"CHUNK 2 of 3":                             "chunk",
	}
	for prompt, want := range stages {
		if got := StageOf(prompt); got != want {
			t.Errorf("StageOf(%q) = %q, want %q", prompt, got, want)
		}
	}
	targets := []struct {
		prompt string
		words  int
		ok     bool
	}{
		{"Max length: 288 words.", 288, true},
		{"Use at most 50 words", 50, true},
		{"maximum length of 12 words", 12, true},
		{"no more than 7 words please", 7, true},
		{"Be brief.", 0, false},
	}
	for _, tt := range targets {
		if w, ok := TargetWords(tt.prompt); w != tt.words || ok != tt.ok {
			t.Errorf("TargetWords(%q) = %d, %v; want %d, %v", tt.prompt, w, ok, tt.words, tt.ok)
		}
	}
}

// Under the CJK estimator "Aaaaa." costs 2 and "Bbbbbbbbb." costs 4; "\n\n"
// costs 1.
func TestExtract(t *testing.T) {
	s := mustNew(t, Config{Cap: 1000})
	input := "Aaaaa. Bbbbbbbbb.\n\nCcccc. Ddddd.\n---\nEeeee."
	tests := []struct {
		budget int
		want   string
	}{
		{0, ""},
		// First sentences: A (2), C (2+1), E (2+1) = 8; then B (4+1) = 13.
		{8, "Aaaaa.\n\nCcccc.\n\nEeeee."},
		{12, "Aaaaa.\n\nCcccc.\n\nEeeee."},
		{13, "Aaaaa. Bbbbbbbbb.\n\nCcccc.\n\nEeeee."},
		// D (2+1) = 16 fits; everything.
		{16, "Aaaaa. Bbbbbbbbb.\n\nCcccc. Ddddd.\n\nEeeee."},
		// A fits, C would make 5: stop.
		{4, "Aaaaa."},
		// Not even A (2) fits in 1: its longest prefix of 1 token, 3 characters.
		{1, "Aaa"},
	}
	for _, tt := range tests {
		if got := s.extract(input, tt.budget); got != tt.want {
			t.Errorf("extract(budget %d) = %q, want %q", tt.budget, got, tt.want)
		}
	}
	// CJK sentences end at 。 without a following space. 。 (U+3002) is not
	// in the CJK ranges: "日本語。" costs 3 + ceil(1/3) = 4.
	if got := s.extract("日本語。中文。", 4); got != "日本語。" {
		t.Errorf("CJK budget 4: %q", got)
	}
	if got := s.extract("日本語。中文。", 3); got != "日本語" {
		t.Errorf("CJK budget 3: %q", got)
	}
}

func TestCompleteOverCapPerStyle(t *testing.T) {
	// Prompt "Max length: 3 words." = 20 characters = 7 tokens, reserve
	// ceil(3*4/3) = 4; input 30 'a' = 10 tokens; cost 21 with overhead 0.
	prompt := "Max length: 3 words."
	input := strings.Repeat("a", 30)
	wants := map[Style]string{
		OpenAI:    "maximum context length is 20 tokens. However, you requested 21 tokens (17 in the messages, 4 in the completion)",
		Anthropic: "input length and `max_tokens` exceed context limit: 17 + 4 > 20",
		Gemini:    "The input token count (21) exceeds the maximum number of tokens allowed (20).",
		LlamaCpp:  "request (21 tokens) exceeds the available context size (20 tokens)",
		Apple:     "Exceeded model context window size",
	}
	for style, want := range wants {
		s := mustNew(t, Config{Cap: 20, Style: style})
		_, err := s.Complete(context.Background(), prompt, input)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: err = %v, want it to contain %q", style, err, want)
		}
		if !densify.IsContextOverflow(err) {
			t.Errorf("%s: %v does not classify as overflow", style, err)
		}
		if c := s.Calls()[0]; c.Kind != "overflow" || c.Cost != 21 || c.Reserved != 4 {
			t.Errorf("%s: call %+v", style, c)
		}
	}
	// Anthropic's other message when the input alone is over the cap.
	s := mustNew(t, Config{Cap: 16, Style: Anthropic})
	if _, err := s.Complete(context.Background(), prompt, input); err == nil || !strings.Contains(err.Error(), "prompt is too long: 17 tokens > 16 maximum") {
		t.Errorf("anthropic: err = %v", err)
	}
	// At the cap exactly the call is accepted.
	s = mustNew(t, Config{Cap: 21})
	if _, err := s.Complete(context.Background(), prompt, input); err != nil {
		t.Errorf("at the cap: %v", err)
	}
}

func TestOllamaTruncates(t *testing.T) {
	// Cap 15: 7 prompt + 4 reserved leave 4 input tokens: 12 characters.
	s := mustNew(t, Config{Cap: 15, Style: Ollama})
	out, err := s.Complete(context.Background(), "Max length: 3 words.", "abcdefghijkl mnopqrstuvwxyz")
	if err != nil {
		t.Fatal(err)
	}
	c := s.Calls()[0]
	// 27 characters sent (9 tokens), 12 kept (4).
	if !c.Truncated || c.InputTokens != 9 || c.KeptTokens != 4 || c.Cost != 15 {
		t.Errorf("call %+v, want 9 input tokens sent, 4 kept", c)
	}
	if r := s.Report(""); r.Truncated != 1 || r.TokensSent != 7+9 || r.LargestAccepted != 15 {
		t.Errorf("report %+v", r)
	}
	if out != "abcdefghijkl" {
		t.Errorf("output %q, want the kept prefix", out)
	}
}

func TestFaults(t *testing.T) {
	s := mustNew(t, Config{Cap: 1000, Style: Gemini,
		Faults: Faults{RateLimitAt: []int{2}, TransientEvery: 3, OverflowAt: []int{4}}})
	wantKinds := []string{"", "rate_limit", "transient", "overflow", "", "transient"}
	wantClass := []densify.Class{densify.Other, densify.RateLimit, densify.Other, densify.Overflow, densify.Other, densify.Other}
	for i := range wantKinds {
		_, err := s.Complete(context.Background(), "Max length: 5 words.", "Hello there.")
		if got := densify.Classify(err); got != wantClass[i] {
			t.Errorf("call %d: class %v, want %v", i+1, got, wantClass[i])
		}
		if (err != nil) != (wantKinds[i] != "") {
			t.Errorf("call %d: err %v", i+1, err)
		}
	}
	for i, c := range s.Calls() {
		if c.N != i+1 || c.Kind != wantKinds[i] {
			t.Errorf("call %d: N %d kind %q, want %q", i+1, c.N, c.Kind, wantKinds[i])
		}
		if i > 0 && !c.Repeat {
			t.Errorf("call %d: not marked as a repeat", i+1)
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := s.Complete(ctx, "p", "i"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

func TestConcurrentCalls(t *testing.T) {
	s := mustNew(t, Config{Cap: 1000})
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, _ = s.Complete(context.Background(), "chunk", fmt.Sprintf("Text %d.", i))
		}()
	}
	wg.Wait()
	calls := s.Calls()
	if len(calls) != 50 {
		t.Fatalf("%d calls, want 50", len(calls))
	}
	for i, c := range calls {
		if c.N != i+1 || c.Stage != "chunk" || c.Err != nil {
			t.Errorf("call %d: %+v", i, c)
		}
	}
	s.Reset()
	if len(s.Calls()) != 0 {
		t.Error("Reset kept calls")
	}
}

func TestBoundAndReport(t *testing.T) {
	// Content without white space: 600 'a' + 300 'b' = 900 characters = 300
	// tokens; per call 100 - 10 = 90: ceil(300/90) = 4 chunk calls, 1 merge.
	input := strings.Repeat("a", 600) + " \n\n " + strings.Repeat("b", 300)
	s := mustNew(t, Config{Cap: 100, CallOverhead: 10})
	b := s.Bound(input)
	want := Bound{ContentTokens: 300, PerCall: 90, ChunkCalls: 4, MergeCalls: 1, Calls: 5, Tokens: 350}
	if b != want {
		t.Errorf("Bound = %+v, want %+v", b, want)
	}
	if got := s.Bound(" \n "); got.Calls != 0 || got.Tokens != 0 {
		t.Errorf("empty bound %+v", got)
	}
	if got := mustNew(t, Config{Cap: 1000}).Bound("abc"); got.ChunkCalls != 1 || got.MergeCalls != 0 {
		t.Errorf("small bound %+v", got)
	}

	// Two calls: one accepted (prompt "chunk" 2 + input "Hello there." 4 + 10
	// overhead = 16, reserve ceil(4/4) = 1, cost 17), one over the cap.
	_, _ = s.Complete(context.Background(), "chunk", "Hello there.")
	_, _ = s.Complete(context.Background(), "merge", strings.Repeat("c", 300))
	r := s.Report(input)
	if r.Calls != 2 || r.Failed != 1 || r.Overflows != 1 || r.ChunkCalls != 1 || r.MergeCalls != 1 {
		t.Errorf("report counts %+v", r)
	}
	// Second call: 2 + 100 + 10 = 112 sent, reserve 25, cost 137.
	if r.TokensSent != 16+112 || r.TokensAccepted != 16 || r.LargestCall != 137 || r.LargestAccepted != 17 {
		t.Errorf("report tokens %+v", r)
	}
	if r.TokensOut != 1 {
		t.Errorf("tokens out %d, want 1 (\"Hel\")", r.TokensOut)
	}
	if r.CallRatio != 2.0/5 || r.TokenRatio != 128.0/350 {
		t.Errorf("ratios %v %v", r.CallRatio, r.TokenRatio)
	}
}

func TestKaryMerges(t *testing.T) {
	for _, tt := range []struct{ n, k, want int }{
		{1, 2, 0}, {2, 2, 1}, {5, 2, 6}, {8, 2, 7}, {9, 3, 4}, {10, 3, 7}, {3, 1, -1},
	} {
		if got := KaryMerges(tt.n, tt.k); got != tt.want {
			t.Errorf("KaryMerges(%d, %d) = %d, want %d", tt.n, tt.k, got, tt.want)
		}
	}
}
