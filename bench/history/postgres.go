package history

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// DefaultSchema is where a PostgreSQL history lives.
const DefaultSchema = "ctxconform_history"

// Postgres is a history kept in PostgreSQL: one row per run holding the
// same results file a directory history would (so both read alike), its
// commit as the primary key and its date. The schema and table are
// created by the first Add, under an advisory lock so that concurrent first
// writers do not race; a commit added twice, even at once by two writers,
// is kept once and refused to the other. Reading creates nothing and needs
// only SELECT on the table (and USAGE on its schema), so a read-only role
// can gate on a history others record.
type Postgres struct {
	conn    *pgx.Conn
	schema  string
	loc     string
	created bool // the schema and table are known to exist
}

// ErrNoHistory is the error of reading a database that holds no history:
// its schema or table is not there, as nothing was ever recorded in it.
var ErrNoHistory = errors.New("no history recorded in this database")

// OpenPostgres connects to dsn for the history in schema (default
// DefaultSchema). It creates nothing: Add creates the schema and table
// when they are not there.
func OpenPostgres(ctx context.Context, dsn, schema string) (*Postgres, error) {
	if schema == "" {
		schema = DefaultSchema
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("history in PostgreSQL: %w", err)
	}
	return &Postgres{conn: conn, schema: pgx.Identifier{schema}.Sanitize(), loc: "PostgreSQL schema " + schema}, nil
}

// create makes the schema and table if they are not there (once per
// connection).
func (p *Postgres) create(ctx context.Context) error {
	if p.created {
		return nil
	}
	err := pgx.BeginFunc(ctx, p.conn, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtext('ctxconform_history'))`); err != nil {
			return err
		}
		for _, q := range []string{
			`CREATE SCHEMA IF NOT EXISTS ` + p.schema,
			`CREATE TABLE IF NOT EXISTS ` + p.schema + `.runs (
				commit  text PRIMARY KEY,
				date    timestamptz NOT NULL,
				results text NOT NULL,
				added   timestamptz NOT NULL DEFAULT now()
			)`,
		} {
			if _, err := tx.Exec(ctx, q); err != nil {
				return fmt.Errorf("history in PostgreSQL: create %s: %w", p.loc, err)
			}
		}
		return nil
	})
	p.created = err == nil
	return err
}

func (p *Postgres) Location() string { return p.loc }

func (p *Postgres) Close() error { return p.conn.Close(context.Background()) }

// Add inserts the run, creating the schema and table first if they are
// not there; a commit already there is refused.
func (p *Postgres) Add(ctx context.Context, run *Run, data []byte) error {
	if err := p.create(ctx); err != nil {
		return err
	}
	tag, err := p.conn.Exec(ctx, `INSERT INTO `+p.schema+`.runs (commit, date, results) VALUES ($1, $2, $3) ON CONFLICT (commit) DO NOTHING`,
		run.Commit, run.Date, string(data))
	if err != nil {
		return fmt.Errorf("history in %s: add %s: %w", p.loc, run.Commit, err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("history in %s already holds commit %s: delete its row to record it again", p.loc, run.Commit)
	}
	return nil
}

// Holds says whether the history holds a run of commit. It only reads: a
// database where nothing was recorded holds nothing.
func (p *Postgres) Holds(ctx context.Context, commit string) (bool, error) {
	var holds bool
	err := p.conn.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, p.schema+".runs").Scan(&holds)
	if err == nil && holds {
		err = p.conn.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM `+p.schema+`.runs WHERE commit = $1)`, commit).Scan(&holds)
	}
	if err != nil {
		return false, fmt.Errorf("history in %s: %w", p.loc, err)
	}
	return holds, nil
}

// Runs reads every run. It only reads: a database where the history's
// table is not there gives ErrNoHistory.
func (p *Postgres) Runs(ctx context.Context, opts ReadOptions) ([]*Run, error) {
	var found bool
	if err := p.conn.QueryRow(ctx, `SELECT to_regclass($1) IS NOT NULL`, p.schema+".runs").Scan(&found); err != nil {
		return nil, fmt.Errorf("history in %s: %w", p.loc, err)
	}
	if !found {
		return nil, fmt.Errorf("history in %s: %w", p.loc, ErrNoHistory)
	}
	rows, err := p.conn.Query(ctx, `SELECT commit, results FROM `+p.schema+`.runs ORDER BY date, commit`)
	if err != nil {
		return nil, fmt.Errorf("history in %s: %w", p.loc, err)
	}
	type row struct{ commit, results string }
	all, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (row, error) {
		var x row
		err := r.Scan(&x.commit, &x.results)
		return x, err
	})
	if err != nil {
		return nil, fmt.Errorf("history in %s: %w", p.loc, err)
	}
	var runs []*Run
	for _, x := range all {
		r, err := Parse([]byte(x.results), "postgres:"+x.commit, opts)
		if err != nil {
			return nil, err
		}
		runs = append(runs, r)
	}
	return runs, nil
}

// Drop removes the history's schema and everything in it (for tests).
func (p *Postgres) Drop(ctx context.Context) error {
	_, err := p.conn.Exec(ctx, `DROP SCHEMA IF EXISTS `+p.schema+` CASCADE`)
	p.created = false
	return err
}
