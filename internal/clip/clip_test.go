package clip

import (
	"testing"
	"unicode/utf8"
)

// TestTextAndMiddle: Text keeps the start of s, Middle its start and end,
// each cut on a character boundary.
func TestTextAndMiddle(t *testing.T) {
	const text, middle = "Text", "Middle"
	for _, tc := range []struct {
		f    string
		name string
		s    string
		n    int
		want string
	}{
		{text, "short", "abc", 5, "abc"},
		{text, "exact", "abcde", 5, "abcde"},
		{text, "ascii", "abcdef", 3, "abc…"},
		{text, "inside two-byte", "aé", 2, "a…"},       // é is 2 bytes at [1,3)
		{text, "inside three-byte", "ab€cd", 3, "ab…"}, // € is 3 bytes at [2,5)
		{text, "inside four-byte", "x😀y", 3, "x…"},     // 😀 is 4 bytes at [1,5)
		{text, "after four-byte", "x😀y", 5, "x😀…"},
		{text, "zero", "é", 0, "…"},
		{text, "negative", "abc", -1, "…"},
		{text, "invalid kept", "a\x80\x80\x80\x80\x80b", 3, "a\x80\x80…"},
		{middle, "short", "abc", 5, "abc"},
		{middle, "exact", "abcde", 5, "abcde"},
		{middle, "ascii", "abcdefgh", 4, "ab…gh"},
		{middle, "head inside two-byte", "aébcdefgh", 4, "a…gh"},   // é is 2 bytes at [1,3)
		{middle, "tail inside three-byte", "abcdefg€h", 4, "ab…h"}, // € is 3 bytes at [7,10): the tail starts after it
		{middle, "both inside four-byte", "x😀yz😀w", 6, "x…w"},
		{middle, "zero", "é€", 0, "…"},
		{middle, "negative", "abc", -2, "…"},
	} {
		t.Run(tc.f+" "+tc.name, func(t *testing.T) {
			got := Middle(tc.s, tc.n, Ellipsis)
			if tc.f == text {
				got = Text(tc.s, tc.n)
				if b := Text([]byte(tc.s), tc.n); b != tc.want {
					t.Errorf("Text([]byte(%q), %d) = %q, want %q", tc.s, tc.n, b, tc.want)
				}
			}
			if got != tc.want {
				t.Errorf("%s(%q, %d) = %q, want %q", tc.f, tc.s, tc.n, got, tc.want)
			}
		})
	}
}

// TestNeverCuts clips multi-byte text at every length: each result of Text
// and Middle is valid UTF-8 and no longer than n bytes and the ellipsis.
func TestNeverCuts(t *testing.T) {
	s := "aé€😀日本語🇫🇷z"
	for n := 0; n <= len(s); n++ {
		for name, got := range map[string]string{"Text": Text(s, n), "Middle": Middle(s, n, Ellipsis)} {
			if !utf8.ValidString(got) {
				t.Errorf("%s(%q, %d) = %q: invalid UTF-8", name, s, n, got)
			}
			if n < len(s) && len(got) > n+len(Ellipsis) {
				t.Errorf("%s(%q, %d) = %q: %d bytes, over %d", name, s, n, got, len(got), n+len(Ellipsis))
			}
		}
	}
}

func TestAround(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		off  int
		n    int
		want string
	}{
		{"middle", "abcdefgh", 4, 2, "…cd|ef…"},
		{"start", "abcdefgh", 0, 2, "|ab…"},
		{"end", "abcdefgh", 8, 2, "…gh|"},
		{"beyond", "abc", 9, 2, "…bc|"},
		{"inside emoji", "ab😀cd", 4, 2, "…|😀…"}, // the mark moves to the character's start
		{"inside emoji wide", "ab😀cd", 4, 4, "ab|😀cd"},
		{"whole", "ab", 1, 5, "a|b"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Around(tc.s, tc.off, tc.n); got != tc.want {
				t.Errorf("Around(%q, %d, %d) = %q, want %q", tc.s, tc.off, tc.n, got, tc.want)
			}
		})
	}
}

// TestLine: what a program gives is one line, its controls and the
// characters that reorder text escaped, its invalid bytes named, cut on a
// character or an escape with its length said; plain text is as it was.
func TestLine(t *testing.T) {
	for _, tc := range []struct {
		name string
		s    string
		n    int
		want string
	}{
		{"plain", "impl 1.2 é😀", 40, "impl 1.2 é😀"},
		{"screen clear and title", "a\x1b[2J\x1b]0;t\x07b", 40, `a\x1b[2J\x1b]0;t\ab`},
		{"forged line", "x\n--- INF-01 FAILED\r", 40, `x\n--- INF-01 FAILED\r`},
		{"tab and DEL", "a\tb\x7f", 40, `a\tb\x7f`},
		{"C1 control", "a\u009bb", 40, `a\u009bb`},
		{"bidi override", "a\u202eb\u2066c\u2028", 40, `a\u202eb\u2066c\u2028`},
		{"invalid byte", "a\xffb", 40, `a\xffb`},
		{"clipped", "abcdef", 3, "abc… (6 bytes)"},
		{"never inside an escape", "ab\x1b", 4, "ab… (3 bytes)"},
		{"never inside a character", "a😀", 3, "a… (5 bytes)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := Line(tc.s, tc.n); got != tc.want {
				t.Errorf("Line(%q, %d) = %q, want %q", tc.s, tc.n, got, tc.want)
			}
		})
	}
}

// TestLines: text of several lines keeps its lines, each escaped as Line
// escapes, none clipped.
func TestLines(t *testing.T) {
	for _, tc := range []struct{ s, want string }{
		{"plain\ntext é", "plain\ntext é"},
		{"a\x1b[2J\n\r--- INF-01 FAILED\xff", "a\\x1b[2J\n\\r--- INF-01 FAILED\\xff"},
		{"\x1b\x1b\x1b", `\x1b\x1b\x1b`},
	} {
		if got := Lines(tc.s); got != tc.want {
			t.Errorf("Lines(%q) = %q, want %q", tc.s, got, tc.want)
		}
	}
}
