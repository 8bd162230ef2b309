package adapters

import (
	"context"
	"errors"

	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densifier performs chunk/merge densification (densification-chunking.md):
// it turns req.Input into one dense text by calling p, the language model the
// harness provides (a simulated provider that records every call and injects
// failures). The implementation under test makes every model call through p
// and never retries a call on its own; p's errors are *densify.ProviderError
// values carrying the API's status, type, code and message, which the
// implementation classifies.
//
// The harness reads each call's stage from its prompt as llm/sim does
// (sim.StageOf): a tag "[[stage:full]]", "[[stage:chunk]]" or
// "[[stage:merge]]", else the word "merge" or "chunk" (a full-call prompt
// contains neither); and the output room the call reserves from a word
// target such as "Max length: N words".
//
// A densification that fails (early rejection, invalid input, an unrecovered
// provider error) is an answer with Status "failed", not an error: the error
// return is kept for faults of the implementation itself and for ctx ending.
type Densifier interface {
	Densify(ctx context.Context, req DensifyRequest, p densify.Provider) (DensifyAnswer, error)
}

// Entry modes of DensifyRequest.Entry ("Provider-specific entry behavior").
const (
	EntryDefault   = ""          // the implementation's own choice
	EntryReactive  = "reactive"  // one full-input call first; only an overflow switches to chunking (remote providers)
	EntryProactive = "proactive" // chunking from the start, no full call (Apple Foundation Models)
)

// Statuses of DensifyAnswer.Status ("Capture-level retry and final failure").
const (
	StatusReady  = "ready"
	StatusFailed = "failed"
)

// Failure kinds of DensifyAnswer.Failure.
const (
	FailureNone     = ""               // the densification succeeded
	FailureTooLong  = "input_too_long" // early rejection above max input: no provider call was made
	FailureInvalid  = "invalid_input"  // the request was refused before any call (invalid UTF-8, negative limits)
	FailureProvider = "provider"       // a provider error the flow could not recover from
)

// DensifyRequest is one densification. Zero values mean the implementation's
// defaults; the harness sets every field it depends on.
type DensifyRequest struct {
	Input string `json:"input"` // the captured text (UTF-8)

	// Cap is the context-window cap the implementation budgets for
	// (input + prompt + output), in tokens: 4096 on the Apple path, 100,000
	// assumed on the remote path. 0: the implementation's default.
	Cap int `json:"cap,omitempty"`

	// Entry is EntryReactive, EntryProactive or EntryDefault.
	Entry string `json:"entry,omitempty"`

	// MaxInput is the early-rejection limit in estimated tokens
	// (maxDensificationInputTokens). 0: the implementation's default.
	MaxInput int `json:"max_input,omitempty"`

	// Capture applies the capture-level retry (CaptureWorkflow: 2 attempts in
	// all for provider failures). When false the flow runs exactly once.
	Capture bool `json:"capture,omitempty"`

	// RetryDelayMS is the pause between capture attempts in milliseconds.
	// 0 means no pause: the harness never waits for wall-clock time.
	RetryDelayMS int `json:"retry_delay_ms,omitempty"`

	// WorkLimit bounds the provider calls in flight. The harness sets 1 when
	// it needs calls in a deterministic order; 0: the implementation's default.
	WorkLimit int `json:"work_limit,omitempty"`
}

// DensifyAnswer is the outcome of one DensifyRequest, as far as the flow got.
type DensifyAnswer struct {
	Output   string `json:"output"`            // the dense text when ready
	Status   string `json:"status"`            // StatusReady or StatusFailed
	Failure  string `json:"failure,omitempty"` // a Failure kind when failed
	Message  string `json:"message,omitempty"` // the last error's message when failed
	Attempts int    `json:"attempts"`          // densification attempts made (1, or 2 with the capture retry)

	// Runs has one entry per attempt, in order: what the provider's call
	// record cannot show (the budgets) and how to split that record.
	Runs []DensifyRun `json:"runs"`
}

// DensifyRun is one densification attempt: the shape of the calls it made,
// which the provider's call record alone cannot show (budgets, rounds,
// passes). The harness splits the provider's record, in arrival order, into
// attempts, rounds, merge attempts and passes by these counts: an attempt's
// calls all finish before the next attempt starts, and likewise a round's,
// a merge attempt's and a pass's.
type DensifyRun struct {
	// Entry is EntryReactive when the attempt began with one full-input
	// call, EntryProactive when it began by chunking (or made no call).
	Entry string `json:"entry"`

	Joined bool           `json:"joined,omitempty"` // the non-reducing merge guard returned the partials joined
	Rounds []DensifyRound `json:"rounds,omitempty"` // chunk-budget rounds, in order; none without chunking
}

// Calls is the number of provider calls the attempt made.
func (r DensifyRun) Calls() int {
	n := 0
	if r.Entry == EntryReactive {
		n = 1
	}
	for _, x := range r.Rounds {
		n += x.Calls()
	}
	return n
}

// DensifyRound is one run of densifyInChunks with one chunk budget: its chunk
// calls, then its merge attempts (a merge-local retry starts another).
type DensifyRound struct {
	ChunkBudget int            `json:"chunk_budget"`     // chunk budget of the round, in the implementation's estimated tokens
	ChunkCalls  int            `json:"chunk_calls"`      // chunk calls made (all chunks, or fewer when one failed)
	Merges      []DensifyMerge `json:"merges,omitempty"` // merge attempts, in order
}

// Calls is the number of provider calls the round made.
func (r DensifyRound) Calls() int {
	n := r.ChunkCalls
	for _, m := range r.Merges {
		n += m.Calls()
	}
	return n
}

// DensifyMerge is one merge attempt: merge passes over the round's chunk
// partials with one merge budget.
type DensifyMerge struct {
	Budget int   `json:"budget"`           // merge budget, in the implementation's estimated tokens
	Passes []int `json:"passes,omitempty"` // calls of each merge pass, in order (a pass's calls = its groups)
}

// Calls is the number of provider calls the merge attempt made.
func (m DensifyMerge) Calls() int {
	n := 0
	for _, p := range m.Passes {
		n += p
	}
	return n
}

// ProviderReply is a provider call's outcome as a process adapter carries it
// over JSON lines: Output on success, Error otherwise.
type ProviderReply struct {
	Output string         `json:"output,omitempty"`
	Error  *ProviderFault `json:"error,omitempty"`
}

// ProviderCall is one provider call as a process adapter carries it.
type ProviderCall struct {
	Prompt string `json:"prompt"`
	Input  string `json:"input"`
}

// ProviderFault is a *densify.ProviderError with JSON tags.
type ProviderFault struct {
	Provider string `json:"provider,omitempty"`
	Status   int    `json:"status,omitempty"`
	Type     string `json:"type,omitempty"`
	Code     string `json:"code,omitempty"`
	Message  string `json:"message"`
}

// FaultOf converts a provider error for the wire: a *densify.ProviderError
// keeps its fields, any other error becomes its message.
func FaultOf(err error) *ProviderFault {
	if err == nil {
		return nil
	}
	var pe *densify.ProviderError
	if errors.As(err, &pe) {
		return &ProviderFault{Provider: pe.Provider, Status: pe.Status, Type: pe.Type, Code: pe.Code, Message: pe.Message}
	}
	return &ProviderFault{Message: err.Error()}
}

// Err converts a wire fault back into a *densify.ProviderError (nil for nil).
func (f *ProviderFault) Err() error {
	if f == nil {
		return nil
	}
	return &densify.ProviderError{Provider: f.Provider, Status: f.Status, Type: f.Type, Code: f.Code, Message: f.Message}
}
