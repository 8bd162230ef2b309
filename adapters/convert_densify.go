package adapters

import (
	"context"
	"fmt"

	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densify passes the request through unchanged: densification carries no
// offsets, and its budgets are token estimates, the implementation's own.
func (c *converted) Densify(ctx context.Context, req DensifyRequest, p densify.Provider) (DensifyAnswer, error) {
	d, ok := c.a.(Densifier)
	if !ok {
		return DensifyAnswer{}, fmt.Errorf("densify: %w", ErrNotImplemented)
	}
	return d.Densify(ctx, req, p)
}
