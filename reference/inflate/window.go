package inflate

import (
	"cmp"
	"slices"

	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Windows builds the context windows of std085 §2.1 for hits under plan p:
// the top p.Keep hits (see Select) are grouped by compound, sorted, trimmed to
// the window cap, merged when close, padded, kept apart from their neighbours
// and snapped to rune boundaries. The result is sorted by score (highest
// first), then compound ID and start; it is empty, never nil, when no
// window results.
func Windows(docs []Document, hits []Hit, p density.Plan) ([]Window, error) {
	if err := p.Check(); err != nil {
		return nil, err
	}
	byID, err := index(docs, hits)
	if err != nil {
		return nil, err
	}
	kept, _ := Select(hits, p.Keep)
	return place(byID, kept, p), nil
}

// span is a cluster of hits: [s, e) is the union of its (trimmed) hits, less
// whatever an earlier cluster already covers.
type span struct {
	s, e  int
	hits  []string
	score float64
}

// place builds the windows of valid hits, all of which survive.
func place(byID map[string]Document, hits []Hit, p density.Plan) []Window {
	byCompound := map[string][]Hit{}
	for _, h := range hits {
		byCompound[h.CompoundID] = append(byCompound[h.CompoundID], h)
	}
	windows := []Window{}
	for id, group := range byCompound {
		windows = append(windows, compound(byID[id], group, p)...)
	}
	slices.SortFunc(windows, order)
	return windows
}

// compound builds the windows of one document.
func compound(d Document, hits []Hit, p density.Plan) []Window {
	body := d.Body

	// 1. Sort by position; ties by end and ID make the order total.
	slices.SortFunc(hits, func(a, b Hit) int {
		if c := cmp.Compare(a.Start, b.Start); c != 0 {
			return c
		}
		if c := cmp.Compare(a.End, b.End); c != 0 {
			return c
		}
		return cmp.Compare(a.ID, b.ID)
	})

	// 2 and 3. Trim each hit to the cap (keeping its start), then cluster.
	var spans []span
	for _, h := range hits {
		end := h.End
		if end-h.Start > p.MaxWindow {
			end = unit.Floor(body, h.Start+p.MaxWindow)
		}
		if n := len(spans); n > 0 {
			cur := &spans[n-1]
			if h.Start < cur.s && end <= cur.s {
				// The open span was moved up to the end of the one before it, and
				// h lies wholly before it: h belongs to the span holding its start.
				j := n - 2
				for j > 0 && spans[j].s > h.Start {
					j--
				}
				spans[j].hits = append(spans[j].hits, h.ID)
				spans[j].score = max(spans[j].score, h.Score)
				continue
			}
			if h.Start-cur.e < p.Threshold && max(cur.e, end)-cur.s <= p.MaxWindow {
				cur.e = max(cur.e, end)
				cur.hits = append(cur.hits, h.ID)
				cur.score = max(cur.score, h.Score)
				continue
			}
			spans = append(spans, span{s: max(h.Start, cur.e), e: end, hits: []string{h.ID}, score: h.Score})
			continue
		}
		spans = append(spans, span{s: h.Start, e: end, hits: []string{h.ID}, score: h.Score})
	}

	// 4. Pad within the cap and the document.
	windows := make([]Window, len(spans))
	for i, sp := range spans {
		left, right := p.Padding, p.Padding
		if room := p.MaxWindow - (sp.e - sp.s); p.Padding > room/2 {
			left = room / 2
			right = room - left
		}
		windows[i] = Window{
			CompoundID: d.ID,
			Start:      sp.s - min(left, sp.s),
			End:        sp.e + min(right, len(body)-sp.e),
			Hits:       sp.hits,
			Score:      sp.score,
		}
	}

	// 5. Neighbours split the gap between their spans: no byte twice.
	for i := 1; i < len(spans); i++ {
		mid := spans[i-1].e + (spans[i].s-spans[i-1].e)/2
		windows[i-1].End = min(windows[i-1].End, mid)
		windows[i].Start = max(windows[i].Start, mid)
	}

	// 6 and 7. Snap inward to rune boundaries and cut the text.
	for i := range windows {
		w := &windows[i]
		w.Start = unit.Ceil(body, w.Start)
		w.End = unit.Floor(body, w.End)
		w.Text = body[w.Start:w.End]
	}
	return windows
}

// order is the output order (step 8): score descending, then compound ID,
// start, end and first hit ID, which makes it total.
func order(a, b Window) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := cmp.Compare(a.CompoundID, b.CompoundID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Start, b.Start); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End, b.End); c != 0 {
		return c
	}
	return cmp.Compare(a.Hits[0], b.Hits[0])
}
