// Package reference wires ctxconform's reference implementations into the
// adapter contract. It is the embedded default: it needs no server, counts in
// bytes of UTF-8, and implements every standard.
package reference

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Version is the reference's version, reported in every run.
const Version = "0.1.0"

// Adapter is the in-process reference. Its operations, one file per
// standard, call the reference packages directly.
type Adapter struct{}

// New returns the reference adapter.
func New() *Adapter { return &Adapter{} }

// Info describes the reference.
func (a *Adapter) Info() adapters.Info {
	return adapters.Info{
		Name:      "reference",
		Version:   Version,
		Language:  "go",
		Unit:      unit.Bytes,
		Standards: adapters.Provided(a),
	}
}

// Close does nothing: the reference holds no resources.
func (*Adapter) Close() error { return nil }

// Is reports whether a is this reference itself, seen through wrappers that
// Unwrap (the unit conversion the suite puts around every adapter), and not
// an implementation built on it: a check that judges an answer by the
// reference's own cannot fail here, so it reports itself inconclusive
// (suite.SelfCompared).
func Is(a adapters.Adapter) bool {
	for {
		if _, ok := a.(*Adapter); ok {
			return true
		}
		u, ok := a.(interface{ Unwrap() adapters.Adapter })
		if !ok {
			return false
		}
		a = u.Unwrap()
	}
}
