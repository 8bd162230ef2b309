package reports

import (
	"bytes"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// TestMatrixPageCells: the page's data, read from its HTML: the newest
// start time, each cell's verdict with its expectation mark and duration,
// the outcomes of a row without repeats, the run that alone fails a row
// (none on a page of one run), the standards and outcomes the filters
// offer, and the replay hint for a run that did not say how to reach it.
func TestMatrixPageCells(t *testing.T) {
	t1 := time.Date(2026, 3, 1, 10, 0, 0, 0, time.UTC)
	t2 := t1.Add(time.Hour)
	res := func(id string, o suite.Outcome, d time.Duration) suite.Result {
		return suite.Result{ID: id, Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: o, Duration: d}
	}
	a := suite.Report{Adapter: adapters.Info{Name: "a"}, Started: t2, Results: []suite.Result{
		res("INF-01", suite.Passed, 1500*time.Millisecond), res("INF-02", suite.Failed, 0), res("INF-03", suite.Passed, 0), res("INF-04", suite.Failed, 0)}}
	b := suite.Report{Adapter: adapters.Info{Name: "b"}, Started: t1, Results: []suite.Result{
		res("INF-01", suite.Passed, 0), res("INF-02", suite.Passed, 0), res("INF-03", "weird", 0), res("INF-04", suite.Failed, 0),
		res("INF-05", suite.Passed, time.Nanosecond)}}
	b.Results[0].Replay = &suite.Replay{ID: "INF-01"}
	e := Expectations{Expectations: []Expectation{{ID: "INF-02", Reason: "r2"}, {ID: "INF-01", Reason: "r1"}}}
	runs := []Run{{Report: a, Check: e.Compare(a)}, {Report: b}}
	var buf bytes.Buffer
	if err := MatrixHTML(&buf, runs); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	for _, want := range []string{
		"newest run started 2026-03-01T11:00:00Z.",
		`<td class="only-count">1</td>`, // a alone fails INF-02 (b passes it); both fail INF-04
		`data-outcomes="passed" data-alone="-1">`,
		`data-outcomes="failed|passed" data-alone="0">`,
		`data-outcomes="passed|weird" data-alone="-1">`,
		`data-outcomes="failed" data-alone="-1">`,
		`data-outcome="passed">pass (fixed)`,
		`<p class="known">Expectations: fixed: r1</p>`,
		`data-outcome="failed">FAIL (known)`,
		`<p class="known">Expectations: known: r2</p>`,
		`<p class="duration">Took 1.5s.</p>`,
		`<option value="inflate">Context inflation (inflate)</option></select>`,
		`<option value="not run">not run</option><option value="weird">weird</option></select>`,
		`<p class="hint">add how to reach the implementation: --adapter postgres, or -- and the program&#39;s command line</p>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if n := strings.Count(page, "Took "); n != 2 || !strings.Contains(page, `<p class="duration">Took 0s.</p>`) {
		t.Errorf("%d durations shown, want the two that are not zero (1ns shown rounded to 0s)", n)
	}
	// Each run's row of the implementations' table holds its own badge:
	// a passes 2 of its 4 MUST requirements, b 3 of 5.
	rowA, rowB, _ := strings.Cut(page[strings.Index(page, `<tr data-run="0">`):], `<tr data-run="1">`)
	rowB, _, _ = strings.Cut(rowB, "</tr>")
	if !strings.Contains(rowA, `alt="inflate: 2/4 MUST"`) || strings.Contains(rowA, "3/5") || !strings.Contains(rowB, `alt="inflate: 3/5 MUST"`) {
		t.Errorf("the badges are not in their runs' rows:\n%s\n%s", rowA, rowB)
	}
	if n := strings.Count(page, "(known)") + strings.Count(page, "(fixed)"); n != 2 {
		t.Errorf("%d cells marked, want the 2 with an expectation", n)
	}
	if strings.Contains(page, `<option value="density">`) {
		t.Error("the filter offers a standard no row has")
	}
	// One run: nothing fails "only here".
	buf.Reset()
	if err := MatrixHTML(&buf, runs[:1]); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `data-alone="0"`) || !strings.Contains(buf.String(), `<td class="only-count">0</td>`) {
		t.Error("a page of one run marks a requirement as failing only there")
	}
	if buf.Reset(); MatrixHTML(&buf, nil) == nil {
		t.Error("a page of no runs")
	}
	// No start time: no "newest run".
	buf.Reset()
	if err := MatrixHTML(&buf, []Run{{Report: suite.Report{Adapter: adapters.Info{Name: "z"}, Results: a.Results}}}); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "newest run started") {
		t.Error("a run without a start time has one on the page")
	}
}

// TestReplayLine: the command that replays a saved case, its words quoted
// for a POSIX shell when they need it, and the hint only for a run that
// is not the reference and gave no arguments.
func TestReplayLine(t *testing.T) {
	for _, tt := range []struct {
		name string
		args []string
		cmd  string
		hint bool
	}{
		{"reference", nil, "conformance replay f.json", false},
		{"impl", nil, "conformance replay f.json", true},
		{"impl", []string{"--", "node", "my impl.js", "it's", ""}, `conformance replay f.json -- node 'my impl.js' 'it'\''s' ''`, false},
		{"reference", []string{"--adapter", "postgres"}, "conformance replay f.json --adapter postgres", false},
	} {
		cmd, hint := replayLine(Run{ReplayArgs: tt.args, Report: suite.Report{Adapter: adapters.Info{Name: tt.name}}}, "f.json")
		if cmd != tt.cmd || (hint != "") != tt.hint {
			t.Errorf("%s %q: %q, hint %q; want %q, hint %v", tt.name, tt.args, cmd, hint, tt.cmd, tt.hint)
		}
	}
}
