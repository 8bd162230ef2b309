package history

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// DefaultSchema is where a PostgreSQL history lives.
const DefaultSchema = "ctxconform_history"

// Postgres is a history kept in PostgreSQL: one row per run holding the
// same results file a directory history would (so both read alike), its
// commit as the primary key and its date. The schema and table are
// created on first use, under an advisory lock so that concurrent first
// writers do not race; a commit added twice, even at once by two writers,
// is kept once and refused to the other.
type Postgres struct {
	conn   *pgx.Conn
	schema string
	loc    string
}

// OpenPostgres connects to dsn and creates the history's schema (schema,
// default DefaultSchema) if it is not there.
func OpenPostgres(ctx context.Context, dsn, schema string) (*Postgres, error) {
	if schema == "" {
		schema = DefaultSchema
	}
	conn, err := pgx.Connect(ctx, dsn)
	if err != nil {
		return nil, fmt.Errorf("history in PostgreSQL: %w", err)
	}
	p := &Postgres{conn: conn, schema: pgx.Identifier{schema}.Sanitize(), loc: "PostgreSQL schema " + schema}
	if err := p.init(ctx); err != nil {
		conn.Close(ctx)
		return nil, err
	}
	return p, nil
}

func (p *Postgres) init(ctx context.Context) error {
	return pgx.BeginFunc(ctx, p.conn, func(tx pgx.Tx) error {
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
}

func (p *Postgres) Location() string { return p.loc }

func (p *Postgres) Close() error { return p.conn.Close(context.Background()) }

// Add inserts the run; a commit already there is refused.
func (p *Postgres) Add(ctx context.Context, run *Run, data []byte) error {
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

// Runs reads every run.
func (p *Postgres) Runs(ctx context.Context, opts ReadOptions) ([]*Run, error) {
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
	return err
}
