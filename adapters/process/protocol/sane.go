package protocol

import (
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

// span used to fault on an unknown compound or an offset outside it. Such an
// answer parsed: it is a wrong answer, which the requirement about it fails
// (adapters.InBytes clamps the offset and records a Repair for the checks),
// not an error. It is kept as the one place an op handler would check what
// an answer says about the request's documents.
func (l *lengths) span(what, compound string, offs ...int) error {
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
