package suite

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// unitNote closes the FAIL message of a program that counts in another
// unit than bytes. Checks see, judge and quote offsets in bytes of UTF-8
// (adapters.InBytes converts both ways); the note says so, so that an
// implementer counting runes or UTF-16 does not read them as their own.
func unitNote(u unit.Unit) string {
	if u == "" || u == unit.Bytes {
		return ""
	}
	return fmt.Sprintf("\n(offsets above are in bytes of UTF-8, as the harness judges them; the program's requests and answers carried them in %s)", u)
}
