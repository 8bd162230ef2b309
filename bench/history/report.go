package history

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"time"

	"github.com/olekukonko/tablewriter"
	"github.com/olekukonko/tablewriter/renderer"
	"github.com/olekukonko/tablewriter/tw"
	"golang.org/x/perf/benchunit"
)

// Report is an analysis and its gate, ready to render.
type Report struct {
	*Analysis
	Gate     Gate
	Location string
}

// NewReport judges a against the acknowledgements.
func NewReport(a *Analysis, acks []Ack, location string) *Report {
	return &Report{Analysis: a, Gate: a.Gate(acks), Location: location}
}

// Failed reports whether the gate fails.
// A history with files skipped unread fails too.
func (r *Report) Failed() bool { return len(r.Gate.Failing) > 0 || len(r.Unread) > 0 }

// Verdict is the one-line outcome.
func (r *Report) Verdict() string {
	var fail []string
	if n := len(r.Gate.Failing); n == 1 {
		fail = append(fail, "1 series ends in an unacknowledged regression")
	} else if n > 1 {
		fail = append(fail, fmt.Sprintf("%d series end in an unacknowledged regression", n))
	}
	if n := len(r.Unread); n > 0 {
		fail = append(fail, fmt.Sprintf("%d %s of the history not read (--skip-unreadable): %s could hold a regression",
			n, plural(n, "file", "files"), plural(n, "the run it holds", "the runs they hold")))
	}
	if len(fail) > 0 {
		return "FAIL: " + strings.Join(fail, "; ")
	}
	s := "ok: no series ends in an unacknowledged regression"
	if n := len(r.Gate.Acknowledged); n > 0 {
		s += fmt.Sprintf(" (%d acknowledged)", n)
	}
	return s
}

func (r *Report) summary() string {
	runs := r.History.Runs
	if len(runs) == 0 {
		return fmt.Sprintf("%s: no runs", r.Location)
	}
	with := 0
	for _, s := range r.Series {
		if len(s.ChangePoints) > 0 {
			with++
		}
	}
	first, last := runs[0], runs[len(runs)-1]
	return fmt.Sprintf("%s: %d runs from %s (%s) to %s (%s); %d series, %d with change points (p <= %g, segments >= %d runs, change >= %g%%)",
		r.Location, len(runs), first.Date.Format(time.DateOnly), short(first.Commit), last.Date.Format(time.DateOnly), short(last.Commit),
		len(r.Series), with, r.Detector.PValue, r.Detector.MinSegment, 100*r.Detector.MinChange)
}

func short(commit string) string {
	if len(commit) > 12 {
		return commit[:12]
	}
	return commit
}

// ChangeText is a relative change as a signed percentage.
func ChangeText(c float64) string {
	if math.IsInf(c, 0) {
		return "from 0"
	}
	return fmt.Sprintf("%+.1f%%", 100*c)
}

// status is what a change point means for the gate.
func (r *Report) status(s *SeriesResult, i int) (status string) {
	cp := s.ChangePoints[i]
	newest := i == len(s.ChangePoints)-1
	if s.marked(func(p Point) bool { return p.Unmeasured != "" }) {
		defer func() { status += " (some runs not measured: see the warnings)" }()
	}
	if at := cp.Index; at > 0 && at < len(s.Points) && s.Points[at-1].Nonconforming != s.Points[at].Nonconforming {
		defer func() {
			status += fmt.Sprintf(" (conformance changed here: %s, the change sets non-conforming runs against conforming ones)", conformanceAt(s.Points[at]))
		}()
	} else if s.marked(func(p Point) bool { return p.Nonconforming }) {
		defer func() { status += " (some runs non-conforming: see the warnings)" }()
	}
	switch {
	case cp.Verdict != Regression:
		return cp.Verdict
	case !newest:
		return "regression (superseded)"
	}
	for _, f := range r.Gate.Acknowledged {
		if f.Series == s {
			return "regression, acknowledged: " + f.Ack.Reason
		}
	}
	return "REGRESSION"
}

// marked reports whether a point of s is marked as is says.
func (s *SeriesResult) marked(is func(Point) bool) bool {
	return slices.ContainsFunc(s.Points, is)
}

// conformanceAt says whether p's runs conformed.
func conformanceAt(p Point) string {
	if p.Nonconforming {
		return "non-conforming from this commit"
	}
	return "conforming from this commit"
}

// Text writes the change points as a terminal table, then the warnings
// and the verdict.
func (r *Report) Text(w io.Writer) error {
	fmt.Fprintf(w, "%s\n\n", r.summary())
	if err := r.table(w, false); err != nil {
		return err
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(w, "Warnings (%d):\n", len(r.Warnings))
		for _, x := range r.Warnings {
			fmt.Fprintf(w, "  %s\n", x)
		}
		fmt.Fprintln(w)
	}
	for _, a := range r.Gate.Unused {
		fmt.Fprintf(w, "%s:%d: acknowledgement of %s %s covers no newest regression\n", a.File, a.Line, a.Commit, a.Benchmark)
	}
	fmt.Fprintln(w, r.Verdict())
	for _, f := range r.Gate.Failing {
		fmt.Fprintf(w, "REGRESSION %s %s at %s (%s): %s, p=%.3g\n", f.Series.Benchmark, f.Series.Unit, f.Point.Commit, f.Point.Source, ChangeText(f.Point.Change), f.Point.P)
	}
	return nil
}

// Markdown writes the report for a pull request or a CI job summary.
func (r *Report) Markdown(w io.Writer) error {
	fmt.Fprintf(w, "### Performance history\n\n**%s**\n\n%s\n\n", r.Verdict(), md(r.summary()))
	if err := r.table(w, true); err != nil {
		return err
	}
	if len(r.Warnings) > 0 {
		fmt.Fprintf(w, "<details><summary>%d warnings</summary>\n\n", len(r.Warnings))
		for _, x := range r.Warnings {
			fmt.Fprintf(w, "- %s\n", md(x))
		}
		fmt.Fprint(w, "\n</details>\n\n")
	}
	for _, f := range r.Gate.Failing {
		fmt.Fprintf(w, "- %s\n", md(fmt.Sprintf("REGRESSION %s %s at %s: %s, p=%.3g", f.Series.Benchmark, f.Series.Unit, f.Point.Commit, ChangeText(f.Point.Change), f.Point.P)))
	}
	return nil
}

func md(s string) string {
	return strings.NewReplacer("|", `\|`, "*", `\*`, "_", `\_`, "<", "&lt;").Replace(s)
}

func (r *Report) table(w io.Writer, markdown bool) error {
	opts := []tablewriter.Option{tablewriter.WithHeaderAutoFormat(tw.Off), tablewriter.WithRowAutoWrap(tw.WrapNone)}
	if markdown {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewMarkdown()))
	} else {
		opts = append(opts, tablewriter.WithRenderer(renderer.NewBlueprint()))
	}
	rows := 0
	tb := tablewriter.NewTable(w, opts...)
	tb.Header("Benchmark", "Unit", "Commit", "Date", "Before", "After", "Change", "p", "Verdict")
	for _, s := range r.Series {
		for i, cp := range s.ChangePoints {
			sc := benchunit.CommonScale([]float64{cp.Before, cp.After}, benchunit.ClassOf(s.Unit))
			name := s.Benchmark
			if markdown {
				name = md(name)
			}
			if err := tb.Append(name, s.Unit, short(cp.Commit), cp.Date.Format(time.DateOnly), sc.Format(cp.Before), sc.Format(cp.After),
				ChangeText(cp.Change), fmt.Sprintf("%.3g", cp.P), r.status(s, i)); err != nil {
				return err
			}
			rows++
		}
	}
	if rows == 0 {
		if r.TooFew != "" {
			fmt.Fprintln(w, r.TooFew)
		} else {
			fmt.Fprintln(w, "No change points.")
		}
		fmt.Fprintln(w)
		return nil
	}
	if err := tb.Render(); err != nil {
		return err
	}
	fmt.Fprintln(w)
	return nil
}

// JSON document types (format ctxconform-history/1).
type (
	jsonReport struct {
		Format   string       `json:"format"`
		Location string       `json:"location"`
		Detector jsonDetector `json:"detector"`
		Runs     []jsonRun    `json:"runs"`
		Series   []jsonSeries `json:"series"`
		Gate     jsonGate     `json:"gate"`
		Warnings []string     `json:"warnings"`
		TooFew   string       `json:"too_few,omitempty"`
		Unread   []string     `json:"unread"`
		Verdict  string       `json:"verdict"`
		Failed   bool         `json:"failed"`
	}
	jsonDetector struct {
		PValue       float64 `json:"p_value"`
		Permutations int     `json:"permutations"`
		MinSegment   int     `json:"min_segment"`
		MinChange    float64 `json:"min_change"`
	}
	jsonRun struct {
		Commit string    `json:"commit"`
		Date   time.Time `json:"date"`
		Source string    `json:"source"`
	}
	jsonChange struct {
		ChangePoint
		Change *float64 `json:"change"` // null when the median was 0 before
		Status string   `json:"status"`
	}
	jsonSeries struct {
		Key
		Better       int          `json:"better"`
		Points       []Point      `json:"points"`
		ChangePoints []jsonChange `json:"change_points"`
		Best         Point        `json:"best"`
		Note         string       `json:"note,omitempty"`
	}
	jsonFinding struct {
		Key
		Commit string   `json:"commit"`
		Change *float64 `json:"change"`
		P      float64  `json:"p"`
		Reason string   `json:"reason,omitempty"`
	}
	jsonGate struct {
		Failing      []jsonFinding `json:"failing"`
		Acknowledged []jsonFinding `json:"acknowledged"`
		UnusedAcks   []Ack         `json:"unused_acks"`
	}
)

func finite(c float64) *float64 {
	if math.IsInf(c, 0) || math.IsNaN(c) {
		return nil
	}
	return &c
}

// JSON writes the report as JSON (format ctxconform-history/1).
func (r *Report) JSON(w io.Writer) error {
	d := r.Detector
	out := jsonReport{Format: "ctxconform-history/1", Location: r.Location, Verdict: r.Verdict(), Failed: r.Failed(),
		Detector: jsonDetector{d.PValue, d.Permutations, d.MinSegment, d.MinChange},
		Runs:     []jsonRun{}, Series: []jsonSeries{}, Warnings: append([]string{}, r.Warnings...),
		TooFew: r.TooFew, Unread: append([]string{}, r.Unread...),
		Gate: jsonGate{Failing: []jsonFinding{}, Acknowledged: []jsonFinding{}, UnusedAcks: append([]Ack{}, r.Gate.Unused...)}}
	for _, run := range r.History.Runs {
		out.Runs = append(out.Runs, jsonRun{run.Commit, run.Date, run.Source})
	}
	for _, s := range r.Series {
		js := jsonSeries{Key: s.Key, Better: s.Better, Note: s.Note, ChangePoints: []jsonChange{}}
		js.Points = s.Points
		js.Best = s.Points[s.Best]
		for i, cp := range s.ChangePoints {
			js.ChangePoints = append(js.ChangePoints, jsonChange{cp, finite(cp.Change), r.status(s, i)})
		}
		out.Series = append(out.Series, js)
	}
	for _, f := range r.Gate.Failing {
		out.Gate.Failing = append(out.Gate.Failing, jsonFinding{f.Series.Key, f.Point.Commit, finite(f.Point.Change), f.Point.P, ""})
	}
	for _, f := range r.Gate.Acknowledged {
		out.Gate.Acknowledged = append(out.Gate.Acknowledged, jsonFinding{f.Series.Key, f.Point.Commit, finite(f.Point.Change), f.Point.P, f.Ack.Reason})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}
