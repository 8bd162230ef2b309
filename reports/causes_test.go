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

// TestCauses: the helpers behind the grouped errors, at their bounds: a
// group is three alike errors (minGroup), the ID list keeps up to twelve
// IDs and elides the middle of more (first six, the count of the rest
// less the last three, the last three).
func TestCauses(t *testing.T) {
	ids := func(n int) []string {
		var s []string
		for i := 1; i <= n; i++ {
			s = append(s, fmt.Sprintf("X-%02d", i))
		}
		return s
	}
	if got, want := idList(ids(12)), "X-01, X-02, X-03, X-04, X-05, X-06, X-07, X-08, X-09, X-10, X-11, X-12"; got != want {
		t.Errorf("12 IDs: %q, want %q", got, want)
	}
	if got, want := idList(ids(13)), "X-01, X-02, X-03, X-04, X-05, X-06, … 4 more …, X-11, X-12, X-13"; got != want {
		t.Errorf("13 IDs: %q, want %q", got, want)
	}
	one := []suite.Result{{ID: "INF-01", Standard: adapters.Inflate}, {ID: "DEN-01", Standard: adapters.Density}, {ID: "DEN-02", Standard: adapters.Density}}
	if got, want := perStandard(one), "inflate 1, density 2"; got != want {
		t.Errorf("perStandard %q, want %q", got, want)
	}
	errs := func(n int) []suite.Result {
		var rs []suite.Result
		for i := range n {
			rs = append(rs, suite.Result{ID: fmt.Sprintf("INF-%02d", i+1), Standard: adapters.Inflate, Outcome: suite.Errored, Message: "dead\nmore"})
		}
		return rs
	}
	if got := oneCause(errs(2)); got != "" {
		t.Errorf("two alike errors are one cause %q, want none (fewer than 3)", got)
	}
	if got := oneCause(errs(3)); got != "dead" {
		t.Errorf("three alike errors: cause %q, want dead", got)
	}
}

// TestTableGroups: three alike errors among other results are printed
// once as a group, and not again one by one; an error of another cause
// keeps its own block.
func TestTableGroups(t *testing.T) {
	rep := suite.Report{Adapter: adapters.Info{Name: "impl", Unit: "bytes"}, Results: []suite.Result{
		{ID: "INF-01", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.Passed},
		{ID: "INF-02", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.Errored, Message: "dead 1"},
		{ID: "INF-03", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.Errored, Message: "dead 2"},
		{ID: "INF-04", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.Errored, Message: "dead 3"},
		{ID: "INF-05", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.Errored, Message: "other"},
	}}
	var b bytes.Buffer
	if err := Table(&b, rep); err != nil {
		t.Fatal(err)
	}
	out := b.String()
	for _, want := range []string{"--- 3 requirements ERRORED alike: INF-02, INF-03, INF-04\n    the message of INF-02 (the others differ at most in numbers):\n    dead 1\n",
		"--- INF-05 ERRORED (MUST, ): t\n    other\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	for _, not := range []string{"--- INF-02 ERRORED", "--- INF-03 ERRORED", "--- INF-04 ERRORED", "All "} {
		if strings.Contains(out, not) {
			t.Errorf("holds %q:\n%s", not, out)
		}
	}
}
