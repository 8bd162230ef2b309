package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/suite"
)

// TestTicker: on a terminal one line is rewritten in place (carriage
// return, erase), counting what ended and what went wrong, and cleared at
// the end; nothing is written past it.
func TestTicker(t *testing.T) {
	var b bytes.Buffer
	tk := &ticker{w: &b, total: 3}
	tk.update(suite.Result{ID: "INF-01", Outcome: suite.Passed})
	tk.update(suite.Result{ID: "INF-02", Outcome: suite.Failed})
	tk.clear()
	want := "\r\x1b[K1/3 INF-01 passed" + "\r\x1b[K2/3 INF-02 failed (so far 1 failed, 0 errored)" + "\r\x1b[K"
	if got := b.String(); got != want {
		t.Errorf("ticker wrote %q, want %q", got, want)
	}
	if strings.Contains(b.String(), "\n") {
		t.Error("the progress line ends a line")
	}
}

// TestInteractive: a buffer, a file and CI are no terminal a person
// watches; no progress line is drawn there.
func TestInteractive(t *testing.T) {
	if interactive(&bytes.Buffer{}) {
		t.Error("a buffer is interactive")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if interactive(f) {
		t.Error("a regular file is interactive")
	}
	if tty, err := os.OpenFile("/dev/tty", os.O_WRONLY, 0); err == nil {
		defer tty.Close()
		t.Setenv("CI", "true")
		if interactive(tty) {
			t.Error("a terminal in CI is interactive")
		}
	}
}
