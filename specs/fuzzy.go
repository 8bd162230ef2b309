package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the fuzzy standard's example-based requirements go here.
func fuzzyRequirements() []suite.Requirement { return nil }
