package sim

import (
	"strings"
	"unicode"
)

// Bound is the least any densification of an input can cost on this
// simulator, whatever its planner:
//
//   - ContentTokens = Tokens(input with all white space removed). Every
//     non-space character of the input must reach the model in some
//     successful call, and the simulator's count is subadditive (the base
//     estimators are, and ceil(x)+ceil(y) >= ceil(x+y)), so the inputs of the
//     calls that carry the input add up to at least ContentTokens, however
//     the input is cut and whatever white space is dropped.
//   - PerCall = Cap - CallOverhead: the most input one accepted call can
//     carry (prompt and reserved output only lower it).
//   - ChunkCalls = ceil(ContentTokens / PerCall) (0 for an empty input): the
//     least number of calls that can carry the content (a single full call
//     when it fits).
//   - MergeCalls = 1 when ChunkCalls > 1, else 0: more than one partial needs
//     at least one merge to become one text. This is the most favourable
//     tree (all partials in one merge); KaryMerges gives the merges of a
//     k-ary tree for comparison. An output returned by the non-reducing
//     guard (partials joined, no merge) is not one merged text and is not
//     held to this part of the bound.
//   - Calls = ChunkCalls + MergeCalls.
//   - Tokens = ContentTokens + Calls*CallOverhead: a lower bound of
//     Report.TokensSent.
type Bound struct {
	ContentTokens int
	PerCall       int
	ChunkCalls    int
	MergeCalls    int
	Calls         int
	Tokens        int
}

// KeptBound is the least a densification of input can cost on this
// simulator when every call keeps kept tokens of the window from its input:
// for the safety margin, the prompt and the least output a call reserves,
// which the standard's budgets subtract ("allowedInput = contextCap -
// promptOverhead - outputReserve - safetyMargin"). As Bound, but one call
// carries at most Cap - CallOverhead - kept tokens of input, and the
// content is the input's words joined by single spaces (a flow may change
// white space, but dropping the spaces between words changes the text).
// It measures what a planner wastes beyond what it keeps on purpose.
func (s *Sim) KeptBound(input string, kept int) Bound {
	return s.bound(strings.Join(strings.Fields(input), " "), s.cfg.Cap-s.cfg.CallOverhead-kept)
}

// Report is what the calls so far cost, against the Bound for the input.
//
// Cost figures (all in the simulator's tokens, over every call so far):
//   - Calls: calls made; Failed: calls that returned an error; FullCalls,
//     ChunkCalls, MergeCalls: calls by stage (see StageOf).
//   - Overflows, RateLimited, Transient: failed calls by kind (injected
//     faults included); Truncated: calls the Ollama style cut silently;
//     Repeats: calls whose prompt and input were both sent before.
//   - TokensSent: the sum of PromptTokens + InputTokens + Overhead of every
//     call, failed ones included (they were sent); TokensAccepted: the same
//     over successful calls; TokensOut: the sum of OutputTokens.
//   - LargestCall: the largest Cost (prompt + input + overhead + reserved
//     output) of any call; LargestAccepted: of any successful call (never
//     above Cap).
//   - CallRatio = Calls / Bound.Calls and TokenRatio = TokensSent /
//     Bound.Tokens (0 when the bound is 0): 1 is optimal.
type Report struct {
	Cap                               int
	Calls, Failed                     int
	FullCalls, ChunkCalls, MergeCalls int
	Overflows, RateLimited, Transient int
	Truncated, Repeats                int
	TokensSent, TokensAccepted        int
	TokensOut                         int
	LargestCall, LargestAccepted      int
	Bound                             Bound
	CallRatio, TokenRatio             float64
}

// Bound computes the lower bound for input on this simulator.
func (s *Sim) Bound(input string) Bound {
	content := strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, input)
	return s.bound(content, s.cfg.Cap-s.cfg.CallOverhead)
}

// bound is the least cost of content when one call carries at most perCall
// tokens of it: as many chunk calls as it takes, one merge call when there
// are several, and the overhead of every call.
func (s *Sim) bound(content string, perCall int) Bound {
	b := Bound{PerCall: perCall}
	if content == "" {
		return b
	}
	b.ContentTokens = s.Tokens(content)
	if b.PerCall <= 0 {
		return b // no call can carry anything: the bound is unreachable
	}
	b.ChunkCalls = (b.ContentTokens + b.PerCall - 1) / b.PerCall
	if b.ChunkCalls > 1 {
		b.MergeCalls = 1
	}
	b.Calls = b.ChunkCalls + b.MergeCalls
	b.Tokens = b.ContentTokens + b.Calls*s.cfg.CallOverhead
	return b
}

// Report sums the calls so far against the bound for input.
func (s *Sim) Report(input string) Report {
	r := Report{Cap: s.cfg.Cap, Bound: s.Bound(input)}
	for _, c := range s.Calls() {
		r.Calls++
		switch c.Stage {
		case "full":
			r.FullCalls++
		case "chunk":
			r.ChunkCalls++
		case "merge":
			r.MergeCalls++
		}
		sent := c.PromptTokens + c.InputTokens + c.Overhead
		r.TokensSent += sent
		r.LargestCall = max(r.LargestCall, c.Cost)
		if c.Truncated {
			r.Truncated++
		}
		if c.Repeat {
			r.Repeats++
		}
		if c.Err != nil {
			r.Failed++
			switch c.Kind {
			case "overflow":
				r.Overflows++
			case "rate_limit":
				r.RateLimited++
			case "transient":
				r.Transient++
			}
			continue
		}
		r.TokensAccepted += sent
		r.TokensOut += c.OutputTokens
		r.LargestAccepted = max(r.LargestAccepted, c.Cost)
	}
	if r.Bound.Calls > 0 {
		r.CallRatio = float64(r.Calls) / float64(r.Bound.Calls)
	}
	if r.Bound.Tokens > 0 {
		r.TokenRatio = float64(r.TokensSent) / float64(r.Bound.Tokens)
	}
	return r
}

// KaryMerges is the number of merge calls that reduce n partials to one when
// every merge takes up to k of them (k >= 2), pass by pass as the flow makes
// them: each pass has ceil(n/k) groups and every group is a call, a lone
// partial in a pass's last group included. It is 0 for n <= 1 and -1 for
// k < 2.
func KaryMerges(n, k int) int {
	if k < 2 {
		return -1
	}
	merges := 0
	for n > 1 {
		groups := (n + k - 1) / k
		merges += groups
		n = groups
	}
	return merges
}
