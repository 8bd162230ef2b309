package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// One fault, one failure (suite/follows.go) for the examples of the
// protocol: ASM-11 (§3's gap) and ASM-13 (§2's adjacent molecules) judge
// one hand-built answer whole, offsets, text and molecules, which the
// properties judge on every answer: a window's text and the molecules it
// contains ASM-02 (invariant.AssembleFilled), overlapping or touching
// molecules in one window ASM-01 (invariant.AssembleCombined). After an
// example fails an answer, asmImplied applies those judgements to the
// same answer and records what they find: the example's failure follows
// from a property's only where that property's judgement fails the answer
// too (a window that starts inside the molecule it lists, or fills a gap
// with other bytes, is ASM-02's).

// asmImplied records, for the failures recorded since mark about ans (the
// answer to req), whether ASM-02's and ASM-01's judgements fail ans too.
func asmImplied(t *suite.T, mark int, req adapters.AssembleRequest, ans adapters.AssembleAnswer) {
	if t.Failures() == mark {
		return
	}
	t.ImpliedSince(mark, "ASM-02", invariant.AssembleFilled(req, ans) != nil)
	t.ImpliedSince(mark, "ASM-01", invariant.AssembleCombined(req, ans) != nil)
}
