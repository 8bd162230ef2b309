package postgres

import (
	"context"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Inflate runs std085 §2–3. The plan and the windows' offsets come from the
// reference's logic (inflate.Inflate); the windows' text is read from the
// database (readSpans), never taken from the request.
func (a *Adapter) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	res, err := inflate.Inflate(req)
	if err != nil {
		return inflate.Result{}, err
	}
	err = a.fill(ctx, "inflate", req.Documents, len(res.Windows),
		func(i int) span { w := res.Windows[i]; return span{w.CompoundID, w.Start, w.End} },
		func(i int, text string) { res.Windows[i].Text = text })
	if err != nil {
		return inflate.Result{}, err
	}
	return res, nil
}

// fill gives n windows, located by at, their text as the database holds it
// (readSpans: length() first, substr, chunks of at most 1 MB): a window's
// text is never taken from the request.
func (a *Adapter) fill(ctx context.Context, op string, docs []inflate.Document, n int, at func(i int) span, set func(i int, text string)) error {
	if err := checkDocuments(op, docs); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	spans := make([]span, n)
	for i := range spans {
		spans[i] = at(i)
		set(i, "")
	}
	texts, err := a.read(ctx, docs, spans)
	if err != nil {
		return fmt.Errorf("%s: %w", op, err)
	}
	for i, t := range texts {
		set(i, t)
	}
	return nil
}

// read loads the documents (once per distinct set) and reads the spans'
// text from them.
func (a *Adapter) read(ctx context.Context, docs []inflate.Document, spans []span) ([]string, error) {
	var texts []string
	err := a.store.retry(func() (int64, error) {
		set, err := a.store.documents(ctx, docs)
		if err != nil {
			return 0, err
		}
		texts, err = a.readSpans(ctx, set, docs, spans)
		return set, err
	})
	return texts, err
}

// span is a stretch [start, end) of a compound's body, in bytes.
type span struct {
	compound   string
	start, end int
}

// readSpans reads the text of each span from the compounds of dataset set,
// as std085-protocol §4 asks: length() first, then substr (never
// substring ... from ... for), and never more than ChunkBytes bytes in one
// substr, so no single fetch of a body over 1 MB.
//
// PostgreSQL counts characters where the contract counts bytes: each byte
// offset is converted to a character offset with the document's text, and
// length() and octet_length() of the stored body are checked against that
// text first, so a stored body that differs is an error, not a wrong window.
// Every read is one statement of a single batch.
func (a *Adapter) readSpans(ctx context.Context, set int64, docs []inflate.Document, spans []span) ([]string, error) {
	bodies := inflate.Bodies(docs)
	// Byte offsets to character offsets, one pass per compound.
	offsets := map[string][]int{}
	for _, s := range spans {
		body, ok := bodies[s.compound]
		switch {
		case !ok:
			return nil, fmt.Errorf("compound %q is not in the request", s.compound)
		case s.start < 0 || s.start > s.end || s.end > len(body) || !unit.IsBoundary(body, s.start) || !unit.IsBoundary(body, s.end):
			return nil, fmt.Errorf("stretch [%d,%d) of compound %q (%d bytes) is out of range or cuts a character", s.start, s.end, s.compound, len(body))
		}
		offsets[s.compound] = append(offsets[s.compound], s.start, s.end)
	}
	// Chunks: pieces of at most ChunkBytes bytes, cut on characters.
	type piece struct{ span, start, end int }
	var pieces []piece
	for i, s := range spans {
		body := bodies[s.compound]
		for p := s.start; p < s.end; {
			q := s.end
			if q-p > a.cfg.ChunkBytes {
				q = unit.Floor(body, p+a.cfg.ChunkBytes)
				if q <= p { // a chunk smaller than one character
					q = unit.Ceil(body, p+1)
				}
				offsets[s.compound] = append(offsets[s.compound], q)
			}
			pieces = append(pieces, piece{i, p, q})
			p = q
		}
	}
	chars := map[string]map[int]int{}
	ids := make([]string, 0, len(offsets))
	for id, offs := range offsets {
		slices.Sort(offs)
		offs = slices.Compact(offs)
		cs := runeOffsets(bodies[id], offs)
		m := make(map[int]int, len(offs))
		for k, off := range offs {
			m[off] = cs[k]
		}
		chars[id] = m
		ids = append(ids, id)
	}
	slices.Sort(ids)

	texts := make([][]byte, len(spans))
	err := a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		// 1. length() first: the stored bodies are the documents.
		rows, err := c.Query(ctx, `SELECT compound_id, length(compound_body), octet_length(compound_body)
			FROM compounds WHERE set_id = $1 AND compound_id = ANY($2)`, set, ids)
		if err != nil {
			return err
		}
		seen := 0
		for rows.Next() {
			var id string
			var nchars, nbytes int64
			if err := rows.Scan(&id, &nchars, &nbytes); err != nil {
				rows.Close()
				return err
			}
			body := bodies[id]
			if nbytes != int64(len(body)) || nchars != int64(unit.Runes.Len(body)) {
				rows.Close()
				return fmt.Errorf("stored compound %q has %d characters in %d bytes; the document has %d in %d", id, nchars, nbytes, unit.Runes.Len(body), len(body))
			}
			seen++
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return err
		}
		switch {
		case seen == 0 && len(ids) > 0:
			return errMissing
		case seen != len(ids):
			return fmt.Errorf("%d of %d compounds are stored", seen, len(ids))
		}
		// 2. substr of each piece, in one batch.
		b := &pgx.Batch{}
		for _, p := range pieces {
			s := spans[p.span]
			from, to := chars[s.compound][p.start], chars[s.compound][p.end]
			b.Queue(`SELECT substr(compound_body, $3, $4) FROM compounds WHERE set_id = $1 AND compound_id = $2`,
				set, s.compound, int64(from)+1, int64(to-from))
		}
		br := c.SendBatch(ctx, b)
		for _, p := range pieces {
			var text string
			if err := br.QueryRow().Scan(&text); err != nil {
				br.Close()
				return fmt.Errorf("substr of compound %q [%d,%d): %w", spans[p.span].compound, p.start, p.end, err)
			}
			if len(text) != p.end-p.start {
				br.Close()
				return fmt.Errorf("substr of compound %q [%d,%d) returned %d bytes, want %d", spans[p.span].compound, p.start, p.end, len(text), p.end-p.start)
			}
			texts[p.span] = append(texts[p.span], text...)
		}
		return br.Close()
	})
	if err != nil {
		return nil, fmt.Errorf("read windows: %w", err)
	}
	out := make([]string, len(spans))
	for i, t := range texts {
		out[i] = string(t)
	}
	return out, nil
}
