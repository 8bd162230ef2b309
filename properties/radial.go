package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the radial standard's properties go here.
func radialRequirements() []suite.Requirement { return nil }
