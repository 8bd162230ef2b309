package sim

import (
	"context"
	"crypto/sha256"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/reference/densify"
)

// Style is the provider whose error messages the simulator imitates.
type Style string

const (
	OpenAI    Style = "openai"
	Anthropic Style = "anthropic"
	Gemini    Style = "gemini"
	LlamaCpp  Style = "llamacpp"
	Apple     Style = "apple"
	Ollama    Style = "ollama" // truncates over-cap input silently instead of failing
)

// Faults injects failures by call arrival number N (from 1).
type Faults struct {
	RateLimitAt    []int // calls answered with the style's rate-limit error
	TransientAt    []int // calls answered with the style's transient error (5xx, overloaded)
	TransientEvery int   // if > 0, every call N with N % TransientEvery == 0 fails transiently
	OverflowAt     []int // calls answered with the style's overflow error whatever their size
}

// Config configures a Sim.
type Config struct {
	Cap           int               // context window: prompt + input + overhead + reserved output; required
	Style         Style             // error style; "" means OpenAI
	Drift         float64           // the simulator counts Base*(1+Drift) tokens; must be > -1
	Base          densify.Estimator // nil means densify.CJKEstimator
	CallOverhead  int               // tokens added to every call (chat template, roles)
	TokensPerWord float64           // output tokens reserved per target word; 0 means 4/3
	Model         string            // model name in messages; "" means "sim-1"
	Faults        Faults
}

// Call is one call as the simulator saw it. Token figures are the
// simulator's own count.
type Call struct {
	N            int    // arrival number, from 1
	Stage        string // "full", "chunk" or "merge" (see package doc)
	PromptTokens int
	InputTokens  int // as sent
	KeptTokens   int // input the model saw: InputTokens, or less when Truncated
	Overhead     int // CallOverhead
	Reserved     int // output tokens reserved (the call's max_tokens)
	OutputTokens int
	Cost         int    // PromptTokens + KeptTokens + Overhead + Reserved
	Err          error  // nil on success
	Kind         string // "" on success, else "overflow", "rate_limit", "transient" or "canceled"
	Truncated    bool   // Ollama style dropped the end of the input to fit
	Repeat       bool   // the same prompt and input were sent before
}

// Sim is the simulated provider. It is safe for concurrent use.
type Sim struct {
	cfg   Config
	drift int64 // Drift in millionths

	mu    sync.Mutex
	calls []Call
	seen  map[[32]byte]bool
}

var _ densify.Provider = (*Sim)(nil)

// New checks cfg and returns a Sim.
func New(cfg Config) (*Sim, error) {
	if cfg.Cap <= 0 {
		return nil, fmt.Errorf("sim: cap %d must be positive", cfg.Cap)
	}
	if cfg.CallOverhead < 0 {
		return nil, fmt.Errorf("sim: call overhead %d is negative", cfg.CallOverhead)
	}
	if math.IsNaN(cfg.Drift) || math.IsInf(cfg.Drift, 0) || cfg.Drift <= -1 || cfg.Drift > 100 {
		return nil, fmt.Errorf("sim: drift %v outside (-1, 100]", cfg.Drift)
	}
	if math.IsNaN(cfg.TokensPerWord) || math.IsInf(cfg.TokensPerWord, 0) || cfg.TokensPerWord < 0 {
		return nil, fmt.Errorf("sim: tokens per word %v must be a non-negative number", cfg.TokensPerWord)
	}
	switch cfg.Style {
	case "":
		cfg.Style = OpenAI
	case OpenAI, Anthropic, Gemini, LlamaCpp, Apple, Ollama:
	default:
		return nil, fmt.Errorf("sim: unknown style %q", cfg.Style)
	}
	if cfg.Base == nil {
		cfg.Base = densify.CJKEstimator{}
	}
	if cfg.TokensPerWord == 0 {
		cfg.TokensPerWord = 4.0 / 3.0
	}
	if cfg.Model == "" {
		cfg.Model = "sim-1"
	}
	return &Sim{cfg: cfg, drift: int64(math.Round(cfg.Drift * 1e6)), seen: map[[32]byte]bool{}}, nil
}

// Tokens is the simulator's count of s: ceil(Base(s) * (1 + Drift)).
func (s *Sim) Tokens(text string) int {
	b := int64(s.cfg.Base.Tokens(text))
	const m = 1_000_000
	return int((b*(m+s.drift) + m - 1) / m)
}

// Cap returns the context-window cap.
func (s *Sim) Cap() int { return s.cfg.Cap }

// Complete answers one call (see the package documentation).
func (s *Sim) Complete(ctx context.Context, prompt, input string) (string, error) {
	c := Call{
		Stage:        StageOf(prompt),
		PromptTokens: s.Tokens(prompt),
		InputTokens:  s.Tokens(input),
		Overhead:     s.cfg.CallOverhead,
	}
	if words, ok := TargetWords(prompt); ok {
		c.Reserved = int(math.Ceil(float64(words)*s.cfg.TokensPerWord - 1e-9))
	} else {
		c.Reserved = (c.InputTokens + 3) / 4
	}
	key := sha256.Sum256([]byte(prompt + "\x00" + input))

	s.mu.Lock()
	c.N = len(s.calls) + 1
	c.Repeat = s.seen[key]
	s.seen[key] = true
	s.calls = append(s.calls, Call{}) // reserve slot N; filled in by finish
	s.mu.Unlock()

	c.KeptTokens = c.InputTokens
	c.Cost = c.PromptTokens + c.InputTokens + c.Overhead + c.Reserved
	f := s.cfg.Faults
	switch {
	case ctx.Err() != nil:
		return s.finish(c, "", "canceled", ctx.Err())
	case slices.Contains(f.RateLimitAt, c.N):
		return s.finish(c, "", "rate_limit", s.rateLimitError(c))
	case slices.Contains(f.TransientAt, c.N), f.TransientEvery > 0 && c.N%f.TransientEvery == 0:
		return s.finish(c, "", "transient", s.transientError())
	case slices.Contains(f.OverflowAt, c.N):
		return s.finish(c, "", "overflow", s.overflowError(c))
	}
	if c.Cost > s.cfg.Cap {
		if s.cfg.Style != Ollama {
			return s.finish(c, "", "overflow", s.overflowError(c))
		}
		room := s.cfg.Cap - c.PromptTokens - c.Overhead - c.Reserved
		input = s.prefix(input, room)
		c.KeptTokens = s.Tokens(input)
		c.Cost = c.PromptTokens + c.KeptTokens + c.Overhead + c.Reserved
		c.Truncated = true
	}
	out := s.extract(input, c.Reserved)
	c.OutputTokens = s.Tokens(out)
	return s.finish(c, out, "", nil)
}

func (s *Sim) finish(c Call, out, kind string, err error) (string, error) {
	c.Kind, c.Err = kind, err
	s.mu.Lock()
	s.calls[c.N-1] = c
	s.mu.Unlock()
	return out, err
}

// Calls returns a copy of every call so far, in arrival order.
func (s *Sim) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.calls)
}

// Reset forgets every call (the configuration and faults stay).
func (s *Sim) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.calls = nil
	s.seen = map[[32]byte]bool{}
}

var (
	stageTag    = regexp.MustCompile(`\[\[stage:(full|chunk|merge)\]\]`)
	targetWords = regexp.MustCompile(`(?i)(?:max(?:imum)?\s+length|at\s+most|no\s+more\s+than|up\s+to)\D{0,12}?(\d{1,6})\s*words`)
)

// StageOf reads a prompt's stage: its [[stage:...]] tag, else "merge" when
// it contains "merge", "chunk" when it contains "chunk", else "full".
func StageOf(prompt string) string {
	if m := stageTag.FindStringSubmatch(prompt); m != nil {
		return m[1]
	}
	p := strings.ToLower(prompt)
	switch {
	case strings.Contains(p, "merge"):
		return "merge"
	case strings.Contains(p, "chunk"):
		return "chunk"
	}
	return "full"
}

// TargetWords reads the word target a prompt states, if any.
func TargetWords(prompt string) (int, bool) {
	m := targetWords.FindStringSubmatch(prompt)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}
