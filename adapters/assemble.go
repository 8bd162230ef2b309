package adapters

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/assemble"
)

// Assembler performs the window assembly of std085's Context Inflation
// Protocol (§1–3): it joins retrieved molecules into windows of their
// documents' bodies within a character budget. It is the protocol's
// ContextInflator.inflate.
type Assembler interface {
	Assemble(ctx context.Context, req AssembleRequest) (AssembleAnswer, error)
}

// AssembleRequest is one call of ContextInflator.inflate(molecules, maxChars)
// together with the documents the molecules point into. Molecule offsets are
// half-open [start_byte, end_byte) in the implementation's unit; MaxChars
// counts that unit too.
type AssembleRequest struct {
	Documents []assemble.Document `json:"documents"`
	Molecules []assemble.Molecule `json:"molecules"`
	MaxChars  int                 `json:"max_chars"`
	// Options select the strategies and tune their thresholds; the zero
	// value runs every strategy with the reference's defaults.
	Options assemble.Options `json:"options"`
}

// Bodies maps the request's document IDs to their bodies.
func (r AssembleRequest) Bodies() map[string]string {
	m := make(map[string]string, len(r.Documents))
	for _, d := range r.Documents {
		m[d.ID] = d.Body
	}
	return m
}

// MoleculesByID maps the request's molecule IDs to their molecules (the
// last, where two share an ID).
func (r AssembleRequest) MoleculesByID() map[string]assemble.Molecule {
	m := make(map[string]assemble.Molecule, len(r.Molecules))
	for _, x := range r.Molecules {
		m[x.ID] = x
	}
	return m
}

// AssembleAnswer lists the assembled windows, the protocol's
// InflationResult[]. Their order is the implementation's to choose.
type AssembleAnswer struct {
	Results []assemble.Result `json:"results"`
	// Rendered is optional: the exact text the implementation hands the
	// model, markers and separators included ("" when it does not say). When
	// present, the rendering requirement checks it against the budget and
	// the windows.
	Rendered string `json:"rendered,omitempty"`
}
