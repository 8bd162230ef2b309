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
