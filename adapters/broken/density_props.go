package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// PadsFortyNineLeft is the reference with every window's left edge moved
// in to at most 49 before its first hit (MIN_PADDING is 50): the right
// side is the reference's. Caught by DEN-06 (the lone hit at 5000 starts
// its window at 4951).
func PadsFortyNineLeft() adapters.Adapter {
	return padsAtMost("pads-49-left", 49, -1)
}

// PadsFortyNineRight is the reference with every window's right edge
// moved in to at most 49 past its hits' span: the left side is the
// reference's. Caught by DEN-06 (the lone hit's window ends 49 past it).
func PadsFortyNineRight() adapters.Adapter {
	return padsAtMost("pads-49-right", -1, 49)
}

// padsAtMost cuts each of the reference's windows to at most left bytes
// before and right bytes after the span of its hits (-1: that side as the
// reference has it), on character edges, the text cut to match.
func padsAtMost(name string, left, right int) adapters.Adapter {
	return &inflater{named(name), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		spans := map[string][2]int{}
		for _, h := range req.Hits {
			spans[h.ID] = [2]int{h.Start, h.End}
		}
		bodies := inflate.Bodies(req.Documents)
		for i, w := range res.Windows {
			s, e := w.End, w.Start
			for _, id := range w.Hits {
				s, e = min(s, spans[id][0]), max(e, spans[id][1])
			}
			body := bodies[w.CompoundID]
			start, end := w.Start, w.End
			if left >= 0 {
				start = max(start, s-left)
				for start > w.Start && body[start]&0xC0 == 0x80 {
					start--
				}
			}
			if right >= 0 {
				end = min(end, e+right)
				for end < w.End && body[end]&0xC0 == 0x80 {
					end++
				}
			}
			res.Windows[i].Start, res.Windows[i].End, res.Windows[i].Text = start, end, body[start:end]
		}
		return res, nil
	}}
}
