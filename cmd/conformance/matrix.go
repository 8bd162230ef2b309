package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/ctxconform/ctxconform/internal/safefile"
	"github.com/ctxconform/ctxconform/reports"
)

const matrixUsage = `usage: conformance matrix [flags] REPORT.json...

Shows the runs of JSON reports (conformance run --json, conformance merge
--json) side by side: requirements down, implementations across. Without
flags it prints the matrix as a table. --html writes one self-contained page
(no requests): the implementations with their name, version and badges, the
requirements grouped by standard and level, filters by standard, level and
outcome, a "fails only here" view, and each verdict opening its message and
the command that replays it. --badges writes an SVG badge per
implementation and standard it implements ("inflate: 17/17 MUST").

  conformance run --level strict --json ref.json
  conformance run --level strict --adapter exec --json node.json -- node impl.js
  conformance matrix --html matrix.html --badges badges ref.json node.json

Runs of the same name in several reports are told apart by their file.

Exit status: 0 the outputs were written; 2 usage error (a file that is not a
report, or reports of more than 64 MiB together; an unwritable output).

Flags:
`

func cmdMatrix(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("matrix", matrixUsage, stderr)
	html := fs.String("html", "", "write the matrix as a self-contained HTML page to `FILE` (- for standard output, instead of the table)")
	badges := fs.String("badges", "", "write one SVG badge per implementation and standard into `DIR` (created if missing)")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return shownUsage(err)
	}
	if len(files) == 0 {
		return usagef("no reports: conformance matrix --html matrix.html ref.json impl.json ...")
	}
	runs, err := matrixRuns(files)
	if err != nil {
		return err
	}
	// Badges that would overwrite each other are refused before anything
	// is written.
	if err := reports.CheckBadges(reports.Badges(runs)); *badges != "" && err != nil {
		return usagef("--badges %s: %v", *badges, err)
	}
	if *html != "-" {
		if err := reports.Matrix(stdout, runs); err != nil {
			return err
		}
	}
	if *html != "" {
		if err := writeOutput(*html, stdout, func(w io.Writer) error { return reports.MatrixHTML(w, runs) }); err != nil {
			return asUsage(err)
		}
	}
	if *badges != "" {
		if err := writeBadges(*badges, runs); err != nil {
			return asUsage(err)
		}
	}
	return nil
}

// matrixRuns reads the reports' runs in order, labelling runs whose names
// collide with their file's name.
func matrixRuns(files []string) ([]reports.Run, error) {
	var runs []reports.Run
	var from []string
	count := map[string]int{}
	rr := newReportReader()
	for _, name := range files {
		doc, err := rr.read(name)
		if err != nil {
			return nil, err
		}
		for _, r := range doc.Runs {
			runs = append(runs, r)
			from = append(from, name)
			count[r.Name()]++
		}
	}
	// label is base and a run's file, told apart by a number when they
	// are taken already.
	seen := map[string]bool{}
	label := func(base, file string) string {
		l := base + " [" + file + "]"
		for k := 2; seen[l]; k++ { // the same file named twice
			l = fmt.Sprintf("%s [%s #%d]", base, file, k)
		}
		seen[l] = true
		return l
	}
	for i := range runs {
		if n := runs[i].Name(); count[n] > 1 {
			runs[i].Label = label(n, filepath.Base(from[i]))
		}
	}
	// Runs of one adapter in different versions (the postgres adapter on
	// PostgreSQL 15 and on PGlite) have different names, but their badges
	// are named after the adapter: each after the first is labelled with
	// the adapter and its report's file name, which name its column and
	// its badges ("postgres [pglite]" from pglite.json: the version names
	// the server, and is long).
	adapterSeen := map[string]bool{}
	for i := range runs {
		if runs[i].Label != "" {
			continue
		}
		if adapterSeen[runs[i].Adapter.Name] {
			runs[i].Label = label(runs[i].Adapter.Name, strings.TrimSuffix(filepath.Base(from[i]), ".json"))
		}
		adapterSeen[runs[i].Adapter.Name] = true
	}
	return runs, nil
}

// writeBadges writes every badge of the runs into dir.
func writeBadges(dir string, runs []reports.Run) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	for _, b := range reports.Badges(runs) {
		if err := safefile.WriteFile(dir, b.File, []byte(b.SVG("b"))); err != nil {
			return err
		}
	}
	return nil
}
