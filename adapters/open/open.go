// Package open builds an adapter from its name and settings, for the
// conformance binary and for the Ginkgo suites alike, and says how to make
// an unavailable one available (HintError), so that every caller gives the
// same advice.
package open

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// Config names an adapter and carries what it needs to start.
type Config struct {
	Name     string   // reference, postgres or exec
	DSN      string   // postgres: connection string
	Command  []string // exec: the program and its arguments
	Optional bool     // outside CI, an unavailable adapter skips instead of failing
	Hint     string   // how to make an unavailable adapter available
}

// DefaultDSN is the PostgreSQL every ctxconform development and CI machine has.
const DefaultDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// PostgresHint tells a user how to point the PostgreSQL adapter at a database.
const PostgresHint = "Point it at a PostgreSQL 15+ database with pg_trgm available: " +
	"set CTXCONFORM_PG_DSN=postgres://USER@HOST:PORT/DB (or pass --dsn to conformance)."

// A HintError is an adapter that could not be opened for want of something
// the user can provide (a database with what it needs); Hint says how. Its
// message is Err's alone, so that a caller prints the hint where it fits.
type HintError struct {
	Err  error
	Hint string
}

func (e *HintError) Error() string { return e.Err.Error() }
func (e *HintError) Unwrap() error { return e.Err }

// New starts the adapter cfg names.
func New(ctx context.Context, cfg Config) (adapters.Adapter, error) {
	switch cfg.Name {
	case "", "reference":
		return reference.New(), nil
	case "postgres":
		return newPostgres(ctx, cfg)
	case "exec":
		return newExec(ctx, cfg)
	}
	return nil, fmt.Errorf("unknown adapter %q (want reference, postgres or exec)", cfg.Name)
}

// FromEnv reads the adapters the Ginkgo suites run against:
// CTXCONFORM_ADAPTERS is a comma-separated list (default "reference");
// CTXCONFORM_PG_DSN sets the PostgreSQL connection (default DefaultDSN);
// CTXCONFORM_EXEC is the command line of an exec adapter.
func FromEnv() []Config {
	names := os.Getenv("CTXCONFORM_ADAPTERS")
	if names == "" {
		names = "reference"
	}
	var out []Config
	for _, n := range strings.Split(names, ",") {
		n = strings.TrimSpace(n)
		if n == "" {
			continue
		}
		cfg := Config{Name: n}
		switch n {
		case "postgres":
			cfg.DSN = os.Getenv("CTXCONFORM_PG_DSN")
			if cfg.DSN == "" {
				cfg.DSN = DefaultDSN
			}
			cfg.Optional, cfg.Hint = true, PostgresHint
		case "exec":
			cfg.Command = strings.Fields(os.Getenv("CTXCONFORM_EXEC"))
		}
		out = append(out, cfg)
	}
	return out
}
