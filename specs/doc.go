// Package specs states, with fixed examples, what a conforming implementation
// must do. Each example-based requirement is here, beside the gopter
// properties of package properties; REQUIREMENTS.md in this folder lists them
// all with the decisions behind them.
//
// Expected values in these examples are derived by hand from the standards'
// texts (the derivation is written beside each one), never copied from the
// reference's output.
//
// A standard's examples start in <standard>.go with its catalogue
// (<standard>Requirements); a standard with many examples splits them by
// concern into <standard>_<concern>.go (densify_flow.go, fuzzy_input.go,
// expand_recall.go, ...). Helpers shared by every standard are in
// example.go (building a requirement, small documents) and refusal.go (bad
// input refused, judged against a valid twin).
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
