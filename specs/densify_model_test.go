package specs

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// The densification checks' own tools, judged against what their doc
// comments promise: prose's paragraphs shape every input the checks send,
// terse every partial of DSF-08's model, and stages the message a reader of
// DSF-04's failure gets.

// TestProse: n sentences, one space between sentences of a paragraph,
// paragraphs of five separated by one blank line, nothing before the first
// sentence or after the last.
func TestProse(t *testing.T) {
	s := make([]string, 12)
	for i := range s {
		s[i] = sentence(i)
	}
	want := strings.Join(s[0:5], " ") + "\n\n" + strings.Join(s[5:10], " ") + "\n\n" + strings.Join(s[10:12], " ")
	if got := prose(12); got != want {
		t.Errorf("prose(12) = %q\nwant %q", got, want)
	}
	if got := prose(1); got != s[0] {
		t.Errorf("prose(1) = %q, want %q", got, s[0])
	}
	if got := prose(0); got != "" {
		t.Errorf("prose(0) = %q, want empty", got)
	}
}

// TestTerse: the first sentence, ended by a "." before a space or a line
// break; a "." inside a word or at the very end does not end it early.
func TestTerse(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"One. Two. Three.", "One."},
		{"One.\nTwo.", "One."},
		{"Version 1.2 ships. Then more.", "Version 1.2 ships."},
		{"Done. ", "Done."},
		{"ab. ", "ab."},
		{"No stop here", "No stop here"},
		{"Ends with a stop.", "Ends with a stop."},
		{"a.b", "a.b"},
		{"", ""},
	} {
		if got := terse(call.Seen{}, c.in); got != c.want {
			t.Errorf("terse(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// TestStages: each call's stage, "!" and its failure kind when it failed,
// the first n of them and then the number of calls.
func TestStages(t *testing.T) {
	cs := []invariant.Call{{Stage: "full", Kind: invariant.KindOverflow}, {Stage: "chunk"}, {Stage: "chunk"}, {Stage: "merge"}}
	for _, c := range []struct {
		n    int
		want string
	}{
		{3, "full!overflow, chunk, chunk, … (4 calls)"},
		{4, "full!overflow, chunk, chunk, merge"},
		{1, "full!overflow, … (4 calls)"},
	} {
		if got := stages(cs, c.n); got != c.want {
			t.Errorf("stages(_, %d) = %q, want %q", c.n, got, c.want)
		}
	}
}
