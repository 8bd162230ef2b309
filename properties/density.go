package properties

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

func densityRequirements() []suite.Requirement {
	std := adapters.Density
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("DEN-01", "std085 §3.1", suite.Must,
			"The windows' total length never exceeds the budget, counted by offsets (end - start) and by text.",
			inflation("within-budget", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Budget(req, res, t.Unit())
			})),
		p("DEN-02", "std085 §3.1 (expand)", suite.Must,
			"No hit is dropped when every hit fits at the minimum viable size of 150 (or when there is no budget).",
			inflation("keeps-all", func(_ *suite.T, req inflate.Request, res inflate.Result) error { return invariant.KeptAll(req, res) })),
		p("DEN-03", "std085 §3.1 (squeeze)", suite.Should,
			"A squeeze keeps floor(budget/150) hits: count first, at the minimum viable size.",
			inflation("squeeze-count", func(_ *suite.T, req inflate.Request, res inflate.Result) error {
				want := invariant.SurvivorCount(req)
				if got := len(req.Hits) - len(res.Dropped); got != want {
					return fmt.Errorf("%d of %d hits survive, want %d", got, len(req.Hits), want)
				}
				return nil
			})),
		p("DEN-04", "std085 §3.1 (squeeze)", suite.Should,
			"A squeeze keeps the best-scoring hits: no dropped hit scores higher than a kept one.",
			inflation("squeeze-best", func(_ *suite.T, req inflate.Request, res inflate.Result) error {
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
			})),
		p("DEN-05", "std085 §3.2 (MAX_PADDING)", suite.Must,
			"No window reaches more than 500 beyond the span of its hits.",
			inflation("max-padding", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Padded(req, res, t.Unit())
			})),
		p("DEN-10", "std085 §2.1.4; units (for density run alone)", suite.Must,
			"Every window lies inside its document, cuts no multi-byte character, and its text is exactly the document's between its offsets.",
			inflation("inside", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				if err := repaired(t, anyRepair...); err != nil {
					return err
				}
				if err := invariant.Inside(req, res, t.Unit()); err != nil {
					return err
				}
				return invariant.OnRunes(req, res, t.Unit())
			})),
		p("DEN-11", "std085 §2.1.1, §3.1 (for density run alone)", suite.Must,
			"Every hit not reported dropped is held by a window of its own compound: no kept hit is left out of the windows.",
			inflation("kept-in-window", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Assigned(req, res, t.Unit())
			})),
		p("DEN-09", "std085 §3.1, §4–5; rendered output", suite.Should,
			"When the answer carries the rendered text handed to the model, it fits the budget too, markers and separators counted.",
			inflation("rendered-fits", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				n := 0
				for _, w := range res.Windows {
					n += t.Unit().Len(w.Text)
				}
				return invariant.RenderedFits(res.Rendered, req.Budget, t.Unit(), n)
			})),
	}
}
