package invariant

import (
	"fmt"

	"github.com/ctxconform/ctxconform/internal/clip"
)

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
