package reference

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Inflate runs std085 §2–3: context inflation under dynamic density.
func (*Adapter) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	if err := ctx.Err(); err != nil {
		return inflate.Result{}, err
	}
	return inflate.Inflate(req)
}
