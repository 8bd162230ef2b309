package protocol

import (
	"strconv"
	"strings"
	"sync"
)

// tail keeps the last max bytes written to it: the implementation's standard
// error, for fault messages and the report.
type tail struct {
	mu      sync.Mutex
	max     int
	buf     []byte
	dropped int64 // bytes that fell off the front
}

func newTail(max int) *tail { return &tail{max: max} }

func (t *tail) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if over := len(t.buf) - t.max; over > 0 {
		t.dropped += int64(over)
		t.buf = append(t.buf[:0], t.buf[over:]...)
	}
	return len(p), nil
}

// String is what is kept, with a note of what was cut.
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.dropped > 0 {
		return "[… " + strconv.FormatInt(t.dropped, 10) + " earlier bytes not kept]\n" + string(t.buf)
	}
	return string(t.buf)
}

// mark is the current length written, for lastLines since a point.
func (t *tail) mark() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped + int64(len(t.buf))
}

// since returns the last n lines written after mark m (fewer if less was
// written), at most 2000 bytes.
func (t *tail) since(m int64, n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	start := m - t.dropped
	if start < 0 {
		start = 0
	}
	if start > int64(len(t.buf)) {
		return ""
	}
	s := strings.TrimRight(string(t.buf[start:]), "\n")
	lines := strings.Split(s, "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	out := strings.Join(lines, "\n")
	if len(out) > 2000 {
		out = "…" + out[len(out)-2000:]
	}
	return out
}

func itoa(i int) string { return strconv.Itoa(i) }
