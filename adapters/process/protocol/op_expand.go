package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// MultiplierAnswer is the answer of "expand_multiplier" on the wire.
type MultiplierAnswer struct {
	Multiplier float64 `json:"multiplier"`
}

// The operations of ADR-023, dynamic candidate expansion. They carry no
// offsets.
var (
	expandMultiplierOp = define("expand_multiplier", []adapters.Standard{adapters.Expand}, false,
		func(e adapters.Expander, ctx context.Context, req adapters.GraphRequest, _ densify.Provider) (MultiplierAnswer, error) {
			m, err := e.Multiplier(ctx, req)
			return MultiplierAnswer{Multiplier: m}, err
		}, nil)

	expandOp = define("expand", []adapters.Standard{adapters.Expand}, false,
		plain(adapters.Expander.Expand), nil)
)

// Multiplier sends an "expand_multiplier" request.
func (a *Adapter) Multiplier(ctx context.Context, req adapters.GraphRequest) (float64, error) {
	ans, err := roundTrip[MultiplierAnswer](ctx, a, expandMultiplierOp, req, nil)
	return ans.Multiplier, err
}

// Expand sends an "expand" request.
func (a *Adapter) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	return roundTrip[adapters.ExpandAnswer](ctx, a, expandOp, req, nil)
}
