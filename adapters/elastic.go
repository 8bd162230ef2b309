package adapters

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Hydrator is the operation interface of Elastic Context (std105 §2, §4):
// the three phases of §2.3, census, radius and hydration.
//
// Units: offsets (radial.Atom.Offset, radial.Window.Start and End) are in
// the adapter's unit (Info().Unit) and InBytes converts them; budgets,
// radii, costs and Used are the adapter's to count and pass through
// unchanged. The clamp [200, 32000] is applied in the adapter's unit.
type Hydrator interface {
	// Radius is phase 2: clamp(floor(budget/hits/2), 200, 32000); 0 for 0
	// hits; an error for budget <= 0 or hits < 0.
	Radius(ctx context.Context, req RadiusRequest) (int, error)
	// Census is phase 1: the atoms (keyword positions, as radial.Ingest
	// records them from the documents) whose labels equal a term, compared
	// case-insensitively. Each atom appears once, with Score 1. Order is
	// free; checks compare in canonical order (compound ID, offset, label).
	Census(ctx context.Context, req CensusRequest) ([]radial.Atom, error)
	// Hydrate is phases 2 and 3: the radius for budget and the number of
	// distinct atoms, then the merged windows (std085-protocol §5.4) of the
	// atoms the budget can serve. The windows' total cost never exceeds the
	// budget; atoms not windowed are reported in Dropped.
	Hydrate(ctx context.Context, req HydrateRequest) (elastic.Result, error)
}

// RadiusRequest asks for the elastic radius of a budget spread over hits.
type RadiusRequest struct {
	Budget int `json:"budget"` // max_chars, in the adapter's unit; must be > 0
	Hits   int `json:"hits"`   // the census count; must be >= 0
}

// CensusRequest asks which atoms of the documents match the terms.
type CensusRequest struct {
	Documents []inflate.Document `json:"documents"`
	Terms     []string           `json:"terms"`
}

// HydrateRequest asks for the windows of atoms within a budget.
type HydrateRequest struct {
	Documents []inflate.Document `json:"documents"`
	Atoms     []radial.Atom      `json:"atoms"`
	Budget    int                `json:"budget"` // in the adapter's unit; must be > 0
}
