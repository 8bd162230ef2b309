package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// RadiusAnswer is the answer of "elastic_radius" on the wire: a result is
// always a JSON object.
type RadiusAnswer struct {
	Radius int `json:"radius"`
}

// CensusAnswer is the answer of "elastic_census" on the wire.
type CensusAnswer struct {
	Atoms []radial.Atom `json:"atoms"`
}

// The three phases of std105 §2.3, elastic radius.
var (
	elasticRadiusOp = define("elastic_radius", []adapters.Standard{adapters.Elastic}, false,
		func(h adapters.Hydrator, ctx context.Context, req adapters.RadiusRequest, _ densify.Provider) (RadiusAnswer, error) {
			r, err := h.Radius(ctx, req)
			return RadiusAnswer{Radius: r}, err
		}, nil)

	elasticCensusOp = define("elastic_census", []adapters.Standard{adapters.Elastic}, false,
		func(h adapters.Hydrator, ctx context.Context, req adapters.CensusRequest, _ densify.Provider) (CensusAnswer, error) {
			atoms, err := h.Census(ctx, req)
			return CensusAnswer{Atoms: atoms}, err
		},
		func(req adapters.CensusRequest, ans CensusAnswer, u unit.Unit) error {
			return newLengths(u, inflate.Bodies(req.Documents)).atoms("census", ans.Atoms)
		})

	elasticHydrateOp = define("elastic_hydrate", []adapters.Standard{adapters.Elastic}, false,
		plain(adapters.Hydrator.Hydrate),
		func(req adapters.HydrateRequest, ans elastic.Result, u unit.Unit) error {
			l := newLengths(u, inflate.Bodies(req.Documents))
			if err := l.atoms("kept", ans.Kept); err != nil {
				return err
			}
			if err := l.atoms("dropped", ans.Dropped); err != nil {
				return err
			}
			return l.windows("hydrate", ans.Windows)
		})
)

// Radius sends an "elastic_radius" request.
func (a *Adapter) Radius(ctx context.Context, req adapters.RadiusRequest) (int, error) {
	ans, err := roundTrip[RadiusAnswer](ctx, a, elasticRadiusOp, req, nil)
	return ans.Radius, err
}

// Census sends an "elastic_census" request.
func (a *Adapter) Census(ctx context.Context, req adapters.CensusRequest) ([]radial.Atom, error) {
	ans, err := roundTrip[CensusAnswer](ctx, a, elasticCensusOp, req, nil)
	return ans.Atoms, err
}

// Hydrate sends an "elastic_hydrate" request.
func (a *Adapter) Hydrate(ctx context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	return roundTrip[elastic.Result](ctx, a, elasticHydrateOp, req, nil)
}
