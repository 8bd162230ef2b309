package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

func (c *converted) radial() (RadialInflater, error) {
	in, ok := c.a.(RadialInflater)
	if !ok {
		return nil, fmt.Errorf("radial: %w", ErrNotImplemented)
	}
	return in, nil
}

func radialBodies(docs []inflate.Document) map[string]string {
	m := make(map[string]string, len(docs))
	for _, d := range docs {
		m[d.ID] = d.Body
	}
	return m
}

// atomsToBytes returns a copy of the atoms of an answer with their offsets
// converted back to bytes; an atom of an unknown compound or at an
// impossible offset is a fault.
func atomsToBytes(u unit.Unit, bodies map[string]string, atoms []radial.Atom, where string) ([]radial.Atom, error) {
	atoms = slices.Clone(atoms)
	for i, a := range atoms {
		body, known := bodies[a.CompoundID]
		if !known {
			return nil, Fault("%s atom %d names unknown compound %q", where, i, a.CompoundID)
		}
		off, err := u.ToBytes(body, a.Offset)
		if err != nil {
			return nil, Fault("%s atom %d (%q of %q): byte_offset: %v", where, i, a.Label, a.CompoundID, err)
		}
		atoms[i].Offset = off
	}
	return atoms, nil
}

func (c *converted) RadialIngest(ctx context.Context, req RadialIngestRequest) (RadialIngestAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialIngestAnswer{}, err
	}
	ans, err := in.RadialIngest(ctx, req)
	if err != nil {
		return ans, err
	}
	ans.Atoms, err = atomsToBytes(c.a.Info().Unit, radialBodies(req.Documents), ans.Atoms, "ingest")
	return ans, err
}

func (c *converted) RadialWindows(ctx context.Context, req RadialWindowsRequest) (RadialWindowsAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialWindowsAnswer{}, err
	}
	u := c.a.Info().Unit
	bodies := radialBodies(req.Documents)
	out := req
	out.Atoms = make([]radial.Atom, len(req.Atoms))
	for i, a := range req.Atoms {
		a.Offset, err = toUnit(u, bodies[a.CompoundID], a.Offset)
		if err != nil {
			return RadialWindowsAnswer{}, fmt.Errorf("convert atom %v to %s: cannot express its offset", a, u)
		}
		out.Atoms[i] = a
	}
	ans, err := in.RadialWindows(ctx, out)
	if err != nil {
		return ans, err
	}
	ans.Windows = slices.Clone(ans.Windows) // the adapter's own answer stays as it was
	for i, w := range ans.Windows {
		body, known := bodies[w.CompoundID]
		if !known {
			return ans, Fault("window %d names unknown compound %q", i, w.CompoundID)
		}
		s, err := u.ToBytes(body, w.Start)
		if err != nil {
			return ans, Fault("window %d of %q: start: %v", i, w.CompoundID, err)
		}
		e, err := u.ToBytes(body, w.End)
		if err != nil {
			return ans, Fault("window %d of %q: end: %v", i, w.CompoundID, err)
		}
		ans.Windows[i].Start, ans.Windows[i].End = s, e
		if ans.Windows[i].Atoms, err = atomsToBytes(u, bodies, w.Atoms, fmt.Sprintf("window %d", i)); err != nil {
			return ans, err
		}
	}
	return ans, nil
}

// RadialSplit carries no offsets: budgets are the implementation's to count.
func (c *converted) RadialSplit(ctx context.Context, req RadialSplitRequest) (RadialSplitAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialSplitAnswer{}, err
	}
	return in.RadialSplit(ctx, req)
}
