package anthropic

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

	"github.com/ctxconform/ctxconform/reference/densify"
)

// A message body as the Messages API returns it.
const okBody = `{"id":"msg_01XFDUDYJgAACzvnptvVoYEL","type":"message","role":"assistant","model":"claude-sonnet-4-20250514",
"content":[{"type":"text","text":"Dense "},{"type":"text","text":"text."}],
"stop_reason":"end_turn","stop_sequence":null,"usage":{"input_tokens":25,"output_tokens":4}}`

type seen struct {
	method, path, key, version, contentType string
	body                                    map[string]any
}

func server(t *testing.T, status int, body string, got *seen, count *atomic.Int32) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if count != nil {
			count.Add(1)
		}
		if got != nil {
			got.method, got.path = r.Method, r.URL.Path
			got.key, got.version = r.Header.Get("x-api-key"), r.Header.Get("anthropic-version")
			got.contentType = r.Header.Get("Content-Type")
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
	c := &Client{BaseURL: srv.URL, APIKey: "sk-ant-test", Model: "claude-sonnet-4-20250514"}
	out, err := c.Complete(context.Background(), "Densify.", "Some input.")
	if err != nil {
		t.Fatal(err)
	}
	if out != "Dense text." {
		t.Errorf("output %q", out)
	}
	if got.method != "POST" || got.path != "/v1/messages" || got.key != "sk-ant-test" ||
		got.version != "2023-06-01" || got.contentType != "application/json" {
		t.Errorf("request %+v", got)
	}
	want := map[string]any{
		"model":      "claude-sonnet-4-20250514",
		"max_tokens": float64(4096),
		"system":     "Densify.",
		"messages":   []any{map[string]any{"role": "user", "content": "Some input."}},
	}
	if !reflect.DeepEqual(got.body, want) {
		t.Errorf("body %v, want %v", got.body, want)
	}
	// Set max_tokens and version; no system prompt.
	got.body = nil
	c = &Client{BaseURL: srv.URL + "/v1", APIKey: "k", Model: "m", MaxTokens: 100, Version: "2024-01-01"}
	if _, err := c.Complete(context.Background(), "", "x"); err != nil {
		t.Fatal(err)
	}
	if got.body["max_tokens"] != float64(100) || got.version != "2024-01-01" || got.body["system"] != nil || got.path != "/v1/messages" {
		t.Errorf("second request %+v", got)
	}
}

func TestCompleteErrors(t *testing.T) {
	tests := []struct {
		name   string
		status int
		body   string
		class  densify.Class
		typ    string
		inMsg  string
	}{
		{"prompt is too long", 400,
			`{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"},"request_id":"req_011CSHoEeqs5C35K2UUqR7Fy"}`,
			densify.Overflow, "invalid_request_error", "prompt is too long: 210000 tokens > 200000 maximum"},
		{"input and max_tokens over the window", 400,
			"{\"type\":\"error\",\"error\":{\"type\":\"invalid_request_error\",\"message\":\"input length and `max_tokens` exceed context limit: 197000 + 8192 > 200000, decrease input length or `max_tokens` and try again\"}}",
			densify.Overflow, "invalid_request_error", "exceed context limit"},
		{"output limit near miss", 400,
			`{"type":"error","error":{"type":"invalid_request_error","message":"max_tokens: 100000 > 64000, which is the maximum allowed number of output tokens for claude-sonnet-4-20250514"}}`,
			densify.Other, "invalid_request_error", "maximum allowed number of output tokens"},
		{"rate_limit_error", 429,
			`{"type":"error","error":{"type":"rate_limit_error","message":"This request would exceed the rate limit for your organization of 40,000 input tokens per minute. Please reduce the prompt length or the maximum tokens requested, or try again later."}}`,
			densify.RateLimit, "rate_limit_error", "would exceed the rate limit"},
		{"overloaded_error", 529, `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			densify.Other, "overloaded_error", "Overloaded"},
		{"request_too_large", 413,
			`{"type":"error","error":{"type":"request_too_large","message":"Request exceeds the maximum allowed number of bytes."}}`,
			densify.Other, "request_too_large", "maximum allowed number of bytes"},
		{"authentication_error", 401, `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`,
			densify.Other, "authentication_error", "invalid x-api-key"},
	}
	for _, tt := range tests {
		var count atomic.Int32
		srv := server(t, tt.status, tt.body, nil, &count)
		_, err := (&Client{BaseURL: srv.URL, APIKey: "k", Model: "m"}).Complete(context.Background(), "p", "i")
		var pe *densify.ProviderError
		if !errors.As(err, &pe) {
			t.Errorf("%s: err %v is not a ProviderError", tt.name, err)
			continue
		}
		if pe.Provider != "anthropic" || pe.Status != tt.status || pe.Type != tt.typ || !strings.Contains(pe.Message, tt.inMsg) {
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

func TestStopReasons(t *testing.T) {
	window := `{"id":"msg_1","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Partial"}],
"stop_reason":"model_context_window_exceeded","stop_sequence":null,"usage":{"input_tokens":199000,"output_tokens":1000}}`
	srv := server(t, 200, window, nil, nil)
	_, err := (&Client{BaseURL: srv.URL, APIKey: "k", Model: "m"}).Complete(context.Background(), "p", "i")
	if !densify.IsContextOverflow(err) {
		t.Errorf("model_context_window_exceeded: err = %v, want an overflow", err)
	}
	cut := `{"id":"msg_2","type":"message","role":"assistant","model":"m","content":[{"type":"text","text":"Cut short"}],
"stop_reason":"max_tokens","stop_sequence":null,"usage":{"input_tokens":10,"output_tokens":5}}`
	srv = server(t, 200, cut, nil, nil)
	out, err := (&Client{BaseURL: srv.URL, APIKey: "k", Model: "m"}).Complete(context.Background(), "p", "i")
	if err != nil || out != "Cut short" {
		t.Errorf("max_tokens: %q, %v; want the text", out, err)
	}
	if _, err := (&Client{BaseURL: srv.URL}).Complete(context.Background(), "p", "i"); err == nil {
		t.Error("no model: no error")
	}
}
