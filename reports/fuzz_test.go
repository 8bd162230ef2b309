package reports

import (
	"bytes"
	"encoding/xml"
	"math"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
)

// fuzzCase is a property's case as a replay holds it: floats of any value.
type fuzzCase struct {
	Score     float64   `json:"score"`
	Threshold *float64  `json:"threshold,omitempty"`
	Vector    []float32 `json:"vector"`
	Text      string    `json:"text"`
}

// FuzzWriters feeds every writer of run's reports (JSON, JUnit, Markdown,
// the table and the matrix, expectations) with results whose messages,
// logs, titles, standard error, answers and replay cases are arbitrary:
// any float (NaN, infinities), text that is not UTF-8 or holds control
// characters and markup, long strings, any outcome and level. Every
// writer must succeed with valid output that reads back: the JSON report
// as a report whose replay case decodes to the same floats, JUnit as XML
// whose counts add up, the expectations as an expectations file.
//
//	go test -run '^$' -fuzz FuzzWriters -fuzztime 60s ./reports
func FuzzWriters(f *testing.F) {
	f.Add("INF-01", "title <&> |", "msg ``` \x01\xff", "stderr \x02", 1.5, 2.5, float32(0.5), uint8(1), uint8(0), 10)
	f.Add("", "", "", "", math.NaN(), math.Inf(1), float32(math.Inf(-1)), uint8(2), uint8(3), 0)
	f.Add("ASM-16", "\u2028\ufffe", "line\r\nline\n\n| a | b |", "]]> <!--", math.Copysign(0, -1), math.MaxFloat64, float32(math.SmallestNonzeroFloat32), uint8(5), uint8(9), 5000)
	f.Fuzz(func(t *testing.T, id, title, msg, stderr string, score, threshold float64, vec float32, outcome, level uint8, repeat int) {
		if repeat < 0 || repeat > 1<<16 {
			repeat = 0
		}
		msg += strings.Repeat(msg, repeat%64) // long messages, of the fuzzer's text
		if !reportID.MatchString(id) {
			id = "INF-01" // a result's ID comes from the catalogue (ReadReport refuses others)
		}
		id2 := "DEN-01"
		if id == id2 {
			id2 = "DEN-02"
		}
		outcomes := append(suite.Outcomes(), suite.Outcome(title))
		levels := []suite.Level{suite.Must, suite.Should, suite.Reference}
		o := outcomes[int(outcome)%len(outcomes)]
		c := fuzzCase{Score: score, Threshold: &threshold, Vector: []float32{vec, float32(score)}, Text: msg}
		value, err := jsonenc.CompactAny(c)
		if err != nil {
			t.Fatalf("CompactAny(%+v): %v", c, err)
		}
		res := suite.Result{ID: id, Standard: adapters.Inflate, Section: title, Level: levels[int(level)%len(levels)], Title: title,
			Outcome: o, Message: msg, Logs: []string{msg, stderr}, Notes: []string{title}, Duration: time.Duration(repeat)}
		res.Replay = &suite.Replay{Format: suite.ReplayFormat, ID: id, Standard: "inflate", Level: res.Level, Outcome: o, Case: title, Value: value,
			Calls:    []suite.Call{{Op: "inflate", Request: c, Answer: map[string]any{"score": score, "vector": []float32{vec}, "text": msg}}, {Op: title, Request: nil, Error: msg}},
			Expected: msg}
		rep := suite.Report{Adapter: adapters.Info{Name: title + "impl", Version: id, Unit: "bytes"}, Seed: int64(repeat), Results: []suite.Result{res,
			{ID: id2, Standard: adapters.Density, Level: suite.Must, Title: msg, Outcome: suite.Failed, Message: stderr}}}
		if o == suite.NotRun {
			rep.Interrupted = msg
		}
		e := Expectations{Format: ExpectationsFormat, Expectations: []Expectation{{ID: id, Reason: msg}}}
		runs := []Run{{Report: rep, Stderr: stderr, Remarks: []string{msg}, Label: id, Check: e.Compare(rep)}, {Report: rep}}

		var js bytes.Buffer
		if err := JSON(&js, runs); err != nil {
			t.Fatalf("JSON: %v", err)
		}
		doc, err := ReadReport(bytes.NewReader(js.Bytes()))
		if !slices.Contains(suite.Outcomes(), o) {
			// An outcome no run writes: the report is refused, naming it.
			if want := "runs[0].results[0].outcome"; err == nil || !strings.Contains(err.Error(), want) {
				t.Fatalf("a report of outcome %q read: %v; want an error naming %s", o, err, want)
			}
			return
		}
		if err != nil || len(doc.Runs) != 2 || len(doc.Runs[0].Results) != 2 {
			t.Fatalf("the JSON report does not read back: %v\n%s", err, js.Bytes())
		}
		// Read back and written again, the report is stable (the first
		// reading turns the calls' typed requests into objects with
		// sorted keys; after that, nothing changes).
		var again, third bytes.Buffer
		if err := JSON(&again, doc.Runs); err != nil {
			t.Fatalf("JSON of the report read back: %v", err)
		}
		doc2, err := ReadReport(bytes.NewReader(again.Bytes()))
		if err != nil {
			t.Fatalf("the JSON report written again does not read back: %v", err)
		}
		if err := JSON(&third, doc2.Runs); err != nil || !bytes.Equal(again.Bytes(), third.Bytes()) {
			t.Errorf("the JSON report read back and written again differs (%v)", err)
		}
		var back fuzzCase
		if err := jsonenc.UnmarshalAny(doc.Runs[0].Results[0].Replay.Value, &back); err != nil {
			t.Fatalf("the replay case does not decode: %v", err)
		}
		if !sameFloat(back.Score, c.Score) || back.Threshold == nil || !sameFloat(*back.Threshold, threshold) ||
			len(back.Vector) != 2 || !sameFloat(float64(back.Vector[0]), float64(vec)) {
			t.Errorf("replay case read back %+v, want %+v", back, c)
		}

		var junit bytes.Buffer
		if err := JUnit(&junit, runs, JUnitOptions{StrictExpectations: true}); err != nil {
			t.Fatalf("JUnit: %v", err)
		}
		var suites struct {
			junitCounts
			Suites []struct {
				junitCounts
				Cases []struct {
					Name string `xml:"name,attr"`
				} `xml:"testcase"`
			} `xml:"testsuite"`
		}
		if err := xml.Unmarshal(junit.Bytes(), &suites); err != nil {
			t.Fatalf("JUnit is not XML: %v\n%s", err, junit.Bytes())
		}
		n := 0
		for _, s := range suites.Suites {
			n += len(s.Cases)
			if s.Tests != len(s.Cases) || s.Failures+s.Errors+s.Skipped > s.Tests {
				t.Errorf("JUnit suite counts %+v for %d cases", s.junitCounts, len(s.Cases))
			}
		}
		if n != 4 || suites.Tests != 4 {
			t.Errorf("JUnit: %d cases, %d tests; want 4", n, suites.Tests)
		}

		var md, table, matrix bytes.Buffer
		if err := Markdown(&md, runs); err != nil {
			t.Fatalf("Markdown: %v", err)
		}
		if err := RunTable(&table, runs[0]); err != nil {
			t.Fatalf("table: %v", err)
		}
		if err := Matrix(&matrix, runs); err != nil {
			t.Fatalf("matrix: %v", err)
		}

		var ex bytes.Buffer
		if err := WriteExpectations(&ex, []suite.Report{rep}, e); err != nil {
			t.Fatalf("expectations: %v", err)
		}
		if _, err := ReadExpectations(bytes.NewReader(ex.Bytes()), nil); err != nil {
			t.Errorf("the expectations written do not read back: %v\n%s", err, ex.Bytes())
		}
	})
}

// sameFloat: equal, or both NaN (a float32 that came from a float64 is
// compared as float32).
func sameFloat(a, b float64) bool {
	return a == b || math.IsNaN(a) && math.IsNaN(b)
}

// FuzzReadReport feeds ReadReport (the one reader of reports for diff,
// merge and matrix) with damaged and forged reports: it never panics, and
// what it accepts is a report: a known outcome, level, standard and kind
// for every result, each requirement once per run, and written again by
// JSON it reads back the same.
//
//	go test -run '^$' -fuzz FuzzReadReport -fuzztime 60s ./reports
func FuzzReadReport(f *testing.F) {
	valid := `{"format":"ctxconform-report/1","runs":[{"adapter":{"name":"x","version":"1","unit":"bytes","standards":["inflate"]},"seed":1,"level":"MUST","started":"2026-01-01T00:00:00Z","elapsed_ns":1,` +
		`"results":[{"id":"INF-01","standard":"inflate","section":"s","level":"MUST","title":"t","kind":"property","outcome":"failed","message":"m","duration_ns":1,` +
		`"replay":{"format":"ctxconform-replay/1","id":"INF-01","standard":"inflate","level":"MUST","kind":"property","outcome":"failed","seed":1,"value":{"A":"NaN"},"calls":[{"op":"inflate","request":{"a":[1,2]},"answer":"x"}],"expected":"e"}}]}]}`
	f.Add(valid)
	f.Add(valid + valid)
	f.Add(valid + " garbage")
	f.Add(strings.Replace(valid, `"failed","message"`, `"exploded","message"`, 1))
	f.Add(strings.Replace(valid, `"outcome":"failed","message"`, `"message"`, 1))
	f.Add(strings.Replace(valid, `"results":[`, `"results":[{"id":"INF-01","standard":"inflate","level":"MUST","kind":"spec","outcome":"passed"},`, 1))
	f.Add(strings.Replace(valid, `"level":"MUST","started"`, `"level":"HUGE","started"`, 1))
	f.Add(`{"format":"ctxconform-report/1","runs":[{"adapter":{"name":"x"},"level":"MUST","results":[]}]}`)
	f.Add(`{"format":"ctxconform-report/1","format":"ctxconform-report/1","runs":[]}`)
	f.Add(`[]`)
	f.Fuzz(func(t *testing.T, in string) {
		doc, err := ReadReport(strings.NewReader(in))
		if err != nil {
			return
		}
		if len(doc.Runs) == 0 {
			t.Fatal("accepted a report with no runs")
		}
		for i, run := range doc.Runs {
			seen := map[string]bool{}
			if !slices.Contains(suite.Levels(), run.Level) || run.Adapter.Name == "" {
				t.Fatalf("run %d: level %v, name %q accepted", i, run.Level, run.Adapter.Name)
			}
			for _, r := range run.Results {
				if seen[r.ID] || !reportID.MatchString(r.ID) || !slices.Contains(suite.Outcomes(), r.Outcome) ||
					!slices.Contains(suite.Levels(), r.Level) || !slices.Contains(adapters.Standards(), r.Standard) {
					t.Fatalf("run %d: result %+v accepted (seen before: %v)", i, r, seen[r.ID])
				}
				seen[r.ID] = true
			}
		}
		var again bytes.Buffer
		if err := JSON(&again, doc.Runs); err != nil {
			t.Fatalf("JSON of an accepted report: %v", err)
		}
		doc2, err := ReadReport(bytes.NewReader(again.Bytes()))
		if err != nil {
			t.Fatalf("an accepted report written again does not read back: %v\n%s", err, again.Bytes())
		}
		for i := range doc.Runs {
			if len(doc2.Runs[i].Results) != len(doc.Runs[i].Results) {
				t.Fatalf("run %d: %d results read back, want %d", i, len(doc2.Runs[i].Results), len(doc.Runs[i].Results))
			}
		}
	})
}
