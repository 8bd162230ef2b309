package postgres

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Cache bounds: the datasets kept loaded, by count and by total size. The
// least recently used dataset is evicted first.
const (
	maxSets  = 512
	maxBytes = 512 << 20
)

// store loads datasets into the adapter's tables and remembers them by
// digest, so a request with the same content (in any order) is not loaded
// again. Loading a dataset is one transaction: all of its rows or none.
type store struct {
	a *Adapter

	mu    sync.Mutex // held while loading: one load at a time
	sets  map[[32]byte]*dataset
	next  int64 // next set_id
	clock int64 // use counter for LRU
	bytes int64
}

type dataset struct {
	id    int64
	bytes int64
	used  int64
}

func newStore(a *Adapter) *store {
	return &store{a: a, sets: map[[32]byte]*dataset{}}
}

// digestOf is a digest of what and fields, each length-prefixed.
func digestOf(what string, fields [][]string) [32]byte {
	h := sha256.New()
	var n [8]byte
	put := func(s string) {
		binary.LittleEndian.PutUint64(n[:], uint64(len(s)))
		h.Write(n[:])
		h.Write([]byte(s))
	}
	put(what)
	for _, f := range fields {
		binary.LittleEndian.PutUint64(n[:], uint64(len(f)))
		h.Write(n[:])
		for _, s := range f {
			put(s)
		}
	}
	var out [32]byte
	copy(out[:], h.Sum(nil))
	return out
}

// load returns the set_id of the dataset with this digest, loading it with
// fill (inside the dataset's transaction) if it is not loaded.
func (s *store) load(ctx context.Context, digest [32]byte, what string, size int64, fill func(ctx context.Context, tx pgx.Tx, id int64) error) (int64, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clock++
	if d, ok := s.sets[digest]; ok {
		d.used = s.clock
		return d.id, nil
	}
	if err := s.evict(ctx, size); err != nil {
		return 0, err
	}
	id := s.next + 1
	err := s.a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
		return pgx.BeginFunc(ctx, c, func(tx pgx.Tx) error {
			if _, err := tx.Exec(ctx, `INSERT INTO datasets (set_id, digest, what, bytes) VALUES ($1, $2, $3, $4)`, id, digest[:], what, size); err != nil {
				return err
			}
			return fill(ctx, tx, id)
		})
	})
	if err != nil {
		return 0, fmt.Errorf("load %s (nothing was loaded): %w", what, err)
	}
	s.next = id
	s.sets[digest] = &dataset{id: id, bytes: size, used: s.clock}
	s.bytes += size
	return id, nil
}

// evict drops the least recently used datasets until one of size fits.
func (s *store) evict(ctx context.Context, size int64) error {
	for len(s.sets) > 0 && (len(s.sets) >= maxSets || s.bytes+size > maxBytes) {
		var oldest [32]byte
		var od *dataset
		for k, d := range s.sets {
			if od == nil || d.used < od.used {
				oldest, od = k, d
			}
		}
		err := s.a.with(ctx, func(ctx context.Context, c *pgx.Conn) error {
			_, err := c.Exec(ctx, `DELETE FROM datasets WHERE set_id = $1`, od.id)
			return err
		})
		if err != nil {
			return fmt.Errorf("evict dataset %d: %w", od.id, err)
		}
		delete(s.sets, oldest)
		s.bytes -= od.bytes
	}
	return nil
}

// entries loads fuzzy-search entries; their order does not matter (the
// digest and the rows follow the entries sorted by ID, then label).
func (s *store) entries(ctx context.Context, es []adapters.SearchEntry) (int64, error) {
	sorted := slices.Clone(es)
	slices.SortFunc(sorted, func(a, b adapters.SearchEntry) int {
		return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Label, b.Label))
	})
	fields := make([][]string, len(sorted))
	var size int64
	for i, e := range sorted {
		fields[i] = []string{e.ID, e.Label}
		size += int64(len(e.ID) + len(e.Label) + 64)
	}
	return s.load(ctx, digestOf("entries", fields), fmt.Sprintf("%d entries", len(es)), size, func(ctx context.Context, tx pgx.Tx, id int64) error {
		rows := make([][]any, len(sorted))
		for i, e := range sorted {
			rows[i] = []any{id, int32(i), e.ID, e.Label}
		}
		err := insert(ctx, tx, pgx.Identifier{s.a.schema, "atom_positions"}.Sanitize(), []string{"set_id", "seq", "entry_id", "atom_label"}, []string{"bigint", "int", "text", "text"}, rows)
		return err
	})
}

// documentFields sorts docs into the order their digest is taken in and
// returns their fields for the digest and an estimate of their size.
func documentFields(docs []inflate.Document) (sorted []inflate.Document, fields [][]string, size int64) {
	sorted = slices.Clone(docs)
	slices.SortFunc(sorted, func(a, b inflate.Document) int {
		return cmp.Or(cmp.Compare(a.ID, b.ID), cmp.Compare(a.Kind, b.Kind), cmp.Compare(a.Body, b.Body))
	})
	fields = make([][]string, len(sorted))
	for i, d := range sorted {
		fields[i] = []string{d.ID, kindOf(d), d.Body}
		size += int64(len(d.ID) + len(d.Body) + 64)
	}
	return sorted, fields, size
}

// documents loads compounds; their order does not matter.
func (s *store) documents(ctx context.Context, docs []inflate.Document) (int64, error) {
	sorted, fields, size := documentFields(docs)
	return s.load(ctx, digestOf("documents", fields), fmt.Sprintf("%d documents", len(docs)), size, func(ctx context.Context, tx pgx.Tx, id int64) error {
		rows := make([][]any, len(sorted))
		for i, d := range sorted {
			rows[i] = []any{id, d.ID, kindOf(d), d.Body}
		}
		err := insert(ctx, tx, pgx.Identifier{s.a.schema, "compounds"}.Sanitize(), compoundCols, compoundTypes, rows)
		return err
	})
}

// corpus loads documents and the atoms of their keywords (radial.Ingest)
// together: the census reads the atoms, hydration the bodies.
func (s *store) corpus(ctx context.Context, docs []inflate.Document, atoms []radial.Atom) (int64, error) {
	sorted, fields, size := documentFields(docs)
	size += int64(len(atoms)) * 64
	return s.load(ctx, digestOf("corpus", fields), fmt.Sprintf("%d documents and %d atoms", len(docs), len(atoms)), size, func(ctx context.Context, tx pgx.Tx, id int64) error {
		rows := make([][]any, len(sorted))
		for i, d := range sorted {
			rows[i] = []any{id, d.ID, kindOf(d), d.Body}
		}
		if err := insert(ctx, tx, pgx.Identifier{s.a.schema, "compounds"}.Sanitize(), compoundCols, compoundTypes, rows); err != nil {
			return err
		}
		rows = make([][]any, len(atoms))
		for i, at := range atoms {
			rows[i] = []any{id, int32(i), at.CompoundID, at.Label, int32(at.Offset)}
		}
		err := insert(ctx, tx, pgx.Identifier{s.a.schema, "atom_positions"}.Sanitize(), []string{"set_id", "seq", "compound_id", "atom_label", "byte_offset"}, []string{"bigint", "int", "text", "text", "int"}, rows)
		return err
	})
}

// errMissing says a dataset the store remembers has no rows: the server
// lost them (unlogged tables are emptied by crash recovery) or someone
// deleted them. The store forgets the dataset, and the operation loads it
// again and retries once.
var errMissing = errors.New("dataset missing from the database")

// forget drops the dataset with this set_id from the store's memory.
func (s *store) forget(id int64) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for k, d := range s.sets {
		if d.id == id {
			delete(s.sets, k)
			s.bytes -= d.bytes
		}
	}
}

// retry runs op (which loads its dataset and queries it) and, if the
// dataset turned out to be missing, forgets it and runs op once more.
func (s *store) retry(op func() (int64, error)) error {
	id, err := op()
	if errors.Is(err, errMissing) {
		s.forget(id)
		_, err = op()
	}
	return err
}

func kindOf(d inflate.Document) string {
	if d.Kind == "" {
		return inflate.KindProse
	}
	return d.Kind
}

var (
	compoundCols  = []string{"set_id", "compound_id", "kind", "compound_body"}
	compoundTypes = []string{"bigint", "text", "text", "text"}
)

// Limits of one INSERT statement of insert.
const (
	insertRows  = 10000
	insertBytes = 32 << 20
)

// insert loads rows into table (a sanitized, qualified name)
// with INSERT ... SELECT FROM unnest, one array parameter per column, in
// statements of at most insertRows rows or about insertBytes bytes. It is
// used instead of COPY FROM STDIN: PGlite's socket server loses protocol
// synchronization on COPY's sub-protocol (and hangs after it), and a probe
// for COPY would take the server down with it, so the adapter loads the
// same way on every server.
func insert(ctx context.Context, tx pgx.Tx, table string, cols, types []string, rows [][]any) error {
	params := make([]string, len(cols))
	for i, t := range types {
		params[i] = fmt.Sprintf("$%d::%s[]", i+1, t)
	}
	sql := fmt.Sprintf("INSERT INTO %s (%s) SELECT * FROM unnest(%s)", table, strings.Join(cols, ", "), strings.Join(params, ", "))
	for len(rows) > 0 {
		n, bytes := 0, 0
		for n < len(rows) && n < insertRows && (n == 0 || bytes < insertBytes) {
			for _, v := range rows[n] {
				if s, ok := v.(string); ok {
					bytes += len(s)
				}
			}
			n++
		}
		args := make([]any, len(cols))
		for j := range cols {
			col := make([]any, n)
			for i := range n {
				col[i] = rows[i][j]
			}
			args[j] = col
		}
		if _, err := tx.Exec(ctx, sql, args...); err != nil {
			return err
		}
		rows = rows[n:]
	}
	return nil
}
