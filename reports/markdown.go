package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// Markdown writes the runs for a CI job summary (GitHub's
// $GITHUB_STEP_SUMMARY, GitLab's and others' Markdown reports): per run a
// line of counts, a table of counts per standard, the failures in full
// (folded), the implementation's standard error when something errored, and,
// for several runs, the side-by-side matrix.
func Markdown(w io.Writer, runs []Run) error {
	fmt.Fprintf(w, "## ctxconform conformance\n\n")
	for _, run := range runs {
		info := run.Adapter
		fmt.Fprintf(w, "### %s\n\n", mdEscape(run.Name()))
		fmt.Fprintf(w, "%s; level %s, seed %d%s. **%s**\n\n", mdEscape(described(info)), run.Level.Label(), run.Seed, shardNote(run.Report), mdEscape(run.Summary()))
		if by := run.ByLevel(); by != "" {
			fmt.Fprintf(w, "By level: %s.\n\n", mdEscape(by))
		}
		if run.Interrupted != "" {
			fmt.Fprintf(w, "> **The run was cut short** (%s): %d requirements not run.\n\n", mdEscape(run.Interrupted), run.Count(suite.NotRun))
		}
		notRun := run.Count(suite.NotRun) > 0
		head, rule := "| Standard | Passed | Failed | Errored | Skipped | Not implemented |", "| --- | ---: | ---: | ---: | ---: | ---: |"
		inconclusive := run.Count(suite.Inconclusive) > 0
		if inconclusive {
			head, rule = head+" Inconclusive |", rule+" ---: |"
		}
		if notRun {
			head, rule = head+" Not run |", rule+" ---: |"
		}
		fmt.Fprintln(w, head)
		fmt.Fprintln(w, rule)
		for _, std := range adapters.Standards() {
			counts := map[suite.Outcome]int{}
			n := 0
			for _, r := range run.Results {
				if r.Standard == std {
					counts[r.Outcome]++
					n++
				}
			}
			if n == 0 {
				continue
			}
			fmt.Fprintf(w, "| %s (`%s`) | %d | %s | %s | %d | %d |", std.Title(), std, counts[suite.Passed],
				bold(counts[suite.Failed]), bold(counts[suite.Errored]), counts[suite.Skipped], counts[suite.NotImplemented])
			if inconclusive {
				fmt.Fprintf(w, " %d |", counts[suite.Inconclusive])
			}
			if notRun {
				fmt.Fprintf(w, " %s |", bold(counts[suite.NotRun]))
			}
			fmt.Fprintln(w)
		}
		fmt.Fprintln(w)
		for _, m := range run.Remarks {
			fmt.Fprintf(w, "> Note: %s\n\n", mdEscape(m))
		}
		if run.Restarts > 0 {
			fmt.Fprintf(w, "> Note: restarted %d times after a crash, hang or malformed message.\n\n", run.Restarts)
		}
		if c := run.Check; c != nil {
			fmt.Fprintf(w, "Expectations: **%d new failures**, %d known, %d fixed, %d listed but not run.\n\n", len(c.New), len(c.Known), len(c.Fixed), len(c.NotRun))
			for _, k := range c.Fixed {
				fmt.Fprintf(w, "- `%s` passes now but is listed as a known failure (%s): remove it from the expectations file.\n", mdCode(k.ID), mdEscape(why(k.Expectation)))
			}
			if len(c.Fixed) > 0 {
				fmt.Fprintln(w)
			}
		}
		bad := false
		for _, r := range run.Results {
			if !r.Bad() {
				continue
			}
			if !bad {
				fmt.Fprintln(w, "| ID | Level | Result | Requirement |")
				fmt.Fprintln(w, "| --- | --- | --- | --- |")
				bad = true
			}
			fmt.Fprintf(w, "| `%s` | %s | %s | %s |\n", mdCode(r.ID), r.Level, mdCell(run.Check, r), mdEscape(r.Title))
		}
		if bad {
			fmt.Fprintln(w)
			fmt.Fprintln(w, "<details><summary>Failure details</summary>")
			fmt.Fprintln(w)
			for _, r := range run.Results {
				if r.Bad() {
					note := ""
					if n := run.FollowingNote(r); n != "" {
						note = ", " + mdEscape(n)
					}
					fmt.Fprintf(w, "**%s** %s (%s, %s)%s\n\n```\n%s\n```\n\n", mdCode(r.ID), mdEscape(string(r.Outcome)), r.Level, mdEscape(r.Section), note, fence(r.Message))
				}
			}
			fmt.Fprintln(w, "</details>")
			fmt.Fprintln(w)
		}
		for _, r := range run.Results {
			if r.Outcome == suite.Inconclusive {
				fmt.Fprintf(w, "> `%s` inconclusive: %s\n\n", mdCode(r.ID), mdEscape(r.Message))
			}
		}
		if s := skipped(run.Results); len(s) > 0 {
			fmt.Fprintln(w, "Skipped:")
			fmt.Fprintln(w)
			for _, l := range s {
				id, reason, _ := strings.Cut(l, "  ")
				fmt.Fprintf(w, "- `%s` %s\n", mdCode(id), mdEscape(reason))
			}
			fmt.Fprintln(w)
		}
		if run.Count(suite.Errored) > 0 && strings.TrimSpace(run.Stderr) != "" {
			fmt.Fprintf(w, "<details><summary>Standard error of %s</summary>\n\n```\n%s\n```\n\n</details>\n\n", mdEscape(info.Name), fence(lastLines(run.Stderr, 60)))
		}
	}
	if len(runs) > 1 {
		fmt.Fprintln(w, "### Matrix")
		fmt.Fprintln(w)
		return MatrixMarkdown(w, runs)
	}
	return nil
}

func bold(n int) string {
	if n == 0 {
		return "0"
	}
	return fmt.Sprintf("**%d**", n)
}

// mdCell is a result's verdict in Markdown.
func mdCell(c *Check, r suite.Result) string {
	v := verdict(r.Outcome) + mdEscape(following(r))
	st, _ := c.Status(r.ID)
	switch {
	case st == "known":
		return v + " (known)"
	case st == "fixed":
		return "**pass (fixed!)**"
	case r.Bad():
		return "**" + v + "**"
	}
	return v
}

// mdEscape makes text that came from a program or a file (a name, a
// language, a message) plain text in a line or a table cell of Markdown
// that is rendered with HTML (a GitHub job summary): <, > and & become
// entities, so no tag or entity of the text is interpreted, and every
// character Markdown gives a meaning (emphasis, links and images, code,
// tables) is escaped with a backslash; line ends become spaces. The text
// is never at the start of a line, where # - + and digits would matter.
func mdEscape(s string) string { return mdReplacer.Replace(s) }

var mdReplacer = func() *strings.Replacer {
	pairs := []string{"&", "&amp;", "<", "&lt;", ">", "&gt;", "\n", " ", "\r", " "}
	for _, c := range "\\`*_[]!|~" { // what may open emphasis, code, a link or image, a cell's end

		pairs = append(pairs, string(c), "\\"+string(c))
	}
	return strings.NewReplacer(pairs...)
}()

// fence keeps a text from closing its code block.
func fence(s string) string {
	return strings.ReplaceAll(strings.TrimSpace(s), "```", "`\u200b``")
}

func lastLines(s string, n int) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	if len(lines) > n {
		lines = lines[len(lines)-n:]
	}
	return strings.Join(lines, "\n")
}
