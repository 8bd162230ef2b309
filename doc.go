// Package ctxconform is the entry point for Go users of the ctxconform
// conformance harness: Requirements is the whole catalogue (the example-based
// specs and the generated properties), which suite.Run checks against any
// adapters.Adapter.
//
//	rep := suite.Run(ctx, myAdapter, ctxconform.Requirements(), suite.Options{Level: suite.Should})
//	if rep.Gate(suite.Must) { ... }
//
// The conformance binary (cmd/conformance) and the Ginkgo suites in specs/
// and properties/ run exactly these checks.
package ctxconform

import (
	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/specs"
	"github.com/ctxconform/ctxconform/suite"
)

// Requirements is every requirement ctxconform checks, in report order.
func Requirements() []suite.Requirement {
	return suite.Sorted(append(specs.Requirements(), properties.Requirements()...))
}
