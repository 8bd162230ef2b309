package properties

import "github.com/ctxconform/ctxconform/suite"

// STUB: the fuzzy standard's properties go here.
func fuzzyRequirements() []suite.Requirement { return nil }
