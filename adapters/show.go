package adapters

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Messages show offsets and lengths as the implementation counts them,
// with bytes of UTF-8 in brackets only where the two differ: a program
// that declared utf16 reads its own offsets first ("[3,5) [bytes 6,10)",
// "[1,1)", not "[1,1) [bytes 1,1)"), and one that counts bytes, or ASCII
// text in any unit, reads one number. Checks see and judge bytes
// (InBytes); these functions are the one place a message turns them back.

// At shows byte offset off of body as unit u counts it: "1203 [bytes
// 1210]", or "1203" when they agree. An offset outside body, which has no
// count in u, is shown as the byte offset it is.
func At(u unit.Unit, body string, off int) string {
	if off < 0 || off > len(body) {
		return fmt.Sprint(off)
	}
	return counted(InUnit(u, body, off), off)
}

// Span shows the byte span [s,e) of body as At does: "[3,5) [bytes
// 6,10)", or "[3,5)"; an end outside body is "?" in u.
func Span(u unit.Unit, body string, s, e int) string {
	us, ue := InUnit(u, body, s), InUnit(u, body, e)
	outside := func(off int) bool { return off < 0 || off > len(body) }
	if us == s && ue == e && (u == "" || u == unit.Bytes || !outside(s) && !outside(e)) {
		return fmt.Sprintf("[%d,%d)", s, e)
	}
	n := func(un, off int) string {
		if outside(off) {
			return "?"
		}
		return fmt.Sprint(un)
	}
	return fmt.Sprintf("[%s,%s) [bytes %d,%d)", n(us, s), n(ue, e), s, e)
}

// Length shows the length of body: "151B" for a program that counts bytes
// (or declared no unit), else "140 utf16 [bytes 151]", or "151 utf16" when
// they agree.
func Length(u unit.Unit, body string) string {
	if u == "" || u == unit.Bytes {
		return fmt.Sprintf("%dB", len(body))
	}
	return fmt.Sprintf("%d %s", u.Len(body), u) + AlsoBytes(u.Len(body), len(body))
}

// counted shows an offset of n in the implementation's unit that is b
// bytes: "n [bytes b]", or "n" when they agree.
func counted(n, b int) string { return fmt.Sprint(n) + AlsoBytes(n, b) }

// AlsoBytes follows a count of n in the implementation's unit that is b
// bytes: " [bytes b]", or "" when they agree.
func AlsoBytes(n, b int) string {
	if n == b {
		return ""
	}
	return fmt.Sprintf(" [bytes %d]", b)
}

// InUnit is byte offset off of body counted in u (an offset inside a
// character counts up to its start), off itself outside body or in bytes.
func InUnit(u unit.Unit, body string, off int) int {
	if u == "" || u == unit.Bytes || off < 0 || off > len(body) {
		return off
	}
	return u.Len(body[:unit.Floor(body, off)])
}
