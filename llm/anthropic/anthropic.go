// Package anthropic is a densify.Provider for Anthropic's Messages API
// (POST {base}/v1/messages, headers x-api-key and anthropic-version).
//
// One Complete is one HTTP request: the prompt goes as the system prompt,
// the input as the single user message. There are no retries inside. A
// non-2xx answer becomes a *densify.ProviderError with the status and the
// API's error type and message ("invalid_request_error", "prompt is too
// long: ..."), so densify.Classify sees the real text. A 200 answer that
// stopped with stop_reason "model_context_window_exceeded" is reported as a
// ProviderError of that type too, which Classify reads as an overflow: the
// output ran into the context window, and a smaller input leaves it room.
// Only net/http is used.
package anthropic

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/llm/internal/wire"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Defaults.
const (
	DefaultBaseURL   = "https://api.anthropic.com"
	DefaultVersion   = "2023-06-01"
	DefaultMaxTokens = 4096
	DefaultTimeout   = wire.DefaultTimeout
)

// Client calls the Messages API.
type Client struct {
	BaseURL     string // without /v1 (a trailing /v1 is accepted); "" means DefaultBaseURL
	APIKey      string // sent as x-api-key
	Version     string // anthropic-version; "" means DefaultVersion
	Model       string // required
	MaxTokens   int    // max_tokens (the API requires it); 0 means DefaultMaxTokens
	Temperature *float64

	Timeout    time.Duration // per call; 0 means DefaultTimeout
	HTTPClient *http.Client  // nil means http.DefaultClient
}

var _ densify.Provider = (*Client)(nil)

type request struct {
	Model       string         `json:"model"`
	MaxTokens   int            `json:"max_tokens"`
	System      string         `json:"system,omitempty"`
	Messages    []wire.Message `json:"messages"`
	Temperature *float64       `json:"temperature,omitempty"`
}

type response struct {
	Type    string `json:"type"`
	Content []struct {
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
}

// StopContextWindow is the stop reason Complete turns into an overflow
// error.
const StopContextWindow = "model_context_window_exceeded"

// Complete sends one message and returns the text blocks of the answer,
// concatenated. A 200 answer cut by max_tokens (stop_reason "max_tokens") is
// returned as it is.
func (c *Client) Complete(ctx context.Context, prompt, input string) (string, error) {
	const name = "anthropic"
	if c.Model == "" {
		return "", fmt.Errorf("%s: no model set", name)
	}
	req := request{Model: c.Model, MaxTokens: c.MaxTokens, System: prompt,
		Messages: []wire.Message{{Role: "user", Content: input}}, Temperature: c.Temperature}
	if req.MaxTokens <= 0 {
		req.MaxTokens = DefaultMaxTokens
	}
	version := c.Version
	if version == "" {
		version = DefaultVersion
	}
	headers := map[string]string{"anthropic-version": version}
	if c.APIKey != "" {
		headers["x-api-key"] = c.APIKey
	}
	url := wire.Endpoint(c.BaseURL, DefaultBaseURL, "/v1/messages")
	var out response
	status, body, err := wire.Exchange(ctx, c.HTTPClient, c.Timeout, name, url, headers, req, &out)
	if err != nil {
		return "", err
	}
	if out.Type == "error" {
		return "", wire.Error(name, status, body)
	}
	if out.StopReason == StopContextWindow {
		return "", &densify.ProviderError{Provider: name, Status: status, Type: StopContextWindow,
			Message: "stop_reason " + StopContextWindow}
	}
	var b strings.Builder
	for _, block := range out.Content {
		if block.Type == "text" {
			b.WriteString(block.Text)
		}
	}
	return b.String(), nil
}
