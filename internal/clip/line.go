package clip

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// How much of a string a program gives is kept: its name, version or
// language, and a message or a line of its standard error. A 10 MB version
// is kept as its first 200 bytes and its length.
const (
	MaxIdentity = 200
	MaxMessage  = 2000
)

// Line returns s, a string a program gave (its name, version, an error
// message, a line of its standard error), as one line that is safe to
// print on a terminal, at most about n bytes: every control character
// (newline, carriage return, tab, ESC and the other C0 and C1 controls,
// DEL), every character that reorders or breaks the text around it
// (the bidirectional overrides and isolates, the line and paragraph
// separators) and every byte that is not UTF-8 is written as its Go
// escape (\n, \x1b, \u202e, \xff), so no escape sequence reaches the
// terminal and nothing the program says starts a line of the harness's
// output. Text longer than n after escaping is cut on a character (never
// inside an escape) and followed by Ellipsis and its length in bytes,
// which, with its start, identifies it.
func Line(s string, n int) string {
	if len(s) <= n && !strings.ContainsFunc(s, needsEscape) && utf8.ValidString(s) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		piece := s[i : i+size]
		switch {
		case r == utf8.RuneError && size <= 1:
			piece = `\x` + strconv.FormatUint(uint64(s[i])|0x100, 16)[1:]
		case needsEscape(r):
			piece = strings.Trim(strconv.QuoteRuneToASCII(r), "'")
		}
		if b.Len()+len(piece) > max(n, 0) {
			return b.String() + Ellipsis + " (" + strconv.Itoa(len(s)) + " bytes)"
		}
		b.WriteString(piece)
		i += size
	}
	return b.String()
}

// Lines is s, text of several lines (a verdict's message, standard error,
// read back from a report), with each line as Line makes it but not
// clipped: it keeps its lines, and nothing in them acts on a terminal.
func Lines(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return r != '\n' && needsEscape(r) }) && utf8.ValidString(s) {
		return s
	}
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		lines[i] = Line(l, 4*len(l)) // an escape is at most 4 times what it stands for
	}
	return strings.Join(lines, "\n")
}

// needsEscape reports whether r would act on a terminal rather than show.
func needsEscape(r rune) bool {
	switch {
	case unicode.IsControl(r):
		return true
	case r == '\u2028', r == '\u2029', // line and paragraph separators
		r == '\u200e', r == '\u200f', r == '\u061c', // directional marks
		r >= '\u202a' && r <= '\u202e', // embeddings and overrides
		r >= '\u2066' && r <= '\u2069': // isolates
		return true
	}
	return false
}
