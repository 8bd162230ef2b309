package jsonenc_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

// TestNoHTMLEscapes: <, > and & are written as themselves, compactly on one
// line without a newline, or indented and ending in one.
func TestNoHTMLEscapes(t *testing.T) {
	v := map[string]any{"text": "if a < b && c > d {}"}
	tests := []struct {
		name string
		enc  func(any) ([]byte, error)
		want string
	}{
		{"Compact", jsonenc.Compact, `{"text":"if a < b && c > d {}"}`},
		{"Indented", jsonenc.Indented, "{\n  \"text\": \"if a < b && c > d {}\"\n}\n"},
	}
	for _, tt := range tests {
		got, err := tt.enc(v)
		if err != nil || string(got) != tt.want {
			t.Errorf("%s = %q, %v; want %q", tt.name, got, err, tt.want)
		}
	}
}

// TestMessage: values in messages are compact protocol JSON, clipped on a
// character edge with the full size said, never Go syntax.
func TestMessage(t *testing.T) {
	type window struct {
		CompoundID string `json:"compound_id"`
		Start      int    `json:"start"`
	}
	for _, c := range []struct {
		name         string
		v            any
		prefix, tail string
	}{
		{"struct", window{"doc", 3}, `{"compound_id":"doc","start":3}`, `}`},
		{"pointer", &window{"a<b", 0}, `{"compound_id":"a<b","start":0}`, `}`},
		{"slice", []window{{"d", 1}}, `[{"compound_id":"d","start":1}]`, `]`},
		{"long", strings.Repeat("ж", 300), `"жжж`, `ж… (602 bytes)`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got := jsonenc.Message(c.v)
			if !strings.HasPrefix(got, c.prefix) || !strings.HasSuffix(got, c.tail) || len(got) > 420 {
				t.Errorf("Message = %q, want %q…%q", got, c.prefix, c.tail)
			}
			if !utf8.ValidString(got) || strings.Contains(got, "CompoundID") {
				t.Errorf("Message = %q: invalid UTF-8 or Go syntax", got)
			}
		})
	}
}
