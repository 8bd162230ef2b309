package adapters

import (
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

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

// bodiesOf maps document IDs to bodies, the text every offset is counted in.
func bodiesOf(docs []inflate.Document) map[string]string {
	m := make(map[string]string, len(docs))
	for _, d := range docs {
		m[d.ID] = d.Body
	}
	return m
}

// spanToBytes converts [start, end) of an answer, counted in u in document
// id, back to bytes. what names the span in the fault ("window 3"): an
// unknown document or an offset that is no character boundary in u is the
// implementation's fault.
func spanToBytes(u unit.Unit, bodies map[string]string, id string, start, end int, what string) (int, int, error) {
	body, known := bodies[id]
	if !known {
		return 0, 0, Fault("%s names unknown compound %q", what, id)
	}
	s, err := u.ToBytes(body, start)
	if err != nil {
		return 0, 0, Fault("%s of %q: start: %v", what, id, err)
	}
	e, err := u.ToBytes(body, end)
	if err != nil {
		return 0, 0, Fault("%s of %q: end: %v", what, id, err)
	}
	return s, e, nil
}

// atomsToUnit returns a copy of a request's atoms with their offsets
// converted to u.
func atomsToUnit(u unit.Unit, bodies map[string]string, atoms []radial.Atom) ([]radial.Atom, error) {
	out := slices.Clone(atoms)
	for i, a := range out {
		off, err := toUnit(u, bodies[a.CompoundID], a.Offset)
		if err != nil {
			return nil, fmt.Errorf("convert atom %v to %s: cannot express its offset", a, u)
		}
		out[i].Offset = off
	}
	return out, nil
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
