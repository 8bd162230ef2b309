package reports

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// inconclusiveRun has an inconclusive requirement and a standard declared
// but implemented in part (an operation answered not_implemented).
func inconclusiveRun() Run {
	return Run{Report: report("impl",
		result("INF-01", suite.Must, suite.Passed),
		suite.Result{ID: "INF-13", Standard: adapters.Inflate, Level: suite.Should, Title: "t", Outcome: suite.Inconclusive,
			Message: "both arms answered alike"},
		suite.Result{ID: "ELA-04", Standard: adapters.Elastic, Level: suite.Must, Title: "t", Outcome: suite.NotImplemented,
			Unimplemented: "hydrate", Message: "does not provide hydrate"},
		suite.Result{ID: "ELA-01", Standard: adapters.Elastic, Level: suite.Must, Title: "t", Outcome: suite.Passed},
	)}
}

// Inconclusive and a partly implemented standard reach every rendering,
// with their reasons, and neither gates.
func TestInconclusiveAndPartialRendered(t *testing.T) {
	run := inconclusiveRun()
	render := map[string]func(*bytes.Buffer) error{
		"table":    func(b *bytes.Buffer) error { return RunTable(b, run) },
		"markdown": func(b *bytes.Buffer) error { return Markdown(b, []Run{run}) },
		"junit":    func(b *bytes.Buffer) error { return JUnit(b, []Run{run}, JUnitOptions{}) },
		"matrix":   func(b *bytes.Buffer) error { return Matrix(b, []Run{run, run}) },
		"json":     func(b *bytes.Buffer) error { return JSON(b, []Run{run}) },
	}
	want := map[string][]string{
		"table":    {"inconclusive", "--- INF-13 INCONCLUSIVE", "both arms answered alike", "1 inconclusive", "elastic: partly implemented (hydrate not implemented)"},
		"markdown": {"Inconclusive |", "`INF-13` inconclusive: both arms answered alike", "elastic: partly implemented (hydrate not implemented)"},
		"junit":    {`<skipped message="inconclusive: both arms answered alike">`, `<skipped message="not implemented: does not provide hydrate">`},
		"matrix":   {"inconclusive", "1 inconclusive"},
		"json":     {`"outcome": "inconclusive"`, `"unimplemented": "hydrate"`},
	}
	for name, f := range render {
		var b bytes.Buffer
		if err := f(&b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, w := range want[name] {
			if !strings.Contains(b.String(), w) {
				t.Errorf("%s lacks %q:\n%s", name, w, b.String())
			}
		}
	}
	var b bytes.Buffer
	if err := JSON(&b, []Run{run}); err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil || doc.Runs[0].Results[1].Outcome != suite.Inconclusive {
		t.Errorf("JSON did not round-trip the outcome: %v", err)
	}
	if run.Gate(suite.Reference) || Gate(run.Report, nil, suite.Reference) {
		t.Error("inconclusive or partly implemented gates; it must gate as a skip and an undeclared standard do (not at all)")
	}
	e := Expectations{Expectations: []Expectation{{ID: "INF-13", Reason: "r"}}}
	if c := e.Compare(run.Report); len(c.NotRun) != 1 || len(c.New) != 0 {
		t.Errorf("a listed requirement that is inconclusive: %+v, want it listed but not run", c)
	}
}
