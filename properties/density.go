package properties

import (
	"fmt"
	"math"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// denSqueezeCount judges that a squeeze keeps as many hits as fit at a
// minimum size, the count decided first: std085 §3.1 squeezes at
// MinViableSize 150, §3.2 sets MIN_WINDOW_CAP 200 as the "absolute floor
// for a useful card", and a program may take either as the size a squeeze
// counts by (specs/REQUIREMENTS.md, "The audit of the readings").
//
// Without a budget every hit is kept, or, with §3.2's static fallback of 2500
// read as the budget, as many as fit in 2500 at either size.
func denSqueezeCount(_ *suite.T, req inflate.Request, res inflate.Result) error {
	static := req.Budget == nil
	if static {
		b := invariant.StaticCap
		req.Budget = &b
	}
	at150, at200 := invariant.SurvivorCountAt(req, invariant.MinViable), invariant.SurvivorCountAt(req, invariant.MinWindowCap)
	got := len(req.Hits) - len(res.Dropped)
	if got == at150 || got == at200 || static && got == len(req.Hits) {
		return nil
	}
	if static {
		return fmt.Errorf("no budget: %d of %d hits survive, want all of them, or %d (at 150 each) or %d (at MIN_WINDOW_CAP 200 each) in the static fallback of 2500", got, len(req.Hits), at150, at200)
	}
	return fmt.Errorf("%d of %d hits survive, want %d (at 150 each) or %d (at MIN_WINDOW_CAP 200 each)", got, len(req.Hits), at150, at200)
}

// denStaticKeepsAll judges the reference's reading of §3.2's static
// fallback: without a budget, 2500 caps each window and every hit is kept.
func denStaticKeepsAll(_ *suite.T, req inflate.Request, res inflate.Result) error {
	if req.Budget != nil || len(res.Dropped) == 0 {
		return nil
	}
	return fmt.Errorf("no budget, yet %d of %d hits were dropped (%v): the static fallback of 2500 read as the budget, not as each window's cap", len(res.Dropped), len(req.Hits), res.Dropped)
}

// denSqueezeAt150 judges the reference's side: the minimum viable size is
// 150, so every hit is kept when all fit at 150, and a squeeze keeps
// exactly floor(budget/150).
func denSqueezeAt150(_ *suite.T, req inflate.Request, res inflate.Result) error {
	if req.Budget == nil {
		return nil // DEN-15's
	}
	want := invariant.SurvivorCount(req)
	if got := len(req.Hits) - len(res.Dropped); got != want {
		return fmt.Errorf("%d of %d hits survive, want %d at MinViableSize 150 (a squeeze at MIN_WINDOW_CAP 200 keeps %d)", got, len(req.Hits), want, invariant.SurvivorCountAt(req, invariant.MinWindowCap))
	}
	return nil
}

// denSqueezeBest judges that a squeeze keeps the best-scoring hits: no
// dropped hit scores higher than a kept one. Scores are any finite numbers
// (the protocol bounds them nowhere), so the search starts from the
// infinities. Of hits with equal scores the message names the first.
func denSqueezeBest(_ *suite.T, req inflate.Request, res inflate.Result) error {
	dropped := map[string]bool{}
	for _, id := range res.Dropped {
		dropped[id] = true
	}
	worstKept, bestDropped := math.Inf(1), math.Inf(-1)
	var wk, bd string
	for _, h := range req.Hits {
		if dropped[h.ID] && h.Score > bestDropped {
			bestDropped, bd = h.Score, h.ID
		}
		if !dropped[h.ID] && h.Score < worstKept {
			worstKept, wk = h.Score, h.ID
		}
	}
	if bestDropped > worstKept {
		return fmt.Errorf("dropped %s (score %v) but kept %s (score %v)", bd, bestDropped, wk, worstKept)
	}
	return nil
}

// denRenderedFits judges that the rendered text, when the answer carries
// one, fits the budget too, markers and separators counted.
func denRenderedFits(t *suite.T, req inflate.Request, res inflate.Result) error {
	n := totalLen(t.Unit(), texts(res.Windows, inflateText))
	return invariant.RenderedFits(res.Rendered, req.Budget, t.Unit(), n)
}
