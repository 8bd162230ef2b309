package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
)

// TestHostileProgramStrings: the strings a program gives (its name,
// version and language, its error messages, its standard error) hold
// escape sequences, newlines and a forged "--- INF-09 FAILED" line, or a
// version of 1 MB. No output (the table, the matrix table, Markdown, JSON,
// JUnit) carries a control character from them or a line the program
// started, and none carries more than the first bytes of the long
// version; the JSON report and JUnit still hold the start of the name, so
// the run is known by it. A report holding the strings raw (as an older
// version wrote it), read back by merge and matrix, is shown alike.
func TestHostileProgramStrings(t *testing.T) {
	python := testprog.Python(t)
	hostile, err := filepath.Abs(filepath.Join("..", "..", "testdata", "faulty", "hostile.py"))
	if err != nil {
		t.Fatal(err)
	}
	for _, mode := range []string{"--hostile", "--long", "--crash"} {
		t.Run(mode, func(t *testing.T) {
			dir := t.TempDir()
			report, md, junit := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.md"), filepath.Join(dir, "r.xml")
			_, table, stderr := runCmd("run", "--adapter", "exec", "--property-runs", "2", "--replay-dir", dir, "--run", "^INF-0[12] ",
				"--json", report, "--markdown", md, "--junit", junit, "--", python, hostile, mode)
			_, matrix, matrixErr := runCmd("matrix", report)
			outputs := map[string]string{"table": table + stderr, "matrix table": matrix + matrixErr}
			// The report as an older version wrote it, or anyone could: the
			// program's strings raw. Read back, they are shown as the
			// program's are.
			b, err := os.ReadFile(report)
			if err != nil {
				t.Fatal(err)
			}
			raw := strings.NewReplacer(`\\x1b`, `\u001b`, `\\a`, `\u0007`, `\\n`, `\n`, `\\r`, `\r`, `\\u202e`, `\u202e`).Replace(string(b))
			if raw == string(b) {
				t.Fatal("the report holds no escaped string to make raw again")
			}
			legacy := filepath.Join(dir, "legacy.json")
			if err := os.WriteFile(legacy, []byte(raw), 0o644); err != nil {
				t.Fatal(err)
			}
			_, merged, mergeErr := runCmd("merge", legacy)
			_, legacyMatrix, legacyMatrixErr := runCmd("matrix", legacy)
			outputs["merge of a raw report"], outputs["matrix table of a raw report"] = merged+mergeErr, legacyMatrix+legacyMatrixErr
			for name, path := range map[string]string{"JSON": report, "Markdown": md, "JUnit": junit} {
				b, err := os.ReadFile(path)
				if err != nil {
					t.Fatal(err)
				}
				outputs[name] = string(b)
			}
			for name, out := range outputs {
				if i := strings.IndexAny(out, "\x1b\x07\r\u202e"); i >= 0 {
					t.Errorf("%s: a control character the program gave at byte %d: %q", name, i, out[max(i-40, 0):min(i+40, len(out))])
				}
				for _, line := range strings.Split(out, "\n") {
					if !strings.Contains(name, "raw report") {
						line = strings.TrimSpace(line) // not even inside a message
					} // a raw report's message keeps its lines, indented under its verdict
					if strings.HasPrefix(line, "--- INF-09") {
						t.Errorf("%s: a line the program started: %q", name, line)
					}
				}
				if len(out) > 200_000 {
					t.Errorf("%s: %d bytes: the long version was not clipped", name, len(out))
				}
			}
			if mode != "--long" && (!strings.Contains(outputs["JSON"], `hostile\\x1b[2J`) || !strings.Contains(outputs["JUnit"], `hostile\x1b[2J`)) {
				t.Errorf("the reports do not keep the name escaped:\n%s", clipped(outputs["JSON"]))
			}
			if mode == "--long" && !strings.Contains(outputs["JSON"], "vvvv… (1000000 bytes)") {
				t.Errorf("the report does not keep the start of the version and its length:\n%s", clipped(outputs["JSON"]))
			}
		})
	}
}

func clipped(s string) string { return s[:min(len(s), 2000)] }
