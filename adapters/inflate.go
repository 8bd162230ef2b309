package adapters

import (
	"context"
	"fmt"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Inflater performs context inflation (std085 §2) with dynamic density
// (std085 §3): a nil budget selects the static fallback.
type Inflater interface {
	Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error)
}

// InBytes presents a as an implementation that counts in bytes of UTF-8:
// offsets in requests are converted to a's unit before the call, and offsets
// in its answers are converted back. Budgets and lengths are passed through
// unchanged, because they are a's to count: checks measure them with
// a.Info().Unit. An answer whose offsets cannot be converted (beyond the end
// of the document, or inside a character) is a fault.
func InBytes(a Adapter) Adapter {
	if a.Info().Unit == unit.Bytes || a.Info().Unit == "" {
		return a
	}
	return &converted{a}
}

type converted struct{ a Adapter }

func (c *converted) Info() Info      { return c.a.Info() }
func (c *converted) Close() error    { return c.a.Close() }
func (c *converted) Unwrap() Adapter { return c.a }

func (c *converted) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	in, ok := c.a.(Inflater)
	if !ok {
		return inflate.Result{}, fmt.Errorf("inflate: %w", ErrNotImplemented)
	}
	u := c.a.Info().Unit
	bodies := make(map[string]string, len(req.Documents))
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
	}
	out := req
	out.Hits = make([]inflate.Hit, len(req.Hits))
	for i, h := range req.Hits {
		body := bodies[h.CompoundID]
		var err1, err2 error
		h.Start, err1 = toUnit(u, body, h.Start)
		h.End, err2 = toUnit(u, body, h.End)
		if err1 != nil || err2 != nil {
			return inflate.Result{}, fmt.Errorf("convert hit %q to %s: cannot express its offsets", h.ID, u)
		}
		out.Hits[i] = h
	}
	res, err := in.Inflate(ctx, out)
	if err != nil {
		return res, err
	}
	for i, w := range res.Windows {
		body, known := bodies[w.CompoundID]
		if !known {
			return res, Fault("window %d names unknown compound %q", i, w.CompoundID)
		}
		s, err := u.ToBytes(body, w.Start)
		if err != nil {
			return res, Fault("window %d of %q: start: %v", i, w.CompoundID, err)
		}
		e, err := u.ToBytes(body, w.End)
		if err != nil {
			return res, Fault("window %d of %q: end: %v", i, w.CompoundID, err)
		}
		res.Windows[i].Start, res.Windows[i].End = s, e
	}
	return res, nil
}

// toUnit converts a byte offset to u. Offsets outside the body (which bad
// input cases send on purpose) keep their distance from the nearest end, so
// an out-of-range request stays out of range in every unit.
func toUnit(u unit.Unit, body string, off int) (int, error) {
	switch {
	case off < 0:
		return off, nil
	case off > len(body):
		return u.Len(body) + off - len(body), nil
	}
	return u.FromBytes(body, off)
}
