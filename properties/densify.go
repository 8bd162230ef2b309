package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the densify standard's properties go here.
func densifyRequirements() []suite.Requirement { return nil }
