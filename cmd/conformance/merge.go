package main

import (
	"io"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

const mergeUsage = `usage: conformance merge [flags] REPORT.json...

Combines the --json reports of the jobs of a CI matrix (the shards of
conformance run --shard I/N, or runs of disjoint --standard or --run
selections) into one report, printed and written as conformance run does.
Every report must be of the same adapters, seed and level; a shard missing
or given twice, or a requirement checked twice, is an error naming the file.

Exit status as conformance run: 0 all gated requirements passed; 1 one at or
below --fail-on failed, errored or was not run; 2 usage error; 3 with
--strict-expectations, a known failure now passes.

Flags:
`

func cmdMerge(args []string, stdout, stderr io.Writer) error {
	out, files, err := parseMerge(args, stderr)
	if err != nil {
		return err
	}
	var parts []reports.Part
	rr := newReportReader()
	for _, name := range files {
		doc, err := rr.read(name)
		if err != nil {
			return err
		}
		parts = append(parts, reports.Part{Source: name, Document: doc})
	}
	runs, err := reports.Merge(parts)
	if err != nil {
		return asUsage(err)
	}
	if err := out.write(runs, stdout, stderr); err != nil {
		return err
	}
	return out.verdict(runs)
}

func parseMerge(args []string, stderr io.Writer) (outputs, []string, error) {
	fs := newFlagSet("merge", mergeUsage, stderr)
	out := outputs{}
	failOn := levelFlag{suite.Should}
	fs.Var(&failOn, "fail-on", "exit 1 when a requirement at or below this level failed, errored or was not run: must, should, robust or strict")
	fs.StringVar(&out.json, "json", "", "write the merged report as JSON to `FILE` (- for standard output, instead of the table)")
	fs.StringVar(&out.junit, "junit", "", "write the merged report as JUnit XML to `FILE` (- for standard output)")
	fs.StringVar(&out.markdown, "markdown", "", "write the merged report as Markdown to `FILE` (- for standard output)")
	fs.BoolVar(&out.strictExpect, "strict-expectations", false, "exit 3 when a requirement listed as a known failure passes")
	fs.BoolVar(&out.verbose, "v", false, "verbose: a table row per requirement, the figures the checks measured, and the matrix of several adapters")
	if err := parseFlags(fs, args); err != nil {
		return out, nil, &usageError{err: err, shown: true}
	}
	out.failOn = failOn.l
	if fs.NArg() == 0 {
		return out, nil, usagef("no reports to merge: conformance merge shard-1.json shard-2.json ...")
	}
	return out, fs.Args(), out.check()
}
