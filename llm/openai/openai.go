// Package openai is a densify.Provider for OpenAI-compatible chat
// completions (POST {base}/v1/chat/completions): OpenAI itself, vLLM, the
// llama.cpp server, Ollama's /v1, LM Studio and the like.
//
// One Complete is one HTTP request: the prompt goes as the system message,
// the input as the user message. There are no retries inside (the
// densification flow decides what a failure means). A non-2xx answer becomes
// a *densify.ProviderError carrying the status and the API's own error type,
// code and message, so densify.Classify sees the real text. Only net/http is
// used.
package openai

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/ctxconform/ctxconform/llm/internal/wire"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// DefaultBaseURL is OpenAI's API; DefaultTimeout bounds one call.
const (
	DefaultBaseURL = "https://api.openai.com"
	DefaultTimeout = wire.DefaultTimeout
)

// Client calls an OpenAI-compatible chat-completions endpoint.
type Client struct {
	BaseURL string // without /v1 (a trailing /v1 is accepted); "" means DefaultBaseURL
	APIKey  string // sent as "Authorization: Bearer ..."; omitted when empty (local servers)
	Model   string // required

	// MaxTokens, if positive, is sent as max_tokens, or as
	// max_completion_tokens when MaxCompletionTokens is set (OpenAI's
	// reasoning models refuse max_tokens).
	MaxTokens           int
	MaxCompletionTokens bool
	Temperature         *float64 // sent when not nil

	Timeout    time.Duration // per call; 0 means DefaultTimeout
	HTTPClient *http.Client  // nil means http.DefaultClient
	Name       string        // provider name in errors; "" means "openai"
}

var _ densify.Provider = (*Client)(nil)

type request struct {
	Model               string         `json:"model"`
	Messages            []wire.Message `json:"messages"`
	MaxTokens           int            `json:"max_tokens,omitempty"`
	MaxCompletionTokens int            `json:"max_completion_tokens,omitempty"`
	Temperature         *float64       `json:"temperature,omitempty"`
	Stream              bool           `json:"stream"`
}

type response struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
}

// Complete sends one chat completion and returns the first choice's text.
// A 200 answer whose content was cut by max_tokens (finish_reason "length")
// is returned as it is.
func (c *Client) Complete(ctx context.Context, prompt, input string) (string, error) {
	name := c.Name
	if name == "" {
		name = "openai"
	}
	if c.Model == "" {
		return "", fmt.Errorf("%s: no model set", name)
	}
	req := request{Model: c.Model, Temperature: c.Temperature}
	if prompt != "" {
		req.Messages = append(req.Messages, wire.Message{Role: "system", Content: prompt})
	}
	req.Messages = append(req.Messages, wire.Message{Role: "user", Content: input})
	if c.MaxTokens > 0 {
		if c.MaxCompletionTokens {
			req.MaxCompletionTokens = c.MaxTokens
		} else {
			req.MaxTokens = c.MaxTokens
		}
	}
	headers := map[string]string{}
	if c.APIKey != "" {
		headers["Authorization"] = "Bearer " + c.APIKey
	}
	url := wire.Endpoint(c.BaseURL, DefaultBaseURL, "/v1/chat/completions")
	var out response
	status, body, err := wire.Exchange(ctx, c.HTTPClient, c.Timeout, name, url, headers, req, &out)
	if err != nil {
		return "", err
	}
	if len(out.Choices) == 0 {
		// Some servers answer 200 with an error object.
		if e := wire.Error(name, status, body); e.Type != "" || e.Code != "" {
			return "", e
		}
		return "", fmt.Errorf("%s: response has no choices (body %q)", name, wire.Snippet(body))
	}
	msg := out.Choices[0].Message
	if msg.Content == nil {
		if msg.Refusal != nil {
			return "", fmt.Errorf("%s: the model refused: %s", name, *msg.Refusal)
		}
		return "", fmt.Errorf("%s: response has no content (finish reason %q)", name, out.Choices[0].FinishReason)
	}
	return *msg.Content, nil
}
