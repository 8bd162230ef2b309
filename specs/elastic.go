package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the elastic standard's example-based requirements go here.
func elasticRequirements() []suite.Requirement { return nil }
