package densify

import (
	"context"
	"fmt"
	"strings"
)

// Provider is one language-model call: an instruction prompt and the text to
// work on go in, the model's text or an error comes out. Implementations must
// be safe for concurrent use (chunk and merge calls run in parallel) and must
// not retry on their own: the densification flow decides what a failure means.
type Provider interface {
	Complete(ctx context.Context, prompt, input string) (string, error)
}

// ProviderFunc lets an ordinary function serve as a Provider.
type ProviderFunc func(ctx context.Context, prompt, input string) (string, error)

// Complete calls f.
func (f ProviderFunc) Complete(ctx context.Context, prompt, input string) (string, error) {
	return f(ctx, prompt, input)
}

// ProviderError is a failed provider call as the API reported it. Clients
// fill in what the API gave: the HTTP status (0 when there is none, as for an
// on-device model), the API's error type and code, and its message verbatim,
// so that Classify sees the real text.
type ProviderError struct {
	Provider string // "openai", "anthropic", "gemini", "llamacpp", "apple", ...
	Status   int    // HTTP status code; 0 when the call had none
	Type     string // API error type, e.g. "invalid_request_error", "RESOURCE_EXHAUSTED"
	Code     string // API error code, e.g. "context_length_exceeded"
	Message  string // the API's message, or the start of the body when it had none
}

// Error renders "provider: HTTP status type code: message", leaving out the
// parts that are empty.
func (e *ProviderError) Error() string {
	name := e.Provider
	if name == "" {
		name = "provider"
	}
	var details []string
	if e.Status != 0 {
		details = append(details, fmt.Sprintf("HTTP %d", e.Status))
	}
	for _, d := range []string{e.Type, e.Code} {
		if d != "" {
			details = append(details, d)
		}
	}
	s := name
	if len(details) > 0 {
		s += ": " + strings.Join(details, " ")
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}
