package open

import (
	"context"
	"errors"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/postgres"
)

// newPostgres opens the PostgreSQL adapter on cfg.DSN (DefaultDSN if empty):
// it creates a schema of its own, dropped again by Close.
func newPostgres(ctx context.Context, cfg Config) (adapters.Adapter, error) {
	dsn := cfg.DSN
	if dsn == "" {
		dsn = DefaultDSN
	}
	a, err := postgres.Open(ctx, postgres.Config{DSN: dsn})
	switch {
	case errors.Is(err, postgres.ErrNoDatabase):
		return nil, err // it names the server and how to point the adapter elsewhere
	case err != nil:
		return nil, &HintError{Err: err, Hint: PostgresHint}
	}
	return a, nil
}
