package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the expand standard's properties go here.
func expandRequirements() []suite.Requirement { return nil }
