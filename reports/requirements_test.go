package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// catalogue is a small catalogue: a MUST with its quote, a ROBUST and a
// REFERENCE without one, of two standards, out of order.
func catalogue() []suite.Requirement {
	return []suite.Requirement{
		{ID: "DEN-02", Standard: adapters.Density, Section: "§3", Level: suite.Reference, Title: "ref choice", Kind: suite.Property},
		{ID: "INF-01", Standard: adapters.Inflate, Section: "§2", Level: suite.Must, Title: "a | b", Kind: suite.Spec, Quote: "No window … exceeds"},
		{ID: "INF-02", Standard: adapters.Inflate, Section: "§2.1", Level: suite.Robust, Title: "refuses", Kind: suite.Spec},
	}
}

// TestRequirementsQuotes: conformance list --quotes, written out by hand
// from RequirementsQuotes' doc comment: a block per requirement in
// catalogue order, the quote or what stands for it by level.
func TestRequirementsQuotes(t *testing.T) {
	var b bytes.Buffer
	if err := RequirementsQuotes(&b, catalogue()); err != nil {
		t.Fatal(err)
	}
	want := "INF-01  MUST  §2\n  a | b\n  quotes: \"No window … exceeds\"\n\n" +
		"INF-02  ROBUST  §2.1\n  refuses\n  (ctxconform's own rule: no sentence of the standard fixes it)\n\n" +
		"DEN-02  REFERENCE  §3\n  ref choice\n  (the reference's own choice where the text is silent or open)\n\n" +
		"3 requirements\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// TestRequirementsMarkdown: a heading and a table per standard that has
// requirements (none for the others), each standard's own rows, "|"
// escaped, and below a standard's table the quotes of its MUST and SHOULD
// requirements only when it has some.
func TestRequirementsMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := RequirementsMarkdown(&b, catalogue()); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	inf, den, ok := strings.Cut(md, "#### Dynamic density (`density`)\n\n")
	if !ok || !strings.HasPrefix(inf, "#### Context inflation (`inflate`)\n\n") {
		t.Fatalf("not one section per standard, inflate then density:\n%s", md)
	}
	if strings.Count(md, "#### ") != 2 {
		t.Errorf("a section for a standard with no requirement:\n%s", md)
	}
	for _, c := range []struct {
		section, want string
		in            bool
	}{
		{inf, "INF-01", true}, {inf, "INF-02", true}, {inf, "DEN-02", false}, {inf, `a \| b`, true},
		{inf, "\n\nWhat each MUST and SHOULD enforces, quoted from the text (fragments joined by \"…\"):\n\n- **INF-01** (§2): \"No window … exceeds\"\n\n", true},
		{inf, "INF-02** (", false},
		{den, "DEN-02", true}, {den, "INF-0", false}, {den, "What each", false},
	} {
		if strings.Contains(c.section, c.want) != c.in {
			t.Errorf("holds %q: %v, want %v:\n%s", c.want, !c.in, c.in, c.section)
		}
	}
	if !strings.HasSuffix(den, "|\n\n") {
		t.Errorf("the density section does not end with its table and one blank line:\n%q", den)
	}
}
