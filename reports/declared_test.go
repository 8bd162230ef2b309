package reports

import (
	"bytes"
	"io"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// TestDeclaredShown: a declared value other than the text's default is
// shown by every output beside the implementation; one equal to the
// default is not (the verdicts are the same as undeclared).
func TestDeclaredShown(t *testing.T) {
	rep := report("impl", result("INF-08", suite.Must, suite.Passed))
	rep.Adapter.Config = adapters.Config{adapters.MergeThreshold: 400, adapters.MaxDensificationInputTokens: 100_000}
	runs := []Run{{Report: rep}, {Report: report("ref", result("INF-08", suite.Must, suite.Passed))}}
	for _, tt := range []struct {
		name  string
		write func(io.Writer) error
		want  string
	}{
		{"table", func(w io.Writer) error { return RunTable(w, runs[0]) }, "declares merge_threshold=400"},
		{"JSON", func(w io.Writer) error { return JSON(w, runs) }, `"merge_threshold": 400`},
		{"JUnit", func(w io.Writer) error { return JUnit(w, runs, JUnitOptions{}) }, `<property name="config" value="merge_threshold=400">`},
		{"Markdown", func(w io.Writer) error { return Markdown(w, runs) }, "declares merge\\_threshold=400"},
		{"matrix", func(w io.Writer) error { return Matrix(w, runs) }, "declares merge_threshold=400"},
		{"Markdown matrix", func(w io.Writer) error { return MatrixMarkdown(w, runs) }, "declares merge\\_threshold=400"},
		{"matrix page", func(w io.Writer) error { return MatrixHTML(w, runs) }, "declares merge_threshold=400"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := tt.write(&b); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if got := strings.Count(out, tt.want); got == 0 {
				t.Errorf("%s does not show the declared threshold (%q):\n%s", tt.name, tt.want, out)
			}
			if tt.name != "JSON" && strings.Contains(out, "max_densification_input_tokens=") {
				t.Errorf("%s shows a declared default:\n%s", tt.name, out)
			}
		})
	}
}
