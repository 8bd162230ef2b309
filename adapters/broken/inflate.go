package broken

import (
	"context"
	"sort"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// inflater is the reference with its Inflate replaced.
type inflater struct {
	mutant
	inflate func(req inflate.Request) (inflate.Result, error)
}

func (b *inflater) Inflate(_ context.Context, req inflate.Request) (inflate.Result, error) {
	return b.inflate(req)
}

// IgnoresBudget inflates as if no budget were given (static windows for
// every hit), so a small budget is exceeded.
func IgnoresBudget() adapters.Adapter {
	return &inflater{named("ignores-budget"), func(req inflate.Request) (inflate.Result, error) {
		if req.Budget != nil && *req.Budget <= 0 {
			return inflate.Inflate(req) // still rejects bad budgets
		}
		req.Budget = nil
		return inflate.Inflate(req)
	}}
}

// NoMerge gives every hit a window of its own: hits a few bytes apart are
// never merged.
func NoMerge() adapters.Adapter {
	return &inflater{named("no-merge"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		return noMerge(req, p)
	}}
}

// NoMergeInBand merges as the reference does, except when the window cap is
// from 900 to 999, where every hit gets a window of its own (as NoMerge). Its
// fault needs two near hits and a cap in that narrow band, as a real fault
// that depends on each hit's share of the budget does: one change at a time,
// a case of seven hits under a budget of 6482 (cap 926) cannot shrink, since
// removing a hit raises the cap out of the band and lowering the budget
// lowers it out; removing hits while scaling the budget (suite/shrink.go)
// shows it with two.
func NoMergeInBand() adapters.Adapter {
	return &inflater{named("no-merge-in-band"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		if p.MaxWindow < 900 || p.MaxWindow >= 1000 {
			return inflate.Inflate(req)
		}
		return noMerge(req, p)
	}}
}

// noMerge gives every kept hit a window of its own under plan p.
func noMerge(req inflate.Request, p density.Plan) (inflate.Result, error) {
	kept, dropped := inflate.Select(req.Hits, p.Keep)
	var out inflate.Result
	out.Dropped = dropped
	docs := map[string]inflate.Document{}
	for _, d := range req.Documents {
		docs[d.ID] = d
	}
	for _, h := range kept {
		one := p
		one.Keep = 1
		ws, err := inflate.Windows([]inflate.Document{docs[h.CompoundID]}, []inflate.Hit{h}, one)
		if err != nil {
			return inflate.Result{}, err
		}
		out.Windows = append(out.Windows, ws...)
	}
	return out, nil
}

// SplitsUTF8 moves every window's end one byte further when it can, which
// cuts a multi-byte character whenever one follows.
func SplitsUTF8() adapters.Adapter {
	return reshaped("splits-utf8", func(w *inflate.Window, body string) {
		if w.End < len(body) && body[w.End] >= 0x80 {
			w.End++
			w.Text = body[w.Start:w.End]
		}
	})
}

// Overlaps pads each window by 100 more on the right, into its neighbour.
func Overlaps() adapters.Adapter {
	return reshaped("overlaps", func(w *inflate.Window, body string) {
		end := min(w.End+100, len(body))
		for end < len(body) && body[end]&0xC0 == 0x80 {
			end++
		}
		w.End, w.Text = end, body[w.Start:end]
	})
}

// reshaped is the reference's inflation with each window changed by
// reshape, which is given the body of the window's document.
func reshaped(name string, reshape func(w *inflate.Window, body string)) adapters.Adapter {
	return &inflater{named(name), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		bodies := inflate.Bodies(req.Documents)
		for i := range res.Windows {
			reshape(&res.Windows[i], bodies[res.Windows[i].CompoundID])
		}
		return res, nil
	}}
}

// LosesHits forgets the last hit of every window with more than one.
func LosesHits() adapters.Adapter {
	return &inflater{named("loses-hits"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		for i, w := range res.Windows {
			if len(w.Hits) > 1 {
				res.Windows[i].Hits = w.Hits[:len(w.Hits)-1]
			}
		}
		return res, err
	}}
}

// InputOrder keeps the first hits of the request in a squeeze, as the
// original engine did, instead of the best: the answer depends on the
// order of the request.
func InputOrder() adapters.Adapter {
	return &inflater{named("input-order"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		k := min(p.Keep, len(req.Hits))
		var dropped []string
		for _, h := range req.Hits[k:] {
			dropped = append(dropped, h.ID)
		}
		sort.Strings(dropped)
		ws, err := inflate.Windows(req.Documents, req.Hits[:k], p)
		return inflate.Result{Windows: ws, Dropped: dropped}, err
	}}
}

// AcceptsAnything never rejects a request: offsets are clamped into the
// document instead of refused.
func AcceptsAnything() adapters.Adapter {
	return &inflater{named("accepts-anything"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return inflate.Result{}, nil
		}
		return res, nil
	}}
}

// plan validates req and returns the reference's density plan for it.
func plan(req inflate.Request) (density.Plan, error) {
	if err := inflate.Validate(req.Documents, req.Hits); err != nil {
		return density.Plan{}, err
	}
	if req.Budget == nil {
		return density.Static(len(req.Hits)), nil
	}
	return density.For(len(req.Hits), *req.Budget)
}

// OverPadsRight reaches MAX_PADDING + 1 (501 bytes) past the end of each
// window's last hit where the document allows, so the right side is
// over-padded while the left side stays as the reference pads it.
func OverPadsRight() adapters.Adapter {
	return &inflater{named("over-pads-right"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		ends := map[string]int{}
		for _, h := range req.Hits {
			ends[h.ID] = h.End
		}
		bodies := inflate.Bodies(req.Documents)
		for i, w := range res.Windows {
			body, last := bodies[w.CompoundID], w.Start
			for _, id := range w.Hits {
				last = max(last, ends[id])
			}
			end := min(last+501, len(body))
			for end < len(body) && body[end]&0xC0 == 0x80 {
				end++
			}
			if end > w.End {
				res.Windows[i].End, res.Windows[i].Text = end, body[w.Start:end]
			}
		}
		return res, nil
	}}
}

// ClampsOneShort clamps windows to the document's length less one
// character (`min(end, len-1)` where std085 §2.1.4 clamps to "(0,
// length)"): a window reaching the document's end loses its last
// character, and a hit that ends there is cut. Caught by INF-19.
func ClampsOneShort() adapters.Adapter {
	return &inflater{named("clamps-one-short"), func(req inflate.Request) (inflate.Result, error) {
		res, err := inflate.Inflate(req)
		if err != nil {
			return res, err
		}
		bodies := inflate.Bodies(req.Documents)
		for i, w := range res.Windows {
			if w.End == len(bodies[w.CompoundID]) && w.End > w.Start {
				_, size := utf8.DecodeLastRuneInString(w.Text)
				res.Windows[i].End -= size
				res.Windows[i].Text = w.Text[:len(w.Text)-size]
			}
		}
		return res, nil
	}}
}
