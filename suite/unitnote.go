package suite

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// unitNote closes the FAIL message of a program that counts in another
// unit than bytes. Checks see and judge offsets in bytes of UTF-8
// (adapters.InBytes converts both ways), and messages show them in the
// program's unit first where they know the text (adapters.At, Span, Length:
// "[1,5) [bytes 1,7)", and in the case); the note says how to tell them
// apart, so that an implementer counting runes or UTF-16 reads their own.
func unitNote(u unit.Unit) string {
	if u == "" || u == unit.Bytes {
		return ""
	}
	return fmt.Sprintf("\n(offsets are in %s, as the program counts them, where bytes follow in brackets (\"[1,5) [bytes 1,7)\") or %s follows them; other offsets are bytes of UTF-8, as the harness judges them)", u, u)
}
