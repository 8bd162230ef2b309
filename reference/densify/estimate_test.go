package densify

import "testing"

func TestCJKEstimator(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abc", 1},                      // ceil(3/3)
		{"abcd", 2},                     // ceil(4/3)
		{"日本語", 3},                      // three Han characters
		{"日本語abcd", 5},                  // 3 + ceil(4/3)
		{"한국어 text", 5},                 // 3 Hangul + ceil(5/3)
		{"ひらがなカタカナ", 8},                 // Hiragana and Katakana
		{"ｱｲｳ", 3},                      // half-width katakana U+FF71..U+FF73
		{"ＡＢＣ", 1},                      // full-width Latin is not CJK: ceil(3/3)
		{"ééé", 1},                      // three code points (six bytes): ceil(3/3)
		{"\xff\xfe", 1},                 // two invalid bytes count as two characters
		{"\u2E80\u2FD5\u2FD6", 3},       // 2E80 and 2FD5 are in range, 2FD6 is not: 2 + ceil(1/3)
		{"\uAC00\uD7AF\uD7B0", 3},       // AC00..D7AF in, D7B0 out: 2 + 1
		{"\uFF65\uFF66\uFF9D\uFF9E", 3}, // FF65 and FF9E out, FF66 and FF9D in: 2 + ceil(2/3)
	}
	for _, tt := range tests {
		if got := (CJKEstimator{}).Tokens(tt.in); got != tt.want {
			t.Errorf("CJKEstimator.Tokens(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

func TestChars4Estimator(t *testing.T) {
	tests := []struct {
		in   string
		want int
	}{
		{"", 0},
		{"abcd", 1},
		{"abcde", 2},
		{"日本語", 1},   // ceil(3/4): the under-count the CJK estimator avoids
		{"ééééé", 2}, // five code points, ten bytes
	}
	for _, tt := range tests {
		if got := (Chars4Estimator{}).Tokens(tt.in); got != tt.want {
			t.Errorf("Chars4Estimator.Tokens(%q) = %d, want %d", tt.in, got, tt.want)
		}
	}
}

// TestCJKRanges checks both ends of every range the estimator counts as CJK
// and the code point just outside each end. Three copies of a character cost
// 3 tokens when it is CJK and ceil(3/3) = 1 when it is not. The ranges are
// the Unicode blocks the original estimator names (CJK radicals supplement
// and Kangxi radicals 2E80..2FD5, ideographic description characters
// 2FF0..2FFF, Hiragana 3040..309F, Katakana 30A0..30FF, Bopomofo
// 3100..312F, Hangul compatibility Jamo 3130..318F, Bopomofo extended
// 31A0..31BF, CJK strokes 31C0..31EF, extension A 3400..4DBF, unified
// ideographs 4E00..9FFF, Hangul syllables AC00..D7AF, compatibility
// ideographs F900..FAFF, half-width katakana FF66..FF9D); the neighbours
// outside are U+2E7F, U+2FEF (Kangxi block's unassigned tail), U+3000
// (ideographic space) and U+303F, U+3190 (Kanbun), U+319F, U+31F0 (Katakana
// phonetic extensions), U+33FF, U+4DC0 (Yijing hexagrams), U+4DFF, U+A000
// (Yi), U+ABFF, U+D7B0, U+F8FF (private use), U+FB00 (Latin ligatures).
// Where two ranges touch (309F/30A0, 30FF/3100, 312F/3130, 31BF/31C0) both
// sides are inside.
func TestCJKRanges(t *testing.T) {
	in := []rune{0x2E80, 0x2FD5, 0x2FF0, 0x2FFF, 0x3040, 0x309F, 0x30A0, 0x30FF, 0x3100, 0x312F,
		0x3130, 0x318F, 0x31A0, 0x31BF, 0x31C0, 0x31EF, 0x3400, 0x4DBF, 0x4E00, 0x9FFF,
		0xAC00, 0xD7AF, 0xF900, 0xFAFF, 0xFF66, 0xFF9D}
	out := []rune{0x2E7F, 0x2FD6, 0x2FEF, 0x3000, 0x303F, 0x3190, 0x319F, 0x31F0, 0x33FF, 0x4DC0,
		0x4DFF, 0xA000, 0xABFF, 0xD7B0, 0xF8FF, 0xFB00, 0xFF65, 0xFF9E}
	for _, tt := range []struct {
		runes []rune
		want  int
	}{{in, 3}, {out, 1}} {
		for _, r := range tt.runes {
			s := string([]rune{r, r, r})
			if got := (CJKEstimator{}).Tokens(s); got != tt.want {
				t.Errorf("CJKEstimator.Tokens(3 × U+%04X) = %d, want %d", r, got, tt.want)
			}
		}
	}
}
