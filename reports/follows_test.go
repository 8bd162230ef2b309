package reports

import (
	"bytes"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
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
