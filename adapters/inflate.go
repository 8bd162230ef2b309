package adapters

import (
	"context"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Inflater performs context inflation (std085 §2) with dynamic density
// (std085 §3): a nil budget selects the static fallback.
type Inflater interface {
	Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error)
}
