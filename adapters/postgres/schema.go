package postgres

import (
	"context"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// The adapter's tables. Everything it loads belongs to a dataset (one
// request's documents, entries or atoms, identified by a digest of their
// content), so a repeated request reuses what is loaded, and an evicted
// dataset goes with its rows (ON DELETE CASCADE).
//
// The tables are UNLOGGED: they hold scratch copies of request data, dropped
// on Close, so they need no write-ahead log (and a crash may empty them,
// which costs a reload, not a wrong answer: a dataset missing its rows is
// detected by readSpans' length() check).
//
// compounds holds document bodies in compound_body (text, as std085 names
// it), stored EXTERNAL: uncompressed out of line, so substr reads a slice of
// a body without detoasting all of it. atom_positions holds atom labels:
// fuzzy-search entries (entry_id) and census atoms (compound_id,
// byte_offset), with the index on atom_label std085-protocol §5.1 asks for
// (led by set_id, as every query names its dataset), and, for the search
// entries only (partial indexes: census atoms, a row per word of a corpus,
// do not pay for them), an index on lower(atom_label) for the exact tier and
// a GIN trigram index (gin_trgm_ops), which serves both ILIKE and %.
const ddl = `
CREATE SCHEMA {{schema}};
CREATE UNLOGGED TABLE {{schema}}.datasets (
	set_id    bigint PRIMARY KEY,
	digest    bytea  NOT NULL UNIQUE,
	what      text   NOT NULL,
	bytes     bigint NOT NULL
);
CREATE UNLOGGED TABLE {{schema}}.compounds (
	set_id        bigint NOT NULL REFERENCES {{schema}}.datasets ON DELETE CASCADE,
	compound_id   text   NOT NULL,
	kind          text   NOT NULL,
	compound_body text   NOT NULL,
	PRIMARY KEY (set_id, compound_id)
);
ALTER TABLE {{schema}}.compounds ALTER COLUMN compound_body SET STORAGE EXTERNAL;
CREATE UNLOGGED TABLE {{schema}}.atom_positions (
	set_id      bigint NOT NULL REFERENCES {{schema}}.datasets ON DELETE CASCADE,
	seq         int    NOT NULL,
	entry_id    text,
	compound_id text,
	atom_label  text   NOT NULL,
	byte_offset int,
	PRIMARY KEY (set_id, seq)
);
CREATE INDEX atom_positions_label ON {{schema}}.atom_positions (set_id, atom_label);
CREATE INDEX atom_positions_lower ON {{schema}}.atom_positions (set_id, lower(atom_label)) WHERE entry_id IS NOT NULL;
CREATE INDEX atom_positions_trgm ON {{schema}}.atom_positions USING gin (atom_label {{trgm}}.gin_trgm_ops) WHERE entry_id IS NOT NULL;
`

// staleSchema matches the schemas Open names (ctxconform_ and 12 hex
// digits): only those are ever swept.
const staleSchema = `^ctxconform_[0-9a-f]{12}$`

// claim takes the advisory lock of the adapter's schema on the lease
// connection, which holds it until Close (or until the process dies and
// the connection with it), and then sweeps: every schema named like the
// adapter's whose lock is free belongs to an adapter that ended without
// Close (a killed run), and is dropped. The lock is taken before the schema
// exists, so a sweep never drops the schema of a live adapter.
func (a *Adapter) claim(ctx context.Context, c *pgx.Conn) error {
	if _, err := c.Exec(ctx, `SELECT pg_advisory_lock(hashtextextended($1, 105))`, a.schema); err != nil {
		return fmt.Errorf("lock schema %s: %w", a.schema, err)
	}
	rows, err := c.Query(ctx, `SELECT nspname FROM pg_namespace WHERE nspname ~ $1 AND nspname <> $2 ORDER BY nspname`, staleSchema, a.schema)
	if err != nil {
		return fmt.Errorf("list schemas: %w", err)
	}
	names, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return fmt.Errorf("list schemas: %w", err)
	}
	for _, n := range names {
		var free bool
		if err := c.QueryRow(ctx, `SELECT pg_try_advisory_lock(hashtextextended($1, 105))`, n).Scan(&free); err != nil {
			return fmt.Errorf("sweep schema %s: %w", n, err)
		}
		if !free {
			continue // a live adapter's
		}
		_, err := c.Exec(ctx, "DROP SCHEMA IF EXISTS "+pgx.Identifier{n}.Sanitize()+" CASCADE")
		if _, uerr := c.Exec(ctx, `SELECT pg_advisory_unlock(hashtextextended($1, 105))`, n); err == nil {
			err = uerr
		}
		if err != nil {
			return fmt.Errorf("sweep schema %s left by an adapter that was not closed: %w", n, err)
		}
	}
	return nil
}

// create makes the adapter's schema in one transaction: all of it or none.
func (a *Adapter) create(ctx context.Context, c *pgx.Conn) error {
	sql := strings.NewReplacer(
		"{{schema}}", pgx.Identifier{a.schema}.Sanitize(),
		"{{trgm}}", pgx.Identifier{a.trgmNS}.Sanitize(),
	).Replace(ddl)
	err := pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
		_, err := tx.Exec(ctx, sql)
		return err
	})
	if err != nil {
		return fmt.Errorf("create schema %s: %w", a.schema, err)
	}
	return nil
}
