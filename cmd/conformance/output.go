package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// outputs are the reports a run (or a merge of runs) was asked to write and
// how its exit status is decided; run and merge share them, so a merged
// report is rendered and judged exactly as a single run.
type outputs struct {
	json, junit, markdown string // report files ("-": standard output, instead of the table)
	writeExpect           string // expectations file to write from the failures
	expect                reports.Expectations
	failOn                suite.Level
	strictExpect          bool
	verbose               bool // -v: a table row per requirement and the figures, not a line per standard
}

// toStdout says whether a report takes standard output (then no table is
// printed there).
func (o outputs) toStdout() bool {
	return o.json == "-" || o.junit == "-" || o.markdown == "-" || o.writeExpect == "-"
}

// check refuses two reports on standard output.
func (o outputs) check() error {
	n := 0
	for _, p := range []string{o.json, o.junit, o.markdown, o.writeExpect} {
		if p == "-" {
			n++
		}
	}
	if n > 1 {
		return usagef("only one report can go to standard output (-)")
	}
	return nil
}

// write prints the summary of each run (with -v its table, and the matrix
// of several) unless a report takes standard output, then writes every
// requested report, then the line that says what the exit status means (on
// standard error when a report took standard output).
func (o outputs) write(runs []reports.Run, stdout, stderr io.Writer) error {
	// One report that cannot be written (a full disk, a directory that
	// does not exist, a closed standard output) costs no other: each is
	// tried, the errors joined.
	var errs []error
	if !o.toStdout() {
		for i, run := range runs {
			if i > 0 {
				fmt.Fprintln(stdout)
			}
			render := reports.Summary
			if o.verbose {
				render = reports.RunTable
			}
			if err := render(stdout, run); err != nil {
				errs = append(errs, fmt.Errorf("table: %w", err))
			}
		}
		if len(runs) > 1 && !o.verbose {
			fmt.Fprintln(stdout, "\n(the matrix of every requirement across the implementations: -v, or conformance matrix on the --json report)")
		}
		if len(runs) > 1 && o.verbose {
			fmt.Fprintln(stdout)
			if err := reports.Matrix(stdout, runs); err != nil {
				errs = append(errs, fmt.Errorf("matrix: %w", err))
			}
		}
	}
	files := []struct {
		path  string
		write func(io.Writer) error
	}{
		{o.json, func(w io.Writer) error { return reports.JSON(w, runs) }},
		{o.junit, func(w io.Writer) error {
			return reports.JUnit(w, runs, reports.JUnitOptions{StrictExpectations: o.strictExpect})
		}},
		{o.markdown, func(w io.Writer) error { return reports.Markdown(w, runs) }},
		{o.writeExpect, func(w io.Writer) error {
			var reps []suite.Report
			for _, r := range runs {
				reps = append(reps, r.Report)
			}
			return reports.WriteExpectations(w, reps, o.expect)
		}},
	}
	for _, f := range files {
		if f.path == "" {
			continue
		}
		if err := writeOutput(f.path, stdout, f.write); err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) > 0 {
		return asUsage(errors.Join(errs...))
	}
	if o.writeExpect != "" && o.writeExpect != "-" {
		fmt.Fprintln(stderr, wroteExpectations(o.writeExpect, runs))
	}
	gateTo := stdout
	if o.toStdout() {
		gateTo = stderr
	}
	fmt.Fprintln(gateTo, reports.GateLine(runs, o.failOn, o.strictExpect))
	return nil
}

// wroteExpectations says what --write-expectations wrote: where, how many
// known failures of which outcome and level, and the seed the file keeps.
func wroteExpectations(path string, runs []reports.Run) string {
	failed, errored := 0, 0
	levels := map[suite.Level]int{}
	var seed int64
	for i, r := range runs {
		if i == 0 {
			seed = r.Report.Seed
		}
		for _, x := range r.Report.Results {
			switch x.Outcome {
			case suite.Failed:
				failed++
			case suite.Errored:
				errored++
			default:
				continue
			}
			levels[x.Level]++
		}
	}
	var by []string
	for _, l := range suite.Levels() {
		if levels[l] > 0 {
			by = append(by, fmt.Sprintf("%s %d", l, levels[l]))
		}
	}
	what := "no failures (an empty list)"
	if n := failed + errored; n > 0 {
		what = fmt.Sprintf("%d known failures (%d failed, %d errored; %s)", n, failed, errored, strings.Join(by, ", "))
	}
	return fmt.Sprintf("conformance: wrote %s: %s, seed %d; run with --expectations %s to gate on new failures only", path, what, seed, shellQuote(path))
}

// verdict is the outcome the runs call for: errGate when one fails the
// gate (a requirement at or below failOn failed, errored or was not run,
// and is not a known failure), a gateError of exitFixed under
// --strict-expectations when a known failure passed, else nil.
func (o outputs) verdict(runs []reports.Run) error {
	fixed := false
	for _, run := range runs {
		if reports.Gate(run.Report, run.Check, o.failOn) {
			return errGate
		}
		fixed = fixed || run.Check != nil && len(run.Check.Fixed) > 0
	}
	if fixed && o.strictExpect {
		return &gateError{status: exitFixed, msg: "known failures now pass (--strict-expectations): update the expectations file"}
	}
	return nil
}

// writeOutput writes one report to path, or to stdout for "-".
func writeOutput(path string, stdout io.Writer, write func(io.Writer) error) error {
	if path == "-" {
		return write(stdout)
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := write(f); err != nil {
		f.Close()
		return fmt.Errorf("%s: %w", path, err)
	}
	return f.Close()
}
