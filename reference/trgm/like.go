package trgm

import "unicode/utf8"

// LikeTrigrams returns the trigrams that a GIN or GiST gin_trgm_ops index
// extracts from a LIKE or ILIKE pattern (generate_wildcard_trgm): every
// string that matches the pattern has all of them. The pattern is cut at the
// wildcards % and _, at non-word characters and at its ends; a backslash
// escapes the next character; a part gets the word padding only on a side
// where it is not next to a wildcard. A pattern with no part of three or more
// padded characters yields no trigram, and then the index cannot narrow the
// search. The result is sorted by Compare, without duplicates; it is the same
// for LIKE and ILIKE, since trigrams are lower-cased either way.
func (l Locale) LikeTrigrams(pattern string) ([]Trigram, error) {
	if err := l.check(); err != nil {
		return nil, err
	}
	if err := validate("pattern", pattern); err != nil {
		return nil, err
	}
	e := extractor{loc: l}
	for rest := pattern; ; {
		next, ok := e.wildcardPart(rest)
		if !ok {
			break
		}
		e.addWord()
		rest = next
	}
	return sortUnique(e.trgms), nil
}

// wildcardPart is get_wildcard_part: it finds the next part of s, stores it
// lower-cased and padded in e.word, and returns what is left of s after it.
func (e *extractor) wildcardPart(s string) (string, bool) {
	var leadingMeta, trailingMeta, inEscape bool
	begin := 0
scan:
	for begin < len(s) {
		r, n := utf8.DecodeRuneInString(s[begin:])
		if inEscape {
			if e.loc.isWord(r) {
				break scan
			}
			inEscape = false
			leadingMeta = false
		} else {
			switch {
			case r == '\\':
				inEscape = true
			case r == '%' || r == '_':
				leadingMeta = true
			case e.loc.isWord(r):
				break scan
			default:
				leadingMeta = false
			}
		}
		begin += n
	}
	if begin >= len(s) {
		return "", false
	}
	e.word = e.word[:0]
	if !leadingMeta {
		e.word = append(e.word, ' ', ' ')
	}
	end := begin
	for end < len(s) {
		r, n := utf8.DecodeRuneInString(s[end:])
		if inEscape {
			if !e.loc.isWord(r) {
				// Back up to the escape character, so the next part starts
				// there.
				end--
				break
			}
			e.word = append(e.word, e.loc.lowerRune(r))
			inEscape = false
		} else {
			if r == '\\' {
				inEscape = true
			} else if r == '%' || r == '_' {
				trailingMeta = true
				break
			} else if e.loc.isWord(r) {
				e.word = append(e.word, e.loc.lowerRune(r))
			} else {
				break
			}
		}
		end += n
	}
	if !trailingMeta {
		e.word = append(e.word, ' ')
	}
	return s[end:], true
}
