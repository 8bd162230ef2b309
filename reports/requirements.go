package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// RequirementsTable lists requirements for the terminal.
func RequirementsTable(w io.Writer, reqs []suite.Requirement) error {
	t := tablewriter.NewTable(w,
		tablewriter.WithRenderer(renderer.NewBlueprint()),
		tablewriter.WithHeaderAutoFormat(tw.Off),
		tablewriter.WithRowAutoWrap(tw.WrapNormal),
		tablewriter.WithMaxWidth(150),
	)
	t.Header("ID", "Level", "Kind", "Section", "Requirement")
	for _, r := range suite.Sorted(reqs) {
		if err := t.Append(r.ID, r.Level.String(), string(r.Kind), r.Section, r.Title); err != nil {
			return err
		}
	}
	if err := t.Render(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(w, "%d requirements\n", len(reqs))
	return err
}

// RequirementsMarkdown writes one Markdown table per standard. The
// requirements document (specs/REQUIREMENTS.md) embeds exactly this output
// between generated markers, and a test keeps the two in step.
func RequirementsMarkdown(w io.Writer, reqs []suite.Requirement) error {
	for _, std := range adapters.Standards() {
		var mine []suite.Requirement
		for _, r := range suite.Sorted(reqs) {
			if r.Standard == std {
				mine = append(mine, r)
			}
		}
		if len(mine) == 0 {
			continue
		}
		fmt.Fprintf(w, "#### %s (`%s`)\n\n", std.Title(), std)
		t := tablewriter.NewTable(w,
			tablewriter.WithRenderer(renderer.NewMarkdown()),
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
		)
		t.Header("ID", "Level", "Kind", "Section", "Requirement")
		for _, r := range mine {
			if err := t.Append(r.ID, r.Level.String(), string(r.Kind), r.Section, strings.ReplaceAll(r.Title, "|", `\|`)); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintln(w)
		quotesMarkdown(w, mine)
	}
	return nil
}

// quotesMarkdown lists the sentence of the standard each MUST and SHOULD
// of reqs enforces, below its standard's table.
func quotesMarkdown(w io.Writer, reqs []suite.Requirement) {
	first := true
	for _, r := range reqs {
		if r.Quote == "" {
			continue
		}
		if first {
			fmt.Fprintf(w, "What each MUST and SHOULD enforces, quoted from the text (fragments joined by %q):\n\n", strings.TrimSpace(suite.QuoteSep))
			first = false
		}
		fmt.Fprintf(w, "- **%s** (%s): \"%s\"\n", r.ID, r.Section, r.Quote)
	}
	if !first {
		fmt.Fprintln(w)
	}
}

// RequirementsQuotes lists requirements for the terminal with the sentence
// of the standard each MUST and SHOULD enforces (conformance list --quotes):
// a block per requirement, ID, level and section, then its title and its
// quote.
func RequirementsQuotes(w io.Writer, reqs []suite.Requirement) error {
	for _, r := range suite.Sorted(reqs) {
		fmt.Fprintf(w, "%s  %s  %s\n  %s\n", r.ID, r.Level, r.Section, r.Title)
		switch {
		case r.Quote != "":
			fmt.Fprintf(w, "  quotes: \"%s\"\n", r.Quote)
		case r.Level == suite.Robust:
			fmt.Fprintln(w, "  (ctxconform's own rule: no sentence of the standard fixes it)")
		case r.Level == suite.Reference:
			fmt.Fprintln(w, "  (the reference's own choice where the text is silent or open)")
		}
		fmt.Fprintln(w)
	}
	_, err := fmt.Fprintf(w, "%d requirements\n", len(reqs))
	return err
}
