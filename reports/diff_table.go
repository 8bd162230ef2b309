package reports

import (
	"fmt"
	"io"
	"strings"

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
		for _, g := range messageGroups(rd.Changes) {
			c := g[0]
			if len(g) == 1 {
				fmt.Fprintf(w, "\n--- %s %s (%s): %s\n", c.ID, c.Kind, c.Level, c.Title)
			} else {
				fmt.Fprintf(w, "\n--- %s %s (%d requirements, the same message)\n", groupIDs(g), c.Kind, len(g))
			}
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

// messageGroups are the changes whose messages are shown (showMessages),
// those of the same kind, outcomes and messages together (a program that
// did not start errs every requirement alike), in order of first change.
func messageGroups(changes []Change) [][]Change {
	var groups [][]Change
	index := map[[5]string]int{}
	for _, c := range changes {
		if !showMessages(c) {
			continue
		}
		key := [5]string{string(c.Kind), string(c.Old), string(c.New), c.OldMessage, c.NewMessage}
		if i, ok := index[key]; ok {
			groups[i] = append(groups[i], c)
			continue
		}
		index[key] = len(groups)
		groups = append(groups, []Change{c})
	}
	return groups
}

// groupIDs names the requirements of a group: "INF-01, INF-02, INF-03".
func groupIDs(g []Change) string {
	ids := make([]string, len(g))
	for i, c := range g {
		ids[i] = c.ID
	}
	return strings.Join(ids, ", ")
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
