package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// TestRegression: Regression's doc comment as a table. Worse is: now
// failing the gate (failed, errored, not run) where it did not, or was not
// checked; now not implemented where it was checked. The same outcome is
// never a regression, not implemented twice included.
func TestRegression(t *testing.T) {
	const none = suite.Outcome("")
	for _, tt := range []struct {
		prev, cur suite.Outcome
		want      bool
	}{
		{suite.NotImplemented, suite.NotImplemented, false},
		{suite.Failed, suite.Failed, false},
		{suite.Passed, suite.Failed, true},
		{none, suite.Errored, true},
		{suite.Skipped, suite.NotRun, true},
		{suite.Failed, suite.Errored, false},
		{suite.Passed, suite.NotImplemented, true},
		{none, suite.NotImplemented, false},
		{suite.Passed, suite.Skipped, false},
		{suite.Failed, suite.Passed, false},
	} {
		if got := Regression(tt.prev, tt.cur); got != tt.want {
			t.Errorf("Regression(%q, %q) = %v, want %v", tt.prev, tt.cur, got, tt.want)
		}
	}
}

// TestRunNotes: what makes two runs less comparable is said, each once,
// and nothing when they agree.
func TestRunNotes(t *testing.T) {
	run := func(seed int64, l suite.Level, sh *suite.Shard, interrupted string) Run {
		return Run{Report: suite.Report{Adapter: adapters.Info{Name: "x"}, Seed: seed, Level: l, Shard: sh, Interrupted: interrupted}}
	}
	s12, s22, s12b := &suite.Shard{Index: 1, Count: 2}, &suite.Shard{Index: 2, Count: 2}, &suite.Shard{Index: 1, Count: 2}
	for _, tt := range []struct {
		name      string
		prev, cur Run
		want      string
	}{
		{"alike", run(1, suite.Must, s12, ""), run(1, suite.Must, s12b, ""), ""},
		{"seeds", run(1, suite.Must, nil, ""), run(2, suite.Must, nil, ""), "seeds differ (1, then 2): generated cases differ"},
		{"levels", run(1, suite.Must, nil, ""), run(1, suite.Reference, nil, ""), "levels differ (must, then strict)"},
		{"a shard and a whole run", run(1, suite.Must, nil, ""), run(1, suite.Must, s12, ""), "shards differ (whole, then 1/2)"},
		{"two shards", run(1, suite.Must, s22, ""), run(1, suite.Must, s12, ""), "shards differ (2/2, then 1/2)"},
		{"old cut short", run(1, suite.Must, nil, "SIGINT"), run(1, suite.Must, nil, ""), "the old run was cut short (SIGINT)"},
		{"new cut short", run(1, suite.Must, nil, ""), run(1, suite.Must, nil, "deadline"), "the new run was cut short (deadline)"},
	} {
		if got := strings.Join(runNotes(tt.prev, tt.cur), "; "); got != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, got, tt.want)
		}
	}
}

// TestDiffKinds: every kind of change from hand-made runs, the gate at
// MUST (a SHOULD regression listed, not gating), the closing line of
// counts with its plurals, and the verdict's.
func TestDiffKinds(t *testing.T) {
	r := func(id string, l suite.Level, o suite.Outcome, msg string) suite.Result {
		return suite.Result{ID: id, Standard: adapters.Inflate, Level: l, Outcome: o, Message: msg}
	}
	prev := Run{Report: suite.Report{Adapter: adapters.Info{Name: "a"}, Results: []suite.Result{
		r("INF-01", suite.Must, suite.Passed, ""),
		r("INF-02", suite.Must, suite.Passed, ""),
		r("INF-03", suite.Must, suite.Passed, ""),
		r("INF-04", suite.Must, suite.Failed, "m1"),
		r("INF-05", suite.Must, suite.Failed, "m"),
		r("INF-06", suite.Must, suite.Failed, ""),
		r("INF-07", suite.Must, suite.Passed, ""),
		r("INF-08", suite.Should, suite.Passed, ""),
		r("INF-09", suite.Must, suite.Skipped, "s1"),
		r("INF-10", suite.Must, suite.Failed, "f"),
		r("INF-11", suite.Must, suite.NotRun, ""),
	}}}
	cur := Run{Report: suite.Report{Adapter: adapters.Info{Name: "b"}, Results: []suite.Result{
		r("INF-01", suite.Must, suite.Failed, "x"),          // new failure, gates
		r("INF-02", suite.Must, suite.Errored, "y"),         // newly errored, gates
		r("INF-03", suite.Must, suite.NotImplemented, ""),   // newly not implemented, gates
		r("INF-04", suite.Must, suite.Failed, "m2"),         // message changed
		r("INF-05", suite.Must, suite.Failed, "m"),          // unchanged
		r("INF-06", suite.Must, suite.Passed, ""),           // fixed
		r("INF-08", suite.Should, suite.Failed, "z"),        // new failure above MUST: no gate
		r("INF-09", suite.Must, suite.Skipped, "s2"),        // unchanged: a skip's message does not count
		r("INF-10", suite.Must, suite.Skipped, ""),          // changed
		r("INF-11", suite.Must, suite.Passed, ""),           // fixed: not run is gate-failing
		r("INF-12", suite.Must, suite.Passed, ""),           // added
		r("INF-13", suite.Must, suite.NotImplemented, "ni"), // added, not implemented: no regression
		// INF-07 removed
	}}}
	d, err := DiffReports([]Run{prev}, []Run{cur}, suite.Must)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, c := range d.Runs[0].Changes {
		s := c.ID + "=" + string(c.Kind)
		if c.Gates {
			s += "!"
		}
		got = append(got, s)
	}
	want := "INF-01=new failure! INF-08=new failure INF-02=newly errored! INF-03=newly not implemented! INF-10=changed INF-04=message changed " +
		"INF-06=fixed INF-11=fixed INF-12=added INF-13=added INF-07=removed"
	if s := strings.Join(got, " "); s != want {
		t.Errorf("changes\n got %s\nwant %s", s, want)
	}
	if d.Regressions != 3 || !d.Failed() || d.Runs[0].Unchanged != 2 {
		t.Errorf("%d regressions, failed %v, %d unchanged; want 3, true, 2", d.Regressions, d.Failed(), d.Runs[0].Unchanged)
	}
	if s, want := d.Runs[0].summary(), "2 new failures, 1 newly errored, 1 newly not implemented, 1 changed, 1 message changed, 2 fixed, 2 added, 1 removed, 2 unchanged"; s != want {
		t.Errorf("summary %q, want %q", s, want)
	}
	for _, tt := range []struct {
		n    int
		want string
	}{{0, "no regression at or below MUST"}, {1, "1 regression at or below MUST"}, {3, "3 regressions at or below MUST"}} {
		if got := (Diff{FailOn: suite.Must, Regressions: tt.n}).verdict(); got != tt.want {
			t.Errorf("verdict of %d: %q, want %q", tt.n, got, tt.want)
		}
	}
	if (Diff{Regressions: 0}).Failed() || !(Diff{Regressions: 1}).Failed() {
		t.Error("Failed is not Regressions > 0")
	}
	for k, want := range map[ChangeKind]string{NewFailure: "new failures", MessageChanged: "messages changed", Fixed: "fixed", AddedRequirement: "added"} {
		if got := k.counted(2); got != want {
			t.Errorf("2 %s: %q, want %q", k, got, want)
		}
		if got := k.counted(1); got != string(k) {
			t.Errorf("1 %s: %q", k, got)
		}
	}
}

// TestDiffVerdicts: a property's failure is compared on what it says,
// not on where its case came from: the same fault found by a generated
// case in one run and by that case remembered in the next is unchanged;
// another finding, or another case, is a changed message.
func TestDiffVerdicts(t *testing.T) {
	msg := func(from, finding, note string) string {
		return `std085 §2: "Windows MUST be short."` + "\nproperty \"covered\" falsified by " + from + ":\n" + finding + "\ncase: budget=none doc doc=2501\n(" + note + ")"
	}
	const (
		generated  = "generated case 19 of 100 (seed 1), shrunk"
		remembered = "remembered case 37795720b4d39f7a"
		long       = `window 0 of "doc" is 2501 runes long, over the cap of 2500`
		shrunk     = "shrunk in 19 steps, 26 smaller cases sent"
		notShrunk  = "not shrunk: none of the 4 smaller cases sent fails"
	)
	for _, tt := range []struct {
		name    string
		old     string
		new     string
		changed bool
	}{
		{"remembered", msg(generated, long, shrunk), msg(remembered, long, notShrunk), false},
		{"edge case", msg("edge case empty", long, notShrunk), msg(remembered, long, notShrunk), false},
		{"another finding", msg(generated, long, shrunk), msg(remembered, `window 0 of "doc" starts at -1`, notShrunk), true},
		{"another case", msg(generated, long, shrunk), strings.Replace(msg(remembered, long, notShrunk), "doc=2501", "doc=2600", 1), true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			run := func(m string) Run {
				return Run{Report: suite.Report{Adapter: adapters.Info{Name: "a"}, Results: []suite.Result{
					{ID: "INF-01", Standard: adapters.Inflate, Level: suite.Must, Outcome: suite.Failed, Message: m}}}}
			}
			d := DiffRuns(run(tt.old), run(tt.new), suite.Must)
			if got := len(d.Changes) == 1 && d.Changes[0].Kind == MessageChanged; got != tt.changed || !got && d.Unchanged != 1 {
				t.Errorf("changes %+v (%d unchanged), want message changed %v", d.Changes, d.Unchanged, tt.changed)
			}
		})
	}
}

// TestDiffPairs: one run on each side is compared whatever its name;
// several are paired by label, else adapter name; an empty side is an
// error.
func TestDiffPairs(t *testing.T) {
	run := func(name, label string, o suite.Outcome) Run {
		return Run{Label: label, Report: suite.Report{Adapter: adapters.Info{Name: name, Version: "1"}, Results: []suite.Result{
			{ID: "INF-01", Standard: adapters.Inflate, Level: suite.Must, Outcome: o}}}}
	}
	d, err := DiffReports([]Run{run("a", "", suite.Passed)}, []Run{run("b", "", suite.Failed)}, suite.Must)
	if err != nil || len(d.Runs) != 1 || d.Runs[0].Old != "a 1" || d.Runs[0].New != "b 1" || d.Regressions != 1 {
		t.Errorf("one against one: %+v, %v", d, err)
	}
	d, err = DiffReports([]Run{run("a", "L1", suite.Passed), run("a", "L2", suite.Failed)},
		[]Run{run("a", "L2", suite.Failed), run("a", "L1", suite.Failed)}, suite.Must)
	if err != nil || len(d.Runs) != 2 || d.Runs[0].Old != "L2" || d.Runs[1].Old != "L1" || d.Regressions != 1 || len(d.Runs[0].Changes) != 0 {
		t.Errorf("by label: %+v, %v", d, err)
	}
	for _, tt := range []struct {
		prev, cur []Run
		want      string
	}{
		{nil, []Run{run("a", "", suite.Passed)}, "a report holds no runs"},
		{[]Run{run("a", "", suite.Passed)}, nil, "a report holds no runs"},
		{[]Run{run("a", "", suite.Passed), run("b", "", suite.Passed)}, []Run{run("a", "", suite.Passed), run("c", "", suite.Passed)},
			"the new report's run of c 1 has no match among the old report's (a 1, b 1)"},
		{[]Run{run("a", "", suite.Passed), run("b", "", suite.Passed)}, []Run{run("a", "", suite.Passed), run("a", "", suite.Passed)},
			"the old report's run of b 1 has no match among the new report's (a 1, a 1)"},
	} {
		if _, err := DiffReports(tt.prev, tt.cur, suite.Must); err == nil || err.Error() != tt.want {
			t.Errorf("%v, want %s", err, tt.want)
		}
	}
}

// TestDiffRenderExact: the file names in the heading (a dash for the one
// not given, nothing when neither is), a run with no change, the gate's
// footnote, "—" for a requirement a run did not check, an outcome this
// package does not know as it is spelled, and the old message shown only
// when it said why the requirement failed before.
func TestDiffRenderExact(t *testing.T) {
	d := Diff{FailOn: suite.Must, Regressions: 1, Runs: []RunDiff{
		{Old: "a", New: "b", Unchanged: 4, Changes: []Change{}},
		{Old: "c", New: "d", Unchanged: 0, Changes: []Change{
			{ID: "INF-01", Level: suite.Must, Title: "t1", Kind: NewlyErrored, Old: suite.Failed, New: suite.Errored, OldMessage: "m1", NewMessage: "m2"},
			{ID: "INF-02", Level: suite.Must, Title: "t2", Kind: NewFailure, Old: suite.Passed, New: suite.Failed, NewMessage: "m3", Gates: true},
			{ID: "INF-03", Level: suite.Must, Title: "t3", Kind: NewlyErrored, Old: suite.Failed, New: suite.Errored, NewMessage: "m4"},
			{ID: "INF-04", Level: suite.Must, Title: "t4", Kind: Changed, Old: "weird", New: suite.Passed},
			{ID: "INF-05", Level: suite.Must, Title: "t5", Kind: AddedRequirement, New: suite.Passed},
		}},
	}}
	var tbl, md bytes.Buffer
	if err := DiffTable(&tbl, d); err != nil {
		t.Fatal(err)
	}
	if err := DiffMarkdown(&md, d); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"\na → b\nNo verdict changed (4 requirements).\n\nc → d\n",
		"* fails the gate: worse than before, at or below MUST\n",
		"\n--- INF-01 newly errored (MUST): t1\n  was (FAIL):\n    m1\n  now (ERROR):\n    m2\n",
		"\n--- INF-02 new failure (MUST): t2\n  now (FAIL):\n    m3\n",
		"\n--- INF-03 newly errored (MUST): t3\n  now (ERROR):\n    m4\n",
		"\n1 regression at or below MUST\n",
	} {
		if !strings.Contains(tbl.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, tbl.String())
		}
	}
	if strings.HasPrefix(tbl.String(), "ctxconform diff:") || !strings.Contains(tbl.String(), "weird") || !strings.Contains(tbl.String(), "—") {
		t.Errorf("the table has a heading of no files, or lacks the unknown outcome or the dash:\n%s", tbl.String())
	}
	for _, want := range []string{
		"## ctxconform diff\n\n**1 regression at or below MUST**\n\n### a → b\n\nNo verdict changed (4 requirements).\n\n### c → d\n\n",
		"| `INF-04` | MUST | changed | weird | pass | t4 |\n| `INF-05` | MUST | added | — | pass | t5 |\n",
		"**INF-01** newly errored (MUST)\n\nwas (FAIL):\n\n```\nm1\n```\n\nnow (ERROR):\n\n```\nm2\n```\n\n",
		"**INF-03** newly errored (MUST)\n\nnow (ERROR):\n\n```\nm4\n```\n\n",
	} {
		if !strings.Contains(md.String(), want) {
			t.Errorf("the Markdown lacks %q:\n%s", want, md.String())
		}
	}
	if strings.Contains(tbl.String(), "was (pass)") || strings.Contains(md.String(), "was (pass)") {
		t.Errorf("the old message of a passing requirement is shown")
	}
	for _, tt := range []struct{ old, cur, want string }{{"a.json", "", "(`a.json` → `-`)"}, {"", "b.json", "(`-` → `b.json`)"}} {
		md.Reset()
		tbl.Reset()
		d2 := Diff{FailOn: suite.Must, OldSrc: tt.old, NewSrc: tt.cur}
		if err := DiffMarkdown(&md, d2); err != nil {
			t.Fatal(err)
		}
		if err := DiffTable(&tbl, d2); err != nil {
			t.Fatal(err)
		}
		if want := "no regression at or below MUST " + tt.want + "\n"; !strings.Contains(md.String(), want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md.String())
		}
		if want := "ctxconform diff: " + strings.NewReplacer("`", "", "(", "", ")", "").Replace(tt.want) + ", gate MUST\n"; !strings.HasPrefix(tbl.String(), want) {
			t.Errorf("the table does not begin %q:\n%s", want, tbl.String())
		}
	}
}
