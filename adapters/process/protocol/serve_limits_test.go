package protocol

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/reference"
)

// TestServeLimits: Serve holds the harness to the session's bounds
// (limits.go), lowered here so that nothing large is allocated: a line
// just over the line bound, documents just over the session's bound, a
// bench of more iterations than MaxIterations are each refused with an
// "error" message, nothing of them kept, and the session goes on (the
// next message is answered). Just within the bounds is accepted.
func TestServeLimits(t *testing.T) {
	const start = `{"type":"start","protocol":1,"harness":{"name":"t","version":"1"},"capabilities":["documents"]}`
	doc := func(ref string, n int) string { // n bytes of documents (docSize)
		return fmt.Sprintf(`{"ref":%q,"id":"i","body":%q}`, ref, strings.Repeat("b", n-1))
	}
	docs := func(d ...string) string { return `{"type":"documents","add":[` + strings.Join(d, ",") + `]}` }
	request := func(seq int, ref string) string {
		return fmt.Sprintf(`{"type":"request","seq":%d,"op":"inflate","documents":[%q],"request":{"hits":[]}}`, seq, ref)
	}
	pad := func(line string, n int) string { // line padded with spaces to n bytes
		return line[:len(line)-1] + strings.Repeat(" ", n-len(line)) + "}"
	}
	bench := func(warmup, iterations int) string {
		return fmt.Sprintf(`{"type":"bench","seq":7,"op":"inflate","warmup":%d,"iterations":%d,"request":{"documents":[{"id":"d","body":"x"}],"hits":[]}}`, warmup, iterations)
	}
	lim := limits{line: 400, documents: 300, iterations: 10}
	tests := []struct {
		name  string
		lines []string
		want  []string // in the answers, in order
		not   []string // nowhere in the answers
	}{
		{"a line at the bound", []string{start, pad(request(1, "none"), 400)}, []string{`"started"`, `"seq":1`, `no document was sent under ref`}, []string{"longer than"}},
		{"a line over the bound", []string{start, pad(request(1, "none"), 401), request(2, "none")},
			[]string{`"started"`, `a line longer than 400 bytes (the protocol's bound): refused unread`, `"seq":2`}, []string{`"seq":1`}},
		{"a line over the bound, then a start", []string{pad(start, 1000), start}, []string{`a line longer than 400 bytes`, `"started"`}, nil},
		{"documents at the bound", []string{start, docs(doc("d1", 150), doc("d2", 150)), request(1, "d2")}, []string{`"started"`, `{"type":"result","seq":1`}, []string{"bytes of documents"}},
		{"documents over the bound", []string{start, docs(doc("d1", 150), doc("d2", 150)), docs(doc("d3", 1)), request(1, "d3"), request(2, "d1")},
			[]string{`"started"`, `adding 1 documents would hold more than 300 bytes of documents in the session`, `"seq":1`, `no document was sent under ref \"d3\"`, `{"type":"result","seq":2`}, nil},
		{"drops make room", []string{start, docs(doc("d1", 150), doc("d2", 150)), `{"type":"documents","drop":["d1"],"add":[` + doc("d3", 150) + `]}`, request(1, "d3")},
			[]string{`"started"`, `{"type":"result","seq":1`}, []string{"bytes of documents"}},
		{"a ref stored again", []string{start, docs(doc("d1", 300)), docs(doc("d1", 300)), request(1, "d1")}, []string{`{"type":"result","seq":1`}, []string{"bytes of documents"}},
		{"iterations over the bound", []string{start, bench(1, 11), request(2, "none")},
			[]string{`"started"`, `{"type":"error","seq":7`, `bench of 11 iterations after 1 warmup runs: at most 10 of each (the protocol's bound)`, `"seq":2`}, []string{`"result","seq":7`}},
		{"warmup over the bound", []string{start, bench(11, 1)}, []string{`{"type":"error","seq":7`, `at most 10 of each`}, []string{`"result","seq":7`}},
		{"a bench at the bounds", []string{start, bench(10, 10)}, []string{`{"type":"result","seq":7`, `"iterations":10`}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out strings.Builder
			in := strings.NewReader(strings.Join(tt.lines, "\n") + "\n")
			if err := serve(context.Background(), reference.New(), in, &out, ServeOptions{}, lim); err != nil {
				t.Fatal(err)
			}
			got := out.String()
			rest := got
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("no %s (in order) in the answers:\n%s", w, got)
				}
				rest = rest[i+len(w):]
			}
			for _, n := range tt.not {
				if strings.Contains(got, n) {
					t.Errorf("%s in the answers:\n%s", n, got)
				}
			}
		})
	}
}
