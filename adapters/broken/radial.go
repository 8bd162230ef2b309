package broken

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// radialInflater is the reference with RadialWindows or RadialSplit
// replaced (a nil function keeps the reference's).
type radialInflater struct {
	mutant
	windows func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error)
	split   func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error)
}

func (b *radialInflater) RadialWindows(ctx context.Context, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	if b.windows == nil {
		return b.Adapter.RadialWindows(ctx, req)
	}
	return b.windows(req)
}

func (b *radialInflater) RadialSplit(ctx context.Context, req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	if b.split == nil {
		return b.Adapter.RadialSplit(ctx, req)
	}
	return b.split(req)
}

// RadialNoMerge cuts each atom's window like the reference but never merges
// windows that overlap or touch (§5.4 skipped).
func RadialNoMerge() adapters.Adapter {
	return &radialInflater{mutant: named("radial-no-merge"), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		if err := radial.Check(req.Documents, req.Atoms); err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		var out []radial.Window
		for _, a := range radial.Unique(req.Atoms) {
			ws, err := radial.Windows(req.Documents, []radial.Atom{a}, req.Radius)
			if err != nil {
				return adapters.RadialWindowsAnswer{}, err
			}
			out = append(out, ws...)
		}
		slices.SortStableFunc(out, func(x, y radial.Window) int {
			return cmp.Or(strings.Compare(x.CompoundID, y.CompoundID), cmp.Compare(x.Start, y.Start), cmp.Compare(x.End, y.End))
		})
		return adapters.RadialWindowsAnswer{Windows: out}, nil
	}}
}

// RadialSplit5050 splits a term's share 50/50 between its direct and its
// related atoms instead of 70/30.
func RadialSplit5050() adapters.Adapter {
	return &radialInflater{mutant: named("radial-split-50-50"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		s.Used = 0
		for i, t := range s.Terms {
			if t.Direct > 0 && t.Related > 0 {
				related := t.Total / 2
				t.PerDirect = (t.Total - related) / t.Direct
				t.PerRelated = related / t.Related
				s.Terms[i] = t
			}
			s.Used += s.Terms[i].Used()
		}
		s.Unused = s.Budget - s.Used
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// RadialCountsCodeSpace windows like the reference but reports the cost of
// code windows with their white space counted (§5.3 ignored).
func RadialCountsCodeSpace() adapters.Adapter {
	return &radialInflater{mutant: named("radial-counts-code-space"), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		ws, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
		if err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		kinds := map[string]string{}
		for _, d := range req.Documents {
			kinds[d.ID] = d.Kind
		}
		for i, w := range ws {
			if kinds[w.CompoundID] == inflate.KindCode {
				ws[i].Cost = len(w.Text)
			}
		}
		return adapters.RadialWindowsAnswer{Windows: ws}, nil
	}}
}

// RadialKeepsRadiating reads §5.4's step 3, "Continue radiating outward as
// unified molecule", as growing a merged prose or data window on: each
// window that merged atoms is drawn again at twice the radius around them,
// and windows that then overlap or touch merge. A reading (the example's
// "Merged window [500, 1900]" is step 2's, before step 3): RAD-08 (SHOULD)
// and RAD-19 (MUST) judge only what both sides agree on, the exact union
// is the reference's (RAD-10).
func RadialKeepsRadiating() adapters.Adapter {
	return &radialInflater{mutant: named("radial-keeps-radiating"), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		ws, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
		if err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		docs := map[string]inflate.Document{}
		for _, d := range req.Documents {
			docs[d.ID] = d
		}
		for i, w := range ws {
			if len(w.Atoms) < 2 || docs[w.CompoundID].Kind == inflate.KindCode {
				continue
			}
			grown, err := radial.Windows(req.Documents, w.Atoms, 2*req.Radius)
			if err != nil {
				return adapters.RadialWindowsAnswer{}, err
			}
			ws[i] = grown[0] // atoms merged at r merge at 2r
		}
		slices.SortStableFunc(ws, func(x, y radial.Window) int {
			return cmp.Or(strings.Compare(x.CompoundID, y.CompoundID), cmp.Compare(x.Start, y.Start))
		})
		var out []radial.Window
		for _, w := range ws {
			if n := len(out); n > 0 && out[n-1].CompoundID == w.CompoundID && w.Start <= out[n-1].End {
				prev := &out[n-1]
				prev.End = max(prev.End, w.End)
				prev.Start = min(prev.Start, w.Start)
				prev.Text = docs[w.CompoundID].Body[prev.Start:prev.End]
				prev.Cost = radial.Cost(docs[w.CompoundID].Kind, prev.Text)
				prev.Score = max(prev.Score, w.Score)
				prev.Atoms = append(prev.Atoms, w.Atoms...)
				slices.SortStableFunc(prev.Atoms, func(x, y radial.Atom) int { return cmp.Compare(x.Offset, y.Offset) })
				continue
			}
			out = append(out, w)
		}
		return adapters.RadialWindowsAnswer{Windows: out}, nil
	}}
}
