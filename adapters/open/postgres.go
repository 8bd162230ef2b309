package open

import (
	"context"
	"errors"

	"github.com/ctxconform/ctxconform/adapters"
)

// STUB: replaced by the owner of the postgres adapter.
func newPostgres(ctx context.Context, cfg Config) (adapters.Adapter, error) {
	return nil, errors.New("the postgres adapter is not built yet")
}
