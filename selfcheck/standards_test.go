package selfcheck_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/specs"
	"github.com/ctxconform/ctxconform/suite"
)

// TestStandardsCoverage fails when a standard of adapters.Standards lacks
// one of the pieces every standard has (CONTRIBUTING.md lists them): an
// operation the reference provides, a protocol operation with a schema,
// example-based specs, generated properties, golden vectors and a mutant the
// suite catches. Adding a standard to adapters.Standards without the rest,
// or removing one of the rest, fails here rather than at run time.
func TestStandardsCoverage(t *testing.T) {
	schema, err := os.ReadFile(filepath.Join("..", "adapters", "process", "schema", "protocol-v1.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	provided := adapters.Provided(reference.New())
	checks := []struct {
		piece string // what is missing, as CONTRIBUTING.md names it
		has   func(adapters.Standard) bool
	}{
		{"an operation interface the reference provides (adapters/operations.go, adapters/reference)", func(s adapters.Standard) bool {
			return slices.Contains(provided, s)
		}},
		{"a protocol operation (adapters/process/protocol/op_*.go)", func(s adapters.Standard) bool {
			return len(protocolOps(s)) > 0
		}},
		{"a schema for each of its protocol operations (adapters/process/schema)", func(s adapters.Standard) bool {
			ops := protocolOps(s)
			for _, op := range ops {
				if !strings.Contains(string(schema), `"const": "`+op+`"`) {
					return false
				}
			}
			return len(ops) > 0
		}},
		{"example-based specs (specs/)", func(s adapters.Standard) bool {
			return hasRequirement(specs.Requirements(), s, suite.Spec)
		}},
		{"generated properties (properties/)", func(s adapters.Standard) bool {
			return hasRequirement(properties.Requirements(), s, suite.Property)
		}},
		{"golden vectors (fixtures/vectors/<standard>.json)", func(s adapters.Standard) bool {
			_, err := os.Stat(filepath.Join("..", "fixtures", "vectors", string(s)+".json"))
			return err == nil
		}},
		{"a mutant in mutants_test.go (adapters/broken)", func(s adapters.Standard) bool {
			return slices.ContainsFunc(mutants(), func(m mutant) bool { return m.std == s })
		}},
	}
	for _, s := range adapters.Standards() {
		for _, c := range checks {
			if !c.has(s) {
				t.Errorf("standard %s lacks %s", s, c.piece)
			}
		}
	}
}

// protocolOps names the protocol operations that serve standard s.
func protocolOps(s adapters.Standard) []string {
	var names []string
	for _, op := range protocol.Ops() {
		if slices.Contains(op.Standards, s) {
			names = append(names, op.Name)
		}
	}
	return names
}

func hasRequirement(reqs []suite.Requirement, s adapters.Standard, k suite.Kind) bool {
	return slices.ContainsFunc(reqs, func(r suite.Requirement) bool { return r.Standard == s && r.Kind == k })
}
