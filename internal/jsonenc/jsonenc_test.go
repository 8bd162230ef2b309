package jsonenc_test

import (
	"testing"

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
