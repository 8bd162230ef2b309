package densify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"testing"
)

type errorRow struct {
	Provider string `json:"provider"`
	Status   int    `json:"status"`
	Type     string `json:"type"`
	Code     string `json:"code"`
	Message  string `json:"message"`
	Class    string `json:"class"`
	Source   string `json:"source"`
}

func loadErrorRows(t *testing.T) []errorRow {
	t.Helper()
	data, err := os.ReadFile("../../fixtures/densify/errors.json")
	if err != nil {
		t.Fatal(err)
	}
	var rows []errorRow
	if err := json.Unmarshal(data, &rows); err != nil {
		t.Fatal(err)
	}
	if len(rows) < 30 {
		t.Fatalf("errors.json has %d rows, want at least 30", len(rows))
	}
	return rows
}

// TestClassifyFixtures classifies every row of fixtures/densify/errors.json:
// as a ProviderError with its status, type and code, and (for rows whose
// class does not come from HTTP 429) as a plain error carrying only the
// message, which must classify the same way.
func TestClassifyFixtures(t *testing.T) {
	for i, row := range loadErrorRows(t) {
		want, err := ParseClass(row.Class)
		if err != nil {
			t.Fatalf("row %d: %v", i, err)
		}
		if row.Source == "" {
			t.Errorf("row %d (%s): no source", i, row.Message)
		}
		pe := &ProviderError{Provider: row.Provider, Status: row.Status, Type: row.Type, Code: row.Code, Message: row.Message}
		if got := Classify(pe); got != want {
			t.Errorf("row %d %s %d %q: Classify = %v, want %v", i, row.Provider, row.Status, row.Message, got, want)
		}
		wrapped := fmt.Errorf("densify round 1 (chunk budget 1800): chunk call 2 of 3: %w", pe)
		if got := Classify(wrapped); got != want {
			t.Errorf("row %d wrapped: Classify = %v, want %v", i, got, want)
		}
		if row.Status != 429 {
			if got := Classify(errors.New(row.Message)); got != want {
				t.Errorf("row %d %q as text only: Classify = %v, want %v", i, row.Message, got, want)
			}
		}
	}
}

func TestClassifyRules(t *testing.T) {
	tests := []struct {
		name string
		err  error
		want Class
	}{
		{"nil", nil, Other},
		{"canceled", context.Canceled, Other},
		{"deadline wrapped in overflow-looking text", fmt.Errorf("context window call: %w", context.DeadlineExceeded), Other},
		{"429 status wins over overflow text", &ProviderError{Status: 429, Message: "prompt is too long: 9 tokens > 8 maximum"}, RateLimit},
		{"rate limit checked before overflow", errors.New("rate limit: maximum context length is 10"), RateLimit},
		{"TPM as a word", errors.New("limit hit (TPM)"), RateLimit},
		{"rpm at the start", errors.New("rpm exceeded"), RateLimit},
		{"rpm_limit with underscore", errors.New("rpm_limit reached"), RateLimit},
		{"tpm inside a word", errors.New("bad httpmethod"), Other},
		{"rpm inside a word", errors.New("sharpmind failed"), Other},
		{"wrapper text ignored for ProviderError", fmt.Errorf("context window planning: %w", &ProviderError{Status: 500, Message: "oops"}), Other},
		{"code alone", &ProviderError{Status: 400, Code: "context_length_exceeded", Message: "bad request"}, Overflow},
		{"type alone", &ProviderError{Status: 400, Type: "exceed_context_size_error"}, Overflow},
		{"rate type alone", &ProviderError{Status: 400, Type: "rate_limit_error"}, RateLimit},
		{"context deadline exceeded text", errors.New("context deadline exceeded"), Other},
		// A letter or digit right before the word: not a whole word. The
		// first and last of each range ('a', 'z', '0', '9'), and one that is
		// two characters in ("bad xtpm": the character before is 'x').
		{"tpm after a", errors.New("bad atpm"), Other},
		{"tpm after z", errors.New("bad ztpm"), Other},
		{"tpm after 0", errors.New("bad 0tpm"), Other},
		{"tpm after 9", errors.New("bad 9tpm"), Other},
		{"tpm after x", errors.New("bad xtpm"), Other},
		// ... or right after it.
		{"rpm before a", errors.New("rpma failed"), Other},
		{"rpm before z", errors.New("rpmz failed"), Other},
		{"rpm before 0", errors.New("rpm0 failed"), Other},
		{"rpm before 9", errors.New("rpm9 failed"), Other},
		{"tpd at the end", errors.New("limit: tpd"), RateLimit},
	}
	for _, tt := range tests {
		if got := Classify(tt.err); got != tt.want {
			t.Errorf("%s: Classify(%v) = %v, want %v", tt.name, tt.err, got, tt.want)
		}
	}
	if !IsContextOverflow(errors.New("This model's maximum context length is 10 tokens")) {
		t.Error("IsContextOverflow missed an OpenAI overflow")
	}
	if _, err := ParseClass("overflowed"); err == nil {
		t.Error("ParseClass accepted an unknown name")
	}
}

func TestProviderErrorText(t *testing.T) {
	tests := []struct {
		err  *ProviderError
		want string
	}{
		{&ProviderError{Provider: "openai", Status: 400, Type: "invalid_request_error", Code: "context_length_exceeded", Message: "too long"},
			"openai: HTTP 400 invalid_request_error context_length_exceeded: too long"},
		{&ProviderError{Provider: "apple", Message: "Exceeded model context window size"}, "apple: Exceeded model context window size"},
		{&ProviderError{Status: 503}, "provider: HTTP 503"},
	}
	for _, tt := range tests {
		if got := tt.err.Error(); got != tt.want {
			t.Errorf("Error() = %q, want %q", got, tt.want)
		}
	}
}
