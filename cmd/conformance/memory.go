package main

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/memory"
)

var memoryUsage = fmt.Sprintf("the failure memory: cases that once failed, checked first on every run whatever the seed, in `DIR` (default: memory/ in the --replay-dir; a case that then holds in %d runs is dropped)", memory.Keep)

// memoryConfig is what --memory and --no-memory ask for.
type memoryConfig struct {
	dir string
	off bool
}

// runMemory is the failure memory of one run; nil when --no-memory.
type runMemory struct{ store *memory.Store }

// openMemory reads the failure memory and hands its cases to the run.
// Damaged files are said and passed over: the memory never stops a run.
func openMemory(cfg *runConfig, stderr io.Writer) *runMemory {
	if cfg.memory.off {
		return nil
	}
	dir := cfg.memory.dir
	if dir == "" {
		dir = filepath.Join(replayDir(*cfg), "memory")
	}
	store, warnings := memory.Open(dir)
	for _, w := range warnings {
		fmt.Fprintf(stderr, "conformance run: warning: %v\n", w)
	}
	if n := store.Len(); n > 0 {
		cfg.opts.Remembered = store.Cases()
		fmt.Fprintf(stderr, "conformance run: failure memory %s: %d remembered %s of %d %s, checked first\n",
			dir, n, plural(n, "case", "cases"), len(cfg.opts.Remembered), plural(len(cfg.opts.Remembered), "requirement", "requirements"))
	}
	return &runMemory{store}
}

// save remembers what the runs found and forgets what held long enough.
func (m *runMemory) save(runs []reports.Run, stderr io.Writer) {
	if m == nil {
		return
	}
	reps := make([]suite.Report, len(runs))
	for i, r := range runs {
		reps[i] = r.Report
	}
	ch := m.store.Update(reps)
	for _, err := range m.store.Save() {
		fmt.Fprintf(stderr, "conformance run: warning: %v\n", err)
	}
	if len(ch.TooLarge) > 0 {
		fmt.Fprintf(stderr, "conformance run: failure memory: the failing cases of %s are over %d bytes and are not kept (their replay files hold them)\n", strings.Join(ch.TooLarge, ", "), memory.MaxFileBytes)
	}
	var said []string
	if ch.Added > 0 {
		said = append(said, fmt.Sprintf("%d failing %s remembered", ch.Added, plural(ch.Added, "case", "cases")))
	}
	if ch.Shrunk > 0 {
		said = append(said, fmt.Sprintf("%d replaced by a smaller failing case", ch.Shrunk))
	}
	if ch.Dropped > 0 {
		said = append(said, fmt.Sprintf("%d dropped (held in %d runs, or over %d for a requirement)", ch.Dropped, memory.Keep, memory.MaxPerRequirement))
	}
	if unsaved, changes := m.store.Unsaved(); unsaved > 0 {
		// Nothing is claimed that was not written.
		if unsaved == changes {
			fmt.Fprintf(stderr, "conformance run: failure memory %s: not saved: nothing remembered (the replay files hold the failing cases)\n", m.store.Dir())
		} else {
			fmt.Fprintf(stderr, "conformance run: failure memory %s: %d of %d changes not saved (warnings above)\n", m.store.Dir(), unsaved, changes)
		}
		return
	}
	if len(said) > 0 {
		fmt.Fprintf(stderr, "conformance run: failure memory %s: %s\n", m.store.Dir(), strings.Join(said, "; "))
	}
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
