package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the radial standard's example-based requirements go here.
func radialRequirements() []suite.Requirement { return nil }
