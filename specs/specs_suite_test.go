package specs_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/ctxconform/ctxconform/specs"
	"github.com/ctxconform/ctxconform/suite/ginkgosuite"
)

// The example-based requirements, against every adapter CTXCONFORM_ADAPTERS
// names (default: the reference).
var _ = ginkgosuite.Describe(specs.Requirements())

func TestSpecs(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "ctxconform specs")
}
