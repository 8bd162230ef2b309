package reference

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
)

// Assemble runs std085 protocol §1–3: window assembly by adjacency, gap
// filling and the temporal, semantic and narrative strategies.
func (*Adapter) Assemble(ctx context.Context, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.AssembleAnswer{}, err
	}
	res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
	return adapters.AssembleAnswer{Results: res}, err
}
