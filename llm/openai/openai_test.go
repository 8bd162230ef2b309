package openai

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/reference/densify"
)

// A chat.completion body as OpenAI returns it.
const okBody = `{"id":"chatcmpl-abc123","object":"chat.completion","created":1700000000,"model":"gpt-4o-2024-08-06",
"choices":[{"index":0,"message":{"role":"assistant","content":"Dense text.","refusal":null},"logprobs":null,"finish_reason":"stop"}],
"usage":{"prompt_tokens":20,"completion_tokens":3,"total_tokens":23},"system_fingerprint":"fp_1"}`

type seen struct {
	method, path, auth, contentType string
	body                            map[string]any
}

func server(t *testing.T, status int, body string, got *seen, count *atomic.Int32) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if count != nil {
			count.Add(1)
		}
		if got != nil {
			got.method, got.path = r.Method, r.URL.Path
			got.auth, got.contentType = r.Header.Get("Authorization"), r.Header.Get("Content-Type")
			data, _ := io.ReadAll(r.Body)
			if err := json.Unmarshal(data, &got.body); err != nil {
				t.Errorf("request body is not JSON: %v: %s", err, data)
			}
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestCompleteRequestShape(t *testing.T) {
	var got seen
	srv := server(t, 200, okBody, &got, nil)
	c := &Client{BaseURL: srv.URL, APIKey: "sk-test", Model: "gpt-4o", MaxTokens: 256}
	out, err := c.Complete(context.Background(), "Densify.", "Some input.")
	if err != nil {
		t.Fatal(err)
	}
	if out != "Dense text." {
		t.Errorf("output %q", out)
	}
	if got.method != "POST" || got.path != "/v1/chat/completions" || got.auth != "Bearer sk-test" || got.contentType != "application/json" {
		t.Errorf("request %s %s auth %q type %q", got.method, got.path, got.auth, got.contentType)
	}
	want := map[string]any{
		"model": "gpt-4o",
		"messages": []any{
			map[string]any{"role": "system", "content": "Densify."},
			map[string]any{"role": "user", "content": "Some input."},
		},
		"max_tokens": float64(256),
		"stream":     false,
	}
	if !reflect.DeepEqual(got.body, want) {
		t.Errorf("body %v, want %v", got.body, want)
	}
}

func TestCompleteVariants(t *testing.T) {
	var got seen
	srv := server(t, 200, okBody, &got, nil)
	temp := 0.0
	// A base ending in /v1, no key (a local server), max_completion_tokens, no prompt.
	c := &Client{BaseURL: srv.URL + "/v1/", Model: "local", MaxTokens: 64, MaxCompletionTokens: true, Temperature: &temp}
	if _, err := c.Complete(context.Background(), "", "Input."); err != nil {
		t.Fatal(err)
	}
	if got.path != "/v1/chat/completions" || got.auth != "" {
		t.Errorf("path %q auth %q", got.path, got.auth)
	}
	if got.body["max_completion_tokens"] != float64(64) || got.body["max_tokens"] != nil || got.body["temperature"] != float64(0) {
		t.Errorf("body %v", got.body)
	}
	if msgs := got.body["messages"].([]any); len(msgs) != 1 {
		t.Errorf("messages %v, want the user message only", msgs)
	}
	if _, err := (&Client{BaseURL: srv.URL}).Complete(context.Background(), "p", "i"); err == nil {
		t.Error("no model: no error")
	}
}

func TestCompleteErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		class  densify.Class
		typ    string
		code   string
		inMsg  string
	}{
		{"openai context_length_exceeded", 400,
			`{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.","type":"invalid_request_error","param":"messages","code":"context_length_exceeded"}}`,
			densify.Overflow, "invalid_request_error", "context_length_exceeded", "maximum context length is 128000"},
		{"openai rate_limit_exceeded", 429,
			`{"error":{"message":"Rate limit reached for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Used 27000, Requested 4000. Please try again in 2s.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`,
			densify.RateLimit, "tokens", "rate_limit_exceeded", "Rate limit reached"},
		{"openai request too large (TPM)", 429,
			`{"error":{"message":"Request too large for gpt-4o in organization org-abc on tokens per min (TPM): Limit 30000, Requested 45000. The input or output tokens must be reduced in order to run successfully.","type":"tokens","param":null,"code":"rate_limit_exceeded"}}`,
			densify.RateLimit, "tokens", "rate_limit_exceeded", "Request too large"},
		{"openai insufficient_quota", 429,
			`{"error":{"message":"You exceeded your current quota, please check your plan and billing details.","type":"insufficient_quota","param":null,"code":"insufficient_quota"}}`,
			densify.RateLimit, "insufficient_quota", "insufficient_quota", "current quota"},
		{"llama.cpp exceed_context_size_error (numeric code)", 400,
			`{"error":{"code":400,"message":"request (8708 tokens) exceeds the available context size (8192 tokens), try increasing it","type":"exceed_context_size_error","n_prompt_tokens":8708,"n_ctx":8192}}`,
			densify.Overflow, "exceed_context_size_error", "", "exceeds the available context size"},
		{"gemini OpenAI-compatible (array, status)", 400,
			`[{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}]`,
			densify.Overflow, "INVALID_ARGUMENT", "", "input token count"},
		{"ollama string error", 400, `{"error":"the input length exceeds the context length"}`,
			densify.Overflow, "", "", "input length exceeds the context length"},
		{"openai server error", 500,
			`{"error":{"message":"The server had an error while processing your request. Sorry about that!","type":"server_error","param":null,"code":null}}`,
			densify.Other, "server_error", "", "server had an error"},
		{"HTML from a proxy", 502, `<html><body>Bad Gateway</body></html>`, densify.Other, "", "", "Bad Gateway"},
		{"empty 503", 503, ``, densify.Other, "", "", "Service Unavailable"},
		{"nginx 429 page", 429, `<html><title>429 Too Many Requests</title></html>`, densify.RateLimit, "", "", "Too Many Requests"},
	}
	for _, tt := range tests {
		var count atomic.Int32
		srv := server(t, tt.status, tt.body, nil, &count)
		c := &Client{BaseURL: srv.URL, APIKey: "k", Model: "m"}
		_, err := c.Complete(context.Background(), "p", "i")
		var pe *densify.ProviderError
		if !errors.As(err, &pe) {
			t.Errorf("%s: err %v is not a ProviderError", tt.name, err)
			continue
		}
		if pe.Status != tt.status || pe.Type != tt.typ || pe.Code != tt.code || !strings.Contains(pe.Message, tt.inMsg) || pe.Provider != "openai" {
			t.Errorf("%s: %+v", tt.name, pe)
		}
		if got := densify.Classify(err); got != tt.class {
			t.Errorf("%s: Classify = %v, want %v", tt.name, got, tt.class)
		}
		if n := count.Load(); n != 1 {
			t.Errorf("%s: %d requests, want 1 (no retries)", tt.name, n)
		}
	}
}

func TestCompleteBadSuccess(t *testing.T) {
	for name, body := range map[string]string{
		"no choices": `{"id":"x","choices":[]}`,
		"refusal":    `{"choices":[{"message":{"role":"assistant","content":null,"refusal":"I can't help with that."},"finish_reason":"stop"}]}`,
		"not JSON":   `ok`,
	} {
		srv := server(t, 200, body, nil, nil)
		if _, err := (&Client{BaseURL: srv.URL, Model: "m"}).Complete(context.Background(), "p", "i"); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestCompleteTimeout(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-time.After(300 * time.Millisecond):
		}
	}))
	defer srv.Close()
	c := &Client{BaseURL: srv.URL, Model: "m", Timeout: 30 * time.Millisecond}
	start := time.Now()
	_, err := c.Complete(context.Background(), "p", "i")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v, want a deadline", err)
	}
	if densify.Classify(err) != densify.Other {
		t.Errorf("a timeout classifies as %v", densify.Classify(err))
	}
	if time.Since(start) > 250*time.Millisecond {
		t.Error("the timeout did not bound the call")
	}
}
