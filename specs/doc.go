// Package specs states, with fixed examples, what a conforming implementation
// must do. Each example-based requirement is here, beside the gopter
// properties of package properties; REQUIREMENTS.md in this folder lists them
// all with the decisions behind them.
//
// Expected values in these examples are derived by hand from the standards'
// texts (the derivation is written beside each one), never copied from the
// reference's output.
package specs

import (
	"slices"

	"github.com/ctxconform/ctxconform/suite"
)

// Requirements is every example-based requirement of the catalogue.
func Requirements() []suite.Requirement {
	return slices.Concat(
		inflateRequirements(),
		densityRequirements(),
		assembleRequirements(),
		radialRequirements(),
		elasticRequirements(),
		fuzzyRequirements(),
		densifyRequirements(),
		expandRequirements(),
	)
}
