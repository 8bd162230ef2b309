package properties

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// infIdempotent judges that inflating only the hits that survived, with the
// same budget, gives the same windows again.
func infIdempotent(t *suite.T, req inflate.Request, res inflate.Result) error {
	kept := req
	kept.Hits = nil
	for _, h := range req.Hits {
		if !slices.Contains(res.Dropped, h.ID) {
			kept.Hits = append(kept.Hits, h)
		}
	}
	again := call.MustInflate(t, kept)
	return invariant.SameWindows(req, t.Unit(), invariant.Canonical(res.Windows), invariant.Canonical(again.Windows), "first", "survivors again")
}

// infRenderedHolds judges that the rendered text, when the answer carries
// one, holds every window's text in the answer's order.
func infRenderedHolds(t *suite.T, _ inflate.Request, res inflate.Result) error {
	return invariant.RenderedHolds(res.Rendered, texts(res.Windows, inflateText), t.Unit())
}

// inflateText is the text of an inflation's window.
func inflateText(w inflate.Window) string { return w.Text }

// infEqualsReference judges the windows, their hits, scores and order, and
// the dropped hits against what the reference answers to the same request.
func infEqualsReference(t *suite.T, req inflate.Request, res inflate.Result) error {
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
}

// infScoreOrder judges that each window scores the best of its hits' scores
// and that scores never rise down the list.
func infScoreOrder(_ *suite.T, req inflate.Request, res inflate.Result) error {
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
}

// insideJudge is the judgement of INF-01 and DEN-10: every window inside
// its document, its text the document's bytes between its offsets. DEN-01,
// DEN-13 and DEN-05, which count by offsets, fail an answer whose offsets and text
// disagree; when every answer they fail breaks this judgement too, their
// failure follows from DEN-10's (impliedBy).
func insideJudge() func(*suite.T, inflate.Request, inflate.Result) error {
	return unrepaired(outside, byUnit(invariant.Inside))
}
