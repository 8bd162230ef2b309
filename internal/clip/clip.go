// Package clip shortens text for messages without cutting a character.
//
// Messages quote documents, answers and program output that may be long and
// may hold multi-byte UTF-8. Cutting them at a byte count could split a
// character, the very fault the harness fails implementations for, so every
// message of the project clips with this package.
package clip

import "unicode/utf8"

// Ellipsis marks where text was cut.
const Ellipsis = "…"

// Text returns s cut to at most n bytes on a character boundary, followed by
// Ellipsis when something was cut. Invalid UTF-8 is kept as it is (a %q verb
// shows it); only the cut point moves back to the start of a character.
func Text[S ~string | ~[]byte](s S, n int) string {
	if len(s) <= n {
		return string(s)
	}
	return string(s[:floor(s, max(n, 0))]) + Ellipsis
}

// Around returns up to n bytes of s on each side of byte offset off, cut on
// character boundaries, with Ellipsis where s goes on and "|" marking off:
// an excerpt that shows where an edge falls. An offset outside s is moved to
// the nearest end.
func Around(s string, off, n int) string {
	off = min(max(off, 0), len(s))
	from, to := floor(s, max(off-n, 0)), ceil(s, min(off+n, len(s)))
	at := floor(s, off)
	out := ""
	if from > 0 {
		out = Ellipsis
	}
	out += s[from:at] + "|" + s[at:to]
	if to < len(s) {
		out += Ellipsis
	}
	return out
}

// Middle returns s cut to at most n bytes plus mark by leaving out its
// middle: the first and the last n/2 bytes, on character boundaries, with
// mark in place of what was left out (Ellipsis, or "\n…\n" for output read
// line by line). s is returned as it is when it is n bytes or shorter.
func Middle(s string, n int, mark string) string {
	if len(s) <= n {
		return s
	}
	n = max(n, 0)
	return s[:floor(s, n/2)] + mark + s[ceil(s, len(s)-n/2):]
}

// floor moves i back to the start of the character holding it, if any: in
// invalid UTF-8 (stray continuation bytes) i cuts no character and stays.
func floor[S ~string | ~[]byte](s S, i int) int {
	if i <= 0 || i >= len(s) {
		return i
	}
	for j := i; j >= 0 && i-j < utf8.UTFMax; j-- {
		if utf8.RuneStart(s[j]) {
			r, n := utf8.DecodeRuneInString(string(s[j:min(j+utf8.UTFMax, len(s))]))
			if r != utf8.RuneError && j+n > i {
				return j
			}
			return i
		}
	}
	return i
}

// ceil moves i forward to the end of the character holding it, if any.
func ceil(s string, i int) int {
	if j := floor(s, i); j != i {
		_, n := utf8.DecodeRuneInString(s[j:])
		return j + n
	}
	return i
}
