package adapters

import (
	"testing"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestShow: offsets and lengths in the implementation's unit first, bytes
// in brackets only where they differ.
func TestShow(t *testing.T) {
	const emoji = "ab😀cd" // 😀 is 4 bytes at [2,6), 2 UTF-16 units, 1 rune
	for _, tt := range []struct {
		name string
		got  string
		want string
	}{
		{"at utf16 after the emoji", At(unit.UTF16, emoji, 6), "4 [bytes 6]"},
		{"at runes after the emoji", At(unit.Runes, emoji, 7), "4 [bytes 7]"},
		{"at utf16 before the emoji", At(unit.UTF16, emoji, 1), "1"},
		{"at bytes", At(unit.Bytes, emoji, 6), "6"},
		{"at no unit", At("", emoji, 6), "6"},
		{"at outside", At(unit.UTF16, emoji, 9), "9"},
		{"at negative", At(unit.UTF16, emoji, -1), "-1"},
		{"span utf16 equal", Span(unit.UTF16, emoji, 1, 1), "[1,1)"},
		{"span utf16 over the emoji", Span(unit.UTF16, emoji, 1, 7), "[1,5) [bytes 1,7)"},
		{"span utf16 one end differs", Span(unit.UTF16, emoji, 0, 6), "[0,4) [bytes 0,6)"},
		{"span utf16 end outside", Span(unit.UTF16, emoji, 2, 12), "[2,?) [bytes 2,12)"},
		{"span bytes", Span(unit.Bytes, emoji, 1, 7), "[1,7)"},
		{"length bytes", Length(unit.Bytes, emoji), "8B"},
		{"length no unit", Length("", emoji), "8B"},
		{"length utf16", Length(unit.UTF16, emoji), "6 utf16 [bytes 8]"},
		{"length runes", Length(unit.Runes, emoji), "5 runes [bytes 8]"},
		{"length utf16 ascii", Length(unit.UTF16, "abc"), "3 utf16"},
		{"counted equal", counted(4, 4), "4"},
		{"counted differs", counted(4, 6), "4 [bytes 6]"},
	} {
		if tt.got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, tt.got, tt.want)
		}
	}
}
