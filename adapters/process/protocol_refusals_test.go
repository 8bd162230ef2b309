package process_test

import (
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/suite"
)

// refusalRow is a row of the table of PROTOCOL.md's "Refusals": the
// requirement's ID and the operations it names.
var refusalRow = regexp.MustCompile(`(?m)^\| ([A-Z]{3}-[0-9]+) \| ([^|]+) \|`)

// TestProtocolRefusals keeps PROTOCOL.md's "Refusals" in step with the
// catalogue (issue 37: an implementer must not need the catalogue to know
// what is expected): its table lists exactly the ROBUST requirements of bad
// input (section "…; bad input"), each once, and each row names at least
// one operation of the protocol.
func TestProtocolRefusals(t *testing.T) {
	raw, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	start := strings.Index(doc, "\n## Refusals\n")
	if start < 0 {
		t.Fatal(`PROTOCOL.md has no section "## Refusals"`)
	}
	section := doc[start+1:]
	if end := strings.Index(section[3:], "\n## "); end >= 0 {
		section = section[:end+3]
	}
	var listed []string
	for _, m := range refusalRow.FindAllStringSubmatch(section, -1) {
		if slices.Contains(listed, m[1]) {
			t.Errorf("PROTOCOL.md, Refusals: %s listed twice", m[1])
		}
		listed = append(listed, m[1])
		if !strings.Contains(m[2], "`") {
			t.Errorf("PROTOCOL.md, Refusals: %s names no operation (%q)", m[1], strings.TrimSpace(m[2]))
		}
	}
	var want []string
	for _, r := range ctxconform.Requirements() {
		if r.Level == suite.Robust && strings.Contains(r.Section, "bad input") {
			want = append(want, r.ID)
		}
	}
	for _, id := range want {
		if !slices.Contains(listed, id) {
			t.Errorf("PROTOCOL.md, Refusals: %s (ROBUST, bad input) is not listed", id)
		}
	}
	for _, id := range listed {
		if !slices.Contains(want, id) {
			t.Errorf("PROTOCOL.md, Refusals: %s is listed, but it is no ROBUST requirement of bad input", id)
		}
	}
}
