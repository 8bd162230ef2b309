package ginkgosuite

import (
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/suite"
)

// TestUnavailable: an adapter that cannot be opened fails the specs in CI
// and when it is required; elsewhere it skips them, saying how to make it
// available (once: a message that already names the variable gets no hint).
func TestUnavailable(t *testing.T) {
	refused := errors.New("connection refused")
	named := errors.New("set CTXCONFORM_PG_DSN to a database")
	pg := open.Config{Name: "postgres", Optional: true, Hint: "start PostgreSQL or set CTXCONFORM_PG_DSN"}
	for _, tt := range []struct {
		name string
		cfg  open.Config
		err  error
		ci   bool
		fail bool
		hint bool
	}{
		{"optional, in CI", pg, refused, true, true, false},
		{"optional, outside CI", pg, refused, false, false, true},
		{"required, outside CI", open.Config{Name: "exec", Hint: "h"}, refused, false, true, false},
		{"optional, the error names the variable", pg, named, false, false, false},
	} {
		fail, msg := unavailable(tt.cfg, tt.err, tt.ci)
		if fail != tt.fail || !strings.Contains(msg, tt.err.Error()) || strings.Contains(msg, tt.cfg.Hint) != tt.hint {
			t.Errorf("%s: fail %v, %q; want fail %v, the error, and the hint %v", tt.name, fail, msg, tt.fail, tt.hint)
		}
	}
}

// TestVerdict: failed and errored fail the spec; skipped, inconclusive and
// not implemented skip it with the reason; passed does neither.
func TestVerdict(t *testing.T) {
	r := suite.Requirement{ID: "INF-01", Standard: adapters.Inflate, Section: "§2", Level: suite.Must, Title: "inside"}
	for _, tt := range []struct {
		res        suite.Result
		fail, skip string // substrings; "" for none
	}{
		{suite.Result{Outcome: suite.Passed}, "", ""},
		{suite.Result{Outcome: suite.Failed, Message: "window past the end"}, "INF-01 failed (MUST, §2): inside\nwindow past the end", ""},
		{suite.Result{Outcome: suite.Errored, Message: "crashed"}, "INF-01 errored", ""},
		{suite.Result{Outcome: suite.Skipped, Message: "needs PostgreSQL"}, "", "needs PostgreSQL"},
		{suite.Result{Outcome: suite.Inconclusive, Message: "compared the reference with itself"}, "", "inconclusive: compared the reference with itself"},
		{suite.Result{Outcome: suite.NotImplemented, Message: "census: not_implemented"}, "", "census: not_implemented"},
		{suite.Result{Outcome: suite.NotImplemented}, "", "mine does not implement inflate"},
	} {
		fail, skip := verdict(r, tt.res, "mine")
		if (tt.fail == "") != (fail == "") || !strings.Contains(fail, tt.fail) || (tt.skip == "") != (skip == "") || !strings.Contains(skip, tt.skip) {
			t.Errorf("%s %q: fail %q, skip %q; want %q, %q", tt.res.Outcome, tt.res.Message, fail, skip, tt.fail, tt.skip)
		}
	}
}
