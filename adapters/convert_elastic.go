package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
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
	u, bodies := c.a.Info().Unit, hydrateBodies(req.Documents)
	out := slices.Clone(atoms)
	for i := range out {
		if out[i], err = hydratedAtom(u, bodies, out[i]); err != nil {
			return nil, Fault("census atom %d: %v", i, err)
		}
	}
	return out, nil
}

func (c *converted) Hydrate(ctx context.Context, req HydrateRequest) (elastic.Result, error) {
	h, err := c.hydrator()
	if err != nil {
		return elastic.Result{}, err
	}
	u, bodies := c.a.Info().Unit, hydrateBodies(req.Documents)
	in := req
	in.Atoms = slices.Clone(req.Atoms)
	for i, a := range in.Atoms {
		off, err := toUnit(u, bodies[a.CompoundID], a.Offset)
		if err != nil {
			return elastic.Result{}, fmt.Errorf("convert atom %v to %s: cannot express its offset", a, u)
		}
		in.Atoms[i].Offset = off
	}
	res, err := h.Hydrate(ctx, in)
	if err != nil {
		return res, err
	}
	for _, list := range []*[]radial.Atom{&res.Kept, &res.Dropped} {
		*list = slices.Clone(*list)
		for i := range *list {
			if (*list)[i], err = hydratedAtom(u, bodies, (*list)[i]); err != nil {
				return res, Fault("hydrate answer: %v", err)
			}
		}
	}
	res.Windows = slices.Clone(res.Windows)
	for i := range res.Windows {
		w := &res.Windows[i]
		body, known := bodies[w.CompoundID]
		if !known {
			return res, Fault("window %d names unknown compound %q", i, w.CompoundID)
		}
		if w.Start, err = u.ToBytes(body, w.Start); err != nil {
			return res, Fault("window %d of %q: start: %v", i, w.CompoundID, err)
		}
		if w.End, err = u.ToBytes(body, w.End); err != nil {
			return res, Fault("window %d of %q: end: %v", i, w.CompoundID, err)
		}
		w.Atoms = slices.Clone(w.Atoms)
		for j := range w.Atoms {
			if w.Atoms[j], err = hydratedAtom(u, bodies, w.Atoms[j]); err != nil {
				return res, Fault("window %d of %q: %v", i, w.CompoundID, err)
			}
		}
	}
	return res, nil
}

func hydrateBodies(docs []inflate.Document) map[string]string {
	m := make(map[string]string, len(docs))
	for _, d := range docs {
		m[d.ID] = d.Body
	}
	return m
}

// hydratedAtom converts an answered atom's offset from u to bytes.
func hydratedAtom(u unit.Unit, bodies map[string]string, a radial.Atom) (radial.Atom, error) {
	body, known := bodies[a.CompoundID]
	if !known {
		return a, fmt.Errorf("atom %v names unknown compound %q", a, a.CompoundID)
	}
	off, err := u.ToBytes(body, a.Offset)
	if err != nil {
		return a, fmt.Errorf("atom %v: %v", a, err)
	}
	a.Offset = off
	return a, nil
}
