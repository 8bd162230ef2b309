package reports

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

func result(id string, level suite.Level, o suite.Outcome) suite.Result {
	return suite.Result{ID: id, Standard: adapters.Inflate, Level: level, Title: "title of " + id, Outcome: o, Message: "why " + id + " " + string(o)}
}

func report(name string, results ...suite.Result) suite.Report {
	return suite.Report{Adapter: adapters.Info{Name: name, Version: "1", Unit: "bytes"}, Results: results}
}

func TestReadExpectations(t *testing.T) {
	known := func(id string) bool { return strings.HasPrefix(id, "INF-") }
	tests := []struct {
		name, file, err string
	}{
		{"good", `{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01","reason":"r"},{"id":"INF-01","adapter":"x","link":"https://e/1","outcome":"errored"}]}`, ""},
		{"empty list", `{"format":"ctxconform-expectations/1","expectations":[]}`, ""},
		{"wrong format", `{"format":"v2","expectations":[]}`, "format"},
		{"unknown field", `{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01","reason":"r","why":"x"}]}`, "unknown field"},
		{"unknown requirement", `{"format":"ctxconform-expectations/1","expectations":[{"id":"ASM-01","reason":"r"}]}`, "no such requirement"},
		{"no reason or link", `{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01"}]}`, "reason or a link"},
		{"bad outcome", `{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01","reason":"r","outcome":"passed"}]}`, "outcome"},
		{"twice", `{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01","reason":"r"},{"id":"INF-01","reason":"s"}]}`, "twice"},
		{"no id", `{"format":"ctxconform-expectations/1","expectations":[{"reason":"r"}]}`, "no id"},
	}
	for _, tt := range tests {
		_, err := ReadExpectations(strings.NewReader(tt.file), known)
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.name, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one containing %q", tt.name, err, tt.err)
		}
	}
}

// TestCompare: new, known, fixed and not-run, and the gate they make.
func TestCompare(t *testing.T) {
	e := Expectations{Format: ExpectationsFormat, Expectations: []Expectation{
		{ID: "INF-01", Reason: "known"},                           // fails: known
		{ID: "INF-02", Reason: "was broken"},                      // passes: fixed
		{ID: "INF-03", Outcome: suite.Failed, Reason: "fails"},    // errors instead: new
		{ID: "INF-04", Reason: "skipped here"},                    // skipped: not run
		{ID: "INF-05", Reason: "not selected"},                    // absent: not run
		{ID: "INF-06", Adapter: "other", Reason: "other adapter"}, // another adapter: ignored
		{ID: "INF-07", Adapter: "impl", Reason: "specific"},       // specific wins over general
		{ID: "INF-07", Reason: "general"},
	}}
	rep := report("impl",
		result("INF-01", suite.Must, suite.Failed),
		result("INF-02", suite.Must, suite.Passed),
		result("INF-03", suite.Must, suite.Errored),
		result("INF-04", suite.Must, suite.Skipped),
		result("INF-06", suite.Must, suite.Failed),
		result("INF-07", suite.Must, suite.Failed),
		result("INF-08", suite.Should, suite.Failed),
	)
	c := e.Compare(rep)
	ids := func(ks []Known) string {
		var s []string
		for _, k := range ks {
			s = append(s, k.ID+":"+k.Reason)
		}
		return strings.Join(s, ",")
	}
	if got, want := strings.Join(c.New, ","), "INF-03,INF-06,INF-08"; got != want {
		t.Errorf("new %s, want %s", got, want)
	}
	if got, want := ids(c.Known), "INF-01:known,INF-07:specific"; got != want {
		t.Errorf("known %s, want %s", got, want)
	}
	if got, want := ids(c.Fixed), "INF-02:was broken"; got != want {
		t.Errorf("fixed %s, want %s", got, want)
	}
	if got, want := ids(c.NotRun), "INF-04:skipped here,INF-05:not selected"; got != want {
		t.Errorf("not run %s, want %s", got, want)
	}
	if !Gate(rep, c, suite.Must) {
		t.Error("INF-03 errored unexpectedly and INF-06 failed: the MUST gate must close")
	}
	only := report("impl", result("INF-01", suite.Must, suite.Failed), result("INF-08", suite.Should, suite.Failed))
	if Gate(only, e.Compare(only), suite.Must) {
		t.Error("a known MUST failure and a SHOULD failure must not close the MUST gate")
	}
	if !Gate(only, e.Compare(only), suite.Should) {
		t.Error("the SHOULD failure must close the SHOULD gate")
	}
	if !Gate(only, nil, suite.Must) {
		t.Error("without expectations every MUST failure gates")
	}
}

// TestWriteExpectations: the written file lists the failures, keeps prior
// reasons, and reads back.
func TestWriteExpectations(t *testing.T) {
	prior := Expectations{Format: ExpectationsFormat, Expectations: []Expectation{{ID: "INF-03", Link: "https://example.org/issue/3"}}}
	var b bytes.Buffer
	runs := []suite.Report{report("impl", result("INF-03", suite.Must, suite.Errored), result("INF-01", suite.Must, suite.Failed), result("INF-02", suite.Must, suite.Passed))}
	runs[0].Seed = 42
	if err := WriteExpectations(&b, runs, prior); err != nil {
		t.Fatal(err)
	}
	e, err := ReadExpectations(&b, nil)
	if err != nil {
		t.Fatalf("written file does not read back: %v", err)
	}
	want := []Expectation{
		{ID: "INF-01", Outcome: suite.Failed, Reason: "recorded by --write-expectations: why INF-01 failed"},
		{ID: "INF-03", Outcome: suite.Errored, Link: "https://example.org/issue/3"},
	}
	if len(e.Expectations) != 2 || e.Expectations[0] != want[0] || e.Expectations[1] != want[1] {
		t.Errorf("wrote %+v, want %+v", e.Expectations, want)
	}
	if e.Seed != 42 {
		t.Errorf("wrote seed %d, want the run's, 42: a rerun without --seed would not draw the same cases", e.Seed)
	}
}

// TestWriteExpectationsReason: the reason recorded for a failure is the
// line that says what failed, not the standard's sentence that opens a MUST's
// message nor a property's line naming its case, clipped on a character.
func TestWriteExpectationsReason(t *testing.T) {
	const finding = `window 0 of "doc" is 2501 runes long, over the cap of 2500`
	prop := "property \"covered\" falsified by generated case 19 of 100 (seed 1), shrunk:\n" + finding + "\ncase: budget=none doc doc=2501 runes\n(shrunk in 3 steps, 9 smaller cases sent)"
	long := strings.Repeat("é", 100) + " is wrong"
	for _, tt := range []struct {
		name    string
		quote   string
		message string
		want    string
	}{
		{"property", "", prop, finding},
		{"property of a MUST", "Windows MUST be short.", `std085 §2: "Windows MUST be short."` + "\n" + prop, finding},
		{"spec of a MUST", "Windows MUST be short.", `std085 §2: "Windows MUST be short."` + "\nwindow 0 ends at 12, want 10\nmore", "window 0 ends at 12, want 10"},
		{"errored", "", "no answer: the program exited (status 1)\nstderr: boom", "no answer: the program exited (status 1)"},
		{"long", "", long, strings.Repeat("é", 80) + "…"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			r := result("INF-01", suite.Must, suite.Failed)
			r.Quote, r.Message = tt.quote, tt.message
			var b bytes.Buffer
			if err := WriteExpectations(&b, []suite.Report{report("impl", r)}, Expectations{}); err != nil {
				t.Fatal(err)
			}
			e, err := ReadExpectations(&b, nil)
			if err != nil || len(e.Expectations) != 1 {
				t.Fatalf("read back %+v, %v", e, err)
			}
			if got, want := e.Expectations[0].Reason, "recorded by --write-expectations: "+tt.want; got != want {
				t.Errorf("reason %q, want %q", got, want)
			}
		})
	}
}

// TestExpectationsSchema: the published schema accepts the example file
// and names the same fields as the Go type.
func TestExpectationsSchema(t *testing.T) {
	b, err := os.ReadFile("expectations.schema.json")
	if err != nil {
		t.Fatal(err)
	}
	var s struct {
		Properties map[string]any `json:"properties"`
		Defs       struct {
			Expectation struct {
				Properties map[string]any `json:"properties"`
			} `json:"expectation"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(b, &s); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{"$schema", "format", "expectations"} {
		if _, ok := s.Properties[f]; !ok {
			t.Errorf("schema lacks property %q", f)
		}
	}
	for _, f := range []string{"id", "adapter", "outcome", "reason", "link"} {
		if _, ok := s.Defs.Expectation.Properties[f]; !ok {
			t.Errorf("schema lacks expectation property %q", f)
		}
	}
}

// TestExpectationsEdges: an entry naming this adapter for a requirement
// the run did not select is listed as not run, one naming another adapter
// is not; Status tells known from fixed from neither; the written file of
// no runs is empty, of one run names no adapter, of two names each.
func TestExpectationsEdges(t *testing.T) {
	e := Expectations{Expectations: []Expectation{{ID: "INF-09", Adapter: "impl", Reason: "r"}, {ID: "INF-08", Adapter: "other", Reason: "r"}}}
	c := e.Compare(report("impl", result("INF-01", suite.Must, suite.Passed)))
	if len(c.NotRun) != 1 || c.NotRun[0].ID != "INF-09" {
		t.Errorf("not run %+v, want INF-09 only", c.NotRun)
	}
	c = &Check{Known: []Known{{Expectation: Expectation{ID: "INF-01"}}}, Fixed: []Known{{Expectation: Expectation{ID: "INF-02", Reason: "r2"}}}}
	for id, want := range map[string]string{"INF-01": "known", "INF-02": "fixed", "INF-03": ""} {
		if st, x := c.Status(id); st != want || st == "fixed" && x.Reason != "r2" {
			t.Errorf("Status(%s) = %q %+v, want %q", id, st, x, want)
		}
	}
	for _, tt := range []struct {
		runs []suite.Report
		want string
	}{
		{nil, `{"format":"ctxconform-expectations/1","expectations":[]}`},
		{[]suite.Report{report("a", result("INF-01", suite.Must, suite.Failed))},
			`{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-01","outcome":"failed","reason":"recorded by --write-expectations: why INF-01 failed"}]}`},
		{[]suite.Report{report("b", result("INF-01", suite.Must, suite.Failed)), report("a", result("INF-02", suite.Must, suite.Errored))},
			`{"format":"ctxconform-expectations/1","expectations":[{"id":"INF-02","adapter":"a","outcome":"errored","reason":"recorded by --write-expectations: why INF-02 errored"},` +
				`{"id":"INF-01","adapter":"b","outcome":"failed","reason":"recorded by --write-expectations: why INF-01 failed"}]}`},
	} {
		var b bytes.Buffer
		if err := WriteExpectations(&b, tt.runs, Expectations{}); err != nil {
			t.Fatal(err)
		}
		var compact bytes.Buffer
		if err := json.Compact(&compact, b.Bytes()); err != nil {
			t.Fatal(err)
		}
		if compact.String() != tt.want {
			t.Errorf("%d runs:\n got %s\nwant %s", len(tt.runs), compact.String(), tt.want)
		}
	}
}
