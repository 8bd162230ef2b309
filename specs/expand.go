package specs

import "github.com/ctxconform/ctxconform/suite"

// STUB: the expand standard's example-based requirements go here.
func expandRequirements() []suite.Requirement { return nil }
