package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// MergesInInputOrder merges the kept hits as the request lists them,
// without std085 §2.1's grouping by compound and sort by start: a hit
// joins the window being built only when it is of the same compound and
// starts at or after the hit before it; otherwise a new window begins.
// Hits listed grouped and sorted get the reference's windows; in another
// order, near hits stay apart, so the windows depend on the order (INF-09)
// even when no hit is dropped.
func MergesInInputOrder() adapters.Adapter {
	return &inflater{named("merges-in-input-order"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		kept, dropped := inflate.Select(req.Hits, p.Keep)
		isKept := map[string]bool{}
		for _, h := range kept {
			isKept[h.ID] = true
		}
		out := inflate.Result{Dropped: dropped}
		var run []inflate.Hit
		flush := func() error {
			ws, err := inflate.Windows(req.Documents, run, p)
			out.Windows = append(out.Windows, ws...)
			run = nil
			return err
		}
		for _, h := range req.Hits {
			if !isKept[h.ID] {
				continue
			}
			if n := len(run); n > 0 && (h.CompoundID != run[n-1].CompoundID || h.Start < run[n-1].Start) {
				if err := flush(); err != nil {
					return inflate.Result{}, err
				}
			}
			run = append(run, h)
		}
		if len(run) > 0 {
			if err := flush(); err != nil {
				return inflate.Result{}, err
			}
		}
		return out, nil
	}}
}

// HitlessWindows answers the reference's windows, scores and dropped hits,
// but lists no hit in any window (the field left empty): every kept hit is
// in no window (INF-05). A window's score is the best of its hits' (INF-15)
// only for a window that lists hits, so INF-15 has nothing to judge.
func HitlessWindows() adapters.Adapter {
	return &inflater{named("hitless-windows"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		for i := range res.Windows {
			res.Windows[i].Hits = nil
		}
		return res, err
	}}
}

// MisplacesEmptyHit answers the reference's windows, but lists every
// zero-length hit in its compound's first window, wherever the hit lies:
// a kept hit held by a window that does not touch it (INF-05). Density
// run alone repeats INF-05's check (DEN-11), whose failure then follows
// from INF-05's: one fault, one counted failure.
func MisplacesEmptyHit() adapters.Adapter {
	return &inflater{named("misplaces-empty-hit"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		empty := map[string]bool{}
		for _, h := range req.Hits {
			empty[h.ID] = h.Start == h.End
		}
		first := map[string]int{}
		for i, w := range res.Windows {
			if _, ok := first[w.CompoundID]; !ok {
				first[w.CompoundID] = i
			}
		}
		for i := range res.Windows {
			w := &res.Windows[i]
			j := first[w.CompoundID]
			if j == i {
				continue
			}
			kept := w.Hits[:0:0]
			for _, id := range w.Hits {
				if empty[id] {
					res.Windows[j].Hits = append(res.Windows[j].Hits, id)
					continue
				}
				kept = append(kept, id)
			}
			w.Hits = kept
		}
		return res, err
	}}
}
