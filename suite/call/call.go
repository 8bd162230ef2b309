// Package call invokes the implementation under test from a check, with the
// error handling every check wants: an implementation fault ends the check
// as errored, and a wrong answer is left to the check to judge.
//
// Each operation X has two forms: X returns the implementation's refusal
// unjudged (for checks of refusals), MustX treats the request as valid, so
// any error ends the check. In both, an error that is no refusal ends the
// check in send, the same way for every check (suite.NoVerdict): a crash, a
// hang or garbage as errored, an operation answered not_implemented as not
// implemented. Every call is recorded for the failing case's replay.
package call

import (
	"context"
	"errors"
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// operations returns the adapter as the operation set O. An adapter without
// it has a fault: it declared a standard whose operations it lacks. op names
// the operation asked for, lacks what it is missing.
func operations[O any](t *suite.T, op, lacks string) O {
	o, ok := t.Adapter().(O)
	if !ok {
		t.OperationFailed(op, adapters.Fault("%s has no %s", t.Info().Name, lacks))
	}
	return o
}

// send asks f with the check's context, records the call as op for the
// replay, and returns the implementation's refusal, unjudged, after what
// (the operation as the message names it).
//
// An error that is no refusal ends the check here, for every check alike
// (see suite.T.OperationFailed): a non-answer (a crash, a hang, garbage, a
// missed deadline) as errored, an operation answered not_implemented as not
// implemented — unless the operation has answered an earlier request of the
// check (see declined). So the errors a check sees are refusals, or
// requests the transport could not carry (adapters.ErrInexpressible).
func send[Req, Ans any](t *suite.T, op, what string, req Req, f func(context.Context, Req) (Ans, error)) (Ans, error) {
	ans, err := f(t.Context(), req)
	t.Record(op, req, ans, err)
	if err != nil {
		if suite.NoVerdict(err) && !declined(t, op, err) {
			t.OperationFailed(op, err)
		}
		return ans, fmt.Errorf("%s: %w", what, err)
	}
	return ans, nil
}

// declined reports whether err is a not_implemented from an operation that
// has answered another request of the check: it declines this request (a
// refusal of a faulty one counts), the operation is there.
func declined(t *suite.T, op string, err error) bool {
	return errors.Is(err, adapters.ErrNotImplemented) && t.Answered(op)
}

// must asks f a request of the given kind that is valid ("valid request"):
// an error ends the check, as errored when it is the implementation's fault.
func must[Req, Ans any](t *suite.T, kind string, req Req, f func(*suite.T, Req) (Ans, error)) Ans {
	ans, err := f(t, req)
	if err != nil {
		t.OperationFailed(kind, err)
	}
	return ans
}

// Inflate runs the adapter's Inflate and returns its error unjudged.
func Inflate(t *suite.T, req inflate.Request) (inflate.Result, error) {
	in := operations[adapters.Inflater](t, "inflate", "Inflate operation")
	return send(t, "inflate", "inflate", req, in.Inflate)
}

// MustInflate runs Inflate on a valid request: an error ends the check.
func MustInflate(t *suite.T, req inflate.Request) inflate.Result {
	return must(t, "valid request", req, Inflate)
}
