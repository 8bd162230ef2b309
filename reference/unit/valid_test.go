package unit

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// TestValid compares Valid with utf8.ValidString for valid and invalid
// sequences at every offset around the 64-byte stretches Valid tests, in
// ASCII and in multi-byte text, in the middle of a string and at its end.
func TestValid(t *testing.T) {
	pieces := []string{
		"", "a", "é", "日", "😀", "\uFFFD", "\U0010FFFF",
		"\xff", "\x80", "\xc3", "\xc3(", "\xe6\x97", "\xf0\x9f\x98", "\xc0\xaf", "\xe0\x80\xaf",
		"\xed\xa0\x80", "\xf4\x90\x80\x80", "\xf8\x88\x80\x80\x80",
	}
	for _, fill := range []string{"a", "é", "日本", "a😀"} {
		base := strings.Repeat(fill, 200/len(fill))
		for _, p := range pieces {
			for at := 0; at <= 140; at++ {
				cut := min(at, len(base))
				for cut > 0 && !utf8.RuneStart(base[cut]) {
					cut--
				}
				for _, s := range []string{base[:cut] + p + base[cut:], base[:cut] + p} {
					if got, want := Valid(s), utf8.ValidString(s); got != want {
						t.Errorf("Valid(%q) = %v, want %v (piece %q at %d in %q text)", s, got, want, p, cut, fill)
					}
				}
			}
		}
	}
}

// BenchmarkValid compares Valid with utf8.ValidString on ASCII prose.
func BenchmarkValid(b *testing.B) {
	s := strings.Repeat("The quick brown fox jumps over the lazy dog.\n", 360)
	for _, f := range []struct {
		name  string
		valid func(string) bool
	}{{"unit", Valid}, {"utf8", utf8.ValidString}} {
		b.Run(f.name, func(b *testing.B) {
			b.SetBytes(int64(len(s)))
			for b.Loop() {
				if !f.valid(s) {
					b.Fatal("invalid")
				}
			}
		})
	}
}

// TestFirstInvalid: the offset of the first byte that starts no valid
// sequence, len(s) for valid text.
func TestFirstInvalid(t *testing.T) {
	for _, c := range []struct {
		s    string
		want int
	}{
		{"", 0},
		{"abc", 3},
		{"héllo", 6},
		{"ab\xffc", 2},
		{"é\xc3", 2},
		{"\xe2\x82", 0},
	} {
		if got := FirstInvalid(c.s); got != c.want {
			t.Errorf("FirstInvalid(%q) = %d, want %d", c.s, got, c.want)
		}
	}
}
