package invariant

import (
	"fmt"

	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// at shows byte offset off of body as the implementation counts it, with
// the bytes in brackets when it counts otherwise: "1203 [bytes 1210]".
// Messages lead to the bug in the implementation's own offsets.
func at(u unit.Unit, body string, off int) string {
	if u == unit.Bytes || u == "" || off < 0 || off > len(body) {
		return fmt.Sprint(off)
	}
	return fmt.Sprintf("%d [bytes %d]", u.Len(body[:unit.Floor(body, off)]), off)
}

// spanAt shows [s, e) of body as at does.
func spanAt(u unit.Unit, body string, s, e int) string {
	if u == unit.Bytes || u == "" {
		return fmt.Sprintf("[%d,%d)", s, e)
	}
	n := func(off int) string {
		if off < 0 || off > len(body) {
			return "?"
		}
		return fmt.Sprint(u.Len(body[:unit.Floor(body, off)]))
	}
	return fmt.Sprintf("[%s,%s) [bytes %d,%d)", n(s), n(e), s, e)
}

// excerpt is the document around byte offset off, with "|" at off: what a
// reader needs to see where a wrong edge falls.
func excerpt(body string, off int) string {
	return fmt.Sprintf("%q", clip.Around(body, off, 24))
}

// firstDiff is the first byte offset where a and b differ, or -1.
func firstDiff(a, b string) int {
	n := min(len(a), len(b))
	for i := 0; i < n; i++ {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return n
	}
	return -1
}

// textDiff shows where got and want (two texts that should be equal) first
// differ, with an excerpt of each around that place.
func textDiff(got, want string) string {
	i := firstDiff(got, want)
	if i < 0 {
		return "the texts are equal"
	}
	return fmt.Sprintf("first difference at byte %d of %d/%d: got %q, want %q", i, len(got), len(want), clip.Around(got, i, 24), clip.Around(want, i, 24))
}
