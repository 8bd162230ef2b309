package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// Assemble runs the adapter's Assemble and returns its error unjudged.
func Assemble(t *suite.T, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	in, ok := t.Adapter().(adapters.Assembler)
	if !ok {
		t.OperationFailed("assemble", adapters.Fault("%s has no Assemble operation", t.Info().Name))
	}
	ans, err := in.Assemble(t.Context(), req)
	t.Record("assemble", req, ans, err)
	if err != nil {
		return ans, fmt.Errorf("assemble: %w", err)
	}
	return ans, nil
}

// MustAssemble runs Assemble on a valid request: an error ends the check.
func MustAssemble(t *suite.T, req adapters.AssembleRequest) adapters.AssembleAnswer {
	ans, err := Assemble(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return ans
}
