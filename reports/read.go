package reports

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"regexp"
	"slices"
	"strings"
	"unicode"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/suite"
)

// Bounds of a JSON report as ReadReport reads it. The catalogue holds
// fewer than 200 requirements, so a run of more results, or a file of
// more runs, was not written by conformance run or merge; with the
// byte limit of the file (internal/bounded.Report) they bound the memory
// a hostile report can take (docs/files.md).
const (
	MaxRuns    = 1000   // runs in one report
	MaxResults = 100000 // results in one report, all its runs together
)

// An InvalidReportError is a report that is not one conformance run or
// merge writes: Field says where, as a path into the JSON document
// ("runs[0].results[3].outcome").
type InvalidReportError struct {
	Field  string
	Reason string
}

func (e *InvalidReportError) Error() string {
	if e.Field == "" {
		return e.Reason
	}
	return e.Field + ": " + e.Reason
}

func invalid(field, format string, args ...any) error {
	return &InvalidReportError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

var reportID = regexp.MustCompile(`^[A-Z]{2,4}-[0-9]{2,3}$`)

// ReadReport reads a JSON report written by JSON (conformance run --json,
// conformance merge --json) and checks it is one: the format named, at
// least one run, in every run an adapter name, a known level and results,
// each with a requirement ID once, a known standard, level, kind and
// outcome; one JSON document and nothing after it. Every reader of
// reports (diff, merge, matrix) reads them here, so they agree on what a
// report is; the error names the field.
//
// The document is decoded as it is read, a result at a time, and the
// calls of a replay are kept as the JSON they are (never decoded into
// maps), so the memory it takes stays near the size of the input: the
// caller bounds the input (internal/bounded).
func ReadReport(r io.Reader) (Document, error) {
	var doc Document
	dec := json.NewDecoder(r)
	rd := reportReader{dec: dec}
	if err := rd.document(&doc); err != nil {
		return Document{}, err
	}
	return doc, nil
}

type reportReader struct {
	dec     *json.Decoder
	results int // read so far, all runs together
}

// syntax wraps a decoding error: a reader's error (too large) stays
// visible to errors.Is and errors.As.
func syntax(err error) error {
	if errors.Is(err, io.EOF) {
		err = io.ErrUnexpectedEOF
	}
	return fmt.Errorf("not a JSON report: %w", err)
}

func (rd *reportReader) delim(want json.Delim, field string) error {
	tok, err := rd.dec.Token()
	if err != nil {
		return syntax(err)
	}
	if d, ok := tok.(json.Delim); !ok || d != want {
		what := "an object"
		if want == '[' {
			what = "an array"
		}
		return invalid(field, "%s, want %s", tokenName(tok), what)
	}
	return nil
}

func tokenName(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return "a " + string(t)
	case string:
		return fmt.Sprintf("the string %q", clip.Text(t, 40))
	case nil:
		return "null"
	}
	return fmt.Sprintf("%v", tok)
}

// key reads an object's next key, or reports its end.
func (rd *reportReader) key() (string, bool, error) {
	if !rd.dec.More() {
		_, err := rd.dec.Token() // the closing }
		if err != nil {
			return "", false, syntax(err)
		}
		return "", false, nil
	}
	tok, err := rd.dec.Token()
	if err != nil {
		return "", false, syntax(err)
	}
	k, _ := tok.(string)
	return k, true, nil
}

func (rd *reportReader) document(doc *Document) error {
	if err := rd.delim('{', "the document"); err != nil {
		return err
	}
	seen := map[string]bool{}
	for {
		k, ok, err := rd.key()
		if err != nil {
			return err
		}
		if !ok {
			break
		}
		if seen[k] {
			return invalid(k, "given twice")
		}
		seen[k] = true
		switch k {
		case "format":
			if err := rd.dec.Decode(&doc.Format); err != nil {
				return invalid("format", "%v", err)
			}
			if doc.Format != ReportFormat {
				return invalid("", "format %q, want %q", clip.Text(doc.Format, 40), ReportFormat)
			}
		case "runs":
			if err := rd.runs(doc); err != nil {
				return err
			}
		default:
			if err := rd.skip(); err != nil {
				return err
			}
		}
	}
	switch {
	case !seen["format"]:
		return invalid("format", "missing: not a report of conformance run --json")
	case len(doc.Runs) == 0:
		return invalid("", "a report with no runs")
	}
	// One document: anything after it but white space is refused (a
	// second document, a file appended to another).
	if tok, err := rd.dec.Token(); err != io.EOF {
		if err != nil {
			return fmt.Errorf("after the report: %w", err)
		}
		return fmt.Errorf("after the report: %s: one JSON document is a report, nothing may follow it", tokenName(tok))
	}
	return nil
}

// skip passes over one value without keeping it.
func (rd *reportReader) skip() error {
	depth := 0
	for {
		tok, err := rd.dec.Token()
		if err != nil {
			return syntax(err)
		}
		if d, ok := tok.(json.Delim); ok {
			if d == '{' || d == '[' {
				depth++
			} else {
				depth--
			}
		}
		if depth == 0 {
			return nil
		}
	}
}

func (rd *reportReader) runs(doc *Document) error {
	if err := rd.delim('[', "runs"); err != nil {
		return err
	}
	for rd.dec.More() {
		i := len(doc.Runs)
		if i == MaxRuns {
			return invalid("runs", "more than %d runs", MaxRuns)
		}
		run, err := rd.run(fmt.Sprintf("runs[%d]", i))
		if err != nil {
			return err
		}
		doc.Runs = append(doc.Runs, run)
	}
	_, err := rd.dec.Token() // ]
	if err != nil {
		return syntax(err)
	}
	return nil
}

// runHead is a run without its results; Level is a pointer to tell a
// missing level from MUST.
type runHead struct {
	Run
	Level json.RawMessage `json:"level"`
}

func (rd *reportReader) run(field string) (Run, error) {
	if err := rd.delim('{', field); err != nil {
		return Run{}, err
	}
	head := map[string]json.RawMessage{}
	var results []suite.Result
	ids := map[string]int{}
	sawResults := false
	for {
		k, ok, err := rd.key()
		if err != nil {
			return Run{}, err
		}
		if !ok {
			break
		}
		if _, dup := head[k]; dup || k == "results" && sawResults {
			return Run{}, invalid(field+"."+k, "given twice")
		}
		if k != "results" {
			var v json.RawMessage
			if err := rd.dec.Decode(&v); err != nil {
				return Run{}, syntax(err)
			}
			if path, ok := twice(v); ok {
				return Run{}, invalid(field+"."+k+path, "given twice")
			}
			head[k] = v
			continue
		}
		sawResults = true
		if err := rd.delim('[', field+".results"); err != nil {
			return Run{}, err
		}
		for rd.dec.More() {
			f := fmt.Sprintf("%s.results[%d]", field, len(results))
			if rd.results == MaxResults {
				return Run{}, invalid(f, "more than %d results in the report", MaxResults)
			}
			rd.results++
			res, err := rd.result(f)
			if err != nil {
				return Run{}, err
			}
			if j, dup := ids[res.ID]; dup {
				return Run{}, invalid(f+".id", "%s twice (also %s.results[%d]): a run checks a requirement once", res.ID, field, j)
			}
			ids[res.ID] = len(results)
			results = append(results, res)
		}
		if _, err := rd.dec.Token(); err != nil { // ]
			return Run{}, syntax(err)
		}
	}
	b, err := json.Marshal(head)
	if err != nil {
		return Run{}, err
	}
	var h runHead
	if err := json.Unmarshal(b, &h); err != nil {
		return Run{}, invalid(field, "%v", fieldError(err))
	}
	run := h.Run
	run.Adapter = run.Adapter.Shown() // a file's strings are shown as a program's are
	run.Stderr, run.Interrupted = clip.Lines(run.Stderr), clip.Lines(run.Interrupted)
	for i, r := range run.Remarks {
		run.Remarks[i] = clip.Lines(r)
	}
	level, err := readLevel(field+".level", h.Level)
	switch {
	case err != nil:
		return Run{}, err
	case run.Adapter.Name == "":
		return Run{}, invalid(field+".adapter.name", "missing")
	case !sawResults:
		return Run{}, invalid(field+".results", "missing")
	case len(results) == 0 && run.Shard == nil:
		// A shard may hold nothing (more shards than requirements
		// selected); a whole run checks at least one requirement.
		return Run{}, invalid(field+".results", "empty: a run checks at least one requirement")
	case run.Shard != nil && (run.Shard.Count < 1 || run.Shard.Index < 1 || run.Shard.Index > run.Shard.Count):
		return Run{}, invalid(field+".shard", "%d/%d is not a shard (want I/N, 1 ≤ I ≤ N)", run.Shard.Index, run.Shard.Count)
	}
	for i, s := range run.Adapter.Standards {
		if !slices.Contains(adapters.Standards(), s) {
			return Run{}, invalid(fmt.Sprintf("%s.adapter.standards[%d]", field, i), "%q is not a standard (want one of %v)", clip.Text(string(s), 40), adapters.Standards())
		}
	}
	if err := checkCheck(field+".expectations", run.Check); err != nil {
		return Run{}, err
	}
	run.Level = level
	run.Results = results
	return run, nil
}

// fieldError keeps a decoding error short: encoding/json names the Go
// type, which says nothing to a reader of the file, and puts the names of
// embedded Go structs in the field's path ("Result.duration_ns"); the
// error names the field as the file spells it ("duration_ns"): every key
// of a report is lower case, so a segment with a capital is a Go name.
func fieldError(err error) error {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		var path []string
		for _, seg := range strings.Split(te.Field, ".") {
			if seg == "" || !unicode.IsUpper(rune(seg[0])) {
				path = append(path, seg)
			}
		}
		if len(path) == 0 || path[0] == "" { // the value itself (a result that is no object)
			return fmt.Errorf("%s, want %s", te.Value, te.Type.Kind())
		}
		return fmt.Errorf("%s: %s, want %s", strings.Join(path, "."), te.Value, te.Type.Kind())
	}
	return err
}

// rawCall is a call as the report holds it: the request and answer are
// kept as JSON, not decoded into maps of interfaces (ten times the size).
type rawCall struct {
	Op      string          `json:"op"`
	Request json.RawMessage `json:"request"`
	Answer  json.RawMessage `json:"answer,omitempty"`
	Error   string          `json:"error,omitempty"`
}

type rawReplay struct {
	suite.Replay
	Calls []rawCall `json:"calls,omitempty"`
}

type rawResult struct {
	suite.Result
	Level  json.RawMessage `json:"level"`
	Replay *rawReplay      `json:"replay,omitempty"`
}

func (rd *reportReader) result(field string) (suite.Result, error) {
	var whole json.RawMessage
	if err := rd.dec.Decode(&whole); err != nil {
		return suite.Result{}, syntax(err)
	}
	if path, ok := twice(whole); ok {
		return suite.Result{}, invalid(field+path, "given twice")
	}
	var raw rawResult
	if err := json.Unmarshal(whole, &raw); err != nil {
		return suite.Result{}, invalid(field, "%v", fieldError(err))
	}
	res := raw.Result
	level, err := readLevel(field+".level", raw.Level)
	switch {
	case err != nil:
		return res, err
	case res.ID == "":
		return res, invalid(field+".id", "missing")
	case !reportID.MatchString(res.ID):
		return res, invalid(field+".id", "%q is not a requirement ID (two to four capitals, -, two or three digits)", clip.Text(res.ID, 40))
	case !slices.Contains(adapters.Standards(), res.Standard):
		return res, invalid(field+".standard", "%q is not a standard (want one of %v)", clip.Text(string(res.Standard), 40), adapters.Standards())
	case res.Kind != "" && res.Kind != suite.Spec && res.Kind != suite.Property:
		return res, invalid(field+".kind", "%q is not a kind (want %s or %s)", clip.Text(string(res.Kind), 40), suite.Spec, suite.Property)
	case res.Outcome == "":
		return res, invalid(field+".outcome", "missing")
	case !slices.Contains(suite.Outcomes(), res.Outcome):
		return res, invalid(field+".outcome", "%q is not an outcome (want one of %s)", clip.Text(string(res.Outcome), 40), outcomeList())
	}
	res.Level = level
	// A file's text is shown as a program's is (clip.Lines): nothing in a
	// report read back acts on a terminal.
	res.Title, res.Section, res.Quote = clip.Lines(res.Title), clip.Lines(res.Section), clip.Lines(res.Quote)
	res.Message, res.Unimplemented = clip.Lines(res.Message), clip.Lines(res.Unimplemented)
	for _, text := range [][]string{res.Logs, res.Notes} {
		for i, l := range text {
			text[i] = clip.Lines(l)
		}
	}
	if raw.Replay != nil {
		rp := raw.Replay.Replay
		for _, c := range raw.Replay.Calls {
			call := suite.Call{Op: c.Op, Error: c.Error}
			if len(c.Request) > 0 {
				call.Request = c.Request
			}
			if len(c.Answer) > 0 {
				call.Answer = c.Answer
			}
			rp.Calls = append(rp.Calls, call)
		}
		res.Replay = &rp
	}
	return res, nil
}

// readLevel reads a level that must be there.
func readLevel(field string, raw json.RawMessage) (suite.Level, error) {
	var l suite.Level
	if len(raw) == 0 {
		return l, invalid(field, "missing")
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return l, invalid(field, "%s, want a level (MUST, SHOULD, ROBUST or REFERENCE)", clip.Text(string(raw), 40))
	}
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return l, invalid(field, "%q is not a level (want MUST, SHOULD, ROBUST or REFERENCE)", clip.Text(s, 40))
	}
	return l, nil
}

// checkCheck refuses an expectations check naming outcomes or IDs no
// run writes.
func checkCheck(field string, c *Check) error {
	if c == nil {
		return nil
	}
	for i, id := range c.New {
		if !reportID.MatchString(id) {
			return invalid(fmt.Sprintf("%s.new[%d]", field, i), "%q is not a requirement ID", clip.Text(id, 40))
		}
	}
	for name, ks := range map[string][]Known{"known": c.Known, "fixed": c.Fixed, "not_run": c.NotRun} {
		for i, k := range ks {
			f := fmt.Sprintf("%s.%s[%d]", field, name, i)
			switch {
			case !reportID.MatchString(k.ID):
				return invalid(f+".id", "%q is not a requirement ID", clip.Text(k.ID, 40))
			case k.Now != "" && !slices.Contains(suite.Outcomes(), k.Now):
				return invalid(f+".now", "%q is not an outcome (want one of %s)", clip.Text(string(k.Now), 40), outcomeList())
			}
		}
	}
	return nil
}

func outcomeList() string {
	var s []string
	for _, o := range suite.Outcomes() {
		s = append(s, string(o))
	}
	return strings.Join(s, ", ")
}

// twice finds a name given twice in one object of the JSON value v, which
// encoding/json would read as its last value ({"outcome":"failed",
// "outcome":"passed"} passed): the path to the second, as ".outcome" or
// ".replay.calls[2].op", and whether there is one. v is valid JSON.
func twice(v json.RawMessage) (string, bool) {
	dec := json.NewDecoder(bytes.NewReader(v))
	var walk func(path string) (string, bool)
	walk = func(path string) (string, bool) {
		tok, err := dec.Token()
		if err != nil {
			return "", false
		}
		switch tok {
		case json.Delim('{'):
			seen := map[string]bool{}
			for dec.More() {
				tok, err := dec.Token()
				if err != nil {
					return "", false
				}
				k, _ := tok.(string)
				if seen[k] {
					return path + "." + k, true
				}
				seen[k] = true
				if p, ok := walk(path + "." + k); ok {
					return p, true
				}
			}
			dec.Token() // }
		case json.Delim('['):
			for i := 0; dec.More(); i++ {
				if p, ok := walk(fmt.Sprintf("%s[%d]", path, i)); ok {
					return p, true
				}
			}
			dec.Token() // ]
		}
		return "", false
	}
	return walk("")
}
