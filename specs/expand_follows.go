package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// One fault, one failure (suite/follows.go) for the fixed examples of
// ADR-023: EXP-01, 02, 04, 05, 09 and 10 each judge one multiplier or one
// count on hand-built graphs, which the properties judge on every graph:
// the multiplier EXP-14 (invariant.ADRMultiplier), the candidates asked and
// received EXP-15 (the Multiplier operation's multiplier used, and
// invariant.ExpandAsked), the results EXP-16 (invariant.ExpandWithinLimit,
// invariant.ExpandFromCandidates). After an example fails an answer, the
// helpers below apply those judgements to the same answer and record what
// they find (suite.T.ImpliedSince): the example's failure follows from a
// property's only where that property's judgement fails the answer too.

// expMultiplierImplied records, for the failures recorded since mark about
// m, the Multiplier operation's answer for g, whether EXP-14's judgement
// fails it too (only on a simple graph: EXP-14 judges no other).
func expMultiplierImplied(t *suite.T, mark int, g adapters.GraphRequest, m float64) {
	t.ImpliedSince(mark, "EXP-14", invariant.SimpleGraph(g) == nil && invariant.ADRMultiplier(g, m) != nil)
}

// expSearchImplied records, for the failures recorded since mark about the
// search answer ans to req (limit at least 1), whether the judgement of
// EXP-14 (the multiplier the search used, the Multiplier operation's for
// the same graph, is not the ADR's), EXP-15 (the search did not use the
// Multiplier operation's multiplier, or asked or received other than
// ceil(limit·multiplier)) or EXP-16 (more than limit results, or results
// or candidates that are not distinct tools) fails ans too.
func expSearchImplied(t *suite.T, mark int, req adapters.ExpandRequest, ans adapters.ExpandAnswer) {
	g := req.Graph()
	m, err := call.Multiplier(t, g)
	known := err == nil && req.Limit >= 1
	t.ImpliedSince(mark, "EXP-14", known && ans.Multiplier == m && invariant.SimpleGraph(g) == nil && invariant.ADRMultiplier(g, m) != nil)
	t.ImpliedSince(mark, "EXP-15", known && (ans.Multiplier != m || invariant.ExpandAsked(req, ans) != nil))
	t.ImpliedSince(mark, "EXP-16", req.Limit >= 1 && (invariant.ExpandWithinLimit(req, ans) != nil || invariant.ExpandFromCandidates(req, ans) != nil))
}
