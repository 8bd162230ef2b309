package adapters

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// RadialInflater performs Radial Lazy Molecule Inflation (std085 protocol
// §5): it records atom positions at ingest (§5.1), cuts windows of a radius
// around atoms and merges those that overlap or touch (§5.3 code handling,
// §5.4 overlap merge), and distributes a query budget over its terms (§5.5,
// 70/30). The methods are prefixed so that one type can implement every
// standard's interface without name clashes.
type RadialInflater interface {
	// RadialIngest records {compound_id, atom_label, byte_offset} for every
	// keyword of the documents (§5.1).
	RadialIngest(ctx context.Context, req RadialIngestRequest) (RadialIngestAnswer, error)
	// RadialWindows draws a window of radius Radius around every atom and
	// merges, per compound, windows that overlap or touch (§5.3, §5.4).
	RadialWindows(ctx context.Context, req RadialWindowsRequest) (RadialWindowsAnswer, error)
	// RadialSplit distributes a budget over the terms of a query (§5.5).
	RadialSplit(ctx context.Context, req RadialSplitRequest) (RadialSplitAnswer, error)
}

// RadialIngestRequest holds the documents to index.
type RadialIngestRequest struct {
	Documents []inflate.Document `json:"documents"`
}

// RadialIngestAnswer lists every atom recorded, in any order. Offsets are in
// the implementation's unit.
type RadialIngestAnswer struct {
	Atoms []radial.Atom `json:"atoms"`
}

// RadialWindowsRequest asks for the windows of Atoms at radius Radius. Atom
// offsets and Radius count the implementation's unit.
type RadialWindowsRequest struct {
	Documents []inflate.Document `json:"documents"`
	Atoms     []radial.Atom      `json:"atoms"`
	Radius    int                `json:"radius"`
}

// RadialWindowsAnswer lists the merged windows. Each window's Text is
// Body[Start:End] of its compound, Cost is what it counts against a budget
// (whitespace of code is free, §5.3), and Atoms lists the atoms it was drawn
// around.
type RadialWindowsAnswer struct {
	Windows []radial.Window `json:"windows"`
	// Rendered is optional: the exact text the implementation hands the
	// model, markers and separators included ("" when it does not say). When
	// present, the rendering requirement checks it against the budget and
	// the windows.
	Rendered string `json:"rendered,omitempty"`
}

// RadialSplitRequest asks how Budget is distributed over the terms of a
// query: each term says how many direct and related atoms it brings.
type RadialSplitRequest struct {
	Budget int           `json:"budget"`
	Terms  []radial.Term `json:"terms"`
}

// RadialSplitAnswer is the distribution: per term, what its direct and its
// related atoms receive each.
type RadialSplitAnswer struct {
	Shares radial.Shares `json:"shares"`
}
