package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// inflateOp carries std085 §2–3: context inflation under dynamic density.
var inflateOp = define("inflate", []adapters.Standard{adapters.Inflate, adapters.Density}, false,
	plain(adapters.Inflater.Inflate),
	saneInflate)

// Inflate sends an "inflate" request.
func (a *Adapter) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	return roundTrip[inflate.Result](ctx, a, inflateOp, req, nil)
}

// saneInflate: every window names a document of the request and its
// offsets, counted in u, lie within that document.
func saneInflate(req inflate.Request, res inflate.Result, u unit.Unit) error {
	l := newLengths(u, inflate.Bodies(req.Documents))
	for i, w := range res.Windows {
		if err := l.span("window "+itoa(i), w.CompoundID, w.Start, w.End); err != nil {
			return err
		}
	}
	return nil
}
