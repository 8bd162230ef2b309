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

// Table writes a run as one table per standard, the failures in full below
// them, and a closing line of counts.
func Table(w io.Writer, rep suite.Report) error {
	return RunTable(w, Run{Report: rep})
}

// RunTable is Table for a run with its harness remarks and, when an
// expectations file was given, each known failure marked as such: every
// requirement as a row, the figures the checks measured, then what Summary
// prints below its lines per standard.
func RunTable(w io.Writer, run Run) error {
	rep := run.Report
	all := heading(w, rep)
	for _, std := range adapters.Standards() {
		if all != "" {
			break
		}
		rows := ofStandard(rep.Results, std)
		if len(rows) == 0 {
			continue
		}
		if allNotImplemented(rows) {
			fmt.Fprintf(w, "%s (%s): not implemented by %s (%d requirements)\n\n", std.Title(), std, rep.Adapter.Name, len(rows))
			continue
		}
		if c := oneCause(rows); c != "" {
			fmt.Fprintf(w, "%s (%s): all %d requirements ERROR: %s\n\n", std.Title(), std, len(rows), c)
			continue
		}
		fmt.Fprintf(w, "%s (%s) — %s\n", std.Title(), std, std.Source())
		t := tablewriter.NewTable(w,
			tablewriter.WithRenderer(renderer.NewBlueprint()),
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNormal),
			tablewriter.WithRowMaxWidth(76),
		)
		t.Header("ID", "Level", "Section", "Result", "Requirement")
		for _, r := range rows {
			if err := t.Append(r.ID, r.Level.String(), r.Section, cell(run.Check, r), r.Title); err != nil {
				return err
			}
		}
		if err := t.Render(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	first := true
	for _, r := range rep.Results {
		for _, n := range r.Notes {
			if first {
				fmt.Fprintln(w, "Figures:")
				first = false
			}
			fmt.Fprintf(w, "  %s  %s\n", r.ID, n)
		}
	}
	if !first {
		fmt.Fprintln(w)
	}
	below(w, run, true)
	return nil
}

// heading writes the run's first line and, when every requirement errored
// for one cause, that cause once; it returns the cause ("" when there is
// none).
func heading(w io.Writer, rep suite.Report) string {
	info := rep.Adapter
	fmt.Fprintf(w, "ctxconform: %s (%s), level %s, seed %d%s\n\n",
		strings.TrimSpace(info.Name+" "+info.Version), described(info), rep.Level.Label(), rep.Seed, shardNote(rep))
	all := oneCause(rep.Results)
	if all != "" {
		fmt.Fprintf(w, "All %d requirements ERROR (%s): %s\n\n", len(rep.Results), perStandard(rep.Results), all)
	}
	return all
}

// ofStandard is the results of one standard, in the run's order.
func ofStandard(results []suite.Result, std adapters.Standard) []suite.Result {
	var rows []suite.Result
	for _, r := range results {
		if r.Standard == std {
			rows = append(rows, r)
		}
	}
	return rows
}

// below writes what a person reads under the verdicts of a run: the
// failures in full (alike errors once), the inconclusive and skipped
// requirements with their reasons, the harness's notes, the expectations
// and the closing lines of counts. A failure that follows from another
// (suite.Report.Settle) is shown in full when verbose or when its root is
// less binding than itself (a MUST failure following from a ROBUST one:
// it counts), else by a line that names what it follows from.
func below(w io.Writer, run Run, verbose bool) {
	rep := run.Report
	info := rep.Adapter
	groups := errGroups(rep.Results)
	for _, g := range groups {
		if len(g.ids) >= minGroup {
			fmt.Fprintf(w, "--- %d requirements ERRORED alike: %s\n    the message of %s (the others differ at most in numbers):\n%s\n\n", len(g.ids), idList(g.ids), g.first.ID, indent(g.first.Message))
		}
	}
	for _, r := range rep.Results {
		if r.Bad() && !grouped(groups, r) {
			known := ""
			if st, x := run.Check.Status(r.ID); st == "known" {
				known = " [known: " + why(x) + "]"
			}
			if note := rep.FollowingNote(r); note != "" {
				if !verbose && !rep.Counts(r, r.Level) { // a root as binding stands for it
					fmt.Fprintf(w, "--- %s %s (%s, %s), %s: -v shows it\n\n", r.ID, strings.ToUpper(string(r.Outcome)), r.Level, r.Section, note)
					continue
				}
				known += "\n    " + note
			}
			fmt.Fprintf(w, "--- %s %s (%s, %s): %s%s\n%s\n\n", r.ID, strings.ToUpper(string(r.Outcome)), r.Level, r.Section, r.Title, known, indent(r.Short()))
		}
	}
	for _, r := range rep.Results {
		if r.Outcome == suite.Inconclusive { // no verdict, but the reason is worth reading
			fmt.Fprintf(w, "--- %s INCONCLUSIVE (%s, %s): %s\n%s\n\n", r.ID, r.Level, r.Section, r.Title, indent(r.Message))
		}
	}
	if s := skipped(rep.Results); len(s) > 0 {
		fmt.Fprintln(w, "Skipped:")
		for _, l := range s {
			fmt.Fprintf(w, "  %s\n", l)
		}
		fmt.Fprintln(w)
	}
	for _, m := range run.Remarks {
		fmt.Fprintf(w, "Note: %s\n", m)
	}
	if rep.Interrupted != "" {
		fmt.Fprintf(w, "Note: the run was cut short (%s): %d requirements not run.\n", rep.Interrupted, rep.Count(suite.NotRun))
	}
	if run.Restarts > 0 {
		fmt.Fprintf(w, "Note: %s was restarted %d times after a crash, hang or malformed message.\n", info.Name, run.Restarts)
	}
	if c := run.Check; c != nil {
		fmt.Fprintf(w, "Expectations: %d new failures, %d known, %d fixed, %d listed but not run.\n", len(c.New), len(c.Known), len(c.Fixed), len(c.NotRun))
		for _, k := range c.Fixed {
			fmt.Fprintf(w, "  %s passes now but is listed as a known failure (%s): remove it from the expectations file.\n", k.ID, why(k.Expectation))
		}
	}
	fmt.Fprintf(w, "%s: %s\n", strings.TrimSpace(info.Name+" "+info.Version), rep.Summary())
	if by := rep.ByLevel(); by != "" {
		fmt.Fprintf(w, "By level: %s\n", by)
	}
}

// cell is a result as a table cell: its verdict, marked when an expectation
// applies.
func cell(c *Check, r suite.Result) string {
	v := verdict(r.Outcome) + following(r)
	switch st, _ := c.Status(r.ID); st {
	case "known":
		return v + " (known)"
	case "fixed":
		return v + " (fixed!)"
	}
	return v
}

// following marks the verdict of a failure that follows from another:
// " (follows INF-05)".
func following(r suite.Result) string {
	if r.FollowsFrom == "" {
		return ""
	}
	return " (follows " + r.FollowsFrom + ")"
}

// why is an expectation's reason and link on one line.
func why(x Expectation) string {
	parts := []string{}
	if x.Reason != "" {
		parts = append(parts, x.Reason)
	}
	if x.Link != "" {
		parts = append(parts, x.Link)
	}
	return strings.Join(parts, " — ")
}

func verdict(o suite.Outcome) string {
	switch o {
	case suite.Passed:
		return "pass"
	case suite.Failed:
		return "FAIL"
	case suite.Errored:
		return "ERROR"
	case suite.Skipped:
		return "skip"
	case suite.Inconclusive:
		return "inconclusive"
	case suite.NotRun:
		return "not run"
	}
	return "not implemented"
}

func allNotImplemented(rows []suite.Result) bool {
	for _, r := range rows {
		if r.Outcome != suite.NotImplemented {
			return false
		}
	}
	return true
}

// shardNote names the share of a sharded run, for its heading.
func shardNote(rep suite.Report) string {
	if rep.Shard == nil {
		return ""
	}
	return ", shard " + rep.Shard.String()
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func indent(s string) string {
	return "    " + strings.ReplaceAll(strings.TrimSpace(s), "\n", "\n    ")
}
