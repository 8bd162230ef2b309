package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// One fault, one failure (suite/follows.go) for the fixed examples of
// std105 §3.2: FUZ-01, 02, 03, 05 and 11 each judge a whole ranked answer
// on hand-derived entries, which the properties judge on every answer:
// the tier of each match FUZ-14 (invariant.FuzzySound), the matches
// missing FUZ-15 (invariant.FuzzyComplete), the order of the tiers FUZ-16
// (invariant.TierOrder). After an example fails an answer, fzImplied
// applies those judgements to the same answer and records what they find:
// the example's failure follows from a property's only where that
// property's judgement fails the answer too. Under the readings the
// properties take (ClassifyReadings), so a reading they allow is never
// evidence.

// fzImplied records, for the failures recorded since mark about ans (the
// answer to req, in the locale loc the implementation declared), whether
// FUZ-14's, FUZ-15's and FUZ-16's judgements fail ans too.
func fzImplied(t *suite.T, mark int, loc trgm.Locale, req adapters.SearchRequest, ans adapters.SearchAnswer) {
	if t.Failures() == mark {
		return
	}
	readings := invariant.ReadingsOf(t.Config()) // as FUZ-14 and FUZ-15 judge it
	t.ImpliedSince(mark, "FUZ-14", readings.Sound(loc, req, ans) != nil)
	t.ImpliedSince(mark, "FUZ-15", readings.Complete(loc, req, ans) != nil)
	t.ImpliedSince(mark, "FUZ-16", invariant.TierOrder(ans) != nil)
}
