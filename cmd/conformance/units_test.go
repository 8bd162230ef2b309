package main

import (
	"strings"
	"testing"
)

// TestOwnUnitFirst: a program that declared utf16 reads the offsets of its
// FAIL in utf16 first, with bytes only where they differ, in the finding,
// the case and the closing note: the surrogate splitter of testdata/faulty
// moves a window's start between the halves of an emoji (4 bytes, 2 UTF-16
// units) at the start of its document.
func TestOwnUnitFirst(t *testing.T) {
	proxy := faulty(t, "proxy.py")
	program := append(append(proxy, "surrogates", "--"), self(t, "conformance", "serve-reference")...)
	args := []string{"run", "--adapter", "exec", "--standard", "inflate", "--run", "^INF-02 ", "--property-runs", "5", "--seed", "1", "--replay-dir", t.TempDir(), "--"}
	code, stdout, stderr := runCmd(append(args, program...)...)
	if code != exitOK || !strings.Contains(stdout, "INF-02 FAILED") {
		t.Fatalf("exit %d, want %d with INF-02 failed (ROBUST does not gate)\n%s%s", code, exitOK, stdout, stderr)
	}
	for _, want := range []string{
		`window 0 start of "doc": 1 utf16 falls inside a character (judged widened to the character's edge, 0, at "|😀")`,
		"case: budget=none doc doc=2 utf16 [bytes 4]",
		"offsets are in utf16, as the program counts them",
	} {
		if !strings.Contains(stdout, want) {
			t.Errorf("the FAIL lacks %q:\n%s", want, stdout)
		}
	}
	for _, bad := range []string{"[bytes 0]", "doc=4B", "offsets above are in bytes"} {
		if strings.Contains(stdout, bad) {
			t.Errorf("the FAIL says %q: bytes first, or bytes where they agree:\n%s", bad, stdout)
		}
	}
}
