package reports

import (
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"golang.org/x/perf/benchunit"

	"github.com/ctxconform/ctxconform/bench/history"
	"github.com/ctxconform/ctxconform/suite"
)

// TimelineVersion is one version of an implementation in a timeline: its
// commit, date and subject, its conformance run, and where the diff of its
// run against the previous version's is.
type TimelineVersion struct {
	Commit, Subject string
	Date            time.Time
	Run             Run
	// Diff is the link (a file name beside the page) to the conformance
	// diff from the previous version to this one; "" for the first.
	Diff string
}

// Timeline is an implementation across its history: the versions in
// order, oldest first, and the change points of their benchmarks (Speed,
// nil when none were given), found by bench/history over the versions'
// results.
type Timeline struct {
	Title    string
	Versions []TimelineVersion
	Speed    *history.Analysis
}

// timelineCell is one requirement's verdict at one version.
type timelineCell struct {
	Text, Class string
	// Changed: the verdict differs from the previous version's (both
	// checked it); Diff is then the link to that diff.
	Changed bool
	Diff    string
}

type timelineRow struct {
	ID, Title, Level, Standard string
	Cells                      []timelineCell
	Changes                    int
}

// timelineSpeedCell is a benchmark's median at one version.
type timelineSpeedCell struct {
	Text, Class, Title string
	Change             bool // a change point is at this version
}

type timelineSpeedRow struct {
	Benchmark, Unit string
	Cells           []timelineSpeedCell
}

// timelineChange is one change point, named by its commit and subject.
type timelineChange struct {
	Benchmark, Unit, Commit, Subject, Date, Change, P, Verdict, Marks string
	Column                                                            int // the version's column, -1 when the commit is not a version
}

// timelineModel is what both renderings show.
type timelineModel struct {
	Title, Format string
	Versions      []TimelineVersion
	Dates         []string
	Changed       []int // verdicts changed at each version
	Rows          []timelineRow
	Speed         []timelineSpeedRow
	Changes       []timelineChange
	SpeedNote     string
	Warnings      []string
}

// model lines up the versions' verdicts by requirement and their
// benchmarks by workload.
func (t Timeline) model() (timelineModel, error) {
	if len(t.Versions) == 0 {
		return timelineModel{}, fmt.Errorf("no versions to show")
	}
	m := timelineModel{Title: t.Title, Format: TimelinePageFormat, Versions: t.Versions, Changed: make([]int, len(t.Versions))}
	if m.Title == "" {
		m.Title = "ctxconform timeline: " + t.Versions[0].Run.Adapter.Name
	}
	column := map[string]int{}
	runs := make([]Run, len(t.Versions))
	for i, v := range t.Versions {
		if _, dup := column[v.Commit]; dup {
			return timelineModel{}, fmt.Errorf("commit %s is given twice: a timeline has one version per commit", v.Commit)
		}
		column[v.Commit] = i
		runs[i] = v.Run
		m.Dates = append(m.Dates, v.Date.UTC().Format(time.DateOnly))
	}
	for _, a := range align(runs) {
		row := timelineRow{ID: a.r.ID, Title: a.r.Title, Level: a.r.Level.String(), Standard: string(a.r.Standard)}
		var prev *suite.Result
		for i, r := range a.results {
			c := timelineCell{Text: "—", Class: "o-none"}
			if r != nil {
				c.Text, c.Class = outcomeName(r.Outcome), "o-"+safeClass(string(r.Outcome))
				if prev != nil && prev.Outcome != r.Outcome {
					c.Changed, c.Diff = true, t.Versions[i].Diff
					row.Changes++
					m.Changed[i]++
				}
				prev = r
			}
			row.Cells = append(row.Cells, c)
		}
		m.Rows = append(m.Rows, row)
	}
	if t.Speed == nil {
		return m, nil
	}
	m.SpeedNote, m.Warnings = t.Speed.TooFew, t.Speed.Warnings
	for _, s := range t.Speed.Series {
		runOf := func(i int) *history.Run { return t.Speed.History.Runs[s.Points[i].Run] }
		cps := map[string]history.ChangePoint{}
		for _, cp := range s.ChangePoints {
			cps[cp.Commit] = cp
			col, ok := column[cp.Commit]
			if !ok {
				col = -1
			}
			ch := timelineChange{Benchmark: s.Benchmark, Unit: s.Unit, Commit: cp.Commit, Date: cp.Date.UTC().Format(time.DateOnly),
				Change: history.ChangeText(cp.Change), P: fmt.Sprintf("%.3g", cp.P), Verdict: cp.Verdict, Column: col}
			if col >= 0 {
				ch.Subject = t.Versions[col].Subject
			}
			if at := slices.IndexFunc(s.Points, func(p history.Point) bool { return t.Speed.History.Runs[p.Run].Commit == cp.Commit }); at > 0 &&
				s.Points[at].Nonconforming != s.Points[at-1].Nonconforming {
				ch.Marks = "conformance changed here: the figures on either side time different answers"
			}
			m.Changes = append(m.Changes, ch)
		}
		if s.Unit != "sec/op" {
			continue // the table shows time per operation; every unit's change points are listed
		}
		row := timelineSpeedRow{Benchmark: s.Benchmark, Unit: s.Unit, Cells: make([]timelineSpeedCell, len(t.Versions))}
		for i := range row.Cells {
			row.Cells[i] = timelineSpeedCell{Text: "—", Class: "o-none"}
		}
		for i, p := range s.Points {
			col, ok := column[runOf(i).Commit]
			if !ok {
				continue
			}
			c := timelineSpeedCell{Text: benchunit.Scale(p.Value, benchunit.ClassOf(s.Unit)) + "s"}
			var marks []string
			if p.Nonconforming {
				marks = append(marks, "non-conforming")
				c.Class = "nonconforming"
			}
			if p.Unmeasured != "" {
				marks = append(marks, "not measured: selftime "+p.Unmeasured)
			}
			if len(marks) > 0 {
				c.Text += " (" + strings.Join(marks, ", ") + ")"
			}
			if cp, ok := cps[runOf(i).Commit]; ok {
				c.Change = true
				c.Class = strings.TrimSpace(c.Class + " cp cp-" + safeClass(cp.Verdict))
				c.Title = fmt.Sprintf("change point: %s (%s), p=%.3g", history.ChangeText(cp.Change), cp.Verdict, cp.P)
			}
			row.Cells[col] = c
		}
		m.Speed = append(m.Speed, row)
	}
	return m, nil
}

// TimelinePageFormat names the timeline page's layout, for tests and tools
// that read it.
const TimelinePageFormat = "ctxconform-timeline-html/1"

// TimelineMarkdown writes the timeline as Markdown: the versions, then a
// row per requirement and a column per commit (a verdict that changed at a
// commit in bold, linked to its diff), then the time per operation of
// every workload at every commit and the change points, each naming its
// commit and subject.
func TimelineMarkdown(w io.Writer, t Timeline) error {
	m, err := t.model()
	if err != nil {
		return err
	}
	var b strings.Builder
	fmt.Fprintf(&b, "# %s\n\n", mdEscape(m.Title))
	b.WriteString("| # | Commit | Date | Subject | Outcomes | Verdicts changed |\n|---|---|---|---|---|---|\n")
	for i, v := range m.Versions {
		changed := "—"
		if i > 0 {
			changed = fmt.Sprint(m.Changed[i])
			if v.Diff != "" {
				changed = fmt.Sprintf("[%d](%s)", m.Changed[i], v.Diff)
			}
		}
		fmt.Fprintf(&b, "| %d | `%s` | %s | %s | %s | %s |\n", i+1, mdCode(v.Commit), m.Dates[i], mdEscape(v.Subject), mdEscape(v.Run.Summary()), changed)
	}
	b.WriteString("\n## Verdicts\n\nA verdict in **bold** changed at that commit; it links to the diff from the commit before.\n\n| ID | Level | Requirement |")
	for _, v := range m.Versions {
		fmt.Fprintf(&b, " `%s` |", mdCode(shortCommit(v.Commit)))
	}
	b.WriteString("\n|---|---|---|" + strings.Repeat("---|", len(m.Versions)) + "\n")
	for _, r := range m.Rows {
		fmt.Fprintf(&b, "| %s | %s | %s |", r.ID, r.Level, mdEscape(r.Title))
		for _, c := range r.Cells {
			switch {
			case c.Changed && c.Diff != "":
				fmt.Fprintf(&b, " [**%s**](%s) |", c.Text, c.Diff)
			case c.Changed:
				fmt.Fprintf(&b, " **%s** |", c.Text)
			default:
				fmt.Fprintf(&b, " %s |", c.Text)
			}
		}
		b.WriteString("\n")
	}
	if t.Speed != nil {
		b.WriteString("\n## Speed\n\nTime per operation, the median of each version's runs; a change point in **bold**.\n\n| Workload |")
		for _, v := range m.Versions {
			fmt.Fprintf(&b, " `%s` |", mdCode(shortCommit(v.Commit)))
		}
		b.WriteString("\n|---|" + strings.Repeat("---|", len(m.Versions)) + "\n")
		for _, r := range m.Speed {
			fmt.Fprintf(&b, "| %s |", mdEscape(r.Benchmark))
			for _, c := range r.Cells {
				if c.Change {
					fmt.Fprintf(&b, " **%s** |", mdEscape(c.Text))
				} else {
					fmt.Fprintf(&b, " %s |", mdEscape(c.Text))
				}
			}
			b.WriteString("\n")
		}
		b.WriteString("\n### Change points\n\n")
		if m.SpeedNote != "" {
			fmt.Fprintf(&b, "%s\n\n", mdEscape(m.SpeedNote))
		}
		if len(m.Changes) == 0 && m.SpeedNote == "" {
			b.WriteString("None: no series changed significantly.\n")
		}
		for _, c := range m.Changes {
			fmt.Fprintf(&b, "- %s (%s): %s, %s at `%s` (%s) “%s”, p=%s", mdEscape(c.Benchmark), c.Unit, c.Verdict, c.Change, mdCode(c.Commit), c.Date, mdEscape(c.Subject), c.P)
			if c.Marks != "" {
				fmt.Fprintf(&b, "; %s", c.Marks)
			}
			b.WriteString("\n")
		}
		if len(m.Warnings) > 0 {
			b.WriteString("\n### Warnings\n\n")
			for _, x := range m.Warnings {
				fmt.Fprintf(&b, "- %s\n", mdEscape(x))
			}
		}
	}
	_, err = io.WriteString(w, b.String())
	return err
}

// shortCommit is a commit as a column heading: its first 8 characters.
func shortCommit(c string) string {
	if len(c) > 8 {
		return c[:8]
	}
	return c
}
