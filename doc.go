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
	"sync"

	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/specs"
	"github.com/ctxconform/ctxconform/suite"
)

// Requirements is every requirement ctxconform checks, in report order.
func Requirements() []suite.Requirement {
	return suite.Sorted(append(specs.Requirements(), properties.Requirements()...))
}

// Known reports whether id names a requirement of the catalogue: what an
// expectations file's IDs are checked against (reports.ReadExpectations).
func Known(id string) bool { return ids()[id] }

// ids is the set of the catalogue's IDs, made once.
var ids = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, r := range Requirements() {
		m[r.ID] = true
	}
	return m
})
