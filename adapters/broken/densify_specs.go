package broken

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
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
