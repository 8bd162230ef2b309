package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// densifyOp carries densification-chunking. The implementation makes its
// language-model calls as "call" messages; the harness answers each with
// its (simulated) provider in a "reply".
var densifyOp = define("densify", []adapters.Standard{adapters.Densify}, true,
	func(d adapters.Densifier, ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
		if p == nil {
			return adapters.DensifyAnswer{}, errNoProvider
		}
		return d.Densify(ctx, req, p)
	}, nil)

// Densify sends a "densify" request and answers its provider calls with p.
func (a *Adapter) Densify(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
	return roundTrip[adapters.DensifyAnswer](ctx, a, densifyOp, req, p)
}
