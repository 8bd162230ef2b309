package reports

import (
	"fmt"
	"io"
	"strings"
)

// DiffMarkdown writes the diff for a CI job summary ($GITHUB_STEP_SUMMARY):
// the verdict first, then per pair of runs the table of changes (those
// failing the gate in bold), the messages of the requirements now failing
// (folded) and a line of counts.
func DiffMarkdown(w io.Writer, d Diff) error {
	fmt.Fprintln(w, "## ctxconform diff")
	fmt.Fprintln(w)
	verdict := d.verdict()
	if d.Failed() {
		verdict = "**" + verdict + "**"
	}
	fmt.Fprint(w, verdict)
	if d.OldSrc != "" || d.NewSrc != "" {
		fmt.Fprintf(w, " (`%s` → `%s`)", mdCode(orDash(d.OldSrc)), mdCode(orDash(d.NewSrc)))
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w)
	for _, rd := range d.Runs {
		fmt.Fprintf(w, "### %s → %s\n\n", mdEscape(rd.Old), mdEscape(rd.New))
		for _, n := range rd.Notes {
			fmt.Fprintf(w, "> Note: %s\n\n", mdEscape(n))
		}
		if len(rd.Changes) == 0 {
			fmt.Fprintf(w, "No verdict changed (%d requirements).\n\n", rd.Unchanged)
			continue
		}
		fmt.Fprintln(w, "| ID | Level | Change | Was | Now | Requirement |")
		fmt.Fprintln(w, "| --- | --- | --- | --- | --- | --- |")
		details := false
		for _, c := range rd.Changes {
			k, now := string(c.Kind), outcomeName(c.New)
			if c.Gates {
				k, now = "**"+k+"**", "**"+now+"**"
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s | %s | %s |\n", mdCode(c.ID), c.Level, k, outcomeName(c.Old), now, mdEscape(c.Title))
			details = details || showMessages(c)
		}
		fmt.Fprintln(w)
		if details {
			fmt.Fprintln(w, "<details><summary>Messages</summary>")
			fmt.Fprintln(w)
			for _, g := range messageGroups(rd.Changes) {
				c := g[0]
				if len(g) == 1 {
					fmt.Fprintf(w, "**%s** %s (%s)\n\n", mdCode(c.ID), c.Kind, c.Level)
				} else {
					fmt.Fprintf(w, "**%s** %s (%d requirements, the same message)\n\n", mdCode(groupIDs(g)), c.Kind, len(g))
				}
				if c.Kind == MessageChanged || failsGate(c.Old) && c.OldMessage != "" {
					fmt.Fprintf(w, "was (%s):\n\n```\n%s\n```\n\n", outcomeName(c.Old), fence(c.OldMessage))
				}
				fmt.Fprintf(w, "now (%s):\n\n```\n%s\n```\n\n", outcomeName(c.New), fence(c.NewMessage))
			}
			fmt.Fprintln(w, "</details>")
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s\n\n", rd.summary())
	}
	return nil
}

// mdCode keeps a text in a code span: on its line, and unable to close
// the span (a code span's text is not interpreted as HTML or Markdown).
func mdCode(s string) string { return strings.NewReplacer("`", "", "\n", " ", "\r", " ").Replace(s) }
