package main

import (
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/testenv/testprog"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// faulty is the path of a program of testdata/faulty and the Python that
// runs it; the test is skipped without python3.
func faulty(t *testing.T, name string) []string {
	t.Helper()
	python := testprog.Python(t)
	path, err := filepath.Abs(filepath.Join("..", "..", "testdata", "faulty", name))
	if err != nil {
		t.Fatal(err)
	}
	return []string{python, path}
}

// TestReportsKeepNonFinite is issue 24's first command: a program that
// validates nothing (testdata/faulty/accept.py answers {} to everything)
// accepts ASM-16's NaN score and infinite vector, and the replay of that
// case holds them. Every report is still written, valid, with the floats
// as the strings "NaN", "Infinity" and "-Infinity"; the exit is the gate's
// 1 (with --fail-on robust), not a usage error; the replay file sends the case again.
func TestReportsKeepNonFinite(t *testing.T) {
	program := faulty(t, "accept.py")
	dir := t.TempDir()
	p := func(name string) string { return filepath.Join(dir, name) }
	// ASM-16 is ROBUST (no standard asks for the refusal): --fail-on robust gates it.
	args := []string{"run", "--adapter", "exec", "--run", "^ASM-16$", "--seed", "5", "--fail-on", "robust",
		"--json", p("r.json"), "--junit", p("r.xml"), "--markdown", p("r.md"), "--write-expectations", p("e.json"), "--"}
	code, _, stderr := runCmd(append(args, program...)...)
	if code != exitGate {
		t.Fatalf("exit %d, want %d\n%s", code, exitGate, stderr)
	}
	b, err := os.ReadFile(p("r.json"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), `"NaN"`) || !strings.Contains(string(b), `"Infinity"`) {
		t.Errorf("the JSON report holds no non-finite float:\n%.2000s", b)
	}
	doc, err := reports.ReadReport(strings.NewReader(string(b)))
	if err != nil || len(doc.Runs) != 1 || doc.Runs[0].Count(suite.Failed) != 1 {
		t.Fatalf("JSON report read back: %v, %+v", err, doc)
	}
	var junit struct {
		Failures int `xml:"failures,attr"`
	}
	if xb, err := os.ReadFile(p("r.xml")); err != nil || xml.Unmarshal(xb, &junit) != nil || junit.Failures != 1 {
		t.Errorf("JUnit report: %v, failures %d", err, junit.Failures)
	}
	if md, err := os.ReadFile(p("r.md")); err != nil || !strings.Contains(string(md), "ASM-16") {
		t.Errorf("Markdown report: %v\n%s", err, md)
	}
	var e reports.Expectations
	if eb, err := os.ReadFile(p("e.json")); err != nil || json.Unmarshal(eb, &e) != nil || len(e.Expectations) != 1 {
		t.Errorf("expectations: %v, %+v", err, e)
	}
	code, stdout, stderr := runCmd(append([]string{"replay", filepath.Join(dir, "conformance-replays", "ASM-16.json"), "--"}, program...)...)
	if code != exitGate || !strings.Contains(stdout, "the same verdict as recorded") {
		t.Errorf("replay: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// On standard output too.
	code, stdout, stderr = runCmd(append([]string{"run", "--adapter", "exec", "--run", "^ASM-16$", "--seed", "5", "--fail-on", "robust", "--replay-dir", dir, "--json", "-", "--"}, program...)...)
	if _, err := reports.ReadReport(strings.NewReader(stdout)); code != exitGate || err != nil {
		t.Errorf("--json -: exit %d, %v\n%s", code, err, stderr)
	}
}

// TestReportsIndependent: a report that cannot be written (its directory
// does not exist) is a usage error naming it, and the others are written.
func TestReportsIndependent(t *testing.T) {
	dir := t.TempDir()
	missing := filepath.Join(dir, "missing", "r.json")
	code, _, stderr := runCmd("run", "--run", "^INF-01$", "--seed", "3", "--property-runs", "2",
		"--json", missing, "--junit", filepath.Join(dir, "r.xml"), "--markdown", filepath.Join(dir, "r.md"))
	if code != exitUsage || !strings.Contains(stderr, missing) {
		t.Errorf("exit %d, want %d naming %s\n%s", code, exitUsage, missing, stderr)
	}
	for _, name := range []string{"r.xml", "r.md"} {
		if fi, err := os.Stat(filepath.Join(dir, name)); err != nil || fi.Size() == 0 {
			t.Errorf("%s not written: %v", name, err)
		}
	}
}
