package densify

import (
	"errors"
	"fmt"
	"testing"
)

// TestStatedWindow reads the window each overflow message of
// fixtures/densify/errors.json states (the number is in the message), and
// finds none where there is none or where the error is no overflow.
func TestStatedWindow(t *testing.T) {
	openai := &ProviderError{Provider: "openai", Status: 400, Code: "context_length_exceeded",
		Message: "This model's maximum context length is 4096 tokens. However, your messages resulted in 5120 tokens."}
	tests := []struct {
		name string
		err  error
		want int // 0: none stated
	}{
		{"openai", openai, 4096},
		{"mistral", errors.New("Prompt contains 40000 tokens and 0 draft tokens, too large for model with 32768 maximum context length"), 32768},
		{"anthropic prompt", errors.New("prompt is too long: 210000 tokens > 200000 maximum"), 200000},
		{"anthropic max_tokens", errors.New("input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again"), 200000},
		{"gemini", errors.New("The input token count (1200000) exceeds the maximum number of tokens allowed (1048576)."), 1048576},
		{"llama.cpp server", errors.New("request (8708 tokens) exceeds the available context size (8192 tokens), try increasing it"), 8192},
		{"llama-cpp-python", errors.New("Requested tokens (590) exceed context window of 512"), 512},
		{"lm studio", errors.New("However, the model is loaded with context length of only 32768 tokens, which is not enough."), 32768},
		{"openai configured limit", errors.New("Input tokens exceed the configured limit of 272000 tokens."), 272000},
		{"apple states none", &ProviderError{Provider: "apple", Message: "Exceeded model context window size"}, 0},
		// The ProviderError's message is read, not the text wrapping it.
		{"wrapped", fmt.Errorf("assumed maximum context length is 100000: %w", openai), 4096},
		// A rate limit that quotes a window is no overflow.
		{"rate limit", errors.New("rate limit: maximum context length is 10"), 0},
		{"not an error of the provider", errors.New("disk full"), 0},
		// A window of 0 is no window; 1 is the least one.
		{"zero", errors.New("This model's maximum context length is 0 tokens."), 0},
		{"one", errors.New("This model's maximum context length is 1 tokens."), 1},
	}
	for _, tt := range tests {
		got, ok := StatedWindow(tt.err)
		if got != tt.want || ok != (tt.want != 0) {
			t.Errorf("%s: StatedWindow = %d, %v; want %d", tt.name, got, ok, tt.want)
		}
	}
}
