package reports

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/suite"
)

// shard is a one-run document of the named adapter, a shard of a run.
func shard(i, n int, seed int64, results ...suite.Result) Document {
	rep := report("impl", results...)
	rep.Seed = seed
	if n > 0 {
		rep.Shard = &suite.Shard{Index: i, Count: n}
	}
	return Document{Format: ReportFormat, Runs: []Run{{Report: rep}}}
}

func TestMerge(t *testing.T) {
	a := shard(1, 2, 7, result("INF-01", suite.Must, suite.Passed), result("INF-03", suite.Must, suite.Failed))
	b := shard(2, 2, 7, result("INF-02", suite.Must, suite.Errored), result("INF-04", suite.Should, suite.Passed))
	runs, err := Merge([]Part{{"b.json", b}, {"a.json", a}})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, r := range runs[0].Results {
		got = append(got, r.ID+"="+string(r.Outcome))
	}
	if s := strings.Join(got, " "); s != "INF-01=passed INF-02=errored INF-03=failed INF-04=passed" {
		t.Errorf("merged results %s", s)
	}
	if runs[0].Shard != nil || runs[0].Seed != 7 || !Gate(runs[0].Report, nil, suite.Must) {
		t.Errorf("merged run: shard %v, seed %d, gate %v", runs[0].Shard, runs[0].Seed, Gate(runs[0].Report, nil, suite.Must))
	}
}

// TestMergeRefuses: reports that do not make one run are errors naming the
// file at fault.
func TestMergeRefuses(t *testing.T) {
	one := func(id string) suite.Result { return result(id, suite.Must, suite.Passed) }
	other := shard(2, 2, 7, one("INF-02"))
	other.Runs[0].Adapter.Name = "other"
	level := shard(2, 2, 7, one("INF-02"))
	level.Runs[0].Level = suite.Reference
	tests := []struct {
		name  string
		parts []Part
		want  string
	}{
		{"seed", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", shard(2, 2, 8, one("INF-02"))}}, "b.json: seed 8, but a.json has seed 7"},
		{"adapter", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", other}}, "b.json: a run of other 1"},
		{"level", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", level}}, "b.json: level strict"},
		{"shard twice", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", shard(1, 2, 7, one("INF-02"))}}, "b.json: shard 1/2 is also a.json"},
		{"shard missing", []Part{{"a.json", shard(1, 3, 7, one("INF-01"))}, {"b.json", shard(2, 3, 7, one("INF-02"))}}, "shard 3/3 is missing"},
		{"counts differ", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", shard(2, 3, 7, one("INF-02"))}}, "b.json: shard 2/3, but a.json is a shard of 2"},
		{"whole and shard", []Part{{"a.json", shard(1, 2, 7, one("INF-01"))}, {"b.json", shard(0, 0, 7, one("INF-02"))}}, "b.json: mixes shards with whole runs"},
		{"checked twice", []Part{{"a.json", shard(0, 0, 7, one("INF-01"))}, {"b.json", shard(0, 0, 7, one("INF-01"))}}, "b.json: a.json checks INF-01 too"},
		{"runs differ", []Part{{"a.json", shard(0, 0, 7, one("INF-01"))}, {"b.json", Document{Format: ReportFormat, Runs: append(runs(), runs()...)}}}, "b.json: 4 runs"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Merge(tt.parts)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("Merge: %v, want an error containing %q", err, tt.want)
			}
		})
	}
}

// TestMergeChecks: an expectation listed as not run by one shard but run by
// the other is not reported as not run after the merge.
func TestMergeChecks(t *testing.T) {
	e := Expectations{Expectations: []Expectation{{ID: "INF-01", Reason: "known"}, {ID: "INF-02", Reason: "known"}, {ID: "INF-09", Reason: "never run"}}}
	a := shard(1, 2, 7, result("INF-01", suite.Must, suite.Failed))
	b := shard(2, 2, 7, result("INF-02", suite.Must, suite.Passed))
	a.Runs[0].Check = e.Compare(a.Runs[0].Report)
	b.Runs[0].Check = e.Compare(b.Runs[0].Report)
	runs, err := Merge([]Part{{"a.json", a}, {"b.json", b}})
	if err != nil {
		t.Fatal(err)
	}
	c := runs[0].Check
	var notRun []string
	for _, k := range c.NotRun {
		notRun = append(notRun, k.ID)
	}
	if len(c.Known) != 1 || len(c.Fixed) != 1 || strings.Join(notRun, ",") != "INF-09" {
		t.Errorf("merged check: known %v, fixed %v, not run %v", c.Known, c.Fixed, notRun)
	}
	b.Runs[0].Check = nil
	if _, err := Merge([]Part{{"a.json", a}, {"b.json", b}}); err == nil || !strings.Contains(err.Error(), "--expectations") {
		t.Errorf("expectations in one shard only: %v", err)
	}
}

// TestNotRunRendered: an interrupted run says so in every format, and its
// requirements not run are counted.
func TestNotRunRendered(t *testing.T) {
	rep := report("impl", result("INF-01", suite.Must, suite.Passed), result("INF-02", suite.Must, suite.NotRun))
	rep.Interrupted = "interrupted by SIGTERM"
	runs := []Run{{Report: rep}}
	var table, md, junit bytes.Buffer
	if err := RunTable(&table, runs[0]); err != nil {
		t.Fatal(err)
	}
	if err := Markdown(&md, runs); err != nil {
		t.Fatal(err)
	}
	if err := JUnit(&junit, runs, JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ format, text, want string }{
		{"table", table.String(), "│ not run"},
		{"table", table.String(), "cut short (interrupted by SIGTERM): 1 requirements not run"},
		{"table", table.String(), "1 passed, 0 failed, 0 errored, 0 skipped, 0 not implemented, 1 not run"},
		{"markdown", md.String(), "| Not run |"},
		{"markdown", md.String(), "**The run was cut short** (interrupted by SIGTERM)"},
		{"junit", junit.String(), `<error message="not run: why INF-02 not run" type="not run">`},
		{"junit", junit.String(), `<property name="interrupted" value="interrupted by SIGTERM">`},
	} {
		if !strings.Contains(c.text, c.want) {
			t.Errorf("%s lacks %q:\n%s", c.format, c.want, c.text)
		}
	}
	if err := xml.Unmarshal(junit.Bytes(), new(struct{})); err != nil {
		t.Errorf("JUnit does not parse: %v", err)
	}
	if !Gate(rep, nil, suite.Must) {
		t.Error("a run with a MUST requirement not run passes the gate")
	}
}

func TestProgress(t *testing.T) {
	var b bytes.Buffer
	p := Progress(&b, "exec")
	p(result("INF-01", suite.Must, suite.Failed))
	p(result("INF-02", suite.Must, suite.NotRun))
	if want := "exec: INF-01 FAIL (0.00s)\nexec: INF-02 not run (0.00s)\n"; b.String() != want {
		t.Errorf("progress lines %q, want %q", b.String(), want)
	}
}

// TestMergeAround: what a merged run keeps of its parts besides results:
// the earliest start, the longest elapsed time (the jobs ran side by
// side), each interruption and standard error named by its file, the
// restarts summed, each remark once; an expectations check of one part
// kept; a new failure listed by two checks once; a known failure skipped
// in the part that ran it still not run. No parts, or a first part with
// no runs, is an error.
func TestMergeAround(t *testing.T) {
	t0 := time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)
	part := func(i int, start time.Duration, elapsed time.Duration, interrupted, stderr string, remarks ...string) Document {
		d := shard(i, 3, 7, result(fmt.Sprintf("INF-0%d", i), suite.Must, suite.Passed))
		r := &d.Runs[0]
		r.Started, r.Elapsed, r.Interrupted, r.Stderr, r.Restarts, r.Remarks = t0.Add(start), elapsed, interrupted, stderr, i, remarks
		return d
	}
	runs, err := Merge([]Part{
		{"a.json", part(1, time.Minute, 3*time.Second, "SIGINT", "e1\n", "r", "s")},
		{"b.json", part(2, 0, 5*time.Second, "", " \n", "s", "t")},
		{"c.json", part(3, 2*time.Minute, 4*time.Second, "deadline", "e3")},
	})
	if err != nil {
		t.Fatal(err)
	}
	m := runs[0]
	if !m.Started.Equal(t0) || m.Elapsed != 5*time.Second || m.Restarts != 6 {
		t.Errorf("started %v elapsed %v restarts %d; want %v, 5s, 6", m.Started, m.Elapsed, m.Restarts, t0)
	}
	if m.Interrupted != "a.json: SIGINT; c.json: deadline" || m.Stderr != "== a.json ==\ne1\n\n== c.json ==\ne3" || strings.Join(m.Remarks, ",") != "r,s,t" {
		t.Errorf("interrupted %q stderr %q remarks %q", m.Interrupted, m.Stderr, m.Remarks)
	}

	e := Expectations{Expectations: []Expectation{{ID: "INF-03", Reason: "known"}}}
	a := shard(1, 2, 7, result("INF-03", suite.Must, suite.Skipped))
	a.Runs[0].Check = e.Compare(a.Runs[0].Report)
	a.Runs[0].Check.New = []string{"INF-05"}
	whole := shard(0, 0, 7, result("INF-03", suite.Must, suite.Skipped))
	whole.Runs[0].Check = e.Compare(whole.Runs[0].Report)
	runs, err = Merge([]Part{{"w.json", whole}})
	if err != nil || runs[0].Check == nil {
		t.Fatalf("one part with a check: %v, %+v", err, runs)
	}
	b := shard(2, 2, 7, result("INF-04", suite.Must, suite.Passed))
	b.Runs[0].Check = e.Compare(b.Runs[0].Report) // INF-03 not selected here
	b.Runs[0].Check.New = []string{"INF-05"}
	runs, err = Merge([]Part{{"a.json", a}, {"b.json", b}})
	if err != nil {
		t.Fatal(err)
	}
	c := runs[0].Check
	if len(c.NotRun) != 1 || c.NotRun[0].ID != "INF-03" || c.NotRun[0].Now != suite.Skipped || strings.Join(c.New, ",") != "INF-05" {
		t.Errorf("merged check %+v: want INF-03 not run (skipped), new INF-05 once", c)
	}

	if _, err := Merge(nil); err == nil || err.Error() != "no reports to merge" {
		t.Errorf("no parts: %v", err)
	}
	if _, err := Merge([]Part{{"e.json", Document{Format: ReportFormat}}}); err == nil || err.Error() != "e.json: no runs" {
		t.Errorf("no runs: %v", err)
	}
}
