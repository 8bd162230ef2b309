// Package specs states, with fixed examples, what a conforming implementation
// must do. Each example-based requirement is here, beside the gopter
// properties of package properties; REQUIREMENTS.md in this folder lists them
// all with the decisions behind them.
//
// Expected values in these examples are derived by hand from the standards'
// texts (the derivation is written beside each one), never copied from the
// reference's output.
package specs

import "github.com/ctxconform/ctxconform/suite"

// Requirements is every example-based requirement of the catalogue.
func Requirements() []suite.Requirement {
	var out []suite.Requirement
	out = append(out, inflateRequirements()...)
	out = append(out, densityRequirements()...)
	out = append(out, assembleRequirements()...)
	out = append(out, radialRequirements()...)
	out = append(out, elasticRequirements()...)
	out = append(out, fuzzyRequirements()...)
	out = append(out, densifyRequirements()...)
	out = append(out, expandRequirements()...)
	return out
}
