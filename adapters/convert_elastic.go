package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

func (c *converted) hydrator() (Hydrator, error) {
	h, ok := c.a.(Hydrator)
	if !ok {
		return nil, fmt.Errorf("elastic: %w", ErrNotImplemented)
	}
	return h, nil
}

// Radius carries no offsets: budget and radius are the adapter's to count.
func (c *converted) Radius(ctx context.Context, req RadiusRequest) (int, error) {
	h, err := c.hydrator()
	if err != nil {
		return 0, err
	}
	return h.Radius(ctx, req)
}

func (c *converted) Census(ctx context.Context, req CensusRequest) ([]radial.Atom, error) {
	h, err := c.hydrator()
	if err != nil {
		return nil, err
	}
	atoms, err := h.Census(ctx, req)
	if err != nil {
		return atoms, err
	}
	return newRepairer(ctx, c.a.Info().Unit, inflate.Bodies(req.Documents)).atoms(atoms, "census")
}

func (c *converted) Hydrate(ctx context.Context, req HydrateRequest) (elastic.Result, error) {
	h, err := c.hydrator()
	if err != nil {
		return elastic.Result{}, err
	}
	u, bodies := c.a.Info().Unit, inflate.Bodies(req.Documents)
	in := req
	if in.Atoms, err = atomsToUnit(u, bodies, req.Atoms); err != nil {
		return elastic.Result{}, err
	}
	res, err := h.Hydrate(ctx, in)
	if err != nil {
		return res, err
	}
	r := newRepairer(ctx, u, bodies)
	if res.Kept, err = r.atoms(res.Kept, "kept"); err != nil {
		return res, err
	}
	if res.Dropped, err = r.atoms(res.Dropped, "dropped"); err != nil {
		return res, err
	}
	res.Windows = slices.Clone(res.Windows) // the adapter's own answer stays as it was
	for i := range res.Windows {
		w := &res.Windows[i]
		what := fmt.Sprintf("window %d", i)
		if w.Start, w.End, w.Text, err = r.window(w.CompoundID, w.Start, w.End, w.Text, what); err != nil {
			return res, err
		}
		if w.Atoms, err = r.atoms(w.Atoms, what); err != nil {
			return res, err
		}
	}
	return res, nil
}
