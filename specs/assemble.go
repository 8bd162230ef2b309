package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the assemble standard's example-based requirements go here.
func assembleRequirements() []suite.Requirement { return nil }
