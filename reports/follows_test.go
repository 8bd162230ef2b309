package reports

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/testenv/browsertest"
	"github.com/ctxconform/ctxconform/suite"
)

// followingRun is a run where DEN-11 fails only because INF-05 did (it
// repeats INF-05's check), and DEN-02 follows from the ROBUST INF-06.
func followingRun() Run {
	res := func(id string, std adapters.Standard, l suite.Level, because ...string) suite.Result {
		return suite.Result{ID: id, Standard: std, Level: l, Section: "§1", Title: "title of " + id, Outcome: suite.Failed,
			Message: "message of " + id, Because: because}
	}
	rep := suite.Report{Adapter: adapters.Info{Name: "prog", Unit: "bytes", Language: "go"}, Results: []suite.Result{
		res("INF-05", adapters.Inflate, suite.Must),
		res("INF-06", adapters.Inflate, suite.Robust),
		res("DEN-02", adapters.Density, suite.Must, "INF-06"),
		res("DEN-11", adapters.Density, suite.Must, "INF-05"),
	}}
	rep.Settle()
	return Run{Report: rep}
}

// One fault, one failure in every rendering: a follower is shown with
// what it follows from, counted once, and gates only when its root does
// not (a ROBUST root at the MUST gate).
func TestFollowersRendered(t *testing.T) {
	run := followingRun()
	var sum, table, junit, md bytes.Buffer
	if err := Summary(&sum, run); err != nil {
		t.Fatal(err)
	}
	if err := RunTable(&table, run); err != nil {
		t.Fatal(err)
	}
	if err := JUnit(&junit, []Run{run}, JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&md, []Run{run}); err != nil {
		t.Fatal(err)
	}
	gate := GateLine([]Run{run}, suite.Must, false)
	for _, c := range []struct {
		name, got string
		want, not []string
	}{
		{"summary", sum.String(),
			[]string{"--- DEN-11 FAILED (MUST, §1), following from INF-05 (MUST), the same fault: -v shows it", "2 FAIL (1 following from another)", "--- DEN-02 FAILED (MUST, §1): title of DEN-02\n    following from INF-06 (ROBUST), the same fault", "message of DEN-02",
				"4 failed (1 of them following from another failure, not counted again)"},
			[]string{"message of DEN-11"}},
		{"table (-v)", table.String(), []string{"FAIL (follows INF-05)", "following from INF-05 (MUST), the same fault", "message of DEN-11"}, nil},
		{"junit", junit.String(), []string{`type="failed MUST, following from INF-05"`}, nil},
		{"markdown", md.String(), []string{"(follows INF-05)", "following from INF-05 (MUST), the same fault"}, nil},
		{"gate", gate, []string{"gate: FAIL at MUST (exit 1): 2 failed or errored (INF-05, DEN-02, following from ROBUST INF-06)", "1 failure following from another, not counted again"},
			[]string{"DEN-11"}},
	} {
		for _, w := range c.want {
			if !strings.Contains(c.got, w) {
				t.Errorf("%s lacks %q:\n%s", c.name, w, c.got)
			}
		}
		for _, n := range c.not {
			if strings.Contains(c.got, n) {
				t.Errorf("%s has %q:\n%s", c.name, n, c.got)
			}
		}
	}
	if !Gate(run.Report, nil, suite.Must) {
		t.Error("Gate passes a run with a counted MUST failure")
	}
}

// A follower and its root checked in different shards: the merged run
// settles them, and the gate counts the root alone.
func TestMergeSettlesFollowers(t *testing.T) {
	run := followingRun()
	part := func(i int, ids ...string) Part {
		r := run
		r.Results = nil
		for _, x := range run.Results {
			for _, id := range ids {
				if x.ID == id {
					x.FollowsFrom = "" // each shard saw no root
					r.Results = append(r.Results, x)
				}
			}
		}
		r.Shard = &suite.Shard{Index: i, Count: 2}
		return Part{Source: "shard" + string(rune('0'+i)) + ".json", Document: Document{Format: ReportFormat, Runs: []Run{r}}}
	}
	merged, err := Merge([]Part{part(1, "INF-05", "INF-06"), part(2, "DEN-02", "DEN-11")})
	if err != nil {
		t.Fatal(err)
	}
	var follows []string
	for _, x := range merged[0].Results {
		if x.FollowsFrom != "" {
			follows = append(follows, x.ID+" → "+x.FollowsFrom)
		}
	}
	if got := strings.Join(follows, ", "); got != "DEN-02 → INF-06, DEN-11 → INF-05" {
		t.Errorf("merged followers %q, want DEN-02 → INF-06, DEN-11 → INF-05", got)
	}
}

// passingRun is followingRun's requirements, all passed, by another
// implementation.
func passingRun() Run {
	run := followingRun()
	run.Adapter.Name = "other"
	run.Results = slices.Clone(run.Results)
	for i := range run.Results {
		run.Results[i].Outcome, run.Results[i].FollowsFrom, run.Results[i].Message = suite.Passed, "", ""
	}
	return Run{Report: run.Report}
}

// TestBadgesCountFollowers: a badge counts failures as the gate does. A
// MUST failure that follows from another MUST one is no failure of its
// own: shown ("1 follows"), not counted, so a standard whose only failure
// follows from another standard's is amber, not red; one that follows
// from a ROBUST failure counts (the gate at MUST counts it).
func TestBadgesCountFollowers(t *testing.T) {
	run := followingRun()
	only := run
	only.Results = []suite.Result{run.Results[0], run.Results[3]} // INF-05 and DEN-11, which follows it
	for _, tt := range []struct {
		run  Run
		want string
	}{
		{run, "inflate: 0/1 MUST #c0392b, density: 0/2 MUST, 1 follows #c0392b"},
		{only, "inflate: 0/1 MUST #c0392b, density: 0/1 MUST, 1 follows #b7791f"},
	} {
		var got []string
		for _, b := range Badges([]Run{tt.run}) {
			got = append(got, b.Label()+": "+b.Message()+" "+b.Color())
		}
		if s := strings.Join(got, ", "); s != tt.want {
			t.Errorf("badges %q, want %q", s, tt.want)
		}
	}
}

// TestMatrixFollowers: the matrix page and the terminal and Markdown
// matrices show a follower with what it follows from, and count it as the
// gate does: not in "fails only here", not with a failure's colour (in
// Chromium: the view of what fails only here, the cells' text and class,
// the counts per implementation and the badges).
func TestMatrixFollowers(t *testing.T) {
	runs := []Run{followingRun(), passingRun()}
	var term, md, page bytes.Buffer
	if err := Matrix(&term, runs); err != nil {
		t.Fatal(err)
	}
	if err := MatrixMarkdown(&md, runs); err != nil {
		t.Fatal(err)
	}
	if err := MatrixHTML(&page, runs); err != nil {
		t.Fatal(err)
	}
	for name, got := range map[string]string{"matrix": term.String(), "markdown matrix": md.String()} {
		if !strings.Contains(got, "FAIL (follows INF-05)") {
			t.Errorf("the %s does not show DEN-11 following from INF-05:\n%s", name, got)
		}
	}
	if !strings.Contains(page.String(), `<td class="cell o-follows" tabindex="0" role="button" data-run="0" data-outcome="failed">FAIL (follows INF-05)`) {
		t.Errorf("the page's DEN-11 cell is not a follower's:\n%s", page.String())
	}

	bctx := browsertest.Browser(t)
	path := browsertest.Keep(t, "matrix-followers.html", page.Bytes())
	ctx, problems := browsertest.Open(t, bctx, path)
	eval := func(js string) []string { t.Helper(); return browsertest.Strings(t, ctx, js) }
	eval(`(() => { const el = document.getElementById("f-only"); el.checked = true; el.dispatchEvent(new Event("change")); return []; })()`)
	shown := eval(`Array.from(document.querySelectorAll("#matrix tr.req")).filter(tr => tr.offsetParent !== null).map(tr => tr.dataset.id)`)
	if got := strings.Join(shown, " "); got != "INF-05 INF-06 DEN-02" {
		t.Errorf("fails only here: %q, want INF-05 INF-06 DEN-02 (DEN-11 follows INF-05, not counted)", got)
	}
	if got := eval(`Array.from(document.querySelectorAll("#impls td.only-count")).map(td => td.textContent)`); strings.Join(got, " ") != "3 0" {
		t.Errorf("fails only here per implementation: %v, want 3 0", got)
	}
	cell := eval(`(() => { const td = document.querySelector('#req-DEN-11 td.cell[data-run="0"]'); const s = getComputedStyle(td);
		const fail = getComputedStyle(document.querySelector('#req-INF-05 td.cell[data-run="0"]'));
		return [td.firstChild.textContent.trim(), s.backgroundColor === fail.backgroundColor ? "a failure's colour" : "its own"]; })()`)
	if cell[0] != "FAIL (follows INF-05)" || cell[1] != "its own" {
		t.Errorf("DEN-11's cell: %q, want FAIL (follows INF-05), not coloured as a failure", cell)
	}
	if got := eval(`Array.from(document.querySelectorAll("#impls img.badge")).map(i => i.alt)`); strings.Join(got, ", ") != "inflate: 0/1 MUST, density: 0/2 MUST, 1 follows, inflate: 1/1 MUST, density: 2/2 MUST" {
		t.Errorf("badges %q", got)
	}
	browsertest.Screenshot(t, ctx, "matrix-followers.png")
	if p := problems(); len(p) > 0 {
		t.Errorf("the page had problems:\n%s", strings.Join(p, "\n"))
	}
}
