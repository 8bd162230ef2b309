package reference

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Radius is phase 2 of std105 §2.3: the clamped elastic radius.
func (*Adapter) Radius(ctx context.Context, req adapters.RadiusRequest) (int, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	return elastic.Radius(req.Budget, req.Hits)
}

// Census is phase 1 of std105 §2.3: it ingests the documents
// (radial.Ingest) and finds the atoms whose labels equal a term, compared
// case-insensitively (elastic.Exact).
func (*Adapter) Census(ctx context.Context, req adapters.CensusRequest) ([]radial.Atom, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	idx, err := radial.Ingest(req.Documents)
	if err != nil {
		return nil, err
	}
	return elastic.Census(idx, req.Terms, nil)
}

// Hydrate is phases 2 and 3 of std105 §2.3: radius, then the merged windows
// of the atoms the budget serves.
func (*Adapter) Hydrate(ctx context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	if err := ctx.Err(); err != nil {
		return elastic.Result{}, err
	}
	return elastic.Hydrate(req.Documents, req.Atoms, req.Budget)
}
