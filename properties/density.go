package properties

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// denSqueezeCount judges that a squeeze keeps floor(budget/150) hits: the
// count is decided first, at the minimum viable size.
func denSqueezeCount(_ *suite.T, req inflate.Request, res inflate.Result) error {
	want := invariant.SurvivorCount(req)
	if got := len(req.Hits) - len(res.Dropped); got != want {
		return fmt.Errorf("%d of %d hits survive, want %d", got, len(req.Hits), want)
	}
	return nil
}

// denSqueezeBest judges that a squeeze keeps the best-scoring hits: no
// dropped hit scores higher than a kept one.
func denSqueezeBest(_ *suite.T, req inflate.Request, res inflate.Result) error {
	dropped := map[string]bool{}
	for _, id := range res.Dropped {
		dropped[id] = true
	}
	worstKept, bestDropped := 2.0, -1.0
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

// denInside judges, for density run alone, what INF-01 and INF-02 judge
// for inflation: windows inside their documents, with their own text, on
// character boundaries.
func denInside(req inflate.Request, res inflate.Result, u unit.Unit) error {
	if err := invariant.Inside(req, res, u); err != nil {
		return err
	}
	return invariant.OnRunes(req, res, u)
}

// denRenderedFits judges that the rendered text, when the answer carries
// one, fits the budget too, markers and separators counted.
func denRenderedFits(t *suite.T, req inflate.Request, res inflate.Result) error {
	n := totalLen(t.Unit(), texts(res.Windows, inflateText))
	return invariant.RenderedFits(res.Rendered, req.Budget, t.Unit(), n)
}
