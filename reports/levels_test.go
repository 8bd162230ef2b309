package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/suite"
)

// TestRobustReported: a ROBUST failure is labelled ROBUST in the table,
// Markdown, JSON and JUnit, counted on its own in the "By level" line, and
// does not gate at the default --fail-on must; a MUST result's quote
// reaches the JSON report.
func TestRobustReported(t *testing.T) {
	must := result("INF-01", suite.Must, suite.Passed)
	must.Quote = "Clamp to document boundaries (0, length)."
	rep := report("impl", must, result("INF-11", suite.Robust, suite.Failed))
	runs := []Run{{Report: rep}}
	var tb, md, js, ju bytes.Buffer
	if err := Table(&tb, rep); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&md, runs); err != nil {
		t.Fatal(err)
	}
	if err := JSON(&js, runs); err != nil {
		t.Fatal(err)
	}
	if err := JUnit(&ju, runs, JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	by := "MUST 1/1 passed, ROBUST 0/1 passed (ctxconform's own rules, not the standards')"
	for _, tt := range []struct{ name, out, want string }{
		{"table row", tb.String(), "│ INF-11 │ ROBUST │"},
		{"table failure", tb.String(), "--- INF-11 FAILED (ROBUST, "},
		{"table by level", tb.String(), "By level: " + by},
		{"markdown row", md.String(), "| `INF-11` | ROBUST | **FAIL** |"},
		{"markdown by level", md.String(), "By level: " + by},
		{"json level", js.String(), `"level": "ROBUST"`},
		{"json quote", js.String(), `"quote": "Clamp to document boundaries (0, length)."`},
		{"junit type", ju.String(), `type="failed ROBUST"`},
	} {
		if !strings.Contains(tt.out, tt.want) {
			t.Errorf("%s: lacks %q:\n%s", tt.name, tt.want, tt.out)
		}
	}
	if Gate(rep, nil, suite.Must) || Gate(rep, nil, suite.Should) || !Gate(rep, nil, suite.Robust) || !Gate(rep, nil, suite.Reference) {
		t.Error("a ROBUST failure gates only at --fail-on robust or strict")
	}
}
