package protocol

import (
	"strconv"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/internal/clip"
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

// String is what is kept, with a note of what was cut, each line shown
// (see shown).
func (t *tail) String() string {
	t.mu.Lock()
	defer t.mu.Unlock()
	s := strings.Join(shown(strings.Split(string(t.buf), "\n")), "\n")
	if t.dropped > 0 {
		return "[… " + strconv.FormatInt(t.dropped, 10) + " earlier bytes not kept]\n" + s
	}
	return s
}

// shown makes each line of standard error safe to print on a terminal
// (clip.Line, as the program's other strings): its escape sequences and
// carriage returns escaped, no line of the harness's output forged.
func shown(lines []string) []string {
	for i, l := range lines {
		lines[i] = clip.Line(strings.TrimSuffix(l, "\r"), clip.MaxMessage)
	}
	return lines
}

// mark is the current length written, for lastLines since a point.
func (t *tail) mark() int64 {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.dropped + int64(len(t.buf))
}

// since returns what was written after mark m as its first head and last
// n lines, with a line "… K lines …" for those between (the first lines
// often say why a program stopped, as Node's "Cannot find module", and the
// last where), at most 2000 bytes.
func (t *tail) since(m int64, head, n int) string {
	t.mu.Lock()
	defer t.mu.Unlock()
	start := m - t.dropped
	lost := false
	if start < 0 {
		start, lost = 0, true
	}
	if start > int64(len(t.buf)) {
		return ""
	}
	s := strings.TrimRight(string(t.buf[start:]), "\n")
	lines := shown(strings.Split(s, "\n"))
	if lost {
		head = 1 // the first lines are gone: say so instead
		lines = append([]string{"[… earlier lines not kept]"}, lines...)
	}
	out := strings.Join(firstLast(lines, head, n), "\n")
	if len(out) > 2000 {
		out = clip.Middle(out, 2000, "\n…\n")
	}
	return out
}

// firstLast keeps the first head and the last n of lines, with a line
// saying how many are left out between.
func firstLast(lines []string, head, n int) []string {
	if len(lines) <= head+n+1 {
		return lines
	}
	out := append([]string{}, lines[:head]...)
	out = append(out, "… "+strconv.Itoa(len(lines)-head-n)+" lines …")
	return append(out, lines[len(lines)-n:]...)
}

func itoa(i int) string { return strconv.Itoa(i) }
