package adapters

import (
	"cmp"
	"fmt"
	"slices"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// InBytes presents a as an implementation that counts in bytes of UTF-8:
// offsets in requests are converted to a's unit before the call, and offsets
// in its answers are converted back. Budgets and lengths are passed through
// unchanged, because they are a's to count: checks measure them with
// a.Info().Unit.
//
// An answer offset that cannot be converted (outside its document, inside a
// character, in a document that was not sent) is a wrong answer, not a
// fault, when the call's context carries a RepairLog (WithRepairLog): it is
// clamped to the document or widened to the character holding it, and the
// Repair is recorded for the checks (see Repair). Without a log it is a
// fault. Adapters that count bytes are wrapped too, so that their answers
// are repaired and recorded the same way.
func InBytes(a Adapter) Adapter {
	if _, ok := a.(*converted); ok {
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
	case u == unit.Bytes || u == "":
		return off, nil // nothing to convert: bad offsets stay as they are
	case off < 0:
		return off, nil
	case off > len(body):
		return lengthIn(u, body) + off - len(body), nil
	case unit.IsBoundary(body, off):
		if len(body) >= indexedBody {
			return indexOf(body).count(u, body, off), nil
		}
		return u.FromBytes(body, off)
	}
	// Inside a character, as bad-input cases send on purpose. In UTF-16 the
	// middle of a 4-byte character is the middle of its surrogate pair, an
	// offset as bad as the one meant; other cases have no counterpart.
	start := unit.Floor(body, off)
	if _, size := utf8.DecodeRuneInString(body[start:]); u == unit.UTF16 && size == 4 {
		n, err := u.FromBytes(body, start)
		return n + 1, err
	}
	return 0, fmt.Errorf("%w: byte offset %d falls inside a character, and no %s offset does", ErrInexpressible, off, u)
}

// spanToUnit converts the byte offsets start and end of body to u (see
// toUnit).
func spanToUnit(u unit.Unit, body string, start, end int) (int, int, error) {
	s, err1 := toUnit(u, body, start)
	e, err2 := toUnit(u, body, end)
	return s, e, cmp.Or(err1, err2)
}

// indexedBody is the size from which a body's offsets are converted with
// its index (offsets.go) rather than by counting from its start.
const indexedBody = 1024

// lengthIn is the length of body in u.
func lengthIn(u unit.Unit, body string) int {
	if len(body) >= indexedBody {
		return indexOf(body).count(u, body, len(body))
	}
	return u.Len(body)
}

// atomsToUnit returns a copy of a request's atoms with their offsets
// converted to u.
func atomsToUnit(u unit.Unit, bodies map[string]string, atoms []radial.Atom) ([]radial.Atom, error) {
	out := slices.Clone(atoms)
	for i, a := range out {
		off, err := toUnit(u, bodies[a.CompoundID], a.Offset)
		if err != nil {
			return nil, fmt.Errorf("convert atom %v to %s: %w", a, u, err)
		}
		out[i].Offset = off
	}
	return out, nil
}

// atoms returns a copy of the atoms of an answer with their offsets
// converted back to bytes (see repairer.atom).
func (r *repairer) atoms(atoms []radial.Atom, where string) ([]radial.Atom, error) {
	atoms = slices.Clone(atoms)
	for i, a := range atoms {
		off, err := r.atom(a.CompoundID, a.Offset, fmt.Sprintf("%s atom %d (%q)", where, i, a.Label))
		if err != nil {
			return nil, err
		}
		atoms[i].Offset = off
	}
	return atoms, nil
}
