package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// writeRunReport runs the in-process suite on a (INF-04 and INF-09, the
// SHOULD DEN-04, the ROBUST INF-03 and INF-17) and writes its JSON report
// as dir/name.
func writeRunReport(t *testing.T, dir, name string, a adapters.Adapter) string {
	t.Helper()
	rep := suite.Run(context.Background(), a, ctxconform.Requirements(), suite.Options{Level: suite.Robust, Seed: 1, PropertyRuns: 20,
		Match: regexp.MustCompile(`^(INF-0[34]|INF-09|INF-17|DEN-04) `)})
	path := filepath.Join(dir, name)
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := reports.JSON(f, []reports.Run{{Report: rep}}); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestDiffCommand: conformance diff on real reports of the reference and
// of mutants exits 1 on a new failure at or below --fail-on, 0 when a new
// failure is above it or when failures are fixed, and writes the table,
// JSON and Markdown.
func TestDiffCommand(t *testing.T) {
	dir := t.TempDir()
	ref := writeRunReport(t, dir, "ref.json", reference.New())
	noMerge := writeRunReport(t, dir, "no-merge.json", broken.NoMerge())         // INF-03 (ROBUST), INF-04 fail
	squeeze := writeRunReport(t, dir, "squeeze.json", broken.SqueezeKeepsLast()) // INF-17 (ROBUST), DEN-04 (SHOULD) fail
	onlyShould := filepath.Join(dir, "only-should.json")                         // its DEN-04 failure alone
	{
		doc, err := readReportFile(squeeze)
		if err != nil {
			t.Fatal(err)
		}
		for i, r := range doc.Runs[0].Results {
			if r.ID == "INF-17" {
				doc.Runs[0].Results[i] = suite.Result{ID: r.ID, Standard: r.Standard, Level: r.Level, Title: r.Title, Kind: r.Kind, Outcome: suite.Passed}
			}
		}
		f, err := os.Create(onlyShould)
		if err != nil {
			t.Fatal(err)
		}
		if err := reports.JSON(f, doc.Runs); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	for _, tt := range []struct {
		args []string
		code int
		want []string // in stdout
	}{
		{[]string{ref, noMerge}, exitGate, []string{"new failure *", "INF-03", "INF-04", "2 new failures, 3 unchanged", "1 regression at or below SHOULD"}},
		{[]string{"--fail-on", "robust", ref, noMerge}, exitGate, []string{"2 regressions at or below ROBUST"}},
		{[]string{noMerge, ref}, exitOK, []string{"fixed", "2 fixed, 3 unchanged", "no regression at or below SHOULD"}},
		{[]string{ref, ref}, exitOK, []string{"No verdict changed (5 requirements).", "no regression"}},
		{[]string{"--fail-on", "must", ref, onlyShould}, exitOK, []string{"│ DEN-04 │ SHOULD │ new failure │ pass │ FAIL │", "no regression at or below MUST"}},
		{[]string{ref, onlyShould}, exitGate, []string{"new failure *", "1 regression at or below SHOULD"}}, // the default gate is SHOULD
		{[]string{"--fail-on", "should", ref, onlyShould}, exitGate, []string{"new failure *", "1 regression at or below SHOULD"}},
		{[]string{ref, onlyShould, "--fail-on", "should"}, exitGate, []string{"1 regression at or below SHOULD"}}, // flags after the files
		{[]string{"--fail-on", "strict", noMerge, squeeze}, exitGate, []string{"INF-17", "DEN-04", "fixed"}},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(append([]string{"diff"}, tt.args...)...)
			if code != tt.code {
				t.Errorf("exit %d, want %d\n%s\n%s", code, tt.code, stdout, stderr)
			}
			for _, w := range tt.want {
				if !strings.Contains(stdout, w) {
					t.Errorf("stdout lacks %q:\n%s", w, stdout)
				}
			}
		})
	}

	// JSON on standard output, Markdown in a file (as $GITHUB_STEP_SUMMARY).
	md := filepath.Join(dir, "summary.md")
	code, stdout, stderr := runCmd("diff", "--json", "-", "--markdown", md, ref, noMerge)
	if code != exitGate {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var d reports.Diff
	if err := json.Unmarshal([]byte(stdout), &d); err != nil {
		t.Fatalf("--json -: %v\n%s", err, stdout)
	}
	if d.Format != reports.DiffFormat || d.Regressions != 1 || d.OldSrc != ref || d.NewSrc != noMerge {
		t.Errorf("--json -: %+v", d)
	}
	b, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "**1 regression at or below SHOULD**") || !strings.Contains(string(b), "| `INF-04` | MUST | **new failure** | pass | **FAIL** |") {
		t.Errorf("--markdown:\n%s", b)
	}
}

// TestDiffBadInput: what is not two reports exits 2 with a message naming
// the file and what is wrong with it; a file past the size limit is not
// read to its end.
func TestDiffBadInput(t *testing.T) {
	dir := t.TempDir()
	write := func(name, content string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ref := writeRunReport(t, dir, "ref.json", reference.New())
	two := filepath.Join(dir, "two.json")
	{
		doc, err := readReportFile(ref)
		if err != nil {
			t.Fatal(err)
		}
		other := doc.Runs[0]
		other.Adapter.Name = "other"
		f, _ := os.Create(two)
		if err := reports.JSON(f, append(doc.Runs, other)); err != nil {
			t.Fatal(err)
		}
		f.Close()
	}
	st, err := os.Stat(ref)
	if err != nil {
		t.Fatal(err)
	}
	big := write("big.json", `{"format": "ctxconform-report/1", "runs": [`+strings.Repeat(" ", 4*int(st.Size()))+`]}`)
	old := maxReportBytes
	maxReportBytes = 4 * st.Size() // the reports pass, big.json does not
	t.Cleanup(func() { maxReportBytes = old })
	for _, tt := range []struct {
		args []string
		want string
	}{
		{[]string{ref}, "want two reports, OLD.json NEW.json; got 1"},
		{[]string{ref, ref, ref}, "got 3"},
		{[]string{ref, filepath.Join(dir, "missing.json")}, "missing.json: no such file"},
		{[]string{ref, write("text.json", "hello")}, "text.json: not a JSON report"},
		{[]string{write("junit.xml", "<testsuites/>"), ref}, "junit.xml: not a JSON report"},
		{[]string{ref, write("other.json", `{"format": "ctxconform-diff/1", "runs": []}`)}, `other.json: format "ctxconform-diff/1", want "ctxconform-report/1"`},
		{[]string{ref, write("empty.json", `{"format": "ctxconform-report/1", "runs": []}`)}, "empty.json: a report with no runs"},
		{[]string{ref, big}, "big.json: larger than"},
		{[]string{ref, dir}, "a directory, not a JSON report"},
		{[]string{ref, two}, "the new report's run of other"},
		{[]string{"--fail-on", "nope", ref, ref}, "--fail-on"},
		{[]string{"--json", "-", "--markdown", "-", ref, ref}, "only one report can go to standard output"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(append([]string{"diff"}, tt.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q\n%s", code, stderr, exitUsage, tt.want, stdout)
			}
		})
	}
}
