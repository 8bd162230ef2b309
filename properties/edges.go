package properties

import "github.com/ctxconform/ctxconform/suite"

// Fixed edge cases of the standards whose generators have none of their
// own yet (see suite.ForAll: edge cases run first, whatever the seed).

func edgesAssembleCase() []suite.Case[AssembleCase]   { return nil }
func edgesDensifyCase() []suite.Case[DensifyCase]     { return nil }
func edgesRadiusCase() []suite.Case[RadiusCase]       { return nil }
func edgesCensusRecipe() []suite.Case[CensusRecipe]   { return nil }
func edgesHydrateRecipe() []suite.Case[HydrateRecipe] { return nil }
func edgesUsageRecipe() []suite.Case[UsageRecipe]     { return nil }
func edgesExpandRecipe() []suite.Case[ExpandRecipe]   { return nil }
func edgesSearchRecipe() []suite.Case[SearchRecipe]   { return nil }
func edgesRadialCase() []suite.Case[RadialCase]       { return nil }
func edgesSplitCase() []suite.Case[SplitCase]         { return nil }
