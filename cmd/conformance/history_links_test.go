package main

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestHistoryLinkedRuns: a history whose six newest runs were replaced by
// symbolic links to copies elsewhere is refused, naming a link (exit 2),
// not read as the six runs left, where the regression disappears and the
// gate passes. With --skip-unreadable the links are skipped with a warning
// naming each, and the gate fails: a run the history lost could hold the
// regression.
func TestHistoryLinkedRuns(t *testing.T) {
	hist := buildHistory(t, 12, 6, 1.5)
	var stdout, stderr bytes.Buffer
	// 6 runs either side of a step reach p = 2/924 at best: gate at 1%.
	if code := run([]string{"history", "--p-value", "0.01", hist}, &stdout, &stderr); code != exitGate {
		t.Fatalf("the whole history: exit %d, want 1 (a regression at run 6):\n%s%s", code, stdout.String(), stderr.String())
	}
	files, _ := filepath.Glob(filepath.Join(hist, "*.txt"))
	slices.Sort(files)
	elsewhere := t.TempDir()
	var linked []string
	for _, f := range files[6:] {
		moved := filepath.Join(elsewhere, filepath.Base(f))
		if err := os.Rename(f, moved); err != nil {
			t.Fatal(err)
		}
		if err := os.Symlink(moved, f); err != nil {
			t.Fatal(err)
		}
		linked = append(linked, filepath.Base(f))
	}
	fifo := buildHistory(t, 12, 6, 1.5)
	mkfifo(t, filepath.Join(fifo, "zz.txt"))
	for _, c := range []struct {
		name string
		args []string
		code int
		want []string // in standard error (exit 2) or output
	}{
		{"refused", []string{"history", "--p-value", "0.01", hist}, exitUsage, []string{linked[0] + ": a symbolic link, not a regular file", "--skip-unreadable"}},
		{"a FIFO refused", []string{"history", "--p-value", "0.01", fifo}, exitUsage, []string{"zz.txt: a FIFO, not a regular file"}},
		{"skipped, and the gate fails", []string{"history", "--p-value", "0.01", "--skip-unreadable", hist}, exitGate, append([]string{"FAIL: 6 files of the history not read (--skip-unreadable)"}, linked...)},
		{"skipped, JSON", []string{"history", "--p-value", "0.01", "--skip-unreadable", "--json", "-", hist}, exitGate, []string{`"unread": [`, `"failed": true`, linked[5]}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := run(c.args, &stdout, &stderr)
			out := stdout.String() + stderr.String()
			if code != c.code {
				t.Errorf("exit %d, want %d:\n%s", code, c.code, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("output lacks %q:\n%s", w, out)
				}
			}
		})
	}
}
