package inflate

import "cmp"

// position is where a hit or a window stands in the documents: compound ID,
// start, end, and an ID (the hit's, or a window's first hit's) that makes
// the order total. Selection, grouping and the output order all sort by it,
// the first two after the score.
type position struct {
	compound   string
	start, end int
	id         string
}

func (h Hit) position() position    { return position{h.CompoundID, h.Start, h.End, h.ID} }
func (w Window) position() position { return position{w.CompoundID, w.Start, w.End, w.Hits[0]} }

// compare orders positions by compound ID, then start, end and ID.
func (p position) compare(q position) int {
	if c := cmp.Compare(p.compound, q.compound); c != 0 {
		return c
	}
	if c := cmp.Compare(p.start, q.start); c != 0 {
		return c
	}
	if c := cmp.Compare(p.end, q.end); c != 0 {
		return c
	}
	return cmp.Compare(p.id, q.id)
}

// byPosition orders hits by position alone.
func byPosition(a, b Hit) int { return a.position().compare(b.position()) }
