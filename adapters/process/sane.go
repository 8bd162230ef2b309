package process

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// lengths checks that what an answer says about the request's documents is
// possible: a known document, offsets within [0, length] counted in the
// implementation's unit. Lengths are computed once per document.
type lengths struct {
	u      unit.Unit
	bodies map[string]string
	lens   map[string]int
}

func newLengths(u unit.Unit, bodies map[string]string) *lengths {
	return &lengths{u: u, bodies: bodies, lens: map[string]int{}}
}

func docBodies(docs []inflate.Document) map[string]string {
	m := make(map[string]string, len(docs))
	for _, d := range docs {
		m[d.ID] = d.Body
	}
	return m
}

// span faults when compound is unknown or an offset lies outside it; what
// names the item for the message.
func (l *lengths) span(what, compound string, offs ...int) error {
	body, ok := l.bodies[compound]
	if !ok {
		return adapters.Fault("%s names unknown document %q", what, compound)
	}
	n, ok := l.lens[compound]
	if !ok {
		n = l.u.Len(body)
		l.lens[compound] = n
	}
	for _, off := range offs {
		if off < 0 || off > n {
			return adapters.Fault("%s: offset %d outside document %q, [0,%d] %s", what, off, compound, n, l.u)
		}
	}
	return nil
}

func (l *lengths) atoms(what string, atoms []radial.Atom) error {
	for i, a := range atoms {
		if err := l.span(what+" atom "+itoa(i)+" ("+a.Label+")", a.CompoundID, a.Offset); err != nil {
			return err
		}
	}
	return nil
}

func (l *lengths) windows(what string, ws []radial.Window) error {
	for i, w := range ws {
		if err := l.span(what+" window "+itoa(i), w.CompoundID, w.Start, w.End); err != nil {
			return err
		}
		if err := l.atoms(what+" window "+itoa(i), w.Atoms); err != nil {
			return err
		}
	}
	return nil
}
