package reports

import (
	"bytes"
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// unstartedReport is a run whose program never started: every requirement
// of two standards errored with one message.
func unstartedReport(n int, msg func(i int) string) suite.Report {
	rep := suite.Report{Adapter: adapters.Info{Name: "python3 exit.py"}, Level: suite.Should}
	for i := 0; i < n; i++ {
		std := adapters.Inflate
		if i >= n/2 {
			std = adapters.Density
		}
		rep.Results = append(rep.Results, suite.Result{ID: fmt.Sprintf("X-%02d", i), Standard: std, Level: suite.Must,
			Title: "a requirement", Outcome: suite.Errored, Message: msg(i)})
	}
	return rep
}

// TestTableOneCause: alike errors are printed once, with the IDs they
// cover; the heading of an implementation that never described itself says
// so; distinct errors and failures keep their own blocks; skip reasons are
// listed. The Markdown report still gives every requirement its message.
func TestTableOneCause(t *testing.T) {
	never := func(int) string {
		return "the implementation did not start: exited: exit status 1\nstderr:\n  ImportError: no module named numpy"
	}
	perSeq := func(i int) string {
		return fmt.Sprintf("generated request: inflate: implementation fault: inflate seq %d: exited: exit status 3", i+1)
	}
	for _, c := range []struct {
		name     string
		rep      suite.Report
		maxLines int
		want     []string
		not      []string
	}{
		{"never started", unstartedReport(141, never), 30,
			[]string{"(it did not describe itself)", "141 requirements ERRORED alike", "ImportError: no module named numpy", "All 141 requirements ERROR (inflate 70, density 71): the implementation did not start"},
			[]string{"counts )", "--- X-00 ERRORED"}},
		{"dies at every request", unstartedReport(40, perSeq), 30,
			[]string{"40 requirements ERRORED alike: X-00, X-01", "inflate seq 1: exited"},
			[]string{"--- X-05 ERRORED"}},
		{"two distinct errors", unstartedReport(2, perSeq), 100,
			[]string{"--- X-00 ERRORED", "--- X-01 ERRORED"},
			[]string{"alike"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Table(&b, c.rep); err != nil {
				t.Fatal(err)
			}
			out := b.String()
			if n := strings.Count(out, "\n"); n > c.maxLines {
				t.Errorf("%d lines, want at most %d:\n%s", n, c.maxLines, out)
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("lacks %q:\n%s", w, out)
				}
			}
			for _, w := range c.not {
				if strings.Contains(out, w) {
					t.Errorf("holds %q:\n%s", w, out)
				}
			}
			var md bytes.Buffer
			if err := Markdown(&md, []Run{{Report: c.rep}}); err != nil {
				t.Fatal(err)
			}
			for _, r := range c.rep.Results {
				if !strings.Contains(md.String(), "**"+r.ID+"** errored") {
					t.Errorf("Markdown lacks the message of %s", r.ID)
				}
			}
		})
	}
}

// TestSkipReasons: the table and the Markdown report give each skipped
// requirement's reason.
func TestSkipReasons(t *testing.T) {
	rep := suite.Report{Adapter: adapters.Info{Name: "impl", Version: "1", Unit: "bytes"}, Level: suite.Should, Results: []suite.Result{
		{ID: "INF-03", Standard: adapters.Inflate, Outcome: suite.Passed},
		{ID: "INF-07", Standard: adapters.Inflate, Outcome: suite.Skipped, Message: "no budget | cap applies\nsecond line"},
	}}
	var tb, md bytes.Buffer
	if err := Table(&tb, rep); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&md, []Run{{Report: rep}}); err != nil {
		t.Fatal(err)
	}
	for name, c := range map[string]struct{ got, want string }{
		"table":    {tb.String(), "INF-07  no budget | cap applies"},
		"markdown": {md.String(), "- `INF-07` no budget \\| cap applies"},
	} {
		if !strings.Contains(c.got, c.want) {
			t.Errorf("%s lacks %q:\n%s", name, c.want, c.got)
		}
	}
}
