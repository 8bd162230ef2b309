package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// assembleOp carries std085 protocol §1–3: window assembly strategies.
var assembleOp = define("assemble", []adapters.Standard{adapters.Assemble}, false,
	plain(adapters.Assembler.Assemble),
	func(req adapters.AssembleRequest, ans adapters.AssembleAnswer, u unit.Unit) error {
		bodies := make(map[string]string, len(req.Documents))
		for _, d := range req.Documents {
			bodies[d.ID] = d.Body
		}
		l := newLengths(u, bodies)
		for i, r := range ans.Results {
			if err := l.span("result "+itoa(i), r.Source, r.Start, r.End); err != nil {
				return err
			}
		}
		return nil
	})

// Assemble sends an "assemble" request.
func (a *Adapter) Assemble(ctx context.Context, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	return roundTrip[adapters.AssembleAnswer](ctx, a, assembleOp, req, nil)
}
