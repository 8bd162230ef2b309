package reference

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// RadialIngest runs std085 protocol §5.1: an atom for every keyword.
func (*Adapter) RadialIngest(ctx context.Context, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.RadialIngestAnswer{}, err
	}
	x, err := radial.Ingest(req.Documents)
	if err != nil {
		return adapters.RadialIngestAnswer{}, err
	}
	atoms := make([]radial.Atom, 0, x.Len())
	for _, label := range x.Labels() {
		atoms = append(atoms, x.Lookup(label)...)
	}
	return adapters.RadialIngestAnswer{Atoms: radial.Unique(atoms)}, nil
}

// RadialWindows runs std085 protocol §5.3–5.4: radial and code-aware windows,
// merged where they overlap or touch.
func (*Adapter) RadialWindows(ctx context.Context, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.RadialWindowsAnswer{}, err
	}
	ws, err := radial.Windows(req.Documents, req.Atoms, req.Radius)
	return adapters.RadialWindowsAnswer{Windows: ws}, err
}

// RadialSplit runs std085 protocol §5.5: the 70/30 distributed budget.
func (*Adapter) RadialSplit(ctx context.Context, req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.RadialSplitAnswer{}, err
	}
	s, err := radial.Split(req.Budget, req.Terms)
	return adapters.RadialSplitAnswer{Shares: s}, err
}
