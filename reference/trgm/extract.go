package trgm

import (
	"unicode/utf8"
)

// Word bounds of trigrams, as strict_word_similarity needs them.
const (
	boundLeft  uint8 = 1 // first trigram of a word
	boundRight uint8 = 2 // last trigram of a word
)

// extractor turns text into trigrams, word by word (generate_trgm_only).
// Its buffers are reused between words and calls.
type extractor struct {
	loc    Locale
	word   []rune
	bytes  []byte
	trgms  []Trigram
	bounds []uint8 // nil unless bounds are wanted
}

// add appends the trigrams of s in text order, each word padded with two
// spaces in front and one behind (pg_trgm's LPADDING and RPADDING); when withBounds is set, it also
// records which trigram starts and which ends each word.
func (e *extractor) add(s string, withBounds bool) {
	i := 0
	for i < len(s) {
		// Skip to the start of a word.
		r, n := utf8.DecodeRuneInString(s[i:])
		if !e.loc.isWord(r) {
			i += n
			continue
		}
		e.word = append(e.word[:0], ' ', ' ')
		for i < len(s) {
			r, n = utf8.DecodeRuneInString(s[i:])
			if !e.loc.isWord(r) {
				break
			}
			e.word = append(e.word, e.loc.lowerRune(r))
			i += n
		}
		e.word = append(e.word, ' ')
		first := len(e.trgms)
		e.addWord()
		if withBounds {
			for len(e.bounds) < len(e.trgms) {
				e.bounds = append(e.bounds, 0)
			}
			e.bounds[first] |= boundLeft
			e.bounds[len(e.trgms)-1] |= boundRight
		}
	}
}

// addWord appends the trigrams of the padded word in e.word (at least four
// characters, so at least two trigrams).
func (e *extractor) addWord() {
	w := e.word
	for k := 0; k+3 <= len(w); k++ {
		a, b, c := w[k], w[k+1], w[k+2]
		if a < utf8.RuneSelf && b < utf8.RuneSelf && c < utf8.RuneSelf {
			e.trgms = append(e.trgms, Trigram{byte(a), byte(b), byte(c)})
			continue
		}
		e.bytes = utf8.AppendRune(e.bytes[:0], a)
		e.bytes = utf8.AppendRune(e.bytes, b)
		e.bytes = utf8.AppendRune(e.bytes, c)
		e.trgms = append(e.trgms, hashTrigram(e.bytes))
	}
}

// Trigrams returns the trigram set of s as generate_trgm builds it: sorted in
// show_trgm order (Compare), without duplicates. s must be valid UTF-8
// without NUL bytes.
func (l Locale) Trigrams(s string) ([]Trigram, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	if err := validate("text", s); err != nil {
		return nil, err
	}
	return l.trigrams(s), nil
}

func (l Locale) trigrams(s string) []Trigram {
	e := extractor{loc: l}
	e.add(s, false)
	return sortUnique(e.trgms)
}

// Show returns what show_trgm(s) returns: the trigram set of s, formatted.
func (l Locale) Show(s string) ([]string, error) {
	ts, err := l.Trigrams(s)
	if err != nil {
		return nil, err
	}
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.String()
	}
	return out, nil
}
