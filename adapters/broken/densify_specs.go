package broken

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densification mutants that wrap the reference and change one part of its
// answer or of what it sees: the failure message, the capture retry, the
// refusal of bad input, blank input, and one listed overflow phrase.

// after is the reference with its answer rewritten by fix, which sees the
// request, the provider and the reference's answer.
func after(name string, fix func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer) adapters.Adapter {
	ref := named(name)
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		ans, err := ref.Densify(ctx, req, p)
		if err != nil {
			return ans, err
		}
		return fix(ctx, req, p, ans), nil
	}}
}

// NoFailureMessage stores a failed densification without its message
// ("failure message is stored"). Caught by DSF-12 and DSF-14.
func NoFailureMessage() adapters.Adapter {
	return after("no-failure-message", func(_ context.Context, _ adapters.DensifyRequest, _ densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if ans.Status == adapters.StatusFailed {
			ans.Message = ""
		}
		return ans
	})
}

// KeepsInputOnFailure answers a densification whose provider calls all
// failed as ready, the input itself its output (the message kept), where
// the text persists it "with status = failed". Caught by DSF-12.
func KeepsInputOnFailure() adapters.Adapter {
	return after("keeps-input-on-failure", func(_ context.Context, req adapters.DensifyRequest, _ densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if ans.Status == adapters.StatusFailed && ans.Failure == adapters.FailureProvider {
			ans.Status, ans.Failure, ans.Output = adapters.StatusReady, adapters.FailureNone, req.Input
		}
		return ans
	})
}

// RetriesRejection retries, under capture, the early rejection and the
// refusal of invalid input too (a second attempt that again makes no call),
// where the reference retries provider failures only. Caught by DSF-13.
func RetriesRejection() adapters.Adapter {
	return after("retries-rejection", func(_ context.Context, req adapters.DensifyRequest, _ densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if req.Capture && ans.Status == adapters.StatusFailed && ans.Failure != adapters.FailureProvider && len(ans.Runs) == 1 {
			ans.Attempts++
			ans.Runs = append(ans.Runs, adapters.DensifyRun{Entry: adapters.EntryProactive})
		}
		return ans
	})
}

// SendsBadInput refuses invalid input as the reference does, but only after
// sending it to the provider in a full call. Caught by DSF-15.
func SendsBadInput() adapters.Adapter {
	return after("sends-bad-input", func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if ans.Failure == adapters.FailureInvalid {
			_, _ = p.Complete(ctx, prompt("Extract the essential context from the captured text below.", 100), req.Input)
		}
		return ans
	})
}

// AcceptsBadInput answers invalid input, without a call, as ready with an
// empty output. Caught by DSF-15.
func AcceptsBadInput() adapters.Adapter {
	return after("accepts-bad-input", func(_ context.Context, _ adapters.DensifyRequest, _ densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if ans.Failure == adapters.FailureInvalid {
			ans = adapters.DensifyAnswer{Status: adapters.StatusReady, Failure: adapters.FailureNone, Attempts: 1,
				Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive}}}
		}
		return ans
	})
}

// KeepsBlank answers input of only white space, without a call, with that
// white space, where the reference gives the empty text. Caught by DSF-16.
func KeepsBlank() adapters.Adapter {
	return after("keeps-blank", func(_ context.Context, req adapters.DensifyRequest, _ densify.Provider, ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		if ans.Status == adapters.StatusReady && strings.TrimSpace(req.Input) == "" {
			ans.Output = req.Input
		}
		return ans
	})
}

// MissesPromptTooLong's classifier lacks one phrase the text lists,
// "prompt is too long" (Anthropic's overflow): such an overflow reaches the
// reference as a plain failure, which ends the attempt instead of chunking.
// Caught by DSF-11.
func MissesPromptTooLong() adapters.Adapter {
	ref := named("misses-prompt-too-long")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			out, err := p.Complete(ctx, prompt, input)
			var pe *densify.ProviderError
			if errors.As(err, &pe) && strings.Contains(strings.ToLower(pe.Message), "prompt is too long") {
				err = fmt.Errorf("%s: request refused (HTTP %d)", pe.Provider, pe.Status)
			}
			return out, err
		}))
	}}
}

// RetriesWithoutCapture makes capture's second attempt after a provider
// failure even when the request turns capture off (a flow that retries
// after a rate limit whatever it is asked). The request's "the flow runs
// exactly once" is the adapter contract: caught by DSF-19, and the other
// checks leave such an answer unjudged.
func RetriesWithoutCapture() adapters.Adapter {
	return extraAttempt("retries-without-capture", func(req adapters.DensifyRequest, ans adapters.DensifyAnswer) bool {
		return !req.Capture && ans.Failure == adapters.FailureProvider
	})
}

// extraAttempt is the reference making one more attempt, capture off,
// after an answer more selects; the answer is the last attempt's, with
// the runs of both.
func extraAttempt(name string, more func(adapters.DensifyRequest, adapters.DensifyAnswer) bool) adapters.Adapter {
	ref := named(name)
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		ans, err := ref.Densify(ctx, req, p)
		if err != nil || !more(req, ans) {
			return ans, err
		}
		one := req
		one.Capture = false
		again, err := ref.Densify(ctx, one, p)
		if err != nil {
			return ans, err
		}
		again.Attempts += ans.Attempts
		again.Runs = append(ans.Runs, again.Runs...)
		return again, nil
	}}
}

// byEntry is the reference for one entry and the sequential flow f for the
// other: wrong only on the path entry names.
func byEntry(name, entry string, f flow) adapters.Adapter {
	ref := named(name)
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if req.Entry != entry {
			return ref.Densify(ctx, req, p)
		}
		return f.densify(ctx, req, p)
	}}
}

// FixedCeilingsProactive budgets proactive entry (the Apple path) with the
// original code's fixed ceilings, as FixedCeilings does, and is the
// reference on the reactive path: wasteful only where the plan's cap is the
// model's window. Caught by DSF-28.
func FixedCeilingsProactive() adapters.Adapter {
	return byEntry("fixed-ceilings-proactive", adapters.EntryProactive, flow{floor: densify.DefaultFloor, mergeRetry: true, guard: true})
}

// FixedCeilingsReactive budgets reactive entry (the remote path) with the
// original code's fixed ceilings and ignores the window an overflow states,
// and is the reference on the proactive path: wasteful only after a
// declared cap proves too large. Caught by DSF-28.
func FixedCeilingsReactive() adapters.Adapter {
	return byEntry("fixed-ceilings-reactive", adapters.EntryReactive, flow{floor: densify.DefaultFloor, mergeRetry: true, guard: true})
}

// PlansAppleFor1536 plans proactive entry (the Apple path) for a cap of
// 1,536 tokens, not the 4,096 the request gives: each call carries some
// three eighths of what the window holds, so the calls are many (4.75 times the
// simulator's bound on 1,500 sentences) while the tokens sent stay within
// twice it. Caught by DSF-18 (calls).
func PlansAppleFor1536() adapters.Adapter {
	ref := named("plans-apple-for-1536")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if req.Entry == adapters.EntryProactive {
			req.Cap = 1536
		}
		return ref.Densify(ctx, req, p)
	}}
}

// SendsChunksTwice sends every chunk call twice and keeps the second
// answer (its account of the calls says so): twice the chunk calls, within
// 4 times the simulator's bound, but more than twice the bound's tokens.
// Caught by DSF-18 (tokens).
func SendsChunksTwice() adapters.Adapter {
	ref := named("sends-chunks-twice")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		ans, err := ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			if sim.StageOf(prompt) == "chunk" {
				if _, err := p.Complete(ctx, prompt, input); err != nil {
					return "", err
				}
			}
			return p.Complete(ctx, prompt, input)
		}))
		for i := range ans.Runs {
			for j := range ans.Runs[i].Rounds {
				ans.Runs[i].Rounds[j].ChunkCalls *= 2
			}
		}
		return ans, err
	}}
}

// LastResortChunking makes the capture's attempts itself, each the
// reference without capture, but its last attempt does not return a failed
// full call's error when it is not an overflow: it falls back to chunking
// the input, where the text returns "non-context-window failures"
// immediately. Without capture its only attempt is the last. Caught by
// DSF-05 and, when the first two calls fail with a 500 and a third would
// succeed, DSF-12 (the answer is ready where both attempts failed).
func LastResortChunking() adapters.Adapter {
	ref := named("last-resort-chunking")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		attempts := 1
		if req.Capture {
			attempts = densify.DefaultCaptureAttempts
		}
		one := req
		one.Capture = false
		var ans adapters.DensifyAnswer
		for a := 1; a <= attempts; a++ {
			got, err := ref.Densify(ctx, one, p)
			if err != nil {
				return got, err
			}
			if a == attempts && got.Failure == adapters.FailureProvider && len(got.Runs) == 1 &&
				got.Runs[0].Entry == adapters.EntryReactive && len(got.Runs[0].Rounds) == 0 {
				chunked := one
				chunked.Entry = adapters.EntryProactive
				again, err := ref.Densify(ctx, chunked, p)
				if err != nil {
					return again, err
				}
				again.Runs[0].Entry = adapters.EntryReactive // the failed full call, then the rounds
				got = again
			}
			ans.Attempts, ans.Runs = a, append(ans.Runs, got.Runs...)
			ans.Status, ans.Output, ans.Failure, ans.Message = got.Status, got.Output, got.Failure, got.Message
			if got.Status == adapters.StatusReady || got.Failure != adapters.FailureProvider {
				break
			}
		}
		return ans, nil
	}}
}

// RefusesWithoutCapture densifies only under capture: a request without it
// is answered failed, as invalid, in one attempt that never calls the
// model. Caught by DSF-01: the early rejection, which the text keeps for
// an input over the maximum (and as too long), rejects one within it,
// which the text delegates to the provider client. The entries' checks
// (DSF-03, DSF-06) fail the same answers and follow from DSF-01's
// judgement; the later stages' checks pass over its cases.
func RefusesWithoutCapture() adapters.Adapter {
	ref := named("refuses-without-capture")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if req.Capture {
			return ref.Densify(ctx, req, p)
		}
		return adapters.DensifyAnswer{Status: adapters.StatusFailed, Failure: adapters.FailureInvalid, Attempts: 1,
			Message: "densification runs only within capture", Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive}}}, nil
	}}
}
