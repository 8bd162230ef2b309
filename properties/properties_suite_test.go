package properties_test

import (
	"testing"

	. "github.com/onsi/ginkgo/v2"
	. "github.com/onsi/gomega"

	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/suite/ginkgosuite"
)

// The properties, seeded from Ginkgo's seed (replay with --ginkgo.seed=N),
// against every adapter CTXCONFORM_ADAPTERS names (default: the reference).
var _ = ginkgosuite.Describe(properties.Requirements())

func TestProperties(t *testing.T) {
	RegisterFailHandler(Fail)
	RunSpecs(t, "ctxconform properties")
}
