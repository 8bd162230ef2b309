package reports_test

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/bench/history"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// madeUpTimeline is eight versions of an implementation: INF-07 passes at
// the first three and fails from the fourth (commit c4); the inflation
// benchmark takes 100 µs per operation up to c4 and 200 µs from c5, a
// change point the history analysis finds at c5. With wrong, c5 onwards
// were timed on non-conforming answers.
func madeUpTimeline(t *testing.T, wrong bool) reports.Timeline {
	t.Helper()
	var tl reports.Timeline
	var runs []*history.Run
	day := time.Date(2026, 2, 14, 0, 0, 0, 0, time.UTC)
	for i := 1; i <= 8; i++ {
		commit := fmt.Sprintf("c%d", i)
		inf07 := suite.Passed
		if i >= 4 {
			inf07 = suite.Failed
		}
		rep := suite.Report{Adapter: adapters.Info{Name: "engine", Version: commit}, Level: suite.Robust, Results: []suite.Result{
			{ID: "INF-01", Title: "Windows lie inside their documents.", Standard: adapters.Inflate, Level: suite.Must, Outcome: suite.Passed},
			{ID: "INF-07", Title: "No window is longer than the cap.", Standard: adapters.Inflate, Level: suite.Must, Outcome: inf07},
		}}
		v := reports.TimelineVersion{Commit: commit, Subject: fmt.Sprintf("subject of %s", commit), Date: day.AddDate(0, 0, i), Run: reports.Run{Report: rep}}
		if i > 1 {
			v.Diff = fmt.Sprintf("diff-c%d-%s.md", i-1, commit)
		}
		tl.Versions = append(tl.Versions, v)
		ns := 100000 + i
		if i >= 5 {
			ns = 200000 + i
		}
		mark := ""
		if wrong && i >= 5 {
			mark = "conformance: nonconforming\n"
		}
		text := fmt.Sprintf("commit: %s\ndate: %s\n%sBenchmarkInflate/hits=10 1000 %d ns/op\nBenchmarkInflate/hits=10 1000 %d ns/op\n", commit, v.Date.Format(time.RFC3339), mark, ns, ns+1)
		r, err := history.Parse([]byte(text), commit+".txt", history.ReadOptions{})
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, r)
	}
	h, err := history.NewHistory(runs)
	if err != nil {
		t.Fatal(err)
	}
	if tl.Speed, err = history.Analyse(h, history.Detector{PValue: 0.05, MinSegment: 3, Seed: 1}); err != nil {
		t.Fatal(err)
	}
	return tl
}

// TestTimeline: the verdict that changed at a commit is marked there and
// linked to its diff, and no other; the change point in speed names its
// commit and subject; a change point where conformance changed says so.
func TestTimeline(t *testing.T) {
	for _, c := range []struct {
		name   string
		render func(*bytes.Buffer, reports.Timeline) error
		want   []string
		not    []string
	}{
		{"markdown", func(b *bytes.Buffer, tl reports.Timeline) error { return reports.TimelineMarkdown(b, tl) },
			[]string{
				"| INF-07 | MUST | No window is longer than the cap. | pass | pass | pass | [**FAIL**](diff-c3-c4.md) | FAIL | FAIL | FAIL | FAIL |",
				"| INF-01 | MUST | Windows lie inside their documents. | pass | pass | pass | pass | pass | pass | pass | pass |",
				"| 4 | `c4` | 2026-02-18 | subject of c4 |",
				"| [1](diff-c3-c4.md) |",
				"| Inflate/hits=10 | 100.0µs | 100.0µs | 100.0µs | 100.0µs | **200.0µs** | 200.0µs | 200.0µs | 200.0µs |",
				"- Inflate/hits=10 (sec/op): regression, +100.0% at `c5` (2026-02-19) “subject of c5”",
			}, []string{"conformance changed here", "[**pass**]"}},
		{"html", func(b *bytes.Buffer, tl reports.Timeline) error { return reports.TimelineHTML(b, tl) },
			[]string{
				`<td class="cell o-failed changed" data-version="3"><a class="diff" href="diff-c3-c4.md"`,
				`<th class="commit changed" data-commit="c4"`,
				`class="num cp cp-regression" data-version="4" title="change point: &#43;100.0% (regression)`,
				`at <code>c5</code> (2026-02-19) “<span class="subject">subject of c5</span>”`,
			}, []string{`<th class="commit changed" data-commit="c5"`, "conformance changed here"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := c.render(&b, madeUpTimeline(t, false)); err != nil {
				t.Fatal(err)
			}
			for _, w := range c.want {
				if !strings.Contains(b.String(), w) {
					t.Errorf("no %q in:\n%s", w, b.String())
				}
			}
			for _, w := range c.not {
				if strings.Contains(b.String(), w) {
					t.Errorf("%q in:\n%s", w, b.String())
				}
			}
			b.Reset()
			if err := c.render(&b, madeUpTimeline(t, true)); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(b.String(), "conformance changed here") || !strings.Contains(b.String(), "200.0µs (non-conforming)") {
				t.Errorf("the change point between conforming and non-conforming runs is not said:\n%s", b.String())
			}
		})
	}
}

// TestTimelineRefuses: no versions, or a commit twice, is an error naming
// it.
func TestTimelineRefuses(t *testing.T) {
	var b bytes.Buffer
	if err := reports.TimelineMarkdown(&b, reports.Timeline{}); err == nil || !strings.Contains(err.Error(), "no versions") {
		t.Errorf("no versions: %v", err)
	}
	tl := madeUpTimeline(t, false)
	tl.Versions[2].Commit = "c1"
	if err := reports.TimelineHTML(&b, tl); err == nil || !strings.Contains(err.Error(), "commit c1 is given twice") {
		t.Errorf("a commit twice: %v", err)
	}
}
