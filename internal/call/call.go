// Package call invokes the implementation under test from a check, with the
// error handling every check wants: an implementation fault ends the check
// as errored, and a wrong answer is left to the check to judge.
package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// Inflate runs the adapter's Inflate and returns its error unjudged.
func Inflate(t *suite.T, req inflate.Request) (inflate.Result, error) {
	in, ok := t.Adapter().(adapters.Inflater)
	if !ok {
		t.OperationFailed("inflate", adapters.Fault("%s has no Inflate operation", t.Info().Name))
	}
	res, err := in.Inflate(t.Context(), req)
	t.Record("inflate", req, res, err)
	if err != nil {
		return res, fmt.Errorf("inflate: %w", err)
	}
	return res, nil
}

// MustInflate runs Inflate on a valid request: an error ends the check.
func MustInflate(t *suite.T, req inflate.Request) inflate.Result {
	res, err := Inflate(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return res
}
