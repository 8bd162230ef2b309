package broken

import (
	"cmp"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Off-by-one mutants of the constants of std105 §2.2/§4 (the radius clamp,
// in the implementation's unit) and std085 protocol §5.4–5.5 (the overlap
// merge, 5 related atoms per term).

// RadiusFloor199 clamps the elastic radius to [199, 32000]: floor(b/h/2) =
// 199 stays 199. Caught by ELA-12.
func RadiusFloor199() adapters.Adapter {
	return &hydrator{mutant: named("elastic-radius-floor-199"), radius: clampedRadius(elastic.MinRadius-1, elastic.MaxRadius)}
}

// RadiusCap32001 clamps the elastic radius to [200, 32001]: floor(b/h/2) =
// 32001 stays 32001. Caught by ELA-12.
func RadiusCap32001() adapters.Adapter {
	return &hydrator{mutant: named("elastic-radius-cap-32001"), radius: clampedRadius(elastic.MinRadius, elastic.MaxRadius+1)}
}

// clampedRadius is the reference's Radius with the clamp [lo, hi].
func clampedRadius(lo, hi int) func(budget, hits int) (int, error) {
	return func(budget, hits int) (int, error) {
		r, err := elastic.Radius(budget, hits)
		if err != nil || hits == 0 {
			return r, err
		}
		return min(max(budget/hits/2, lo), hi), nil
	}
}

// RadialMergesOverlapOnly merges radial windows only when they overlap
// (`window.start < previous.end`), where §5.4 says `<=`: windows that only
// touch stay apart. Caught by RAD-02.
func RadialMergesOverlapOnly() adapters.Adapter {
	return radialReshaped("radial-merges-overlap-only", nil, false)
}

// RadialServesSixRelated serves up to 6 related atoms per term, where §5.5
// says 5: a term with 6 related atoms spreads its 30% over all 6. Caught
// by RAD-12.
func RadialServesSixRelated() adapters.Adapter {
	return &radialInflater{mutant: named("radial-serves-6-related"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil {
			return adapters.RadialSplitAnswer{}, err
		}
		related := map[string]int{}
		for _, t := range req.Terms {
			related[t.Label] = t.Related
		}
		s.Used = 0
		for i, t := range s.Terms {
			if n := min(related[t.Term], radial.RelatedPerTerm+1); n > t.Related {
				pool := t.Related * t.PerRelated
				t.Related, t.PerRelated = n, pool/n
				s.Terms[i] = t
			}
			s.Used += s.Terms[i].Used()
		}
		s.Unused = s.Budget - s.Used
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// ElasticMergesOverlapOnly hydrates like the reference but leaves apart the
// windows of two atoms that only touch (`start < previous.end`, where
// std085 protocol §5.4 says `<=`): a prose or data window whose atoms, one
// after the other, lie exactly 2r apart is cut in two at the point where
// their windows meet. Caught by ELA-16.
func ElasticMergesOverlapOnly() adapters.Adapter {
	return &hydrator{mutant: named("elastic-merges-overlap-only"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err != nil {
				return res, err
			}
			byID := map[string]inflate.Document{}
			for _, d := range docs {
				byID[d.ID] = d
			}
			var out []radial.Window
			for _, w := range res.Windows {
				d := byID[w.CompoundID]
				if d.Kind == inflate.KindCode {
					out = append(out, w)
					continue
				}
				out = append(out, splitTouching(d, w, res.Radius)...)
			}
			res.Windows = out
			return res, nil
		}}
}

// splitTouching cuts w wherever two of its consecutive atoms lie exactly 2r
// apart, so their windows [o-r, o+r] only touch.
func splitTouching(d inflate.Document, w radial.Window, r int) []radial.Window {
	atoms := slices.Clone(w.Atoms)
	slices.SortStableFunc(atoms, func(x, y radial.Atom) int { return cmp.Compare(x.Offset, y.Offset) })
	var out []radial.Window
	cur := w
	cur.Atoms = nil
	for i, a := range atoms {
		if i > 0 && a.Offset-atoms[i-1].Offset == 2*r {
			cut := atoms[i-1].Offset + r
			left := cur
			left.End, left.Text = cut, d.Body[left.Start:cut]
			left.Cost = radial.Cost(d.Kind, left.Text)
			out = append(out, left)
			cur = radial.Window{CompoundID: w.CompoundID, Start: cut, End: w.End, Score: w.Score}
		}
		cur.Atoms = append(cur.Atoms, a)
	}
	cur.Text = d.Body[cur.Start:cur.End]
	cur.Cost = radial.Cost(d.Kind, cur.Text)
	return append(out, cur)
}
