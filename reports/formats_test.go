package reports

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// runs is two adapters' runs with every outcome, hostile text in the
// messages, and an expectations check on the second.
func runs() []Run {
	hostile := "window <3> & \"quotes\" | pipe ``` fence \x01 control"
	a := report("ref",
		result("INF-01", suite.Must, suite.Passed),
		result("INF-02", suite.Must, suite.Passed),
		suite.Result{ID: "DEN-01", Standard: adapters.Density, Level: suite.Must, Title: "t | with pipe", Outcome: suite.Passed},
	)
	b := report("impl",
		suite.Result{ID: "INF-01", Standard: adapters.Inflate, Level: suite.Must, Title: "title", Outcome: suite.Failed, Message: hostile},
		suite.Result{ID: "INF-02", Standard: adapters.Inflate, Level: suite.Must, Title: "title", Outcome: suite.Errored, Message: "crashed"},
		suite.Result{ID: "DEN-01", Standard: adapters.Density, Level: suite.Must, Title: "t", Outcome: suite.NotImplemented},
		suite.Result{ID: "DEN-02", Standard: adapters.Density, Level: suite.Should, Title: "t", Outcome: suite.Skipped, Message: "why skipped"},
	)
	e := Expectations{Expectations: []Expectation{{ID: "INF-02", Reason: "crashes on big input"}}}
	return []Run{{Report: a}, {Report: b, Check: e.Compare(b), Stderr: "panic: \x02 boom\n", Restarts: 2}}
}

func TestJUnit(t *testing.T) {
	for _, strict := range []bool{false, true} {
		var b bytes.Buffer
		if err := JUnit(&b, runs(), JUnitOptions{StrictExpectations: strict}); err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Tests    int `xml:"tests,attr"`
			Failures int `xml:"failures,attr"`
			Errors   int `xml:"errors,attr"`
			Skipped  int `xml:"skipped,attr"`
			Suites   []struct {
				Name  string `xml:"name,attr"`
				Cases []struct {
					Name    string `xml:"name,attr"`
					Failure *struct {
						Message string `xml:"message,attr"`
						Text    string `xml:",chardata"`
					} `xml:"failure"`
					Error   *struct{} `xml:"error"`
					Skipped *struct {
						Message string `xml:"message,attr"`
					} `xml:"skipped"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
			t.Fatalf("not XML: %v\n%s", err, b.String())
		}
		// ref: 3 passes. impl: INF-01 failure, INF-02 known (skipped),
		// DEN-01 not implemented (skipped), DEN-02 skipped.
		if doc.Tests != 7 || doc.Failures != 1 || doc.Errors != 0 || doc.Skipped != 3 || len(doc.Suites) != 4 {
			t.Errorf("strict %v: tests %d failures %d errors %d skipped %d suites %d; want 7 1 0 3 4\n%s",
				strict, doc.Tests, doc.Failures, doc.Errors, doc.Skipped, len(doc.Suites), b.String())
		}
		f := doc.Suites[2].Cases[0]
		if f.Failure == nil || !strings.Contains(f.Failure.Text, `window <3> & "quotes"`) {
			t.Errorf("the failure text does not survive escaping: %+v", f.Failure)
		}
		if k := doc.Suites[2].Cases[1]; k.Skipped == nil || !strings.Contains(k.Skipped.Message, "crashes on big input") {
			t.Errorf("the known failure is not a skip with its reason: %+v", k)
		}
	}
}

func TestMarkdown(t *testing.T) {
	var b bytes.Buffer
	if err := Markdown(&b, runs()); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	for _, want := range []string{
		"### impl 1",
		"| `INF-01` | MUST | **FAIL** | title |",
		"| `INF-02` | MUST | ERROR (known) | title |",
		"restarted 2 times",
		"Expectations: **1 new failures**, 1 known",
		"### Matrix",
		"| ID | Level | ref 1 | impl 1 | Requirement |",
		"| `DEN-01` | MUST | pass | not implemented | t \\| with pipe |",
		"<summary>Standard error of impl</summary>",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, md)
		}
	}
	if strings.Count(md, "```")%2 != 0 {
		t.Errorf("a message closed a code block early:\n%s", md)
	}
}

func TestMatrixOrder(t *testing.T) {
	rows := matrix(runs(), false)
	var ids []string
	for _, r := range rows {
		ids = append(ids, r.r.ID+"="+strings.Join(r.cells, "/"))
	}
	// Catalogue order (inflate before density), union of both runs; "—"
	// where a run did not select the requirement.
	want := "INF-01=pass/FAIL INF-02=pass/ERROR (known) DEN-01=pass/not implemented DEN-02=—/skip"
	if got := strings.Join(ids, " "); got != want {
		t.Errorf("matrix %s, want %s", got, want)
	}
	var b bytes.Buffer
	if err := Matrix(&b, runs()); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "impl 1: 0 passed, 1 failed, 1 errored, 1 skipped, 1 not implemented") {
		t.Errorf("terminal matrix lacks the summary:\n%s", b.String())
	}
}

func TestJSON(t *testing.T) {
	var b bytes.Buffer
	if err := JSON(&b, runs()); err != nil {
		t.Fatal(err)
	}
	var doc Document
	if err := json.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatal(err)
	}
	if doc.Format != ReportFormat || len(doc.Runs) != 2 || doc.Runs[1].Restarts != 2 || doc.Runs[1].Check == nil ||
		len(doc.Runs[1].Check.Known) != 1 || doc.Runs[1].Results[0].Outcome != suite.Failed {
		t.Errorf("JSON report did not round-trip: %+v", doc)
	}
	b.Reset()
	if err := JSON(&b, nil); err != nil || !strings.Contains(b.String(), `"runs": []`) {
		t.Errorf("no runs: %q, %v", b.String(), err)
	}
}

// TestJUnitNotRun: the requirements an interrupted run did not finish are
// errors of type "not run" (the run fails its gate), never skips that CI
// shows as green; an outcome the writer does not know is no pass.
func TestJUnitNotRun(t *testing.T) {
	rep := report("impl",
		result("INF-01", suite.Must, suite.Passed),
		suite.Result{ID: "INF-02", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: suite.NotRun, Message: "interrupted by SIGTERM"},
		suite.Result{ID: "INF-03", Standard: adapters.Inflate, Level: suite.Must, Title: "t", Outcome: "unheard of", Message: "why"},
	)
	rep.Interrupted = "interrupted by SIGTERM"
	var b bytes.Buffer
	if err := JUnit(&b, []Run{{Report: rep}}, JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Failures int `xml:"failures,attr"`
		Errors   int `xml:"errors,attr"`
		Skipped  int `xml:"skipped,attr"`
		Cases    []struct {
			Error *struct {
				Type    string `xml:"type,attr"`
				Message string `xml:"message,attr"`
			} `xml:"error"`
		} `xml:"testsuite>testcase"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b.String())
	}
	if doc.Errors != 1 || doc.Skipped != 1 || len(doc.Cases) != 3 {
		t.Fatalf("errors %d skipped %d cases %d; want 1 1 3\n%s", doc.Errors, doc.Skipped, len(doc.Cases), b.String())
	}
	if e := doc.Cases[1].Error; e == nil || e.Type != "not run" || !strings.Contains(e.Message, "interrupted by SIGTERM") {
		t.Errorf("not run: %+v, want an error of type \"not run\" with the reason", e)
	}
}

// TestJUnitFailureMessage: a failure's message attribute, what a CI page
// shows beside the test, is the line that says what failed, not the
// standard's sentence that opens a MUST's message nor a property's line
// naming its case; the whole message stays in the text.
func TestJUnitFailureMessage(t *testing.T) {
	const finding = `window 0 of "doc" is 2501 runes long, over the cap of 2500`
	r := result("INF-07", suite.Must, suite.Failed)
	r.Quote = "No single window may exceed MAX_WINDOW_SIZE."
	r.Message = `std085 §2.1.5: "No single window may exceed MAX_WINDOW_SIZE."` + "\n" +
		"property \"capped\" falsified by edge case twenty hits, no budget, shrunk:\n" + finding + "\ncase: budget=none doc doc=2501 runes"
	var b bytes.Buffer
	if err := JUnit(&b, []Run{{Report: report("impl", r)}}, JUnitOptions{}); err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Cases []struct {
			Failure *struct {
				Message string `xml:"message,attr"`
				Text    string `xml:",chardata"`
			} `xml:"failure"`
		} `xml:"testsuite>testcase"`
	}
	if err := xml.Unmarshal(b.Bytes(), &doc); err != nil {
		t.Fatalf("not XML: %v\n%s", err, b.String())
	}
	if len(doc.Cases) != 1 || doc.Cases[0].Failure == nil {
		t.Fatalf("cases %+v, want one failure\n%s", doc.Cases, b.String())
	}
	f := doc.Cases[0].Failure
	if f.Message != finding {
		t.Errorf("message %q, want %q", f.Message, finding)
	}
	if !strings.Contains(f.Text, "falsified by edge case twenty hits") {
		t.Errorf("the text lost the whole message:\n%s", f.Text)
	}
}
