package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the elastic standard's properties go here.
func elasticRequirements() []suite.Requirement { return nil }
