package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/ctxconform/ctxconform/bench"
	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/internal/clip"
)

// nonconformingRows names, after bench's summary, the results that timed
// answers failing the operation's MUST invariants (--time-nonconforming),
// each once with why.
func nonconformingRows(w io.Writer, results []bench.Result) {
	seen := map[string]bool{}
	for _, r := range results {
		if r.Nonconforming == "" || seen[r.Name+implOf(r)] {
			continue
		}
		if len(seen) == 0 {
			fmt.Fprintf(w, "  NON-CONFORMING, timed with --time-nonconforming and marked %q in the results:\n", format.KeyConformance+": "+format.Nonconforming)
		}
		seen[r.Name+implOf(r)] = true
		fmt.Fprintf(w, "    %s%s: %s\n", r.Name, implOf(r), r.Nonconforming)
	}
}

// nonconformingNotes are the scaling report's notes on the results of f
// marked non-conforming: one line naming them, none when every result
// conformed.
func nonconformingNotes(f *format.File) []string {
	var names []string
	seen := map[string]bool{}
	for _, r := range f.Results {
		if n := r.Name.String(); format.NonconformingOf(r) && !seen[n] {
			seen[n] = true
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return nil
	}
	return []string{clip.Text(fmt.Sprintf("NON-CONFORMING (%s: %s): %d benchmarks timed answers that fail conformance, drawn all the same: %s",
		format.KeyConformance, format.Nonconforming, len(names), strings.Join(names, ", ")), 2000)}
}
