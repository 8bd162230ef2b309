package reports

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/suite"
)

// A report as conformance run --json writes it, built from its parts so
// that each case of TestReadReportRefuses changes one field.
const (
	okResult = `{"id":"INF-01","standard":"inflate","level":"MUST","kind":"spec","outcome":"passed"}`
	okHead   = `"adapter":{"name":"x","standards":["inflate"]},"seed":1,"level":"MUST"`
)

func okRun(results ...string) string {
	if len(results) == 0 {
		results = []string{okResult}
	}
	return `{` + okHead + `,"results":[` + strings.Join(results, ",") + `]}`
}

func okDoc(runs ...string) string {
	if len(runs) == 0 {
		runs = []string{okRun()}
	}
	return `{"format":"ctxconform-report/1","runs":[` + strings.Join(runs, ",") + `]}`
}

// withResult is okDoc whose one result has the field key set to the JSON
// value v (v "" drops the field).
func withResult(key, v string) string {
	var m map[string]json.RawMessage
	if err := json.Unmarshal([]byte(okResult), &m); err != nil {
		panic(err)
	}
	if v == "" {
		delete(m, key)
	} else {
		m[key] = json.RawMessage(v)
	}
	b, err := json.Marshal(m)
	if err != nil {
		panic(err)
	}
	return okDoc(okRun(string(b)))
}

// TestReadReportRefuses: every rule of ReadReport's doc comment, each
// broken on its own, is refused with the path of the field and the
// reason; the messages are written out by hand from the doc comments of
// ReadReport and InvalidReportError (field ": " reason), the outcomes and
// levels from suite's lists.
func TestReadReportRefuses(t *testing.T) {
	const outcomes = "passed, failed, errored, skipped, inconclusive, not implemented, not run"
	standards := fmt.Sprint(standardNames())
	tests := []struct {
		name, in, want string
	}{
		// The document.
		{"an array", `[]`, `the document: a [, want an object`},
		{"a number", `5`, `the document: 5, want an object`},
		{"runs an object", `{"format":"ctxconform-report/1","runs":{}}`, `runs: a {, want an array`},
		{"runs null", `{"format":"ctxconform-report/1","runs":null}`, `runs: null, want an array`},
		{"runs a string", `{"format":"ctxconform-report/1","runs":"abc"}`, `runs: the string "abc", want an array`},
		{"runs true", `{"format":"ctxconform-report/1","runs":true}`, `runs: true, want an array`},
		{"format other", `{"format":"x","runs":[]}`, `format "x", want "ctxconform-report/1"`},
		{"format missing", `{"runs":[` + okRun() + `]}`, `format: missing: not a report of conformance run --json`},
		{"format twice", `{"format":"ctxconform-report/1","format":"ctxconform-report/1","runs":[]}`, `format: given twice`},
		{"runs twice", `{"format":"ctxconform-report/1","runs":[` + okRun() + `],"runs":[]}`, `runs: given twice`},
		{"no runs", `{"format":"ctxconform-report/1","runs":[]}`, `a report with no runs`},
		{"runs missing", `{"format":"ctxconform-report/1"}`, `a report with no runs`},
		{"a second document", okDoc() + `{}`, `after the report: a {: one JSON document is a report, nothing may follow it`},
		{"a string after it", okDoc() + ` "x"`, `after the report: the string "x": one JSON document is a report, nothing may follow it`},
		// A run.
		{"run a string", okDoc(`"x"`), `runs[0]: the string "x", want an object`},
		{"second run broken", okDoc(okRun(), `[]`), `runs[1]: a [, want an object`},
		{"results twice", okDoc(`{` + okHead + `,"results":[` + okResult + `],"results":[` + okResult + `]}`), `runs[0].results: given twice`},
		{"adapter twice", okDoc(`{` + okHead + `,"adapter":{"name":"y"},"results":[` + okResult + `]}`), `runs[0].adapter: given twice`},
		{"results an object", okDoc(`{` + okHead + `,"results":{}}`), `runs[0].results: a {, want an array`},
		{"level missing", okDoc(`{"adapter":{"name":"x"},"results":[` + okResult + `]}`), `runs[0].level: missing`},
		{"level a number", okDoc(`{"adapter":{"name":"x"},"level":5,"results":[` + okResult + `]}`), `runs[0].level: 5, want a level (MUST, SHOULD, ROBUST or REFERENCE)`},
		{"level unknown", okDoc(`{"adapter":{"name":"x"},"level":"HUGE","results":[` + okResult + `]}`), `runs[0].level: "HUGE" is not a level (want MUST, SHOULD, ROBUST or REFERENCE)`},
		{"adapter name missing", okDoc(`{"adapter":{"version":"1"},"level":"MUST","results":[` + okResult + `]}`), `runs[0].adapter.name: missing`},
		{"results missing", okDoc(`{` + okHead + `}`), `runs[0].results: missing`},
		{"results empty", okDoc(`{` + okHead + `,"results":[]}`), `runs[0].results: empty: a run checks at least one requirement`},
		{"shard 0/2", okDoc(`{` + okHead + `,"shard":{"index":0,"count":2},"results":[]}`), `runs[0].shard: 0/2 is not a shard (want I/N, 1 ≤ I ≤ N)`},
		{"shard 3/2", okDoc(`{` + okHead + `,"shard":{"index":3,"count":2},"results":[]}`), `runs[0].shard: 3/2 is not a shard (want I/N, 1 ≤ I ≤ N)`},
		{"shard 1/0", okDoc(`{` + okHead + `,"shard":{"index":1,"count":0},"results":[]}`), `runs[0].shard: 1/0 is not a shard (want I/N, 1 ≤ I ≤ N)`},
		{"standard unknown", okDoc(`{"adapter":{"name":"x","standards":["inflate","nope"]},"level":"MUST","results":[` + okResult + `]}`),
			`runs[0].adapter.standards[1]: "nope" is not a standard (want one of ` + standards + `)`},
		// encoding/json reads a name given twice as its last value.
		{"adapter name twice", okDoc(`{"adapter":{"name":"x","name":"y"},"level":"MUST","results":[` + okResult + `]}`), `runs[0].adapter.name: given twice`},
		{"outcome twice", okDoc(okRun(`{"id":"INF-01","standard":"inflate","level":"MUST","outcome":"failed","outcome":"passed"}`)), `runs[0].results[0].outcome: given twice`},
		{"call op twice", okDoc(okRun(`{"id":"INF-01","standard":"inflate","level":"MUST","outcome":"failed","replay":{"calls":[{"op":"inflate"},{"op":"a","op":"b"}]}}`)), `runs[0].results[0].replay.calls[1].op: given twice`},
		{"a result twice", okDoc(okRun(okResult, okResult)), `runs[0].results[1].id: INF-01 twice (also runs[0].results[0]): a run checks a requirement once`},
		// A result.
		{"result a string", okDoc(okRun(`"x"`)), `runs[0].results[0]: string, want struct`},
		{"id missing", withResult("id", ""), `runs[0].results[0].id: missing`},
		{"id one digit", withResult("id", `"INF-1"`), `runs[0].results[0].id: "INF-1" is not a requirement ID (two to four capitals, -, two or three digits)`},
		{"id lower case", withResult("id", `"inf-01"`), `runs[0].results[0].id: "inf-01" is not a requirement ID (two to four capitals, -, two or three digits)`},
		{"standard unknown", withResult("standard", `"nope"`), `runs[0].results[0].standard: "nope" is not a standard (want one of ` + standards + `)`},
		{"standard missing", withResult("standard", ""), `runs[0].results[0].standard: "" is not a standard (want one of ` + standards + `)`},
		{"kind unknown", withResult("kind", `"weird"`), `runs[0].results[0].kind: "weird" is not a kind (want spec or property)`},
		{"outcome missing", withResult("outcome", ""), `runs[0].results[0].outcome: missing`},
		{"outcome unknown", withResult("outcome", `"exploded"`), `runs[0].results[0].outcome: "exploded" is not an outcome (want one of ` + outcomes + `)`},
		{"level missing", withResult("level", ""), `runs[0].results[0].level: missing`},
		{"level unknown", withResult("level", `"LOUD"`), `runs[0].results[0].level: "LOUD" is not a level (want MUST, SHOULD, ROBUST or REFERENCE)`},
		{"level a number", withResult("level", `1`), `runs[0].results[0].level: 1, want a level (MUST, SHOULD, ROBUST or REFERENCE)`},
		// The field is named as the file spells it, not by the Go types
		// that hold it (suite.Result in rawResult, Report in Run).
		{"duration a string", withResult("duration_ns", `"x"`), `runs[0].results[0]: duration_ns: string, want int64`},
		{"seed a string", okDoc(`{"adapter":{"name":"x"},"seed":"7","level":"MUST","results":[` + okResult + `]}`), `runs[0]: seed: string, want int64`},
		{"adapter unit a number", okDoc(`{"adapter":{"name":"x","unit":3},"level":"MUST","results":[` + okResult + `]}`), `runs[0]: adapter.unit: number, want string`},
		{"replay id a number", withResult("replay", `{"id":3}`), `runs[0].results[0]: replay.id: number, want string`},
		// The expectations check.
		{"new not an ID", okDoc(`{` + okHead + `,"results":[` + okResult + `],"expectations":{"new":["INF-01","x"]}}`),
			`runs[0].expectations.new[1]: "x" is not a requirement ID`},
		{"known not an ID", okDoc(`{` + okHead + `,"results":[` + okResult + `],"expectations":{"known":[{"id":"INF-01"},{"id":"y"}]}}`),
			`runs[0].expectations.known[1].id: "y" is not a requirement ID`},
		{"fixed now unknown", okDoc(`{` + okHead + `,"results":[` + okResult + `],"expectations":{"fixed":[{"id":"INF-01","now":"great"}]}}`),
			`runs[0].expectations.fixed[0].now: "great" is not an outcome (want one of ` + outcomes + `)`},
		{"not run not an ID", okDoc(`{` + okHead + `,"results":[` + okResult + `],"expectations":{"not_run":[{"id":"DEN-1"}]}}`),
			`runs[0].expectations.not_run[0].id: "DEN-1" is not a requirement ID`},
		// Clipped values: 40 bytes are kept, on a character boundary.
		{"40 bytes kept", withResult("id", `"`+strings.Repeat("x", 40)+`"`),
			`runs[0].results[0].id: "` + strings.Repeat("x", 40) + `" is not a requirement ID (two to four capitals, -, two or three digits)`},
		{"41 bytes clipped", withResult("id", `"`+strings.Repeat("x", 41)+`"`),
			`runs[0].results[0].id: "` + strings.Repeat("x", 40) + `…" is not a requirement ID (two to four capitals, -, two or three digits)`},
		// "a" then é (2 bytes) from byte 1: byte 40 is the second byte
		// of the 20th é, so the cut moves back to byte 39 (a and 19 é).
		{"clipped before a character", withResult("id", `"a`+strings.Repeat("é", 30)+`"`),
			`runs[0].results[0].id: "a` + strings.Repeat("é", 19) + `…" is not a requirement ID (two to four capitals, -, two or three digits)`},
	}
	for _, tt := range tests {
		_, err := ReadReport(strings.NewReader(tt.in))
		if err == nil {
			t.Errorf("%s: accepted, want %q", tt.name, tt.want)
			continue
		}
		if err.Error() != tt.want {
			t.Errorf("%s: %q, want %q", tt.name, err.Error(), tt.want)
		}
	}
}

func standardNames() []string {
	return []string{"inflate", "density", "assemble", "radial", "elastic", "fuzzy", "densify", "expand"}
}

// TestReadReportAccepts: what the rules allow is read, with its values.
func TestReadReportAccepts(t *testing.T) {
	tests := []struct {
		name, in string
		results  []int // results per run
	}{
		{"one run", okDoc(), []int{1}},
		{"two runs", okDoc(okRun(), okRun()), []int{1, 1}},
		{"the same requirement in two runs", okDoc(okRun(okResult), okRun(okResult)), []int{1, 1}},
		// An unknown key is passed over whatever its value: nested
		// objects and arrays, then the runs after it.
		{"an unknown key", `{"format":"ctxconform-report/1","x":{"a":[1,{"b":[]}],"c":{}},"y":[[],[{}]],"z":3,"runs":[` + okRun() + `]}`, []int{1}},
		{"an empty shard", okDoc(`{` + okHead + `,"shard":{"index":1,"count":3},"results":[]}`), []int{0}},
		{"the last shard", okDoc(`{` + okHead + `,"shard":{"index":3,"count":3},"results":[` + okResult + `]}`), []int{1}},
		{"shard 1/1", okDoc(`{` + okHead + `,"shard":{"index":1,"count":1},"results":[` + okResult + `]}`), []int{1}},
		{"no kind", withResult("kind", ""), []int{1}},
		{"kind property", withResult("kind", `"property"`), []int{1}},
		{"two and four capitals, three digits", okDoc(okRun(strings.Replace(okResult, "INF-01", "AB-100", 1), strings.Replace(okResult, "INF-01", "ABCD-999", 1))), []int{2}},
		{"white space after it", okDoc() + " \n\t", []int{1}},
		{"every outcome", okDoc(okRun(
			strings.Replace(okResult, `"passed"`, `"failed"`, 1),
			strings.Replace(strings.Replace(okResult, `"passed"`, `"not run"`, 1), "INF-01", "INF-02", 1),
			strings.Replace(strings.Replace(okResult, `"passed"`, `"not implemented"`, 1), "INF-01", "INF-03", 1))), []int{3}},
		{"expectations", okDoc(`{` + okHead + `,"results":[` + okResult + `],"expectations":{"new":["INF-01"],"known":[{"id":"INF-02","now":"failed"}],"fixed":[{"id":"INF-03"}],"not_run":[{"id":"INF-04","now":"skipped"}]}}`), []int{1}},
	}
	for _, tt := range tests {
		doc, err := ReadReport(strings.NewReader(tt.in))
		if err != nil {
			t.Errorf("%s: %v", tt.name, err)
			continue
		}
		var got []int
		for _, r := range doc.Runs {
			got = append(got, len(r.Results))
		}
		if fmt.Sprint(got) != fmt.Sprint(tt.results) {
			t.Errorf("%s: results per run %v, want %v", tt.name, got, tt.results)
		}
	}
}

// TestReadReportValues: the fields come through: levels of the run and
// of a result, the adapter, and a replay's calls as the JSON they were,
// with no answer where the file has none.
func TestReadReportValues(t *testing.T) {
	in := okDoc(`{"adapter":{"name":"x","version":"2"},"level":"ROBUST","seed":7,"results":[` +
		`{"id":"DEN-03","standard":"density","level":"SHOULD","outcome":"failed","message":"m",` +
		`"replay":{"format":"ctxconform-replay/1","id":"DEN-03","calls":[{"op":"density","request":{"a":[1, 2]}},{"op":"density","request":{},"answer":"ok","error":"e"},{"op":"x","request":7,"answer":0},{"op":"y","error":"refused"}]}}]}`)
	doc, err := ReadReport(strings.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	run := doc.Runs[0]
	if run.Level != suite.Robust || run.Seed != 7 || run.Name() != "x 2" {
		t.Errorf("run: level %v seed %d name %q, want ROBUST 7 \"x 2\"", run.Level, run.Seed, run.Name())
	}
	r := run.Results[0]
	if r.Level != suite.Should || r.Outcome != suite.Failed || r.Message != "m" || r.Replay == nil || len(r.Replay.Calls) != 4 {
		t.Fatalf("result %+v", r)
	}
	c0, c1 := r.Replay.Calls[0], r.Replay.Calls[1]
	if raw, ok := c0.Request.(json.RawMessage); !ok || string(raw) != `{"a":[1, 2]}` {
		t.Errorf("first call's request %#v, want the JSON as written", c0.Request)
	}
	if c0.Answer != nil {
		t.Errorf("first call's answer %#v, want none", c0.Answer)
	}
	if raw, ok := c1.Answer.(json.RawMessage); !ok || string(raw) != `"ok"` || c1.Error != "e" || c1.Op != "density" {
		t.Errorf("second call %#v", c1)
	}
	// One byte of JSON is a value too.
	c2 := r.Replay.Calls[2]
	if req, ok := c2.Request.(json.RawMessage); !ok || string(req) != "7" {
		t.Errorf("third call's request %#v, want 7", c2.Request)
	}
	if ans, ok := c2.Answer.(json.RawMessage); !ok || string(ans) != "0" {
		t.Errorf("third call's answer %#v, want 0", c2.Answer)
	}
	// No request in the file: none read (not a JSON null).
	if c3 := r.Replay.Calls[3]; c3.Request != nil || c3.Answer != nil || c3.Error != "refused" {
		t.Errorf("fourth call %#v, want no request, no answer, error refused", c3)
	}
}

// TestReadReportBroken: a damaged file is a syntax error, an end before
// the report ends an unexpected EOF, never a report.
func TestReadReportBroken(t *testing.T) {
	for _, in := range []string{
		``,
		`{"format":"ctxconform-report/1"`,
		`{"format":"ctxconform-report/1","runs":[`,
		`{"format":"ctxconform-report/1","runs":[{"adapter":{"name":"x"},"level":"MUST","results":[` + okResult,
		`{"format":"ctxconform-report/1","runs":[{"adapter":{"name":"x"},"level":"MUST","results":[{"id":"INF-01"`,
		`{"format":"ctxconform-report/1","x":[1,2`,
	} {
		_, err := ReadReport(strings.NewReader(in))
		if !errors.Is(err, io.ErrUnexpectedEOF) || !strings.HasPrefix(err.Error(), "not a JSON report: ") {
			t.Errorf("%q: %v, want not a JSON report: unexpected EOF", in, err)
		}
	}
}

// TestReadReportBounds: MaxRuns runs are read, one more is refused; the
// result after MaxResults, counted over all runs, is refused.
func TestReadReportBounds(t *testing.T) {
	runs := make([]string, MaxRuns+1)
	for i := range runs {
		runs[i] = okRun()
	}
	if _, err := ReadReport(strings.NewReader(okDoc(runs[:MaxRuns]...))); err != nil {
		t.Errorf("%d runs: %v", MaxRuns, err)
	}
	_, err := ReadReport(strings.NewReader(okDoc(runs...)))
	if want := "runs: more than 1000 runs"; err == nil || err.Error() != want {
		t.Errorf("%d runs: %v, want %s", MaxRuns+1, err, want)
	}

	// 100000 results: 100 runs of 1000 distinct IDs (AA-100 ... ZZ-999).
	ids := make([]string, 0, 1000)
	for a := 'A'; len(ids) < 1000; a++ {
		for n := 100; n < 200 && len(ids) < 1000; n++ {
			ids = append(ids, fmt.Sprintf(`{"id":"A%c-%d","standard":"inflate","level":"MUST","outcome":"passed"}`, a, n))
		}
	}
	full := okRun(ids...)
	many := make([]string, 100)
	for i := range many {
		many[i] = full
	}
	// The 100001st is refused (the 100000 before it were read: the
	// error is at it). One read only: 100000 results take seconds.
	_, err = ReadReport(strings.NewReader(okDoc(append(many, okRun())...)))
	if want := "runs[100].results[0]: more than 100000 results in the report"; err == nil || err.Error() != want {
		t.Errorf("100001 results: %v, want %s", err, want)
	}
}
