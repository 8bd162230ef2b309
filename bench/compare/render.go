package compare

import (
	"fmt"
	"io"
	"strings"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"golang.org/x/perf/benchunit"
)

// Text writes the comparison for a terminal: a table per unit, then the
// warnings and a verdict line.
func (t *Table) Text(w io.Writer) error {
	if t.Ratios {
		fmt.Fprintf(w, "%s against %s (ratio: %s over %s; ± is the 95%% interval of the median)\n\n", t.HeadLabel, t.BaseLabel, t.HeadLabel, t.BaseLabel)
		return t.render(w, false)
	}
	fmt.Fprintf(w, "base: %s\nhead: %s\n\n", t.BaseLabel, t.HeadLabel)
	return t.render(w, false)
}

// Markdown writes the comparison as GitHub-flavoured Markdown (for a pull
// request comment or a CI job summary).
func (t *Table) Markdown(w io.Writer) error {
	if t.Ratios {
		fmt.Fprintf(w, "### Benchmarks: `%s` against `%s`\n\n", t.HeadLabel, t.BaseLabel)
		return t.render(w, true)
	}
	fmt.Fprintf(w, "### Benchmarks: `%s` → `%s`\n\n**%s**\n\n", t.BaseLabel, t.HeadLabel, t.Verdict())
	return t.render(w, true)
}

// Verdict is the one-line outcome.
func (t *Table) Verdict() string {
	regs := len(t.Regressions())
	imps, sus := 0, 0
	for _, r := range t.Rows {
		switch {
		case r.Improvement:
			imps++
		case r.Suspect:
			sus++
		}
	}
	th := fmt.Sprintf("%.3g%%", 100*t.Options.Threshold)
	tail := fmt.Sprintf(", %d improvements", imps)
	if un := countRows(t.Rows, func(r Row) bool { return r.Unmeasured != "" }); un > 0 {
		tail += fmt.Sprintf(", %d not measured (selftime: not judged)", un)
	}
	if mixed := countRows(t.Rows, func(r Row) bool { return r.Mixed }); mixed > 0 {
		tail += fmt.Sprintf(", %d non-conforming set against conforming (not judged)", mixed)
	}
	if both := countRows(t.Rows, func(r Row) bool { return r.Nonconforming != "" && !r.Mixed }); both > 0 {
		tail += fmt.Sprintf(", %d non-conforming on both sides (judged between wrong answers)", both)
	}
	if sus > 0 {
		tail += fmt.Sprintf(", %d possible regressions the runs spread too widely to confirm (not gating)", sus)
	}
	switch {
	case regs == 1:
		return fmt.Sprintf("1 regression beyond %s (p < %v)%s", th, t.Options.Alpha, tail)
	case regs > 1:
		return fmt.Sprintf("%d regressions beyond %s (p < %v)%s", regs, th, t.Options.Alpha, tail)
	}
	return fmt.Sprintf("no significant regression beyond %s (p < %v)%s", th, t.Options.Alpha, tail)
}

func (t *Table) render(w io.Writer, markdown bool) error {
	for _, unit := range t.Units {
		dir := map[int]string{-1: "lower is better", 1: "higher is better", 0: "describes the workload; never gates"}
		var rows []Row
		for _, r := range t.Rows {
			if r.Unit == unit {
				rows = append(rows, r)
			}
		}
		if markdown {
			fmt.Fprintf(w, "#### %s (%s)\n\n", unit, dir[rows[0].Better])
		} else {
			fmt.Fprintf(w, "%s (%s)\n", unit, dir[rows[0].Better])
		}
		opts := []tablewriter.Option{
			tablewriter.WithHeaderAutoFormat(tw.Off),
			tablewriter.WithRowAutoWrap(tw.WrapNone),
		}
		if markdown {
			opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
		} else {
			opts = append(opts, tablewriter.WithRenderer(renderer.NewBlueprint()))
		}
		tb := tablewriter.NewTable(w, opts...)
		change := func(r Row) string { return r.DeltaText() }
		if t.Ratios {
			tb.Header("Benchmark", t.BaseLabel, t.HeadLabel, "ratio", "p (n)", "note")
			change = ratioText
		} else {
			tb.Header("Benchmark", "base", "head", "delta", "p (n)", "note")
		}
		cls := benchunit.ClassOf(unit)
		for _, r := range rows {
			sc := benchunit.CommonScale([]float64{r.Base.Center, r.Head.Center}, cls)
			n := note(r)
			if t.Ratios {
				n = warned(r) // implementations: no verdict, only the warnings
				n = strings.Join(append(marksText(r), n), ", ")
				n = strings.TrimSuffix(n, ", ")
			}
			if err := tb.Append(cellText(r.Benchmark, markdown), side(r.Base, sc), side(r.Head, sc), change(r), pText(r), n); err != nil {
				return err
			}
		}
		if g, ok := t.Geomean[unit]; ok {
			sc := benchunit.CommonScale(g[:], cls)
			delta := fmt.Sprintf("%+.2f%%", 100*(g[1]/g[0]-1))
			if t.Ratios {
				delta = fmt.Sprintf("%.3g×", g[1]/g[0])
			}
			if err := tb.Append("geomean", sc.Format(g[0]), sc.Format(g[1]), delta, "", ""); err != nil {
				return err
			}
		}
		if err := tb.Render(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	var warnings []string
	warnings = append(warnings, t.Warnings...)
	few := 0
	for _, r := range t.Rows {
		for _, x := range r.Warnings {
			if t.Ratios && strings.Contains(x, "samples") {
				few++ // one line for all, below
				continue
			}
			warnings = append(warnings, fmt.Sprintf("%s (%s): %s", r.Benchmark, r.Unit, x))
		}
	}
	if few > 0 {
		warnings = append(warnings, fmt.Sprintf("%d figures have too few runs for a confidence interval or a significance test (∞, ~): run with --count 6 or more", few))
	}
	if len(warnings) > 0 {
		if markdown {
			fmt.Fprintf(w, "<details><summary>%d noise warnings</summary>\n\n", len(warnings))
			for _, x := range warnings {
				fmt.Fprintf(w, "- %s\n", cellText(x, true))
			}
			fmt.Fprint(w, "\n</details>\n\n")
		} else {
			fmt.Fprintf(w, "Warnings (%d):\n", len(warnings))
			for _, x := range warnings {
				fmt.Fprintf(w, "  %s\n", x)
			}
			fmt.Fprintln(w)
		}
	}
	if t.Ratios {
		return nil // implementations side by side: nothing regresses
	}
	if !markdown {
		fmt.Fprintf(w, "%s\n", t.Verdict())
	}
	for _, r := range t.Regressions() {
		line := fmt.Sprintf("REGRESSION %s %s: %s (p=%.3g)", r.Benchmark, r.Unit, r.DeltaText(), r.P)
		if markdown {
			fmt.Fprintf(w, "- %s\n", cellText(line, true))
		} else {
			fmt.Fprintln(w, line)
		}
	}
	return nil
}

// countRows counts the rows that is true of.
func countRows(rows []Row, is func(Row) bool) int {
	n := 0
	for _, r := range rows {
		if is(r) {
			n++
		}
	}
	return n
}

// marksText is what a row's marks say in its note.
func marksText(r Row) []string {
	var out []string
	if r.Unmeasured != "" {
		out = append(out, "NOT MEASURED ("+r.Unmeasured+")")
	}
	switch {
	case r.Mixed:
		out = append(out, "NON-CONFORMING, not judged ("+r.Nonconforming+")")
	case r.Nonconforming != "":
		out = append(out, "NON-CONFORMING ("+r.Nonconforming+")")
	}
	return out
}

// ratioText is head over base, "~" appended when the difference is not
// significant.
func ratioText(r Row) string {
	switch {
	case !r.Base.Present || !r.Head.Present:
		return ""
	case r.Base.Center == 0:
		return "?"
	}
	s := fmt.Sprintf("%.3g×", r.Head.Center/r.Base.Center)
	if !r.Significant {
		s += " ~"
	}
	if r.Unmeasured != "" {
		s += " (not measured)"
	}
	if r.Nonconforming != "" {
		s += " (non-conforming)"
	}
	return s
}

func side(s Side, sc benchunit.Scaler) string {
	if !s.Present {
		return "—"
	}
	if s.Spread == "0%" {
		return sc.Format(s.Center)
	}
	return fmt.Sprintf("%s ± %s", sc.Format(s.Center), s.Spread)
}

func pText(r Row) string {
	switch {
	case !r.Base.Present || !r.Head.Present:
		return ""
	case r.P == 0:
		return fmt.Sprintf("n=%d+%d", r.Base.N, r.Head.N)
	}
	return fmt.Sprintf("p=%.3f n=%d+%d", r.P, r.Base.N, r.Head.N)
}

func note(r Row) string {
	parts := marksText(r)
	switch {
	case r.Unmeasured != "" || r.Mixed:
	case r.Wide:
		parts = append(parts, "REGRESSION (significant, wide intervals)")
	case r.Regression:
		parts = append(parts, "REGRESSION")
	case r.Improvement:
		parts = append(parts, "improvement")
	case r.Suspect:
		parts = append(parts, "possible regression: significant, but too spread to confirm (not gating)")
	}
	if w := warned(r); w != "" {
		parts = append(parts, w)
	}
	return strings.Join(parts, ", ")
}

func warned(r Row) string {
	if len(r.Warnings) == 0 {
		return ""
	}
	return fmt.Sprintf("%d warning(s)", len(r.Warnings))
}

// cellText escapes the characters Markdown tables and lists treat
// specially.
func cellText(s string, markdown bool) string {
	if !markdown {
		return s
	}
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "<", "&lt;").Replace(s)
}
