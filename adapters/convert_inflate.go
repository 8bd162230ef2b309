package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

func (c *converted) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	in, ok := c.a.(Inflater)
	if !ok {
		return inflate.Result{}, fmt.Errorf("inflate: %w", ErrNotImplemented)
	}
	u := c.a.Info().Unit
	bodies := inflate.Bodies(req.Documents)
	out := req
	out.Hits = make([]inflate.Hit, len(req.Hits))
	for i, h := range req.Hits {
		var err error
		if h.Start, h.End, err = spanToUnit(u, bodies[h.CompoundID], h.Start, h.End); err != nil {
			return inflate.Result{}, fmt.Errorf("convert hit %q to %s: %w", h.ID, u, err)
		}
		out.Hits[i] = h
	}
	res, err := in.Inflate(ctx, out)
	if err != nil {
		return res, err
	}
	r := newRepairer(ctx, u, bodies)
	res.Windows = slices.Clone(res.Windows) // the adapter's own answer stays as it was
	for i, w := range res.Windows {
		if res.Windows[i].Start, res.Windows[i].End, res.Windows[i].Text, err = r.window(w.CompoundID, w.Start, w.End, w.Text, fmt.Sprintf("window %d", i)); err != nil {
			return res, err
		}
	}
	return res, nil
}
