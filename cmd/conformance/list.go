package main

import (
	"io"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

const listUsage = `usage: conformance list [--standard S,...] [--level L] [--markdown | --quotes]

Prints the catalogue of requirements: for each, its ID, level (MUST and
SHOULD quote a sentence of a standard; ROBUST is ctxconform's own rule;
REFERENCE the reference's choice where a text is silent), the section of
the standard it comes from and what it requires. --quotes adds the sentence
each MUST and SHOULD enforces; --markdown prints the tables of
specs/REQUIREMENTS.md. Nothing is run: the list is the same for every
implementation.

Flags:
`

func cmdList(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("list", listUsage, stderr)
	var stds standardsFlag
	level := levelFlag{suite.Reference}
	fs.Var(&stds, "standard", "list only these standards (comma-separated)")
	fs.Var(&level, "level", "list requirements up to this level: must, should, robust or strict")
	markdown := fs.Bool("markdown", false, "print Markdown tables (the format of specs/REQUIREMENTS.md)")
	quotes := fs.Bool("quotes", false, "print each requirement with the sentence of the standard it enforces (MUST and SHOULD)")
	if err := parseFlags(fs, args); err != nil {
		return shownUsage(err)
	}
	opts := suite.Options{Level: level.l, Standards: stds}
	var reqs []suite.Requirement
	for _, r := range ctxconform.Requirements() {
		if opts.Selected(r) {
			reqs = append(reqs, r)
		}
	}
	var err error
	switch {
	case *markdown:
		err = reports.RequirementsMarkdown(stdout, reqs)
	case *quotes:
		err = reports.RequirementsQuotes(stdout, reqs)
	default:
		err = reports.RequirementsTable(stdout, reqs)
	}
	if err != nil {
		return asUsage(err)
	}
	return nil
}
