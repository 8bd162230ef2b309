package sim

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/densify"
)

// The messages below follow the real providers' wording (see
// fixtures/densify/errors.json for the sources), with the simulator's
// numbers filled in.

func (s *Sim) overflowError(c Call) error {
	cap := s.cfg.Cap
	in := c.PromptTokens + c.InputTokens + c.Overhead
	switch s.cfg.Style {
	case Anthropic:
		if in > cap {
			return &densify.ProviderError{Provider: "anthropic", Status: 400, Type: "invalid_request_error",
				Message: fmt.Sprintf("prompt is too long: %d tokens > %d maximum", in, cap)}
		}
		return &densify.ProviderError{Provider: "anthropic", Status: 400, Type: "invalid_request_error",
			Message: fmt.Sprintf("input length and `max_tokens` exceed context limit: %d + %d > %d, decrease input length or `max_tokens` and try again", in, c.Reserved, cap)}
	case Gemini:
		return &densify.ProviderError{Provider: "gemini", Status: 400, Type: "INVALID_ARGUMENT",
			Message: fmt.Sprintf("The input token count (%d) exceeds the maximum number of tokens allowed (%d).", c.Cost, cap)}
	case LlamaCpp, Ollama:
		return &densify.ProviderError{Provider: string(s.cfg.Style), Status: 400, Type: "exceed_context_size_error",
			Message: fmt.Sprintf("request (%d tokens) exceeds the available context size (%d tokens), try increasing it", c.Cost, cap)}
	case Apple:
		return &densify.ProviderError{Provider: "apple", Type: "exceededContextWindowSize",
			Message: "Exceeded model context window size"}
	}
	return &densify.ProviderError{Provider: "openai", Status: 400, Type: "invalid_request_error", Code: "context_length_exceeded",
		Message: fmt.Sprintf("This model's maximum context length is %d tokens. However, you requested %d tokens (%d in the messages, %d in the completion). Please reduce the length of the messages or completion.", cap, c.Cost, in, c.Reserved)}
}

func (s *Sim) rateLimitError(c Call) error {
	switch s.cfg.Style {
	case Anthropic:
		return &densify.ProviderError{Provider: "anthropic", Status: 429, Type: "rate_limit_error",
			Message: "This request would exceed the rate limit for your organization of 40,000 input tokens per minute. Please reduce the prompt length or the maximum tokens requested, or try again later."}
	case Gemini:
		return &densify.ProviderError{Provider: "gemini", Status: 429, Type: "RESOURCE_EXHAUSTED",
			Message: "Resource has been exhausted (e.g. check quota)."}
	case LlamaCpp, Ollama:
		return &densify.ProviderError{Provider: string(s.cfg.Style), Status: 429, Message: "Too Many Requests"}
	case Apple:
		return &densify.ProviderError{Provider: "apple", Type: "rateLimited",
			Message: "The session was rate limited; try again later."}
	}
	return &densify.ProviderError{Provider: "openai", Status: 429, Type: "tokens", Code: "rate_limit_exceeded",
		Message: fmt.Sprintf("Rate limit reached for %s in organization org-sim on tokens per min (TPM): Limit 30000, Used 29500, Requested %d. Please try again in 1s.", s.cfg.Model, c.Cost)}
}

func (s *Sim) transientError() error {
	switch s.cfg.Style {
	case Anthropic:
		return &densify.ProviderError{Provider: "anthropic", Status: 529, Type: "overloaded_error", Message: "Overloaded"}
	case Gemini:
		return &densify.ProviderError{Provider: "gemini", Status: 503, Type: "UNAVAILABLE",
			Message: "The model is overloaded. Please try again later."}
	case LlamaCpp:
		return &densify.ProviderError{Provider: "llamacpp", Status: 503, Type: "unavailable_error", Message: "Loading model"}
	case Ollama:
		return &densify.ProviderError{Provider: "ollama", Status: 503,
			Message: "server busy, please try again.  maximum pending requests exceeded"}
	case Apple:
		return &densify.ProviderError{Provider: "apple", Type: "assetsUnavailable",
			Message: "The model assets are unavailable."}
	}
	return &densify.ProviderError{Provider: "openai", Status: 500, Type: "server_error",
		Message: "The server had an error while processing your request. Sorry about that!"}
}
