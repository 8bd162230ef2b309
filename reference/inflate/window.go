package inflate

import (
	"cmp"
	"slices"
	"sort"

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

// place builds the windows of valid hits, all of which survive. It owns
// hits (Select returns a fresh slice) and sorts them in place.
//
// Allocation matters here (std085's memory target is under 2× the bytes
// emitted): one sort, one slice of hit IDs shared by all windows (each window
// holds a capacity-limited piece of it), one slice of spans reused across
// compounds, and the windows themselves.
func place(byID map[string]Document, hits []Hit, p density.Plan) []Window {
	// 1. Group by compound and sort by position; ties by end and ID make the
	// order total.
	slices.SortFunc(hits, byPosition)
	windows := make([]Window, 0, len(hits))
	ids := make([]string, len(hits))
	var spans []span
	for i := 0; i < len(hits); {
		j := i + 1
		for j < len(hits) && hits[j].CompoundID == hits[i].CompoundID {
			j++
		}
		spans = cluster(byID[hits[i].CompoundID].Body, hits, identity(i, j), ids[i:j], spans[:0], p)
		windows = pad(windows, byID[hits[i].CompoundID], spans, p)
		i = j
	}
	slices.SortFunc(windows, order)
	return windows
}

// identity is the positions i..j-1.
func identity(i, j int) []int32 {
	out := make([]int32, j-i)
	for k := range out {
		out[k] = int32(i + k)
	}
	return out
}

// cluster trims each hit of one document to the cap (keeping its start) and
// merges close hits into spans (steps 2 and 3). The hits are hits[pos[0]],
// hits[pos[1]], ... in position order. ids is scratch space for the hits'
// IDs, one per hit; each span's hits are a capacity-limited piece of it.
func cluster(body string, hits []Hit, pos []int32, ids []string, spans []span, p density.Plan) []span {
	next := 0 // next free place in ids
	for _, k := range pos {
		h := &hits[k]
		end := h.End
		if end-h.Start > p.MaxWindow {
			end = unit.Floor(body, h.Start+p.MaxWindow)
		}
		n := len(spans)
		if n == 0 {
			ids[next] = h.ID
			spans = append(spans, span{s: h.Start, e: end, hits: ids[next : next+1 : next+1], score: h.Score})
			next++
			continue
		}
		cur := &spans[n-1]
		switch {
		case h.Start < cur.s && end <= cur.s:
			// The open span was moved up to the end of the one before it, and h
			// lies wholly before it: h belongs to the span holding its start.
			// (Appending to a capacity-limited piece copies it.)
			j := max(sort.Search(n-1, func(k int) bool { return spans[k].s > h.Start })-1, 0)
			spans[j].hits = append(spans[j].hits, h.ID)
			spans[j].score = max(spans[j].score, h.Score)
		case h.Start-cur.e < p.Threshold && max(cur.e, end)-cur.s <= p.MaxWindow:
			cur.e = max(cur.e, end)
			ids[next] = h.ID
			if k := len(cur.hits); next-k >= 0 && cap(cur.hits) == k && &ids[next-k] == &cur.hits[0] {
				cur.hits = ids[next-k : next+1 : next+1] // still contiguous: grow in place
			} else {
				cur.hits = append(cur.hits, h.ID)
			}
			next++
			cur.score = max(cur.score, h.Score)
		default:
			ids[next] = h.ID
			spans = append(spans, span{s: max(h.Start, cur.e), e: end, hits: ids[next : next+1 : next+1], score: h.Score})
			next++
		}
	}
	return spans
}

// pad turns the spans of document d into windows appended to dst: padding
// within the cap and the document (step 4), neighbours splitting the gap
// between them (step 5), edges snapped inward to rune boundaries and the text
// cut (steps 6 and 7).
func pad(dst []Window, d Document, spans []span, p density.Plan) []Window {
	body := d.Body
	first := len(dst)
	for _, sp := range spans {
		left, right := p.Padding, p.Padding
		if room := p.MaxWindow - (sp.e - sp.s); p.Padding > room/2 {
			left = room / 2
			right = room - left
		}
		dst = append(dst, Window{
			CompoundID: d.ID,
			Start:      sp.s - min(left, sp.s),
			End:        sp.e + min(right, len(body)-sp.e),
			Hits:       sp.hits,
			Score:      sp.score,
		})
	}
	windows := dst[first:]
	for i := 1; i < len(spans); i++ {
		mid := spans[i-1].e + (spans[i].s-spans[i-1].e)/2
		windows[i-1].End = min(windows[i-1].End, mid)
		windows[i].Start = max(windows[i].Start, mid)
	}
	for i := range windows {
		w := &windows[i]
		w.Start = unit.Ceil(body, w.Start)
		w.End = unit.Floor(body, w.End)
		w.Text = body[w.Start:w.End]
	}
	return dst
}

// order is the output order (step 8): score descending, then compound ID,
// start, end and first hit ID, which makes it total.
func order(a, b Window) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	return a.position().compare(b.position())
}
