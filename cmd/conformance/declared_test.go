package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// TestDeclaredConfiguration runs programs that declare configuration in
// their handshake (PROTOCOL.md, "Declared configuration"):
//
//   - testdata/readings/inflate085.py declaring a merge_threshold: declaring
//     400 and merging below 400 passes INF-04 and INF-08, and the table
//     shows the declaration; declaring 400 and merging hits 450 apart fails
//     INF-08; declaring 2600 is refused before any request (exit 2), naming
//     the item and its range;
//   - testdata/readings/readings.js declaring std105 §3.2's prefix_case: the
//     case-sensitive prefix tier passes the default gate undeclared and
//     declaring "sensitive", which the table shows; declaring "insensitive"
//     it is judged by its declaration and fails FUZ-01; a reading the
//     harness does not know and an unknown item are refused before any
//     request (exit 2), naming the item and what it takes.
func TestDeclaredConfiguration(t *testing.T) {
	program := func(name string) string {
		p, err := filepath.Abs(filepath.Join("..", "..", "testdata", "readings", name))
		if err != nil {
			t.Fatal(err)
		}
		return p
	}
	inflate := []string{"--level", "strict", "--fail-on", "strict", "--run", "^INF-(04|08|18)$"}
	fuzzy := []string{"-v", "--standard", "fuzzy", "--run", "^FUZ-(01|02|14|15)$"}
	for _, tt := range []struct {
		program, mode string
		flags         []string
		code          int
		want          string
	}{
		{"inflate085.py", "declares400", inflate, exitOK, "declares merge_threshold=400"},
		{"inflate085.py", "declares400-merges450", inflate, exitGate, "std085 §2.1.3 merges only gaps under MERGE_THRESHOLD 400"},
		{"inflate085.py", "declares2600", inflate, exitUsage, "config merge_threshold: 2600 is out of range; it takes a whole number from 1 to 2500 (default 500)"},
		{"readings.js", "fuzzy-prefix-like", fuzzy, exitOK, "FUZ-01"},
		{"readings.js", "fuzzy-prefix-like-declared", fuzzy, exitOK, `declares prefix_case="sensitive"`},
		{"readings.js", "fuzzy-prefix-like-declares-insensitive", fuzzy, exitGate, "FUZ-01"},
		{"readings.js", "fuzzy-declares-upper", fuzzy, exitUsage, `config prefix_case: "upper" is not a reading it knows; it takes one of "insensitive", "sensitive"`},
		{"readings.js", "fuzzy-declares-unknown", fuzzy, exitUsage, `config: unknown item "prefix_caze" (declarable: merge_threshold, max_densification_input_tokens, exact_case, prefix_case, trigram_boundary)`},
	} {
		t.Run(tt.program+"/"+tt.mode, func(t *testing.T) {
			interpreter := testprog.Python(t)
			if strings.HasSuffix(tt.program, ".js") {
				interpreter = testprog.Node(t)
			}
			args := append(append([]string{"run", "--adapter", "exec"}, tt.flags...), "--replay-dir", t.TempDir(), "--", interpreter, program(tt.program), tt.mode)
			code, stdout, stderr := runCmd(args...)
			if code != tt.code || !strings.Contains(stdout+stderr, tt.want) {
				t.Errorf("exit %d, want %d with %q\n%s\n%s", code, tt.code, tt.want, stdout, stderr)
			}
		})
	}
}
