package selfcheck_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/standards"
	"github.com/ctxconform/ctxconform/suite"
)

// textsOf names the texts each standard's requirements may quote.
var textsOf = map[adapters.Standard][]string{
	adapters.Inflate:  {standards.Density, standards.Protocol},
	adapters.Density:  {standards.Density},
	adapters.Assemble: {standards.Protocol, standards.Density},
	adapters.Radial:   {standards.Protocol},
	adapters.Elastic:  {standards.Elastic, standards.Protocol},
	adapters.Fuzzy:    {standards.Elastic},
	adapters.Densify:  {standards.Densify},
	adapters.Expand:   {standards.Expansion},
}

// TestQuotes: every MUST and SHOULD requirement quotes the sentence of its
// standard it enforces, and every fragment of every quote is found
// verbatim (white space normalized) in one of its standard's texts: a
// FAIL names the sentence it breaks, and that sentence is the standard's.
func TestQuotes(t *testing.T) {
	for _, r := range ctxconform.Requirements() {
		if err := quoteProblem(r); err != nil {
			t.Error(err)
		}
	}
}

// quoteProblem says what is wrong with r's quote, or nil.
func quoteProblem(r suite.Requirement) error {
	if r.Quote == "" {
		if r.Level.Normative() {
			return fmt.Errorf("%s (%s): no quote; a MUST or SHOULD quotes the sentence it enforces", r.ID, r.Level)
		}
		return nil
	}
	texts, ok := textsOf[r.Standard]
	if !ok {
		return fmt.Errorf("%s: standard %s has no texts in textsOf", r.ID, r.Standard)
	}
	for _, f := range suite.Fragments(r.Quote) {
		if strings.TrimSpace(f) == "" {
			return fmt.Errorf("%s: an empty fragment in %q", r.ID, r.Quote)
		}
		found := false
		for _, name := range texts {
			in, err := standards.Contains(name, f)
			if err != nil {
				return err
			}
			found = found || in
		}
		if !found {
			return fmt.Errorf("%s: %q is not in %s", r.ID, f, strings.Join(texts, " or "))
		}
	}
	return nil
}

// TestQuoteProblems: the check above fails a missing quote, a word changed
// and a quote from another standard's text, and passes the levels that need
// none.
func TestQuoteProblems(t *testing.T) {
	req := func(std adapters.Standard, l suite.Level, q string) suite.Requirement {
		return suite.Requirement{ID: "X-01", Standard: std, Level: l, Quote: q}
	}
	for _, tt := range []struct {
		name string
		r    suite.Requirement
		bad  bool
	}{
		{"MUST without quote", req(adapters.Inflate, suite.Must, ""), true},
		{"SHOULD without quote", req(adapters.Inflate, suite.Should, ""), true},
		{"ROBUST without quote", req(adapters.Inflate, suite.Robust, ""), false},
		{"REFERENCE without quote", req(adapters.Inflate, suite.Reference, ""), false},
		{"verbatim, across a line break", req(adapters.Density, suite.Must, "**MIN_PADDING**: 50 chars (Ensures   minimal context"), false},
		{"two fragments", req(adapters.Density, suite.Must, "**MIN_PADDING**: 50 chars"+suite.QuoteSep+"**MAX_PADDING**: 500 chars"), false},
		{"a word changed", req(adapters.Density, suite.Must, "**MIN_PADDING**: 60 chars"), true},
		{"second fragment changed", req(adapters.Density, suite.Must, "**MIN_PADDING**: 50 chars"+suite.QuoteSep+"**MAX_PADDING**: 5000 chars"), true},
		{"another standard's text", req(adapters.Density, suite.Must, "Stop halving at minimum (`320`)."), true},
	} {
		if err := quoteProblem(tt.r); (err != nil) != tt.bad {
			t.Errorf("%s: problem %v, want a problem: %v", tt.name, err, tt.bad)
		}
	}
}
