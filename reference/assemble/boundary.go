package assemble

import "strings"

// Boundaries that a window's edges move out to, by kind of document. Every
// boundary is 0, the body's length, or follows an ASCII byte, so it never
// cuts a multi-byte character.

// isStart reports whether a window of a kind document may start at p.
//   - code, data: p starts a line (p == 0 or body[p-1] == '\n').
//   - prose: p starts a line, or follows ". ", "! " or "? " (space or tab).
func isStart(kind, body string, p int) bool {
	if p == 0 || body[p-1] == '\n' {
		return true
	}
	if kind == KindCode || kind == KindData {
		return false
	}
	return p >= 2 && (body[p-1] == ' ' || body[p-1] == '\t') && strings.IndexByte(".!?", body[p-2]) >= 0
}

// isEnd reports whether a window of a kind document may end at q.
//   - code, data: q ends a line, newline included (q == len or body[q-1] == '\n').
//   - prose: q ends a line, or follows '.', '!' or '?' that is followed by
//     white space (space, tab, CR, LF) or the end of the body.
func isEnd(kind, body string, q int) bool {
	if q == len(body) || body[q-1] == '\n' {
		return true
	}
	if kind == KindCode || kind == KindData {
		return false
	}
	return strings.IndexByte(".!?", body[q-1]) >= 0 && strings.IndexByte(" \t\r\n", body[q]) >= 0
}

// leftEdge is the nearest start boundary at or before start and at most
// limit bytes before it; start itself if there is none.
func leftEdge(kind, body string, start, limit int) int {
	lo := 0
	if limit < start {
		lo = start - limit
	}
	for p := start; p >= lo; p-- {
		if isStart(kind, body, p) {
			return p
		}
	}
	return start
}

// rightEdge is the nearest end boundary at or after end and at most limit
// bytes after it; end itself if there is none.
func rightEdge(kind, body string, end, limit int) int {
	hi := len(body)
	if limit < len(body)-end {
		hi = end + limit
	}
	for q := end; q <= hi; q++ {
		if isEnd(kind, body, q) {
			return q
		}
	}
	return end
}
