package broken

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densification mutants of the properties' judgements (properties/densify.go):
// each is wrong in one way that one property, and the branch of it that
// judges that way, must catch.

// NoChunking sends the whole input in one full call, whatever its size,
// and never chunks: when that call overflows the attempt fails. Caught by
// DSF-04 (the full call's overflow, reactive) and DSF-06 (a full call on
// proactive entry): two sentences, neither judgement failing the other's
// answers. DSF-20 (without failures injected the densification must
// succeed) and DSF-26 (REFERENCE: it must succeed when the model counts up
// to the safety margin more) fail too; DSF-20 follows from DSF-04.
func NoChunking() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor, mergeRetry: true, guard: true, noChunks: true}
	return &densifier{named("no-chunking"), f.densify}
}

// NoSafetyMargin is the reference planning for a cap larger by its safety
// margin: every call fills the cap by the estimate, with no room for a
// model that counts more. When the model counts up to 10% more, calls
// after entry overflow (and the flow, halving, still succeeds). Caught by
// DSF-26.
func NoSafetyMargin() adapters.Adapter {
	ref := named("no-safety-margin")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		capacity := req.Cap
		if capacity == 0 {
			capacity = densify.DefaultCap
		}
		if capacity > 0 {
			// The least cap whose room after the margin is the real cap.
			wider := capacity
			for wider-densify.SafetyMargin(wider) < capacity {
				wider++
			}
			req.Cap = wider
		}
		return ref.Densify(ctx, req, p)
	}}
}

// EndlessMergeAnswers is EndlessMerge (no non-reducing guard, so the merge
// loop never ends while the model answers) that, when the harness stops
// answering and ends its context, answers a failed densification, its
// calls accounted for, instead of returning the context's error. Caught by
// DSF-21: the flow did not terminate by itself.
func EndlessMergeAnswers() adapters.Adapter {
	f := flow{floor: densify.DefaultFloor, mergeRetry: true}
	return &densifier{named("endless-merge-answers"), func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		ans, err := f.densify(ctx, req, p)
		if err != nil && ctx.Err() != nil {
			ans.Status, ans.Failure, ans.Message = adapters.StatusFailed, adapters.FailureProvider, err.Error()
			return ans, nil
		}
		return ans, err
	}}
}

// ChunkTabs is the reference sending each chunk with the space after a
// sentence's full stop turned into a tab: the same calls, prompts, token
// counts and (the simulated model splits sentences at either) outputs and
// answer, other inputs. Caught by DSF-27, which compares the inputs.
func ChunkTabs() adapters.Adapter {
	return rewritten("chunk-tabs", func(prompt, input string) (string, string) {
		if sim.StageOf(prompt) == "chunk" {
			input = strings.ReplaceAll(input, ". ", ".\t")
		}
		return prompt, input
	})
}

// LowerPrompts is the reference with the first letter of every prompt in
// lower case: the same stages, word targets, token counts and answer,
// other prompts. Caught by DSF-27, which compares the prompts.
func LowerPrompts() adapters.Adapter {
	return rewritten("lower-prompts", func(prompt, input string) (string, string) {
		r, n := utf8.DecodeRuneInString(prompt)
		return string(unicode.ToLower(r)) + prompt[n:], input
	})
}

// OutputNewline is the reference with a line break after its output: the
// same calls, another answer. Caught by DSF-27, which compares the answer.
func OutputNewline() adapters.Adapter {
	ref := named("output-newline")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		ans, err := ref.Densify(ctx, req, p)
		if err == nil && ans.Status == adapters.StatusReady {
			ans.Output += "\n"
		}
		return ans, err
	}}
}

// OneCaptureAttempt is the reference that never retries a capture: a
// capture request is densified once, as if Capture were off. Its calls are
// the reference's first attempt's, a prefix of the reference's when that
// attempt fails and the reference retries. Caught by DSF-27 (and DSF-12's
// two attempts).
func OneCaptureAttempt() adapters.Adapter {
	ref := named("one-capture-attempt")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		req.Capture = false
		return ref.Densify(ctx, req, p)
	}}
}

// rewritten is the reference with every provider call's prompt and input
// changed by change before the provider sees them.
func rewritten(name string, change func(prompt, input string) (string, string)) adapters.Adapter {
	ref := named(name)
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			prompt, input = change(prompt, input)
			return p.Complete(ctx, prompt, input)
		}))
	}}
}

// ListedPhrases is the reference with a classifier that knows only the
// phrases the text lists (overflow: "context window",
// "context_length_exceeded", "maximum context length", "prompt is too
// long", "input token count ... exceeds ... maximum"; rate limit: "tokens
// per minute", "rpm", "quota"): the Go twin of testdata/readings'
// densify-listed-phrases. Only DSF-30 (REFERENCE) may fail it; the
// properties that need overflows recognised send them in listed wordings.
func ListedPhrases() adapters.Adapter {
	ref := named("listed-phrases")
	return &densifier{ref, func(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		return ref.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
			out, err := p.Complete(ctx, prompt, input)
			if err == nil || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
				return out, err
			}
			// Hand the reference an error it reads as this classifier does.
			switch listedClass(err) {
			case densify.Overflow:
				err = &densify.ProviderError{Provider: "broken", Status: 400, Code: "context_length_exceeded", Message: "maximum context length exceeded"}
			case densify.RateLimit:
				err = &densify.ProviderError{Provider: "broken", Status: 429, Message: "too many requests"}
			default:
				err = &densify.ProviderError{Provider: "broken", Status: 500, Message: "provider failure: " + err.Error()}
				if densify.Classify(err) != densify.Other {
					err = &densify.ProviderError{Provider: "broken", Status: 500, Message: "provider failure"}
				}
			}
			return out, err
		}))
	}}
}

var rpm = regexp.MustCompile(`(^|[^a-z0-9])rpm([^a-z0-9]|$)`)

// listedClass classifies err by the phrases the text lists alone.
func listedClass(err error) densify.Class {
	text := err.Error()
	var pe *densify.ProviderError
	if errors.As(err, &pe) {
		text = pe.Type + " " + pe.Code + " " + pe.Message
	}
	s := strings.ToLower(text)
	switch {
	case strings.Contains(s, "tokens per minute") || strings.Contains(s, "quota") || rpm.MatchString(s):
		return densify.RateLimit
	case strings.Contains(s, "context window") || strings.Contains(s, "context_length_exceeded") ||
		strings.Contains(s, "maximum context length") || strings.Contains(s, "prompt is too long") ||
		strings.Contains(s, "input token count") && strings.Contains(s, "exceeds") && strings.Contains(s, "maximum"):
		return densify.Overflow
	}
	return densify.Other
}
