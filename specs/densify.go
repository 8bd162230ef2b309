package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the densify standard's example-based requirements go here.
func densifyRequirements() []suite.Requirement { return nil }
