package properties

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

func inflateRequirements() []suite.Requirement {
	std := adapters.Inflate
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("INF-01", "std085 §2.1.4", suite.Must,
			"Every window lies inside its document and its text is exactly the document's bytes between its offsets.",
			inflation("inside", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				if err := repaired(t, outside...); err != nil {
					return err
				}
				return invariant.Inside(req, res, t.Unit())
			})),
		p("INF-02", "std085 §2.1.4; units", suite.Must,
			"No window edge cuts a multi-byte character.",
			inflation("on-runes", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				if err := repaired(t, cutting...); err != nil {
					return err
				}
				return invariant.OnRunes(req, res, t.Unit())
			})),
		p("INF-03", "std085 §2.1.3", suite.Must,
			"Windows of one compound never overlap.",
			inflation("disjoint", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Disjoint(req, res, t.Unit())
			})),
		p("INF-04", "std085 §2.1.3", suite.Must,
			"Hits of one compound less than 500 bytes apart share a window, unless together they exceed the window cap.",
			inflation("merged", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Merged(req, res, t.Unit())
			})),
		p("INF-05", "std085 §2.1.1", suite.Must,
			"Every hit is either held by exactly one window of its own compound, which touches it, or reported dropped.",
			inflation("assigned", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Assigned(req, res, t.Unit())
			})),
		p("INF-06", "std085 §2.1.5", suite.Must,
			"Truncation never cuts a hit away: a surviving hit of at most 150 bytes lies wholly inside its compound's windows.",
			inflation("covered", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Covered(req, res, t.Unit())
			})),
		p("INF-07", "std085 §2.1.5, §3.2", suite.Must,
			"Without a budget, no window is longer than the static cap of 2500.",
			inflation("capped", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				return invariant.Capped(req, res, t.Unit())
			})),
		p("INF-09", "std085 §2.1.1–2", suite.Must,
			"The windows do not depend on the order of the hits or documents in the request.",
			inflation("order-independent", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				again := call.MustInflate(t, shuffled(req, t.Seed()+int64(len(req.Hits))))
				return invariant.SameWindows(req, t.Unit(), invariant.Canonical(res.Windows), invariant.Canonical(again.Windows), "as asked", "shuffled")
			})),
		p("INF-10", "std085 §2–3", suite.Should,
			"Inflation is idempotent: inflating only the surviving hits again, with the same budget, gives the same windows.",
			inflation("idempotent", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				kept := req
				kept.Hits = nil
				for _, h := range req.Hits {
					if !slices.Contains(res.Dropped, h.ID) {
						kept.Hits = append(kept.Hits, h)
					}
				}
				again := call.MustInflate(t, kept)
				return invariant.SameWindows(req, t.Unit(), invariant.Canonical(res.Windows), invariant.Canonical(again.Windows), "first", "survivors again")
			})),
		p("INF-16", "std085 §4 (content with markers); rendered output", suite.Must,
			"When the answer carries the rendered text handed to the model, it holds every window's text, in the answer's order.",
			inflation("rendered-holds", func(t *suite.T, _ inflate.Request, res inflate.Result) error {
				texts := make([]string, len(res.Windows))
				for i, w := range res.Windows {
					texts[i] = w.Text
				}
				return invariant.RenderedHolds(res.Rendered, texts, t.Unit())
			})),
		p("INF-13", "std085 §2–3 (reference)", suite.Reference,
			"Windows, their hits, scores and order, and the dropped hits equal the reference's.",
			inflation("equals-reference", func(t *suite.T, req inflate.Request, res inflate.Result) error {
				want, err := inflate.Inflate(req)
				if err != nil {
					return fmt.Errorf("reference rejects the request: %v", err)
				}
				if err := invariant.SameWindows(req, t.Unit(), want.Windows, res.Windows, "want (reference)", "got"); err != nil {
					return err
				}
				if !reflect.DeepEqual(nonNil(want.Dropped), nonNil(res.Dropped)) {
					return fmt.Errorf("dropped %v, the reference drops %v", res.Dropped, want.Dropped)
				}
				return nil
			})),
		p("INF-15", "std085 §4", suite.Should,
			"Windows are listed best first: a window scores the maximum of its hits' scores, and scores never rise down the list.",
			inflation("score-order", func(_ *suite.T, req inflate.Request, res inflate.Result) error {
				hits := map[string]float64{}
				for _, h := range req.Hits {
					hits[h.ID] = h.Score
				}
				for i, w := range res.Windows {
					best, any := 0.0, false
					for _, id := range w.Hits {
						if s, ok := hits[id]; ok && (!any || s > best) {
							best, any = s, true
						}
					}
					if !any {
						continue // a window without hits is INF-05's to report
					}
					if w.Score != best {
						return fmt.Errorf("window %d scores %v, its best hit %v", i, w.Score, best)
					}
					if i > 0 && w.Score > res.Windows[i-1].Score {
						return fmt.Errorf("window %d (score %v) follows a window scoring %v", i, w.Score, res.Windows[i-1].Score)
					}
				}
				return nil
			})),
	}
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
