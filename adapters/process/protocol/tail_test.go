package protocol

import (
	"fmt"
	"strings"
	"testing"
	"unicode/utf8"
)

// TestTailSince: a fault message quotes the first and the last lines of
// what the program wrote to standard error, so the line that says why
// (Node's "Cannot find module", near the top of its trace) is kept.
func TestTailSince(t *testing.T) {
	node := "node:internal/modules/cjs/loader:1080\n  throw err;\n  ^\n\nError: Cannot find module 'left-pad'\nRequire stack:\n- /app/impl.js\n" +
		strings.Repeat("    at Module._load (node:internal/modules/cjs/loader:922:12)\n", 12) +
		"{\n  code: 'MODULE_NOT_FOUND'\n}\n\nNode.js v20.11.0\n"
	numbered := func(n int) string {
		var b strings.Builder
		for i := 1; i <= n; i++ {
			fmt.Fprintf(&b, "line %d\n", i)
		}
		return b.String()
	}
	for _, c := range []struct {
		name, written string
		keep          int
		want, not     []string
	}{
		{"node trace", node, 1 << 16, []string{"Cannot find module 'left-pad'", "Node.js v20.11.0", "lines …"}, nil},
		{"short: all of it", numbered(5), 1 << 16, []string{"line 1\nline 2\nline 3\nline 4\nline 5"}, []string{"…"}},
		{"long: first and last", numbered(40), 1 << 16, []string{"line 1\n", "line 6\n… 26 lines …\nline 33\n", "line 40"}, []string{"line 7\n", "line 32\n"}},
		{"front dropped", numbered(400), 200, []string{"[… earlier lines not kept]", "line 400"}, []string{"line 1\n"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			tl := newTail(c.keep)
			m := tl.mark()
			tl.Write([]byte(c.written))
			got := tl.since(m, stderrHead, stderrTail)
			for _, w := range c.want {
				if !strings.Contains(got, w) {
					t.Errorf("lacks %q:\n%s", w, got)
				}
			}
			for _, w := range c.not {
				if strings.Contains(got, w) {
					t.Errorf("holds %q:\n%s", w, got)
				}
			}
		})
	}
}

// TestTailSinceClipsOnCharacters: past 2000 bytes the middle goes, never
// half a character.
func TestTailSinceClipsOnCharacters(t *testing.T) {
	tl := newTail(1 << 20)
	tl.Write([]byte(strings.Repeat("ж", 3000)))
	got := tl.since(0, stderrHead, stderrTail)
	if len(got) > 2010 || !utf8.ValidString(got) {
		t.Errorf("%d bytes, valid UTF-8 %v", len(got), utf8.ValidString(got))
	}
}
