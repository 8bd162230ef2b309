package call

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// Assemble runs the adapter's Assemble and returns its error unjudged.
func Assemble(t *suite.T, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	in := operations[adapters.Assembler](t, "assemble", "Assemble operation")
	return send(t, "assemble", "assemble", req, in.Assemble)
}

// MustAssemble runs Assemble on a valid request: an error ends the check.
func MustAssemble(t *suite.T, req adapters.AssembleRequest) adapters.AssembleAnswer {
	return must(t, "valid request", req, Assemble)
}
