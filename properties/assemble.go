package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the assemble standard's properties go here.
func assembleRequirements() []suite.Requirement { return nil }
