// Package wire holds what the HTTP provider clients share: the POST of a
// JSON request under a timeout and the decoding of its answer (Exchange),
// and the mapping of an error body to a densify.ProviderError that keeps
// the API's own words.
package wire

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Message is one message of a chat request, as both APIs take it.
type Message struct {
	Role    string `json:"role"`
	Content string `json:"content"`
}

// MaxBody bounds the bytes read from a response.
const MaxBody = 32 << 20

// DefaultTimeout bounds one call when the client sets no timeout.
const DefaultTimeout = 120 * time.Second

// Endpoint joins a base URL (def when empty) and a path that starts with
// /v1, accepting a base that already ends in /v1.
func Endpoint(base, def, path string) string {
	if base == "" {
		base = def
	}
	base = strings.TrimSuffix(strings.TrimRight(base, "/"), "/v1")
	return base + path
}

// Post sends payload as JSON to url with the headers, under timeout
// (DefaultTimeout when not positive), and returns the status and the body (at most MaxBody bytes). A transport
// failure is an error naming the provider and the URL; a non-2xx status is
// not an error here.
func Post(ctx context.Context, hc *http.Client, timeout time.Duration, name, url string, headers map[string]string, payload any) (int, []byte, error) {
	body, err := json.Marshal(payload)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: encode request: %w", name, err)
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, bytes.NewReader(body))
	if err != nil {
		return 0, nil, fmt.Errorf("%s: %w", name, err)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	if hc == nil {
		hc = http.DefaultClient
	}
	resp, err := hc.Do(req)
	if err != nil {
		return 0, nil, fmt.Errorf("%s: POST %s: %w", name, url, err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, MaxBody))
	if err != nil {
		return resp.StatusCode, nil, fmt.Errorf("%s: read response (HTTP %d): %w", name, resp.StatusCode, err)
	}
	return resp.StatusCode, data, nil
}

// Exchange is Post, then the checks every provider's answer takes: a
// non-2xx status is the provider's error (see Error), and a 2xx body is
// decoded as JSON into out. The status and body are returned for the
// caller's own checks of the decoded answer.
func Exchange(ctx context.Context, hc *http.Client, timeout time.Duration, name, url string, headers map[string]string, payload, out any) (int, []byte, error) {
	status, body, err := Post(ctx, hc, timeout, name, url, headers, payload)
	if err != nil {
		return status, body, err
	}
	if status < 200 || status > 299 {
		return status, body, Error(name, status, body)
	}
	if err := json.Unmarshal(body, out); err != nil {
		return status, body, fmt.Errorf("%s: decode response: %w (body %q)", name, err, Snippet(body))
	}
	return status, body, nil
}

// Error turns an error body into a ProviderError. It reads
// {"error": {"message", "type", "code"}} (OpenAI, Anthropic, llama.cpp; code
// a string or a number), {"error": {"message", "status"}} (Google), either
// inside a one-element array, {"error": "text"} (Ollama) and
// {"message": "text"}; otherwise the start of the body (or the status text)
// is the message.
func Error(name string, status int, body []byte) *densify.ProviderError {
	e := &densify.ProviderError{Provider: name, Status: status}
	doc := bytes.TrimSpace(body)
	if len(doc) > 0 && doc[0] == '[' {
		var arr []json.RawMessage
		if json.Unmarshal(doc, &arr) == nil && len(arr) > 0 {
			doc = bytes.TrimSpace(arr[0])
		}
	}
	var env struct {
		Error   json.RawMessage `json:"error"`
		Message string          `json:"message"`
	}
	if json.Unmarshal(doc, &env) == nil {
		inner := bytes.TrimSpace(env.Error)
		switch {
		case len(inner) > 0 && inner[0] == '{':
			var obj struct {
				Message string          `json:"message"`
				Type    string          `json:"type"`
				Status  string          `json:"status"`
				Code    json.RawMessage `json:"code"`
			}
			if json.Unmarshal(inner, &obj) == nil {
				e.Message, e.Type = obj.Message, obj.Type
				if e.Type == "" {
					e.Type = obj.Status
				}
				var code string
				if json.Unmarshal(obj.Code, &code) == nil {
					e.Code = code
				}
			}
		case len(inner) > 0 && inner[0] == '"':
			_ = json.Unmarshal(inner, &e.Message)
		default:
			e.Message = env.Message
		}
	}
	if e.Message == "" && e.Type == "" && e.Code == "" {
		e.Message = Snippet(body)
		if e.Message == "" {
			e.Message = http.StatusText(status)
		}
	}
	return e
}

// Snippet is the start of a body (at most 2 KiB, never cutting a
// character), for messages.
func Snippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	if len(s) > 2048 {
		s = s[:unit.Floor(s, 2048)]
	}
	return s
}
