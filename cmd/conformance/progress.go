package main

import (
	"fmt"
	"io"
	"os"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// How a run shows its verdicts while it works: with -v, a line per
// requirement on standard error as it ends (what a CI log keeps); on a
// terminal, one line that updates in place and is cleared when the run
// ends; on a pipe or in CI, nothing, as the summary says it all.

// progress is the suite.Options.Progress of the i-th adapter of a run and
// the function that ends it (clearing a terminal's line).
func progress(cfg runConfig, stderr io.Writer, i int) (func(suite.Result), func()) {
	label := progressLabel(cfg.adapters, i)
	switch {
	case cfg.out.verbose:
		return reports.Progress(stderr, label), func() {}
	case interactive(stderr):
		selected, _ := cfg.opts.Select(ctxconform.Requirements())
		t := &ticker{w: stderr, label: label, total: len(selected)}
		return t.update, t.clear
	}
	return nil, func() {}
}

// interactive says whether w is a terminal a person watches: a character
// device, outside CI, not a dumb terminal.
func interactive(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok || os.Getenv("CI") != "" || os.Getenv("TERM") == "dumb" {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// ticker is a progress line rewritten in place: how many requirements of
// the selection have ended, the last one, and how many went wrong so far.
type ticker struct {
	w              io.Writer
	label          string
	total, done    int
	failed, errors int
}

func (t *ticker) update(r suite.Result) {
	t.done++
	switch r.Outcome {
	case suite.Failed:
		t.failed++
	case suite.Errored:
		t.errors++
	}
	prefix := ""
	if t.label != "" {
		prefix = t.label + ": "
	}
	// \r returns to the line's start, ESC [K clears what a longer line left.
	fmt.Fprintf(t.w, "\r\x1b[K%s%d/%d %s %s", prefix, t.done, t.total, r.ID, r.Outcome)
	if t.failed+t.errors > 0 {
		fmt.Fprintf(t.w, " (so far %d failed, %d errored)", t.failed, t.errors)
	}
}

// clear removes the line, so that the summary starts on a clean one.
func (t *ticker) clear() {
	if t.done > 0 {
		fmt.Fprint(t.w, "\r\x1b[K")
	}
}
