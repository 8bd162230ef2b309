package reports

import (
	"fmt"
	"io"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// Summary writes a run as a person reads it on a screen: a line per
// standard with its counts (or "not implemented"), then the failures in
// full, the skips, the notes and the closing counts, as RunTable does below
// its tables. The rows of every requirement and the figures the checks
// measured are RunTable's (conformance run -v) and the JSON report's.
func Summary(w io.Writer, run Run) error {
	rep := run.Report
	if all := heading(w, rep); all == "" {
		var lines [][2]string
		width := 0
		for _, std := range adapters.Standards() {
			rows := ofStandard(rep.Results, std)
			if len(rows) == 0 {
				continue
			}
			name := fmt.Sprintf("%s (%s)", std.Title(), std)
			width = max(width, len(name))
			lines = append(lines, [2]string{name, standardCounts(rep, run.Check, rows)})
		}
		for _, l := range lines {
			fmt.Fprintf(w, "  %-*s  %s\n", width, l[0], l[1])
		}
		fmt.Fprintln(w)
	}
	if n, reqs := figures(rep.Results); n > 0 {
		fmt.Fprintf(w, "(%d figures measured by %d requirements and a row per requirement: -v, or the --json report)\n\n", n, reqs)
	}
	below(w, run, false)
	return nil
}

// standardCounts is one standard's results as counts in the order a reader
// looks for them: "14 passed, 2 FAIL (1 known), 1 skipped"; failures that
// follow from one as binding (rep.Counts) are said: "2 FAIL (1 following
// from another)".
func standardCounts(rep suite.Report, c *Check, rows []suite.Result) string {
	if allNotImplemented(rows) {
		return fmt.Sprintf("not implemented (%d requirements)", len(rows))
	}
	order := []suite.Outcome{suite.Passed, suite.Failed, suite.Errored, suite.NotRun, suite.Skipped, suite.Inconclusive, suite.NotImplemented}
	count := map[suite.Outcome]int{}
	known := map[suite.Outcome]int{}
	follows := 0
	for _, r := range rows {
		count[r.Outcome]++
		if st, _ := c.Status(r.ID); st == "known" {
			known[r.Outcome]++
		}
		if r.FollowsFrom != "" && !rep.Counts(r, r.Level) {
			follows++
		}
	}
	var parts []string
	for _, o := range order {
		if count[o] == 0 {
			continue
		}
		name := string(o)
		switch o {
		case suite.Failed, suite.Errored:
			name = verdict(o)
		}
		part := fmt.Sprintf("%d %s", count[o], name)
		if known[o] > 0 {
			part += fmt.Sprintf(" (%d known)", known[o])
		}
		if o == suite.Failed && follows > 0 {
			part += fmt.Sprintf(" (%d following from another)", follows)
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, ", ")
}

// figures counts the notes (figures) of results and the results that have
// some.
func figures(results []suite.Result) (notes, reqs int) {
	for _, r := range results {
		if len(r.Notes) > 0 {
			notes += len(r.Notes)
			reqs++
		}
	}
	return notes, reqs
}

// GateLine is the last line of a run: what its exit status means. It names
// the levels that gate (--fail-on), what failed there, and what failed
// above them without gating, with the flag that would make it gate:
//
//	gate: pass at MUST (exit 0); 1 SHOULD failure does not gate (--fail-on should)
//	gate: FAIL at MUST (exit 1): 2 failed (INF-04, DEN-01)
func GateLine(runs []Run, failOn suite.Level, strictExpect bool) string {
	var gating, known []string
	notRun, fixed, following := 0, 0, 0
	above := map[suite.Level]int{}
	for _, run := range runs {
		if run.Check != nil {
			fixed += len(run.Check.Fixed)
		}
		for _, r := range run.Report.Results {
			if r.Outcome == suite.NotRun && r.Level <= failOn {
				notRun++
			}
			if !r.Bad() {
				continue
			}
			switch st, _ := run.Check.Status(r.ID); {
			case st == "known":
				known = append(known, r.ID)
			case !run.Report.Counts(r, max(r.Level, failOn)):
				following++ // its root stands for the fault
			case r.Level > failOn:
				above[r.Level]++
			case r.FollowsFrom != "": // its root does not gate: it does
				root, _ := run.Report.Root(r)
				gating = append(gating, fmt.Sprintf("%s, following from %s %s", r.ID, root.Level, root.ID))
			default:
				gating = append(gating, r.ID)
			}
		}
	}
	at := gatingLevels(failOn)
	var b strings.Builder
	switch {
	case len(gating) > 0 || notRun > 0:
		fmt.Fprintf(&b, "gate: FAIL at %s (exit 1):", at)
		var why []string
		if len(gating) > 0 {
			why = append(why, fmt.Sprintf("%d failed or errored (%s)", len(gating), idList(uniq(gating))))
		}
		if notRun > 0 {
			why = append(why, fmt.Sprintf("%d not run (the run was cut short)", notRun))
		}
		b.WriteString(" " + strings.Join(why, ", "))
	case fixed > 0 && strictExpect:
		fmt.Fprintf(&b, "gate: exit 3: nothing new failed at %s, but %s now pass%s (--strict-expectations): update the expectations file", at, plural(fixed, "known failure"), verbES(fixed))
	default:
		fmt.Fprintf(&b, "gate: pass at %s (exit 0)", at)
		if len(known) == 0 && len(above) == 0 && fixed == 0 {
			b.WriteString(": nothing failed")
		}
	}
	if len(known) > 0 {
		fmt.Fprintf(&b, "; %s listed in the expectations file do%s not gate", plural(len(known), "known failure"), verbES(len(known)))
	}
	if fixed > 0 && !strictExpect {
		fmt.Fprintf(&b, "; %s now pass%s (--strict-expectations would exit 3)", plural(fixed, "known failure"), verbES(fixed))
	}
	for _, l := range suite.Levels() {
		if n := above[l]; n > 0 {
			fmt.Fprintf(&b, "; %d %s %s do%s not gate (--fail-on %s)", n, l, noun(n, "failure"), verbES(n), l.Label())
		}
	}
	if following > 0 {
		fmt.Fprintf(&b, "; %s following from another, not counted again", plural(following, "failure"))
	}
	return b.String()
}

// gatingLevels names the levels at or below failOn: "MUST", "MUST and
// SHOULD", ...
func gatingLevels(failOn suite.Level) string {
	var names []string
	for _, l := range suite.Levels() {
		if l <= failOn {
			names = append(names, l.String())
		}
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

func uniq(ids []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !seen[id] {
			seen[id] = true
			out = append(out, id)
		}
	}
	return out
}

func noun(n int, s string) string {
	if n == 1 {
		return s
	}
	return s + "s"
}

func plural(n int, s string) string { return fmt.Sprintf("%d %s", n, noun(n, s)) }

// verbES ends a verb for n subjects: "does"/"passes" for one, "do"/"pass" for several.
func verbES(n int) string {
	if n == 1 {
		return "es"
	}
	return ""
}
