package postgres

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// storable reports why PostgreSQL text cannot hold s, naming what it is:
// text in a UTF8 database holds valid UTF-8 without NUL characters. The
// adapter checks before sending, so the error says what is wrong instead of
// the server's "invalid byte sequence for encoding UTF8: 0x00".
func storable(what, s string) error {
	if i := strings.IndexByte(s, 0); i >= 0 {
		return fmt.Errorf("%s has a NUL byte (0x00) at byte %d: PostgreSQL text cannot hold NUL characters", what, i)
	}
	if !utf8.ValidString(s) {
		return fmt.Errorf("%s is not valid UTF-8 (first bad byte at %d): a UTF8 database cannot hold it", what, unit.FirstInvalid(s))
	}
	return nil
}

// runeOffsets converts sorted byte offsets of body, each on a character
// boundary, to character offsets (what PostgreSQL's substr and length
// count), in one pass over body.
func runeOffsets(body string, sorted []int) []int {
	out := make([]int, len(sorted))
	pos, chars := 0, 0
	for i, off := range sorted {
		chars += utf8.RuneCountInString(body[pos:off])
		pos = off
		out[i] = chars
	}
	return out
}
