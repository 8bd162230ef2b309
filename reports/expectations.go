package reports

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
)

// ExpectationsFormat is the "format" of an expectations file.
const ExpectationsFormat = "ctxconform-expectations/1"

// Expectations is an expectations file: the requirements an implementation
// is known to fail, each with a reason or a link, so that CI gates on new
// failures only while the known ones are tracked (as WPT expectation files
// and test262 status files do). The file's JSON Schema is
// reports/expectations.schema.json.
type Expectations struct {
	Schema       string        `json:"$schema,omitempty"`
	Format       string        `json:"format"`
	Seed         int64         `json:"seed,omitempty"` // the run's seed when written: a rerun without --seed uses it
	Expectations []Expectation `json:"expectations"`
}

// Expectation is one known failure.
type Expectation struct {
	ID      string        `json:"id"`                // requirement ID, e.g. "INF-13"
	Adapter string        `json:"adapter,omitempty"` // the implementation's name (its Info().Name); empty: any
	Outcome suite.Outcome `json:"outcome,omitempty"` // "failed" or "errored"; empty: either
	Reason  string        `json:"reason,omitempty"`  // why it fails; a reason or a link is required
	Link    string        `json:"link,omitempty"`    // issue or discussion tracking it
}

// ReadExpectations parses an expectations file and checks it: known
// format, every entry with an ID known to the catalogue (known may be nil to
// skip that), a reason or a link, a valid outcome, and no entry twice.
func ReadExpectations(r io.Reader, known func(id string) bool) (Expectations, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Expectations{}, err
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var e Expectations
	if err := dec.Decode(&e); err != nil {
		return e, fmt.Errorf("expectations: %w", err)
	}
	if _, err := dec.Token(); err != io.EOF {
		return e, fmt.Errorf("expectations: data after the JSON object (one document is an expectations file)")
	}
	if e.Format != ExpectationsFormat {
		return e, fmt.Errorf("expectations: format %q, want %q", e.Format, ExpectationsFormat)
	}
	seen := map[[2]string]bool{}
	for i, x := range e.Expectations {
		where := fmt.Sprintf("expectations[%d] (%s)", i, x.ID)
		switch {
		case x.ID == "":
			return e, fmt.Errorf("expectations[%d]: no id", i)
		case known != nil && !known(x.ID):
			return e, fmt.Errorf("%s: no such requirement", where)
		case strings.TrimSpace(x.Reason) == "" && strings.TrimSpace(x.Link) == "":
			return e, fmt.Errorf("%s: give a reason or a link", where)
		case x.Outcome != "" && x.Outcome != suite.Failed && x.Outcome != suite.Errored:
			return e, fmt.Errorf("%s: outcome %q, want failed, errored or none (either)", where, x.Outcome)
		case seen[[2]string{x.ID, x.Adapter}]:
			return e, fmt.Errorf("%s: listed twice for adapter %q", where, x.Adapter)
		}
		seen[[2]string{x.ID, x.Adapter}] = true
	}
	return e, nil
}

// For returns the expectation of requirement id for the adapter named
// adapter: an entry naming the adapter wins over one naming none.
func (e Expectations) For(adapter, id string) (Expectation, bool) {
	var general *Expectation
	for i, x := range e.Expectations {
		if x.ID != id {
			continue
		}
		if x.Adapter == adapter {
			return x, true
		}
		if x.Adapter == "" {
			general = &e.Expectations[i]
		}
	}
	if general != nil {
		return *general, true
	}
	return Expectation{}, false
}

// Check is a run compared with the expectations.
type Check struct {
	New    []string `json:"new,omitempty"`     // failed or errored and not expected to (or not in the expected way)
	Known  []Known  `json:"known,omitempty"`   // failed or errored as expected
	Fixed  []Known  `json:"fixed,omitempty"`   // expected to fail, and passed: remove the entry
	NotRun []Known  `json:"not_run,omitempty"` // expected to fail, but skipped, inconclusive, not implemented or not selected
}

// Known is an expectation together with what happened.
type Known struct {
	Expectation
	Now suite.Outcome `json:"now,omitempty"` // the outcome in this run; empty when the requirement was not selected
}

// Compare matches a run against the expectations. A failure whose
// expectation names the other bad outcome (errored instead of failed, or
// the reverse) is new: the implementation changed how it breaks.
func (e Expectations) Compare(rep suite.Report) *Check {
	c := &Check{}
	name := rep.Adapter.Name
	ran := map[string]bool{}
	for _, r := range rep.Results {
		ran[r.ID] = true
		x, listed := e.For(name, r.ID)
		switch {
		case r.Bad() && listed && (x.Outcome == "" || x.Outcome == r.Outcome):
			c.Known = append(c.Known, Known{x, r.Outcome})
		case r.Bad():
			c.New = append(c.New, r.ID)
		case listed && r.Outcome == suite.Passed:
			c.Fixed = append(c.Fixed, Known{x, r.Outcome})
		case listed:
			c.NotRun = append(c.NotRun, Known{x, r.Outcome})
		}
	}
	for _, x := range e.Expectations {
		if (x.Adapter == "" || x.Adapter == name) && !ran[x.ID] {
			if y, _ := e.For(name, x.ID); y == x {
				c.NotRun = append(c.NotRun, Known{Expectation: x})
			}
		}
	}
	return c
}

// Status is the expectation status of requirement id in the check: "known",
// "fixed", or "" (no expectation applies, or the check is nil).
func (c *Check) Status(id string) (string, Expectation) {
	if c == nil {
		return "", Expectation{}
	}
	for _, k := range c.Known {
		if k.ID == id {
			return "known", k.Expectation
		}
	}
	for _, k := range c.Fixed {
		if k.ID == id {
			return "fixed", k.Expectation
		}
	}
	return "", Expectation{}
}

// Gate reports whether a run must fail CI: a requirement at or below level
// failOn failed or errored, counts (suite.Report.Counted: a failure that
// follows from another gated one does not) and is not a known failure, or
// was not run (the run was interrupted: an incomplete run is no pass).
func Gate(rep suite.Report, c *Check, failOn suite.Level) bool {
	for _, r := range rep.Results {
		if r.Level > failOn {
			continue
		}
		if r.Outcome == suite.NotRun {
			return true
		}
		if !rep.Counts(r, failOn) { // a pass, or a failure that follows from another gated one
			continue
		}
		if st, _ := c.Status(r.ID); st != "known" {
			return true
		}
	}
	return false
}

// WriteExpectations writes an expectations file that lists every failed or
// errored requirement of the runs (toml-test's -script), keeping the reason
// and link of an entry of prior that still applies, and the runs' seed.
// Entries name the adapter when there are several runs.
func WriteExpectations(w io.Writer, runs []suite.Report, prior Expectations) error {
	out := Expectations{Format: ExpectationsFormat, Expectations: []Expectation{}}
	if len(runs) > 0 {
		out.Seed = runs[0].Seed
	}
	for _, rep := range runs {
		for _, r := range rep.Results {
			if !r.Bad() {
				continue
			}
			x := Expectation{ID: r.ID, Outcome: r.Outcome}
			if len(runs) > 1 {
				x.Adapter = rep.Adapter.Name
			}
			if p, ok := prior.For(rep.Adapter.Name, r.ID); ok {
				x.Reason, x.Link = p.Reason, p.Link
			}
			if x.Reason == "" && x.Link == "" {
				x.Reason = "recorded by --write-expectations: " + clip.Text(r.Finding(), 160)
			}
			out.Expectations = append(out.Expectations, x)
		}
	}
	slices.SortStableFunc(out.Expectations, func(a, b Expectation) int {
		return strings.Compare(a.Adapter+"\x00"+a.ID, b.Adapter+"\x00"+b.ID)
	})
	b, err := jsonenc.Indented(out)
	if err != nil {
		return err
	}
	_, err = w.Write(b)
	return err
}

func firstLine(s string, n int) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return clip.Text(s, n)
}
