package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/bench/history"
	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

const timelineUsage = `usage: conformance timeline [flags] MANIFEST.json

Shows one implementation across its history: for each version, in the
order the manifest lists them (oldest first), its conformance report
(conformance run --json) and, optionally, its benchmark results
(conformance bench -o, with --time-nonconforming for a version whose
answers fail). Writes a page, --html and/or --markdown: a row per
requirement and a column per commit, each verdict that changed at a commit
marked and linked to the conformance diff from the commit before (written
beside the page as diff-OLD-NEW.md, as conformance diff --markdown writes
it); then the time per operation of every workload at every commit, with
the change points that the history analysis (conformance history) finds,
each naming its commit and subject. The manifest's format is in
docs/files.md:

  {"format": "ctxconform-timeline/1", "title": "anchor-engine-node",
   "versions": [
     {"commit": "744e5423", "date": "2026-02-14", "subject": "inflate: ...",
      "report": "744e5423.json", "bench": "744e5423.txt"}, ...]}

  conformance timeline --html timeline.html --markdown timeline.md manifest.json

Exit status: 0 the page was written; 2 usage error (a manifest, report or
results file that cannot be read or is not one, naming the file and field;
an unwritable output).

Flags:
`

// TimelineFormat is the "format" of a timeline manifest.
const TimelineFormat = "ctxconform-timeline/1"

// Bounds of a timeline manifest (docs/files.md).
const (
	maxManifestBytes = 1 << 20
	maxVersions      = 200
	maxSubject       = 300 // bytes
	maxTitle         = 200 // bytes
)

// timelineManifest is the manifest file.
type timelineManifest struct {
	Format   string            `json:"format"`
	Title    string            `json:"title"`
	Versions []manifestVersion `json:"versions"`
}

type manifestVersion struct {
	Commit  string `json:"commit"`
	Date    string `json:"date"`
	Subject string `json:"subject"`
	Report  string `json:"report"`
	Bench   string `json:"bench"`
}

func cmdTimeline(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("timeline", timelineUsage, stderr)
	html := fs.String("html", "", "write the timeline as a self-contained HTML page to `FILE`")
	md := fs.String("markdown", "", "write the timeline as Markdown to `FILE`")
	pvalue := floatFlag(fs, "p-value", 0.05, 0, 1, true, true, "significance level of the change points' permutation test (a history of a few versions cannot reach conformance history's 0.002)")
	minSeg := intFlag(fs, "min-segment", 3, 2, math.Inf(1), "fewest versions on either side of a change point")
	files, err := parseInterspersed(fs, args)
	if err != nil {
		return shownUsage(err)
	}
	if err := checkFlags(fs); err != nil {
		return err
	}
	if len(files) != 1 {
		return usagef("want one manifest, MANIFEST.json; got %d", len(files))
	}
	if *html == "" && *md == "" {
		return usagef("nothing to write: give --html FILE and/or --markdown FILE")
	}
	if *html == "-" || *md == "-" {
		return usagef("the timeline's diffs are written beside its page: give --html and --markdown a file, not -")
	}
	dir := filepath.Dir(*html)
	if *html == "" {
		dir = filepath.Dir(*md)
	}
	tl, diffs, err := readTimeline(files[0], history.Detector{PValue: pvalue.Float(), MinSegment: minSeg.Int(), Seed: 1})
	if err != nil {
		return err
	}
	for name, d := range diffs {
		if err := writeOutput(filepath.Join(dir, name), stdout, func(w io.Writer) error { return reports.DiffMarkdown(w, d) }); err != nil {
			return asUsage(err)
		}
	}
	for _, out := range []struct {
		path  string
		write func(io.Writer, reports.Timeline) error
	}{{*html, reports.TimelineHTML}, {*md, reports.TimelineMarkdown}} {
		if out.path == "" {
			continue
		}
		if err := writeOutput(out.path, stdout, func(w io.Writer) error { return out.write(w, tl) }); err != nil {
			return asUsage(err)
		}
	}
	fmt.Fprintf(stderr, "conformance timeline: %d versions, %d diffs written beside the page\n", len(tl.Versions), len(diffs))
	return nil
}

// readTimeline reads the manifest at path and every file it names
// (relative to the manifest's folder), and returns the timeline and the
// diffs of adjacent versions by the file name the page links them as.
func readTimeline(path string, det history.Detector) (reports.Timeline, map[string]reports.Diff, error) {
	var tl reports.Timeline
	m, err := readManifest(path)
	if err != nil {
		return tl, nil, err
	}
	tl.Title = m.Title
	base := filepath.Dir(path)
	rel := func(p string) string {
		if filepath.IsAbs(p) {
			return p
		}
		return filepath.Join(base, p)
	}
	rr := newReportReader()
	diffs := map[string]reports.Diff{}
	seen := map[string]int{} // commit → version
	var runs []*history.Run
	for i, v := range m.Versions {
		field := fmt.Sprintf("%s: versions[%d]", path, i)
		doc, err := rr.read(rel(v.Report))
		if err != nil {
			return tl, nil, fmt.Errorf("%s.report: %w", field, err)
		}
		if len(doc.Runs) != 1 {
			return tl, nil, usagef("%s.report: %s holds %d runs: a timeline takes one run per version (one implementation, one conformance run --json)", field, v.Report, len(doc.Runs))
		}
		run := doc.Runs[0]
		if v.Commit == "" {
			v.Commit = run.Adapter.Version // the report's own label
		}
		if v.Commit == "" {
			return tl, nil, usagef("%s.commit: missing, and the report %s names no adapter version to take it from", field, v.Report)
		}
		if err := history.CheckCommit(v.Commit); err != nil {
			return tl, nil, usagef("%s.commit: %v", field, err)
		}
		if _, err := oneLine(v.Commit, history.MaxCommit); err != nil {
			return tl, nil, usagef("%s.commit: %v", field, err)
		}
		if j, dup := seen[v.Commit]; dup {
			return tl, nil, usagef("%s.commit: %s is versions[%d]'s commit too: a timeline has one version per commit", field, v.Commit, j)
		}
		seen[v.Commit] = i
		date, err := manifestDate(v.Date)
		if err != nil {
			return tl, nil, usagef("%s.date: %v", field, err)
		}
		if v.Subject, err = oneLine(v.Subject, maxSubject); err != nil {
			return tl, nil, usagef("%s.subject: %v", field, err)
		}
		tv := reports.TimelineVersion{Commit: v.Commit, Subject: v.Subject, Date: date, Run: run}
		if i > 0 {
			prev := tl.Versions[i-1]
			d, err := reports.DiffReports([]reports.Run{prev.Run}, []reports.Run{run}, suite.Must)
			if err != nil {
				return tl, nil, usagef("%s: the diff from %s: %v", field, prev.Commit, err)
			}
			d.OldSrc, d.NewSrc = prev.Commit, v.Commit
			tv.Diff = "diff-" + fileWord(prev.Commit) + "-" + fileWord(v.Commit) + ".md"
			diffs[tv.Diff] = d
		}
		tl.Versions = append(tl.Versions, tv)
		if v.Bench == "" {
			continue
		}
		data, err := bounded.ReadFile(rel(v.Bench), "a benchmark results file", bounded.Results)
		if err != nil {
			return tl, nil, usagef("%s.bench: %v", field, err)
		}
		_, r, err := history.Stamp(data, rel(v.Bench), []format.Config{{Key: history.KeyCommit, Value: v.Commit}, {Key: history.KeyDate, Value: date.Format(time.RFC3339)}}, history.ReadOptions{})
		if err != nil {
			return tl, nil, usagef("%s.bench: %v", field, err)
		}
		runs = append(runs, r)
	}
	if len(runs) > 0 {
		h, err := history.NewHistory(runs)
		if err != nil {
			return tl, nil, usagef("%s: %v", path, err)
		}
		if tl.Speed, err = history.Analyse(h, det); err != nil {
			return tl, nil, usagef("%s: %v", path, err)
		}
	}
	return tl, diffs, nil
}

// readManifest reads and checks a timeline manifest: its format, at least
// one and at most maxVersions versions, each with a report, a title of one
// line; unknown fields are refused, naming them.
func readManifest(path string) (timelineManifest, error) {
	var m timelineManifest
	data, err := bounded.ReadFile(path, "a timeline manifest", maxManifestBytes)
	if err != nil {
		return m, asUsage(err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&m); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return m, usagef("%s: not JSON at byte %d: %v", path, syn.Offset, err)
		}
		return m, usagef("%s: %v", path, err)
	}
	if dec.More() {
		return m, usagef("%s: more than one JSON document", path)
	}
	switch {
	case m.Format != TimelineFormat:
		return m, usagef("%s: format %q: want %q", path, clip.Text(m.Format, 60), TimelineFormat)
	case len(m.Versions) == 0:
		return m, usagef("%s: versions: none (list each version's commit, date and report)", path)
	case len(m.Versions) > maxVersions:
		return m, usagef("%s: versions: %d, at most %d", path, len(m.Versions), maxVersions)
	}
	if m.Title, err = oneLine(m.Title, maxTitle); err != nil {
		return m, usagef("%s: title: %v", path, err)
	}
	for i, v := range m.Versions {
		if v.Report == "" {
			return m, usagef("%s: versions[%d].report: missing (the version's conformance run --json)", path, i)
		}
	}
	return m, nil
}

// manifestDate reads a version's date: RFC 3339 or a day (2026-02-14).
func manifestDate(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, errors.New("missing (the commit's date, e.g. 2026-02-14 or 2026-02-14T10:00:00Z)")
	}
	for _, layout := range []string{time.RFC3339, time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("%q is neither RFC 3339 nor a day like 2026-02-14", clip.Text(s, 40))
}

// oneLine checks a text of the manifest: one line of UTF-8 without
// control characters, of at most max bytes.
func oneLine(s string, max int) (string, error) {
	switch {
	case !utf8.ValidString(s):
		return s, errors.New("not UTF-8")
	case strings.ContainsAny(s, "\r\n"):
		return s, fmt.Errorf("%q is not one line", clip.Text(s, 40))
	case strings.ContainsFunc(s, unicode.IsControl):
		return s, fmt.Errorf("%q holds a control character", clip.Text(s, 40))
	case len(s) > max:
		return s, fmt.Errorf("%d bytes (%q), at most %d", len(s), clip.Text(s, 40), max)
	}
	return s, nil
}

// fileWord is a commit as part of a file name: anything but letters,
// digits, '.', '_' and '-' becomes '-'.
func fileWord(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '.' || r == '_' || r == '-' || r >= '0' && r <= '9' || r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' {
			return r
		}
		return '-'
	}, s)
}
