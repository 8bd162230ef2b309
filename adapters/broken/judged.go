package broken

import (
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Mutants for requirements no other mutant fails (the mutation run of the
// judging code found their checks could be weakened unnoticed).

// UnpaddedLeft starts every window at its first hit: no context before
// the hits, the right side as the reference pads it.
func UnpaddedLeft() adapters.Adapter {
	return &inflater{named("unpadded-left"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		starts := map[string]int{}
		for _, h := range req.Hits {
			starts[h.ID] = h.Start
		}
		bodies := inflate.Bodies(req.Documents)
		for i, w := range res.Windows {
			first := w.End
			for _, id := range w.Hits {
				first = min(first, starts[id])
			}
			if first > w.Start {
				res.Windows[i].Start, res.Windows[i].Text = first, bodies[w.CompoundID][first:w.End]
			}
		}
		return res, nil
	}}
}

// assembled is the reference's assembly with its results changed by f.
func assembled(name string, f func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result) adapters.Adapter {
	return &assembler{named(name), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		rs, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		if err != nil {
			return adapters.AssembleAnswer{}, err
		}
		return adapters.AssembleAnswer{Results: f(req, rs)}, nil
	}}
}

// AssembleDropsLast leaves out the last result (an off-by-one in the loop
// that hands them on).
func AssembleDropsLast() adapters.Adapter {
	return assembled("assemble-drops-last", func(_ adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		if len(rs) > 0 {
			rs = rs[:len(rs)-1]
		}
		return rs
	})
}

// AssembleListsFirstOnly lists only the first molecule of each result; its
// window is the reference's.
func AssembleListsFirstOnly() adapters.Adapter {
	return assembled("assemble-lists-first-only", func(_ adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		for i := range rs {
			rs[i].Molecules = rs[i].Molecules[:min(1, len(rs[i].Molecules))]
		}
		return rs
	})
}

// AssembleTrimsFirstByte starts each window one byte after the
// reference's (an inclusive start read as exclusive), its text cut to
// match.
func AssembleTrimsFirstByte() adapters.Adapter {
	return assembled("assemble-trims-first-byte", func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		for i, r := range rs {
			if r.Start < r.End {
				rs[i].Start, rs[i].Window = r.Start+1, r.Window[1:]
			}
		}
		return rs
	})
}

// PadsFifty gives every window MIN_PADDING (50) on each side of its hits'
// span and no more: every hit is kept, in a window of its own unless the
// padded spans touch. Short windows, but no MUST of padding is broken.
func PadsFifty() adapters.Adapter { return padsAtMost("pads-fifty", 50, 50) }

// AssembleWholeDocument widens every window to its whole document and
// fills the bytes between its first and last molecule that no molecule
// covers with spaces.
func AssembleWholeDocument() adapters.Adapter {
	return assembled("assemble-whole-document", func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		bodies := req.Bodies()
		mols := req.MoleculesByID()
		for i, r := range rs {
			b := []byte(bodies[r.Source])
			covered := make([]bool, len(b))
			first, last := len(b), 0
			for _, id := range r.Molecules {
				m := mols[id]
				first, last = min(first, m.Start), max(last, m.End)
				for p := m.Start; p < m.End; p++ {
					covered[p] = true
				}
			}
			for p := first; p < last; p++ {
				if !covered[p] {
					b[p] = ' '
				}
			}
			rs[i].Start, rs[i].End, rs[i].Window = 0, len(b), string(b)
		}
		return rs
	})
}

// ScoresAscending lists the reference's windows worst first.
func ScoresAscending() adapters.Adapter {
	return &inflater{named("scores-ascending"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		slices.Reverse(res.Windows)
		return res, err
	}}
}

// ScoresWorstHit scores each window by the lowest score among its hits
// instead of the highest.
func ScoresWorstHit() adapters.Adapter {
	return &inflater{named("scores-worst-hit"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		scores := map[string]float64{}
		for _, h := range req.Hits {
			scores[h.ID] = h.Score
		}
		for i, w := range res.Windows {
			for k, id := range w.Hits {
				if k == 0 || scores[id] < res.Windows[i].Score {
					res.Windows[i].Score = scores[id]
				}
			}
		}
		return res, err
	}}
}

// ScoresFirstAsked scores each window by the hit of its that comes first
// in the request, so a window's score depends on the order of the hits. No
// text defines a window's score: INF-15 (REFERENCE) judges it, and the
// order requirements (INF-09, INF-17) compare windows without it.
func ScoresFirstAsked() adapters.Adapter {
	return &inflater{named("scores-first-asked"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		rank := map[string]int{}
		for i, h := range req.Hits {
			if _, ok := rank[h.ID]; !ok {
				rank[h.ID] = i
			}
		}
		for i, w := range res.Windows {
			first := -1
			for _, id := range w.Hits {
				if r := rank[id]; first < 0 || r < first {
					first = r
				}
			}
			if first >= 0 {
				res.Windows[i].Score = req.Hits[first].Score
			}
		}
		return res, err
	}}
}

// AssembleDocumentsWhenEmpty answers a request without molecules with
// every document whole, listing nothing, instead of no window.
func AssembleDocumentsWhenEmpty() adapters.Adapter {
	return assembled("assemble-documents-when-empty", func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		if len(req.Molecules) > 0 {
			return rs
		}
		for _, d := range req.Documents {
			rs = append(rs, assemble.Result{Window: d.Body, Source: d.ID, End: len(d.Body), Strategy: assemble.Single, Coherence: 1})
		}
		return rs
	})
}

// tight narrows each result to the span of its molecules (plus trim bytes
// cut from its start), its text to match.
func tight(req adapters.AssembleRequest, rs []assemble.Result, trim int) []assemble.Result {
	bodies := req.Bodies()
	mols := req.MoleculesByID()
	for i, r := range rs {
		s, e := r.End, r.Start
		for _, id := range r.Molecules {
			s, e = min(s, mols[id].Start), max(e, mols[id].End)
		}
		s = min(s+trim, e)
		rs[i].Start, rs[i].End, rs[i].Window = s, e, bodies[r.Source][s:e]
	}
	return rs
}

// AssembleTight gives each window exactly the span of its molecules: no
// extension to a boundary, which no MUST asks for.
func AssembleTight() adapters.Adapter {
	return assembled("assemble-tight", func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		return tight(req, rs, 0)
	})
}

// AssembleTightLosesFirstByte is AssembleTight with each window starting
// one byte into its first molecule.
func AssembleTightLosesFirstByte() adapters.Adapter {
	return assembled("assemble-tight-loses-first-byte", func(req adapters.AssembleRequest, rs []assemble.Result) []assemble.Result {
		return tight(req, rs, 1)
	})
}

// ScoresZero scores every window 0: the order never rises, but no window
// scores its best hit.
func ScoresZero() adapters.Adapter {
	return &inflater{named("scores-zero"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		for i := range res.Windows {
			res.Windows[i].Score = 0
		}
		return res, err
	}}
}

// SwapsFirstTwo lists the reference's second window first.
func SwapsFirstTwo() adapters.Adapter {
	return &inflater{named("swaps-first-two"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if len(res.Windows) > 1 {
			res.Windows[0], res.Windows[1] = res.Windows[1], res.Windows[0]
		}
		return res, err
	}}
}

// ForgetsDropped drops hits as the reference does but reports none of
// them dropped.
func ForgetsDropped() adapters.Adapter {
	return &inflater{named("forgets-dropped"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		res.Dropped = nil
		return res, err
	}}
}
