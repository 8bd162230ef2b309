package reports

import (
	"fmt"
	"io"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"

	"github.com/ctxconform/ctxconform/suite"
)

// DiffTable writes the diff for the terminal: per pair of runs a table of
// the requirements whose verdict changed (a change that fails the gate
// marked *), the messages of those now failing, and a line of counts; then
// the verdict.
func DiffTable(w io.Writer, d Diff) error {
	if d.OldSrc != "" || d.NewSrc != "" {
		fmt.Fprintf(w, "ctxconform diff: %s → %s, gate %s\n", orDash(d.OldSrc), orDash(d.NewSrc), d.FailOn)
	}
	for _, rd := range d.Runs {
		fmt.Fprintf(w, "\n%s → %s\n", rd.Old, rd.New)
		for _, n := range rd.Notes {
			fmt.Fprintf(w, "Note: %s\n", n)
		}
		if len(rd.Changes) == 0 {
			fmt.Fprintf(w, "No verdict changed (%d requirements).\n", rd.Unchanged)
			continue
		}
		t := tablewriter.NewTable(w,
			tablewriter.WithRenderer(renderer.NewBlueprint()),
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNormal),
			tablewriter.WithRowMaxWidth(60),
		)
		t.Header("ID", "Level", "Change", "Was", "Now", "Requirement")
		gates := false
		for _, c := range rd.Changes {
			k := string(c.Kind)
			if c.Gates {
				k += " *"
				gates = true
			}
			if err := t.Append(c.ID, c.Level.String(), k, outcomeName(c.Old), outcomeName(c.New), c.Title); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		if gates {
			fmt.Fprintf(w, "* fails the gate: worse than before, at or below %s\n", d.FailOn)
		}
		for _, c := range rd.Changes {
			if !showMessages(c) {
				continue
			}
			fmt.Fprintf(w, "\n--- %s %s (%s): %s\n", c.ID, c.Kind, c.Level, c.Title)
			if c.Kind == MessageChanged || failsGate(c.Old) && c.OldMessage != "" {
				fmt.Fprintf(w, "  was (%s):\n%s\n", outcomeName(c.Old), indent(c.OldMessage))
			}
			fmt.Fprintf(w, "  now (%s):\n%s\n", outcomeName(c.New), indent(c.NewMessage))
		}
		fmt.Fprintf(w, "\n%s\n", rd.summary())
	}
	fmt.Fprintf(w, "\n%s\n", d.verdict())
	return nil
}

// showMessages says whether a change's messages are worth printing in
// full: the requirement fails now and says why.
func showMessages(c Change) bool {
	return c.New != "" && failsGate(c.New) && c.NewMessage != ""
}

// outcomeName is an outcome as the tables show it ("—" when the run did not
// check the requirement); an outcome this package does not know is shown
// as it is spelled.
func outcomeName(o suite.Outcome) string {
	if o == "" {
		return "—"
	}
	if v := verdict(o); v != verdict(suite.NotImplemented) || o == suite.NotImplemented {
		return v
	}
	return string(o)
}
