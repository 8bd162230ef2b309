package properties

import "github.com/ctxconform/ctxconform/suite"

// Fixed edge cases of the other standards' properties (see edgesRecipe and
// suite.ForAll: they run first, whatever the seed). Their case types are
// plain numbers that Request clamps into valid requests, so each edge case
// is written as the numbers that reach the corner it names.

func edgesAssembleCase() []suite.Case[assembleCase] {
	one := []moleculeRecipe{{Center: 0, Jitter: 10, Len: 5, Score: 10}}
	spread := []moleculeRecipe{
		{Doc: 0, Center: 0, Jitter: 0, Len: 40, Score: 20},
		{Doc: 0, Mode: 1, Len: 30, Score: 10, Time: 1, Vec: 1, Ents: 1},
		{Doc: 0, Mode: 2, Len: 60, Score: 10, Time: 2, Vec: 2, Ents: 3},
		{Doc: 1, Center: 3, Jitter: 0, Len: 120, Score: 5, Time: 100, Vec: 3, Ents: 8},
		{Doc: 1, Center: 3, Jitter: 500, Len: 1, Score: 5},
	}
	cases := []suite.Case[assembleCase]{
		{Name: "no molecule", Value: assembleCase{Text: 1, Docs: []int{100}, Count: 1, Budget: 100}},
		{Name: "one molecule, budget 1", Value: assembleCase{Text: 1, Docs: []int{50}, Count: 1, Mols: one, Budget: 1}},
		{Name: "one molecule in a one-character document", Value: assembleCase{Text: 1, Docs: []int{1}, Count: 1, Mols: one, Budget: 100}},
		{Name: "emoji document, molecules at both ends", Value: assembleCase{Text: 2, Script: 3, Docs: []int{400}, Count: 1,
			Mols: []moleculeRecipe{{Jitter: 0, Len: 8, Score: 3}, {Jitter: 392, Len: 8, Score: 3}}, Budget: 100}},
	}
	for s := range asmStrategies {
		cases = append(cases, suite.Case[assembleCase]{Name: "touching, overlapping and far molecules, strategy " + string(rune('0'+s)),
			Value: assembleCase{Text: 3, Script: 4, Kinds: []int{0, 1}, Docs: []int{3000, 3000}, Count: 2, Mols: spread, Budget: 300, Strategy: s}})
	}
	return cases
}

func edgesRadialCase() []suite.Case[radialCase] {
	return []suite.Case[radialCase]{
		{Name: "no atom", Value: radialCase{Text: 1, Docs: []int{100}, Count: 1, Radius: 10}},
		{Name: "one atom, radius 1", Value: radialCase{Text: 1, Docs: []int{100}, Count: 1, Atoms: []atomRecipe{{Jitter: 50}}, Radius: 1}},
		{Name: "emoji document, atoms at both ends", Value: radialCase{Text: 2, Script: 3, Docs: []int{400}, Count: 1,
			Atoms: []atomRecipe{{Jitter: 0}, {Jitter: 396, Label: 1}}, Radius: 7}},
		{Name: "duplicate and neighbouring atoms, code and data", Value: radialCase{Text: 3, Script: 4, Kinds: []int{1, 2}, Docs: []int{2000, 2000}, Count: 2,
			Atoms: []atomRecipe{{Jitter: 100, Dup: 1}, {Jitter: 105, Label: 1}, {Doc: 1, Jitter: 1999, Score: 3}}, Radius: 50}},
		// §5.4's merge rule `window.start <= previous.end` at its boundary:
		// ASCII prose, radius 50, atoms 99, 100 and 101 apart, so their
		// windows overlap by one, touch, or leave a gap of one.
		{Name: "windows overlapping by one", Value: radialCase{Text: 1, Docs: []int{3000}, Count: 1, Atoms: []atomRecipe{{Jitter: 1000}, {Jitter: 1099, Label: 1}}, Radius: 50}},
		{Name: "windows touching", Value: radialCase{Text: 1, Docs: []int{3000}, Count: 1, Atoms: []atomRecipe{{Jitter: 1000}, {Jitter: 1100, Label: 1}}, Radius: 50}},
		{Name: "windows one apart", Value: radialCase{Text: 1, Docs: []int{3000}, Count: 1, Atoms: []atomRecipe{{Jitter: 1000}, {Jitter: 1101, Label: 1}}, Radius: 50}},
		// Emoji prose, an atom at byte 200, radius 5: in UTF-16 both edges
		// fall between the halves of a surrogate pair (the character rule
		// and its inward rounding, RAD-29; either rounding, RAD-05/06).
		{Name: "emoji document, both edges inside characters", Value: radialCase{Text: 1, Script: 3, Docs: []int{400}, Count: 1, Atoms: []atomRecipe{{Jitter: 200}}, Radius: 5}},
		// Two windows of ASCII prose, the later one scoring higher: an
		// order by score is not the reference's by start (RAD-10), and
		// RAD-02 must not care.
		{Name: "two windows, the later scoring higher", Value: radialCase{Text: 1, Docs: []int{3000}, Count: 1, Atoms: []atomRecipe{{Jitter: 1000, Score: 1}, {Jitter: 2000, Label: 1, Score: 3}}, Radius: 50}},
	}
}

func edgesSplitCase() []suite.Case[splitCase] {
	return []suite.Case[splitCase]{
		{Name: "budget 0", Value: splitCase{Budget: 0, Terms: []termRecipe{{Direct: 1}}}},
		{Name: "no term", Value: splitCase{Budget: 100}},
		{Name: "budget 1, two terms", Value: splitCase{Budget: 1, Terms: []termRecipe{{Direct: 1, Related: 1}, {Direct: 2}}}},
		{Name: "terms without hits", Value: splitCase{Budget: 1000, Terms: []termRecipe{{}, {Related: 3}}}},
		{Name: "a huge budget", Value: splitCase{Budget: 1 << 45, Terms: []termRecipe{{Direct: 400, Related: 400}, {Direct: 1}}}},
		// §5.5's 5 related atoms per term at c-1, c and c+1.
		{Name: "4, 5 and 6 related atoms", Value: splitCase{Budget: 10000, Terms: []termRecipe{{Direct: 2, Related: 4}, {Direct: 2, Related: 5}, {Direct: 2, Related: 6}}}},
		{Name: "6 related atoms, no direct one", Value: splitCase{Budget: 10000, Terms: []termRecipe{{Related: 6}}}},
	}
}

func edgesRadiusCase() []suite.Case[radiusCase] {
	return []suite.Case[radiusCase]{
		{Name: "budget 1, one hit", Value: radiusCase{Budget: 1, Hits: 1}},
		{Name: "at the floor", Value: radiusCase{Budget: 1000, Hits: 10, MoreHits: 1}},
		{Name: "at the cap", Value: radiusCase{Budget: 1 << 40, Hits: 1, MoreBudget: 1}},
		{Name: "many hits", Value: radiusCase{Budget: 2000, Hits: 1 << 30, MoreHits: 10}},
		// The clamp [200, 32000] of std105 §2.2/§4 at c-1, c and c+1:
		// floor(budget/hits/2) = 199, 200, 201 and 31999, 32000, 32001, in
		// the implementation's unit (the radius question carries no text).
		{Name: "formula 199, under the floor", Value: radiusCase{Budget: 398, Hits: 1}},
		{Name: "formula 200, at the floor", Value: radiusCase{Budget: 4000, Hits: 10}},
		{Name: "formula 201, over the floor", Value: radiusCase{Budget: 402, Hits: 1}},
		{Name: "formula 31999, under the cap", Value: radiusCase{Budget: 63998, Hits: 1}},
		{Name: "formula 32000, at the cap", Value: radiusCase{Budget: 128000, Hits: 2}},
		{Name: "formula 32001, over the cap", Value: radiusCase{Budget: 64002, Hits: 1}},
	}
}

func edgesHydrateRecipe() []suite.Case[hydrateRecipe] {
	docs := []hydrateDoc{{Kind: 0, Len: 3000}, {Kind: 2, Source: 1, Len: 3000}}
	atoms := []hydrateAtom{{Center: 0, Jitter: 0, Score: 4}, {Center: 0, Jitter: 10, Score: 4, Twin: 1}, {Doc: 1, Center: 1, Jitter: 1400, Score: 2}}
	var out []suite.Case[hydrateRecipe]
	for mode, name := range []string{"tiny", "per hit", "large", "huge"} {
		out = append(out, suite.Case[hydrateRecipe]{Name: "budget " + name + ", atoms at an edge and tied",
			Value: hydrateRecipe{Text: 1, Docs: docs, Count: 2, Atoms: atoms, BudgetMode: mode, Budget: 1}})
	}
	out = append(out, suite.Case[hydrateRecipe]{Name: "no atom", Value: hydrateRecipe{Text: 1, Docs: docs, Count: 1, BudgetMode: 2, Budget: 500}})
	// Two atoms 50 apart in prose under a budget of 4000: the formula's
	// radius, 1000, gives one merged window of 2050, half the budget
	// (what ELA-26 asks the radius to fill, and ELA-28 not to grow).
	out = append(out, suite.Case[hydrateRecipe]{Name: "two near atoms, budget 4000", Value: hydrateRecipe{Text: 1,
		Docs: []hydrateDoc{{Kind: 0, Len: 20000}}, Count: 1, Atoms: []hydrateAtom{{Center: 5, Twin: 2}, {Center: 5, Jitter: 50, Twin: 2}}, BudgetMode: 2, Budget: 3200}})
	// Emoji prose (text seed 3 draws script 3), one atom at byte 100 and a
	// budget of 12 under the floor: a radius of 6 UTF-16 units ends between
	// the halves of a surrogate pair on both sides (the character rule,
	// ELA-27, and the rounding either way of ELA-21).
	out = append(out, suite.Case[hydrateRecipe]{Name: "emoji document, budget 12", Value: hydrateRecipe{Text: 3,
		Docs: []hydrateDoc{{Kind: 0, Len: 400}}, Count: 1, Atoms: []hydrateAtom{{Jitter: 100, Twin: 2}}, BudgetMode: 0, Budget: 11}})
	// §5.4's merge rule `start <= previous.end` at its boundary: two atoms
	// of an ASCII prose document (text seed 11 draws script 0) 63999, 64000
	// and 64001 apart under a budget that takes the radius to the cap of
	// 32000, so their windows overlap by one, touch, or leave a gap of one.
	for _, c := range []struct {
		name   string
		jitter int // the first atom's offset; the second is at 42·1531 = 64302
	}{{"overlapping by one", 303}, {"touching", 302}, {"one apart", 301}} {
		out = append(out, suite.Case[hydrateRecipe]{Name: "two windows at the cap " + c.name, Value: hydrateRecipe{Text: 11,
			Docs: []hydrateDoc{{Kind: 0, Len: 100000}}, Count: 1, Atoms: []hydrateAtom{{Jitter: c.jitter, Twin: 2}, {Center: 42, Twin: 2}}, BudgetMode: 3, Budget: 1000000}})
	}
	return out
}

func edgesCensusRecipe() []suite.Case[censusRecipe] {
	return []suite.Case[censusRecipe]{
		{Name: "empty documents", Value: censusRecipe{Text: 1, Words: []int{0}, Count: 1, Terms: []int{0}}},
		{Name: "a term found nowhere, in three cases", Value: censusRecipe{Text: 2, Words: []int{50, 50}, Count: 2, Terms: []int{len(elaVocab), 0, 0}, Cases: []int{0, 1, 2}}},
	}
}

func edgesSearchRecipe() []suite.Case[searchRecipe] {
	var out []suite.Case[searchRecipe]
	out = append(out, suite.Case[searchRecipe]{Name: "no entry", Value: searchRecipe{Seed: 1, Entries: 0, Term: 0}})
	for k := range termKinds {
		out = append(out, suite.Case[searchRecipe]{Name: "one entry, term kind " + string(rune('0'+k)), Value: searchRecipe{Seed: 2, Entries: 1, Script: 3, Term: k}})
	}
	return append(out, suite.Case[searchRecipe]{Name: "limit 1 and a threshold", Value: searchRecipe{Seed: 3, Entries: 40, Script: 2, Term: 1, Threshold: 3, Limit: 1}})
}

func edgesUsageRecipe() []suite.Case[usageRecipe] {
	return []suite.Case[usageRecipe]{
		{Name: "no node", Value: usageRecipe{Seed: 1}},
		{Name: "one node", Value: usageRecipe{Nodes: 1, Seed: 1}},
		{Name: "just under density 0.01", Value: usageRecipe{Nodes: 60, Aim: 1, Delta: -1, Seed: 2}},
		{Name: "at density 0.01", Value: usageRecipe{Nodes: 60, Aim: 1, Seed: 2}},
		{Name: "at density 0.10", Value: usageRecipe{Nodes: 60, Aim: 2, Seed: 3}},
		{Name: "just over density 0.10", Value: usageRecipe{Nodes: 60, Aim: 2, Delta: 1, Seed: 3}},
		// ADR-023's cut-offs at c-1, c and c+1 exactly: 25 nodes have 600
		// possible edges, so 5, 6 and 7 edges are densities just under,
		// exactly and just over 0.01, and 59, 60 and 61 around 0.10.
		{Name: "25 nodes, 5 edges (density under 0.01)", Value: usageRecipe{Nodes: 25, Aim: 1, Delta: -1, Seed: 6}},
		{Name: "25 nodes, 6 edges (density exactly 0.01)", Value: usageRecipe{Nodes: 25, Aim: 1, Seed: 6}},
		{Name: "25 nodes, 7 edges (density over 0.01)", Value: usageRecipe{Nodes: 25, Aim: 1, Delta: 1, Seed: 6}},
		{Name: "25 nodes, 59 edges (density under 0.10)", Value: usageRecipe{Nodes: 25, Aim: 2, Delta: -1, Seed: 7}},
		{Name: "25 nodes, 60 edges (density exactly 0.10)", Value: usageRecipe{Nodes: 25, Aim: 2, Seed: 7}},
		{Name: "25 nodes, 61 edges (density over 0.10)", Value: usageRecipe{Nodes: 25, Aim: 2, Delta: 1, Seed: 7}},
		// nodeCount < 2 at c and c+1 (c-1 is "one node"): complete graphs
		// of two and three nodes, density 1, multiplier 3.0.
		{Name: "two nodes, both edges", Value: usageRecipe{Nodes: 2, Fill: 1000, Seed: 8}},
		{Name: "three nodes, every edge", Value: usageRecipe{Nodes: 3, Fill: 1000, Seed: 8}},
	}
}

func edgesExpandRecipe() []suite.Case[expandRecipe] {
	var out []suite.Case[expandRecipe]
	for _, g := range edgesUsageRecipe() {
		out = append(out, suite.Case[expandRecipe]{Name: g.Name + ", limit 1", Value: expandRecipe{Graph: g.Value, Limit: 1}})
	}
	return append(out, suite.Case[expandRecipe]{Name: "limit 0", Value: expandRecipe{Graph: usageRecipe{Nodes: 10, Seed: 4}}},
		suite.Case[expandRecipe]{Name: "a catalogue of one tool", Value: expandRecipe{Graph: usageRecipe{Nodes: 10, Seed: 5}, Limit: 16, Tools: 1}})
}

func edgesDensifyCase() []suite.Case[densifyCase] {
	return []suite.Case[densifyCase]{
		{Name: "empty input", Value: densifyCase{Text: 1, Size: 0, Cap: 1024, Work: 1}},
		{Name: "input of one character", Value: densifyCase{Text: 1, Size: 1, Cap: 1024, Work: 1}},
		{Name: "emoji input at the cap", Value: densifyCase{Text: 2, Script: 3, Size: 4096, Cap: 1024, Work: 2}},
		{Name: "proactive, mixed scripts, several windows", Value: densifyCase{Text: 3, Script: 4, Size: 12000, Cap: 1024, Entry: 1, Work: 4}},
	}
}
