package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// TestDeclaredConfiguration runs testdata/readings/inflate085.py declaring
// a merge_threshold (PROTOCOL.md, "Declared configuration"): declaring 400
// and merging below 400 passes INF-04 and INF-08, and the table shows the
// declaration; declaring 400 and merging hits 450 apart fails INF-08;
// declaring 2600 is refused before any request (exit 2), naming the item
// and its range.
func TestDeclaredConfiguration(t *testing.T) {
	python := testprog.Python(t)
	program, err := filepath.Abs(filepath.Join("..", "..", "testdata", "readings", "inflate085.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode string
		code int
		want string
	}{
		{"declares400", exitOK, "declares merge_threshold=400"},
		{"declares400-merges450", exitGate, "std085 §2.1.3 merges only gaps under MERGE_THRESHOLD 400"},
		{"declares2600", exitUsage, "config merge_threshold: 2600 is out of range; it takes a whole number from 1 to 2500 (default 500)"},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			code, stdout, stderr := runCmd("run", "--adapter", "exec", "--level", "strict", "--fail-on", "strict", "--run", "^INF-(04|08|18)$",
				"--replay-dir", t.TempDir(), "--", python, program, tt.mode)
			if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q\n%s\n%s", code, tt.code, tt.want, stdout, stderr)
			}
		})
	}
}

// TestDeclaredReadings runs testdata/readings/readings.js declaring std105
// §3.2's prefix_case (PROTOCOL.md, "Declared configuration"): the
// case-sensitive prefix tier passes the default gate undeclared and
// declaring "sensitive", which the table shows; declaring "insensitive"
// it is judged by its declaration and fails FUZ-01; a reading the harness
// does not know and an unknown item are refused before any request (exit
// 2), naming the item and what it takes.
func TestDeclaredReadings(t *testing.T) {
	node := testprog.Node(t)
	program, err := filepath.Abs(filepath.Join("..", "..", "testdata", "readings", "readings.js"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		mode string
		code int
		want string
	}{
		{"fuzzy-prefix-like", exitOK, "FUZ-01"},
		{"fuzzy-prefix-like-declared", exitOK, `declares prefix_case="sensitive"`},
		{"fuzzy-prefix-like-declares-insensitive", exitGate, "FUZ-01"},
		{"fuzzy-declares-upper", exitUsage, `config prefix_case: "upper" is not a reading it knows; it takes one of "insensitive", "sensitive"`},
		{"fuzzy-declares-unknown", exitUsage, `config: unknown item "prefix_caze" (declarable: merge_threshold, max_densification_input_tokens, exact_case, prefix_case, trigram_boundary)`},
	} {
		t.Run(tt.mode, func(t *testing.T) {
			code, stdout, stderr := runCmd("run", "--adapter", "exec", "-v", "--standard", "fuzzy", "--run", "^FUZ-(01|02|14|15)$",
				"--replay-dir", t.TempDir(), "--", node, program, tt.mode)
			if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q\n%s\n%s", code, tt.code, tt.want, stdout, stderr)
			}
		})
	}
}
