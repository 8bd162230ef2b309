package reports

import (
	"fmt"
	"io"

	"github.com/ctxconform/ctxconform/suite"
)

// Progress returns a suite.Options.Progress that writes one line per
// requirement as it ends — ID, verdict, duration, prefixed by label when it
// is not empty (several adapters) — so that a run killed from outside has
// said what it did. The lines go to standard error; standard output is for
// the table and reports.
func Progress(w io.Writer, label string) func(suite.Result) {
	prefix := ""
	if label != "" {
		prefix = label + ": "
	}
	return func(r suite.Result) {
		fmt.Fprintf(w, "%s%s %s (%.2fs)\n", prefix, r.ID, verdict(r.Outcome), r.Duration.Seconds())
	}
}
