package postgres

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Radius is std105 §2.2 in SQL: clamp(floor(budget/hits/2), 200, 32000),
// 0 for no hits. Bad input is refused before the query.
func (a *Adapter) Radius(ctx context.Context, req adapters.RadiusRequest) (int, error) {
	switch {
	case req.Budget <= 0:
		return 0, fmt.Errorf("radius: budget %d, want > 0", req.Budget)
	case req.Hits < 0:
		return 0, fmt.Errorf("radius: hit count %d is negative", req.Hits)
	}
	var r int64
	err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		return c.QueryRow(ctx, `SELECT CASE WHEN $2::bigint = 0 THEN 0
			ELSE greatest($3::bigint, least($4::bigint, $1::bigint / $2::bigint / 2)) END`,
			int64(req.Budget), int64(req.Hits), int64(elastic.MinRadius), int64(elastic.MaxRadius)).Scan(&r)
	})
	if err != nil {
		return 0, fmt.Errorf("radius: %w", err)
	}
	return int(r), nil
}

// censusSQL finds the atoms whose label is one of the lower-cased terms ($2)
// in dataset $1, once each, in canonical order (compound ID, offset, label,
// as bytes). The index on atom_label serves it.
const censusSQL = `
SELECT compound_id, byte_offset, atom_label FROM (
	SELECT DISTINCT compound_id, byte_offset, atom_label FROM atom_positions
	WHERE set_id = $1 AND atom_label = ANY($2::text[])
) found
ORDER BY compound_id COLLATE "C", byte_offset, atom_label COLLATE "C"`

// Census is std105 §2.3 phase 1 in SQL. The documents are loaded with their
// atoms (the keyword positions radial.Ingest records, std085-protocol §5.1)
// once per distinct set of documents; the census is a query on
// atom_positions. Terms are lower-cased as the reference lower-cases labels
// (Go's strings.ToLower), so the labels and terms compare as the reference
// compares them.
func (a *Adapter) Census(ctx context.Context, req adapters.CensusRequest) ([]radial.Atom, error) {
	if err := checkDocuments("census", req.Documents); err != nil {
		return nil, err
	}
	idx, err := radial.Ingest(req.Documents)
	if err != nil {
		return nil, fmt.Errorf("census: %w", err)
	}
	terms := make([]string, 0, len(req.Terms))
	for i, t := range req.Terms {
		if err := storable(fmt.Sprintf("term %d", i), t); err != nil {
			return nil, fmt.Errorf("census: %w", err)
		}
		terms = append(terms, strings.ToLower(t))
	}
	var atoms []radial.Atom
	for _, l := range idx.Labels() {
		atoms = append(atoms, idx.Lookup(l)...)
	}
	var out []radial.Atom
	err = a.store.retry(func() (int64, error) {
		set, err := a.store.corpus(ctx, req.Documents, atoms)
		if err != nil {
			return 0, err
		}
		out, err = a.census(ctx, set, terms)
		return set, err
	})
	if err != nil {
		return nil, fmt.Errorf("census: %w", err)
	}
	return out, nil
}

// census queries dataset set, after checking that it is there.
func (a *Adapter) census(ctx context.Context, set int64, terms []string) ([]radial.Atom, error) {
	out := []radial.Atom{}
	err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		b := &pgx.Batch{}
		b.Queue(`SELECT EXISTS (SELECT 1 FROM datasets WHERE set_id = $1)`, set)
		b.Queue(censusSQL, set, terms)
		br := c.SendBatch(ctx, b)
		defer br.Close()
		var loaded bool
		if err := br.QueryRow().Scan(&loaded); err != nil {
			return err
		}
		if !loaded {
			return errMissing
		}
		rows, err := br.Query()
		if err != nil {
			return err
		}
		defer rows.Close()
		for rows.Next() {
			at := radial.Atom{Score: 1}
			var off int32
			if err := rows.Scan(&at.CompoundID, &off, &at.Label); err != nil {
				return err
			}
			at.Offset = int(off)
			out = append(out, at)
		}
		return rows.Err()
	})
	return out, err
}

// Hydrate is std105 §2.3 phases 2 and 3: the radius, the atoms kept and
// the windows come from the reference's logic (elastic.Hydrate); each
// window's text is read from the database (readSpans: length() first,
// substr, chunks of at most 1 MB).
func (a *Adapter) Hydrate(ctx context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	res, err := elastic.Hydrate(req.Documents, req.Atoms, req.Budget)
	if err != nil {
		return elastic.Result{}, err
	}
	err = a.fill(ctx, "hydrate", req.Documents, len(res.Windows),
		func(i int) span { w := res.Windows[i]; return span{w.CompoundID, w.Start, w.End} },
		func(i int, text string) { res.Windows[i].Text = text })
	if err != nil {
		return elastic.Result{}, err
	}
	return res, nil
}

// checkDocuments refuses documents PostgreSQL text cannot hold.
func checkDocuments(op string, docs []inflate.Document) error {
	docs = slices.Clone(docs)
	slices.SortFunc(docs, func(a, b inflate.Document) int { return strings.Compare(a.ID, b.ID) })
	for _, d := range docs {
		if err := storable("compound ID", d.ID); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
		if err := storable(fmt.Sprintf("body of compound %q", d.ID), d.Body); err != nil {
			return fmt.Errorf("%s: %w", op, err)
		}
	}
	return nil
}
