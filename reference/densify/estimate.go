package densify

// Estimator counts the tokens a text is expected to cost. The planner sizes
// every chunk and merge group with it; it is an estimate, never the provider's
// own count, which is why the budgets keep a safety margin.
//
// The planner relies on two properties that both built-in estimators have:
// an estimate never shrinks when a character is appended (prefix-monotone),
// and the estimate of a concatenation is at most the sum of the estimates of
// its parts (subadditive), so counting a chunk as the sum of its pieces and
// separators never under-counts the joined text.
type Estimator interface {
	Tokens(s string) int
}

// CJKEstimator is the default estimator, as the original code counts: one
// token per CJK character (Han, kana, Hangul, CJK radicals and symbols,
// Bopomofo, half-width katakana) and ceil(n/3) tokens for the n other
// characters (Unicode code points; an invalid UTF-8 byte counts as one).
//
// It is the default because it is the estimate the standard's implementation
// plans with, and because it errs on the safe side: real tokenizers spend about
// one token per CJK character (a chars/4 rule under-counts such text roughly
// fourfold and would overflow the window) and about four Latin characters per
// token (so chars/3 over-counts English by a third, which leaves room rather
// than overflowing).
type CJKEstimator struct{}

// Tokens returns cjk + ceil(other/3).
func (CJKEstimator) Tokens(s string) int {
	cjk, other := 0, 0
	for _, r := range s {
		if isCJK(r) {
			cjk++
		} else {
			other++
		}
	}
	return cjk + (other+2)/3
}

// Chars4Estimator is the plain rule of thumb: ceil(characters / 4), counting
// Unicode code points. It under-counts CJK text; use it to see how a planner
// behaves when its estimate is optimistic.
type Chars4Estimator struct{}

// Tokens returns ceil(runes/4).
func (Chars4Estimator) Tokens(s string) int {
	n := 0
	for range s {
		n++
	}
	return (n + 3) / 4
}

// isCJK reports whether r lies in one of the ranges the original estimator
// counts as one token each.
func isCJK(r rune) bool {
	switch {
	case r >= 0x2E80 && r <= 0x2FD5, // CJK radicals supplement, Kangxi radicals
		r >= 0x2FF0 && r <= 0x2FFF, // ideographic description characters
		r >= 0x3040 && r <= 0x309F, // Hiragana
		r >= 0x30A0 && r <= 0x30FF, // Katakana
		r >= 0x3100 && r <= 0x312F, // Bopomofo
		r >= 0x3130 && r <= 0x318F, // Hangul compatibility Jamo
		r >= 0x31A0 && r <= 0x31BF, // Bopomofo extended
		r >= 0x31C0 && r <= 0x31EF, // CJK strokes
		r >= 0x3400 && r <= 0x4DBF, // CJK unified ideographs extension A
		r >= 0x4E00 && r <= 0x9FFF, // CJK unified ideographs
		r >= 0xAC00 && r <= 0xD7AF, // Hangul syllables
		r >= 0xF900 && r <= 0xFAFF, // CJK compatibility ideographs
		r >= 0xFF66 && r <= 0xFF9D: // half-width katakana
		return true
	}
	return false
}
