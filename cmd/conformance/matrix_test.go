package main

import (
	"encoding/xml"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// TestMatrixCommand: conformance matrix on real reports of the reference
// and of a mutant prints the side-by-side table, writes the page and one
// SVG badge per implementation and standard it implements, and tells
// apart runs of the same name by their file.
func TestMatrixCommand(t *testing.T) {
	dir := t.TempDir()
	ref := writeRunReport(t, dir, "ref.json", reference.New())
	nm := writeRunReport(t, dir, "no-merge.json", broken.NoMerge())
	page, badges := filepath.Join(dir, "m.html"), filepath.Join(dir, "badges")
	code, stdout, stderr := runCmd("matrix", "--html", page, ref, nm, "--badges", badges)
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, want := range []string{"│ INF-04 │ MUST   │ pass            │ FAIL ", "broken/no-merge 0.1.0: 3 passed, 2 failed"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("stdout lacks %q:\n%s", want, stdout)
		}
	}
	b, err := os.ReadFile(page)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`<th class="impl">reference<span class="version">0.1.0</span>`, `<th class="impl">broken/no-merge<span`, `id="req-INF-04"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("the page lacks %q", want)
		}
	}
	entries, err := os.ReadDir(badges)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
		svg, err := os.ReadFile(filepath.Join(badges, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		var root struct {
			XMLName xml.Name
			Label   string `xml:"aria-label,attr"`
		}
		if err := xml.Unmarshal(svg, &root); err != nil || root.XMLName.Local != "svg" {
			t.Errorf("%s: not an SVG image (%v): %s", e.Name(), err, svg)
		}
		if e.Name() == "broken_no-merge-inflate.svg" && root.Label != "inflate: 1/2 MUST" {
			t.Errorf("%s says %q, want inflate: 1/2 MUST", e.Name(), root.Label)
		}
	}
	// Density's only requirement here is a SHOULD: no badge.
	if want := []string{"broken_no-merge-inflate.svg", "reference-inflate.svg"}; !slices.Equal(names, want) {
		t.Errorf("badges %v, want %v", names, want)
	}

	// The same adapter in another version: its badges get files of their
	// own, named after the adapter and the report's file.
	data, err := os.ReadFile(ref)
	if err != nil {
		t.Fatal(err)
	}
	other := strings.Replace(string(data), `"version": "0.1.0"`, `"version": "9.9.9"`, 1)
	if other == string(data) {
		t.Fatalf("no adapter version 0.1.0 in %s", data)
	}
	ref2 := filepath.Join(dir, "ref2.json")
	if err := os.WriteFile(ref2, []byte(other), 0o644); err != nil {
		t.Fatal(err)
	}
	badges2 := filepath.Join(dir, "badges2")
	if code, stdout, stderr := runCmd("matrix", "--badges", badges2, ref, ref2); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	names = fileNames(t, badges2)
	if want := []string{"reference-inflate.svg", "reference_ref2-inflate.svg"}; !slices.Equal(names, want) {
		t.Errorf("badges of two versions of one adapter: %v, want %v", names, want)
	}
	// A third version in a file of the same name elsewhere: numbered.
	other3 := filepath.Join(dir, "elsewhere", "ref2.json")
	if err := os.MkdirAll(filepath.Dir(other3), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(other3, []byte(strings.Replace(string(data), `"version": "0.1.0"`, `"version": "8.8.8"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	badges3 := filepath.Join(dir, "badges3")
	if code, stdout, stderr := runCmd("matrix", "--badges", badges3, ref, ref2, other3); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	names = fileNames(t, badges3)
	if want := []string{"reference-inflate.svg", "reference_ref2-inflate.svg", "reference_ref2_2-inflate.svg"}; !slices.Equal(names, want) {
		t.Errorf("badges of three versions of one adapter, two in files named alike: %v, want %v", names, want)
	}

	// The same report twice: its runs are told apart by file.
	code, stdout, stderr = runCmd("matrix", "--html", "-", ref, ref)
	if code != exitOK || !strings.Contains(stdout, "reference 0.1.0 [ref.json]") || !strings.Contains(stdout, "reference 0.1.0 [ref.json #2]") ||
		strings.Contains(stdout, "┌") {
		t.Errorf("exit %d, page on stdout without the table, runs labelled by file: %s\n%.300s", code, stderr, stdout)
	}
}

// TestMatrixBadInput: what is not a list of reports, or an output that
// cannot be written, exits 2 naming the file.
func TestMatrixBadInput(t *testing.T) {
	dir := t.TempDir()
	ref := writeRunReport(t, dir, "ref.json", reference.New())
	notReport := filepath.Join(dir, "x.json")
	if err := os.WriteFile(notReport, []byte(`{"format": "ctxconform-expectations/1"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		args []string
		want string
	}{
		{nil, "no reports"},
		{[]string{ref, notReport}, `x.json: format "ctxconform-expectations/1"`},
		{[]string{"--html", filepath.Join(dir, "no", "such", "dir", "m.html"), ref}, "m.html"},
		{[]string{"--badges", ref, ref}, "ref.json"}, // a file where the folder should be
		{[]string{"--nope", ref}, "unknown flag --nope"},
	} {
		t.Run(strings.Join(tt.args, " "), func(t *testing.T) {
			code, stdout, stderr := runCmd(append([]string{"matrix"}, tt.args...)...)
			if code != exitUsage || !strings.Contains(stderr, tt.want) {
				t.Errorf("exit %d, stderr %q; want %d and %q\n%.300s", code, stderr, exitUsage, tt.want, stdout)
			}
		})
	}
}

// TestRunRecordsReplayArgs: run's JSON report says how to reach each
// implementation for a replay, which the matrix page's commands use.
func TestRunRecordsReplayArgs(t *testing.T) {
	js := filepath.Join(t.TempDir(), "r.json")
	prog := self(t, "conformance", "serve-reference")
	args := append([]string{"run", "--adapter", "reference", "--adapter", "exec", "--run", "^INF-01$", "--property-runs", "2", "--seed", "1", "--json", js, "--"}, prog...)
	if code, stdout, stderr := runCmd(args...); code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	doc, err := readReportFile(js)
	if err != nil {
		t.Fatal(err)
	}
	if len(doc.Runs) != 2 || len(doc.Runs[0].ReplayArgs) != 0 || !slices.Equal(doc.Runs[1].ReplayArgs, append([]string{"--"}, prog...)) {
		t.Errorf("replay arguments %q and %q, want none for the reference and -- %q", doc.Runs[0].ReplayArgs, doc.Runs[1].ReplayArgs, prog)
	}
}

// fileNames lists the names of dir's files, sorted.
func fileNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	return names
}
