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
	}
	return nil
}
