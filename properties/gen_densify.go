package properties

import (
	"fmt"
	"math/rand"
	"sort"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/textgen"
)

// densifyCase is a generated densification (densification-chunking.md),
// kept as plain numbers so gopter can shrink it; Request and Model build the
// request and the simulated provider it describes. Caps are small (1024 to
// 4096, the Apple cap) so that a few kilobytes of text need chunking and
// merging: properties stay fast on a simulated model.
type densifyCase struct {
	Text    int64   // seed for the words
	Script  int     // 0 ASCII, 1 accented Latin, 2 CJK, 3 emoji, 4 a mix (see Text)
	Size    int     // input length in bytes
	Cap     int     // the request's cap, and the model's window (1024..4096)
	Entry   int     // 0 reactive, 1 proactive
	Work    int     // work limit (1..4)
	Style   int     // the model's error style, an index into densifyStyles
	Faults  []int   // arrival numbers of calls the model fails
	Kind    int     // what those failures are: 0 overflow, 1 rate limit, 2 transient, 3 a mix
	Capture bool    // apply the capture-level retry
	Drift   float64 // the model counts this much more than the estimate (only where a property asks)
}

var densifyStyles = []sim.Style{sim.OpenAI, sim.Anthropic, sim.Gemini, sim.LlamaCpp, sim.Apple}

// genDensifyCase generates cases; faults says whether failures are drawn.
func genDensifyCase(faults bool) gopter.Gen {
	faultGen := gen.Const([]int(nil))
	if faults {
		faultGen = gen.SliceOfN(4, gen.IntRange(1, 20))
	}
	return gen.Struct(reflectOf[densifyCase](), map[string]gopter.Gen{
		"Text":   gen.Int64Range(0, 1<<40),
		"Script": gen.IntRange(0, 4),
		"Size": gen.Weighted([]gen.WeightedGen{
			{Weight: 1, Gen: gen.IntRange(0, 400)},
			{Weight: 5, Gen: gen.IntRange(400, 6000)},
			{Weight: 4, Gen: gen.IntRange(6000, 14000)},
		}),
		"Cap":     gen.Weighted([]gen.WeightedGen{{Weight: 6, Gen: gen.IntRange(1024, 2048)}, {Weight: 3, Gen: gen.IntRange(2048, 4096)}, {Weight: 1, Gen: gen.Const(4096)}}),
		"Entry":   gen.IntRange(0, 1),
		"Work":    gen.IntRange(1, 4),
		"Style":   gen.IntRange(0, len(densifyStyles)-1),
		"Faults":  faultGen,
		"Kind":    gen.IntRange(0, 3),
		"Capture": gen.Bool(),
		"Drift":   gen.Float64Range(0, 1),
	})
}

// listedStyle is c with its error style among those whose overflow message
// holds a phrase the text lists ("context window", "maximum context
// length", "prompt is too long", "input token count ... exceeds ...
// maximum"): OpenAI's, Gemini's and Apple's. Anthropic's "input length and
// `max_tokens` exceed context limit" and llama.cpp's "exceeds the available
// context size" hold none (and llama.cpp is outside the text's scope), so a
// classifier that knows only the listed phrases reads them as other
// failures. MUST properties that need overflows recognised use these.
func (c densifyCase) listedStyle() densifyCase {
	switch densifyStyles[abs(c.Style)%len(densifyStyles)] {
	case sim.Anthropic:
		c.Style = 0 // OpenAI
	case sim.LlamaCpp:
		c.Style = 2 // Gemini
	}
	return c
}

// window is the cap, clamped: shrinking steps outside the generator's range.
func (c densifyCase) window() int { return min(max(c.Cap, 1024), 4096) }

// Request builds the request.
func (c densifyCase) Request() adapters.DensifyRequest {
	rng := rand.New(rand.NewSource(c.Text))
	entry := adapters.EntryReactive
	if abs(c.Entry)%2 == 1 {
		entry = adapters.EntryProactive
	}
	return adapters.DensifyRequest{
		Input:     textgen.Text(rng, abs(c.Script)%5, min(abs(c.Size), 20000)),
		Cap:       c.window(),
		Entry:     entry,
		Capture:   c.Capture,
		WorkLimit: 1 + abs(c.Work-1)%4,
	}
}

// Config is the simulated model: the case's window and style, its faults,
// and drift only when withDrift (as a share of the safety margin).
func (c densifyCase) Config(withDrift bool) sim.Config {
	cfg := sim.Config{Cap: c.window(), Style: densifyStyles[abs(c.Style)%len(densifyStyles)]}
	if withDrift {
		cfg.Drift = c.drift()
	}
	var faults []int
	for _, n := range c.Faults {
		faults = append(faults, 1+abs(n-1)%20)
	}
	sort.Ints(faults)
	for i, n := range faults {
		kind := abs(c.Kind) % 4
		if kind == 3 {
			kind = i % 3
		}
		switch kind {
		case 0:
			cfg.Faults.OverflowAt = append(cfg.Faults.OverflowAt, n)
		case 1:
			cfg.Faults.RateLimitAt = append(cfg.Faults.RateLimitAt, n)
		default:
			cfg.Faults.TransientAt = append(cfg.Faults.TransientAt, n)
		}
	}
	return cfg
}

// drift is Drift (a share, 0..1) of the largest drift the safety margin
// covers: margin/cap, so drift x (prompt + input) stays under the margin.
func (c densifyCase) drift() float64 {
	d := c.Drift
	if d < 0 || d > 1 || d != d {
		d = 1
	}
	w := c.window()
	return d * float64(densify.SafetyMargin(w)) / float64(w)
}

// densifyCallBudget is the most provider calls a generated case may take.
// The reference needs under 50 on these inputs (at most 14 kB, caps from
// 1024, at most four injected failures, two attempts); the budget is ten
// times that, and small enough that a flow that never ends is stopped, and
// shrunk, quickly.
const densifyCallBudget = 500

// Model builds the harness's model for the case.
func (c densifyCase) Model(withDrift bool) (*call.Model, error) {
	m, err := call.NewModel(c.Config(withDrift))
	if err != nil {
		return nil, err
	}
	m.Budget = densifyCallBudget
	return m, nil
}

// String is what gopter prints for a counterexample.
func (c densifyCase) String() string {
	req := c.Request()
	cfg := c.Config(true)
	return fmt.Sprintf("input %dB (script %d, seed %d), cap %d, entry %s, work limit %d, capture %v, style %s, overflow at %v, rate limit at %v, transient at %v, drift up to %.4f",
		len(req.Input), abs(c.Script)%5, c.Text, req.Cap, req.Entry, req.WorkLimit, req.Capture, cfg.Style,
		cfg.Faults.OverflowAt, cfg.Faults.RateLimitAt, cfg.Faults.TransientAt, cfg.Drift)
}
