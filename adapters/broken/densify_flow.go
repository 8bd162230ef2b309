package broken

import (
	"context"
	"errors"
	"fmt"
	"sync/atomic"
	"unicode"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densification mutants of the entry paths and of the answer (the checks of
// specs/densify_flow.go and the answer checks of specs/densify_model.go):
// each is the reference with one decision of the flow, or one field of its
// answer, wrong.

// wrapped is a densifier that runs the reference on a request it may change
// first, then may change the answer.
func wrapped(name string, before func(*adapters.DensifyRequest), after func(adapters.DensifyRequest, *adapters.DensifyAnswer, densify.Provider)) adapters.Adapter {
	ref := named(name)
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if before != nil {
			before(&req)
		}
		ans, err := ref.Densify(ctx, req, p)
		if err == nil && after != nil {
			after(req, &ans, p)
		}
		return ans, err
	}}
}

// TooLongAsInvalid rejects an input over the maximum early and without a
// call, but as invalid input instead of input too long. Caught by DSF-01.
func TooLongAsInvalid() adapters.Adapter {
	return wrapped("too-long-as-invalid", nil, func(_ adapters.DensifyRequest, ans *adapters.DensifyAnswer, _ densify.Provider) {
		if ans.Failure == adapters.FailureTooLong {
			ans.Failure = adapters.FailureInvalid
		}
	})
}

// CallsBeforeRejecting makes its full call before it estimates the input,
// then rejects an input over the maximum as too long: the answer is right,
// but a call was made. Its answer accounts for the call. Caught by DSF-01.
func CallsBeforeRejecting() adapters.Adapter {
	return wrapped("calls-before-rejecting", nil, func(req adapters.DensifyRequest, ans *adapters.DensifyAnswer, p densify.Provider) {
		if ans.Failure == adapters.FailureTooLong {
			_, _ = p.Complete(context.Background(), prompt("Extract the essential context from the captured text below.",
				densify.ChunkWords(densify.CJKEstimator{}.Tokens(req.Input))), req.Input)
			ans.Runs[len(ans.Runs)-1].Entry = adapters.EntryReactive
		}
	})
}

// RoundsEstimate estimates ASCII text at round(n/3) tokens instead of the
// original estimator's ceil(n/3), so 300,001 bytes (100,001 tokens by the
// original) are 100,000 and pass the default maximum. Caught by DSF-02
// (REFERENCE: the boundary with the original estimator).
func RoundsEstimate() adapters.Adapter {
	return wrapped("rounds-estimate", func(req *adapters.DensifyRequest) {
		if req.MaxInput != 0 {
			return
		}
		cjk, other := 0, 0
		for _, r := range req.Input {
			if unicode.In(r, unicode.Han, unicode.Hiragana, unicode.Katakana, unicode.Hangul) {
				cjk++
			} else {
				other++
			}
		}
		if cjk+(other+1)/3 <= densify.DefaultMaxInput {
			// Accepted by this estimate: let the reference through.
			req.MaxInput = max(densify.DefaultMaxInput, densify.CJKEstimator{}.Tokens(req.Input))
		}
	}, nil)
}

// KeepsWhatFits returns an input that fits the window as it is, ready,
// without a call, where the text densifies it with one full call.
// Caught by DSF-02 (an input under the maximum is densified) and DSF-03.
func KeepsWhatFits() adapters.Adapter {
	ref := named("keeps-what-fits")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		tokens := densify.CJKEstimator{}.Tokens(req.Input)
		if req.Capture || req.Entry == adapters.EntryProactive || tokens > or(req.MaxInput, densify.DefaultMaxInput) || tokens > or(req.Cap, densify.DefaultCap) {
			return ref.Densify(ctx, req, p)
		}
		return adapters.DensifyAnswer{Status: adapters.StatusReady, Output: req.Input, Attempts: 1,
			Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive}}}, nil
	}}
}

// ReactiveAsProactive starts by chunking when asked for reactive entry: no
// full call. Caught by DSF-03 (the later stages' checks pass over a case
// whose entry went wrong).
func ReactiveAsProactive() adapters.Adapter {
	return wrapped("reactive-as-proactive", func(req *adapters.DensifyRequest) {
		if req.Entry == adapters.EntryReactive {
			req.Entry = adapters.EntryProactive
		}
	}, nil)
}

// ProactiveAsReactive makes a full call first when asked for proactive
// entry. Caught by DSF-06.
func ProactiveAsReactive() adapters.Adapter {
	return wrapped("proactive-as-reactive", func(req *adapters.DensifyRequest) {
		if req.Entry == adapters.EntryProactive {
			req.Entry = adapters.EntryReactive
		}
	}, nil)
}

// InputForOutput answers a successful full call with the input it sent
// instead of the call's output. Caught by DSF-03.
func InputForOutput() adapters.Adapter {
	return wrapped("input-for-output", nil, func(req adapters.DensifyRequest, ans *adapters.DensifyAnswer, _ densify.Provider) {
		last := ans.Runs[len(ans.Runs)-1]
		if ans.Status == adapters.StatusReady && last.Entry == adapters.EntryReactive && len(last.Rounds) == 0 {
			ans.Output = req.Input
		}
	})
}

// FailsAfterRecovery reports a run that recovered from an overflow of its
// full call by chunking as failed (a provider failure), though it has the
// output. Caught by DSF-04.
func FailsAfterRecovery() adapters.Adapter {
	return wrapped("fails-after-recovery", nil, func(_ adapters.DensifyRequest, ans *adapters.DensifyAnswer, _ densify.Provider) {
		last := ans.Runs[len(ans.Runs)-1]
		if ans.Status == adapters.StatusReady && last.Entry == adapters.EntryReactive && len(last.Rounds) > 0 {
			ans.Status, ans.Failure, ans.Message = adapters.StatusFailed, adapters.FailureProvider, "the full call overflowed the context window"
		}
	})
}

// SwallowsProviderError ends the attempt at a failure that is not an
// overflow, as the text says, but answers ready with an empty output
// instead of surfacing the error. Caught by DSF-12 (the answer after a
// failure: status failed, the message stored); DSF-05's checks fail the
// same answers and follow from DSF-12's judgement.
func SwallowsProviderError() adapters.Adapter {
	return wrapped("swallows-provider-error", nil, func(_ adapters.DensifyRequest, ans *adapters.DensifyAnswer, _ densify.Provider) {
		if ans.Failure == adapters.FailureProvider {
			ans.Status, ans.Failure, ans.Message, ans.Output = adapters.StatusReady, adapters.FailureNone, "", ""
		}
	})
}

// RefusesOverWindow checks a proactive request against the window before
// its first call: an input whose estimate is over the cap fails at once as
// an overflow (a provider failure, no call), where the text chunks it and
// surfaces an overflow only at the minimum chunk budget. Caught by DSF-06
// (proactive entry starts by chunking; the later stages' checks pass over
// its cases).
func RefusesOverWindow() adapters.Adapter {
	ref := named("refuses-over-window")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		capacity := or(req.Cap, densify.DefaultCap)
		if req.Entry != adapters.EntryProactive || (densify.CJKEstimator{}).Tokens(req.Input) <= capacity {
			return ref.Densify(ctx, req, p)
		}
		ans := adapters.DensifyAnswer{Status: adapters.StatusFailed, Failure: adapters.FailureProvider,
			Message: fmt.Sprintf("context window exceeded: the input is over the cap of %d tokens", capacity)}
		attempts := 1
		if req.Capture {
			attempts = densify.DefaultCaptureAttempts
		}
		for range attempts {
			ans.Attempts++
			ans.Runs = append(ans.Runs, adapters.DensifyRun{Entry: adapters.EntryProactive})
		}
		return ans, nil
	}}
}

// NoChunkingFallback surfaces an overflow of the full call as a failure:
// the flow never switches to chunking. The first call's overflow reaches
// the reference as another error. Caught by DSF-04.
func NoChunkingFallback() adapters.Adapter {
	ref := named("no-chunking-fallback")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		var calls atomic.Int32
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			out, err := p.Complete(ctx, prompt, input)
			if calls.Add(1) == 1 && req.Entry == adapters.EntryReactive && densify.IsContextOverflow(err) {
				err = errors.New("the full call failed")
			}
			return out, err
		}))
	}}
}
