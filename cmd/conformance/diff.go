package main

import (
	"io"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

const diffUsage = `usage: conformance diff [flags] OLD.json NEW.json

Compares two JSON reports (written by conformance run --json or conformance
merge --json) requirement by requirement and lists what changed: new
failures, fixed, still failing with another message, newly errored, newly
not implemented, and any other change of outcome; requirements only one
report checked are listed as added or removed. Two reports of one run each
are compared whatever their adapters (this build against the last, one
implementation against another); reports of several runs are matched by
adapter name.

  conformance diff main.json pr.json
  conformance diff --markdown "$GITHUB_STEP_SUMMARY" main.json pr.json

Exit status: 0 nothing got worse at or below --fail-on; 1 a requirement at
or below --fail-on got worse: it now fails, errors or was not run where it
did not, or is now not implemented (a worse change above --fail-on is
listed but does not fail); 2 usage error (a file that is not a report, or
larger than 64 MiB together, runs that do not match).

Flags:
`

// diffConfig is what cmdDiff read from its flags.
type diffConfig struct {
	old, new       string
	json, markdown string // "-": standard output, instead of the table
	failOn         suite.Level
}

// cmdDiff compares two reports and prints or writes the diff; its verdict
// is errGate when a change at or below --fail-on is a regression.
func cmdDiff(args []string, stdout, stderr io.Writer) error {
	cfg, err := parseDiff(args, stderr)
	if err != nil {
		return err
	}
	var docs [2]reports.Document
	rr := newReportReader()
	for i, name := range []string{cfg.old, cfg.new} {
		if docs[i], err = rr.read(name); err != nil {
			return err
		}
	}
	d, err := reports.DiffReports(docs[0].Runs, docs[1].Runs, cfg.failOn)
	if err != nil {
		return usagef("%s and %s: %v", cfg.old, cfg.new, err)
	}
	d.OldSrc, d.NewSrc = cfg.old, cfg.new
	if cfg.json != "-" && cfg.markdown != "-" {
		if err := reports.DiffTable(stdout, d); err != nil {
			return err
		}
	}
	for _, f := range []struct {
		path  string
		write func(io.Writer) error
	}{
		{cfg.json, func(w io.Writer) error { return reports.DiffJSON(w, d) }},
		{cfg.markdown, func(w io.Writer) error { return reports.DiffMarkdown(w, d) }},
	} {
		if f.path == "" {
			continue
		}
		if err := writeOutput(f.path, stdout, f.write); err != nil {
			return asUsage(err)
		}
	}
	if d.Failed() {
		return errGate
	}
	return nil
}

func parseDiff(args []string, stderr io.Writer) (diffConfig, error) {
	fs := newFlagSet("diff", diffUsage, stderr)
	cfg := diffConfig{}
	failOn := levelFlag{suite.Should}
	fs.Var(&failOn, "fail-on", "exit 1 when a requirement at or below this `level` got worse (as run's --fail-on: must, should, robust or strict)")
	fs.StringVar(&cfg.json, "json", "", "write the diff as JSON to `FILE` (- for standard output, instead of the table)")
	fs.StringVar(&cfg.markdown, "markdown", "", "write the diff as Markdown to `FILE` (- for standard output, instead of the table), e.g. \"$GITHUB_STEP_SUMMARY\"")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return cfg, shownUsage(err)
	}
	cfg.failOn = failOn.l
	if len(files) != 2 {
		return cfg, usagef("want two reports, OLD.json NEW.json; got %d", len(files))
	}
	if cfg.json == "-" && cfg.markdown == "-" {
		return cfg, usagef("only one report can go to standard output (-)")
	}
	cfg.old, cfg.new = files[0], files[1]
	return cfg, nil
}
