package bench

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Scales of the side-by-side benchmarks.
var (
	versusPairs   = 1000
	versusEntries = []int{10000, 100000}
)

// database is the PostgreSQL connection of the side-by-side benchmarks,
// opened on first use and shared by them (one connection: temporary tables
// belong to it).
type database struct {
	dsn string

	mu     sync.Mutex
	conn   *pgx.Conn
	loc    trgm.Locale
	err    error
	tables map[int]string // fuzzy corpus size → temporary table
}

// connect opens the connection once, checks pg_trgm and reads the locale the
// reference must mirror.
func (d *database) connect(ctx context.Context) (*pgx.Conn, trgm.Locale, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.conn != nil || d.err != nil {
		return d.conn, d.loc, d.err
	}
	if d.dsn == "" {
		d.err = unavailable("no PostgreSQL configured (set CTXCONFORM_PG_DSN or pass --dsn)")
		return nil, 0, d.err
	}
	cctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	conn, err := pgx.Connect(cctx, d.dsn)
	if err != nil {
		d.err = unavailable("PostgreSQL unreachable at %s: %v", redact(d.dsn), err)
		return nil, 0, d.err
	}
	var ctype string
	for _, q := range []string{"CREATE EXTENSION IF NOT EXISTS pg_trgm", "SET pg_trgm.similarity_threshold = 0.3"} {
		if _, err := conn.Exec(ctx, q); err != nil {
			conn.Close(ctx)
			d.err = fmt.Errorf("postgres: %s: %w", q, err)
			return nil, 0, d.err
		}
	}
	if err := conn.QueryRow(ctx, "SELECT current_setting('lc_ctype')").Scan(&ctype); err != nil {
		conn.Close(ctx)
		d.err = fmt.Errorf("postgres: read lc_ctype: %w", err)
		return nil, 0, d.err
	}
	loc, err := trgm.ParseLocale(ctype)
	if err != nil {
		conn.Close(ctx)
		d.err = fmt.Errorf("postgres: %w", err)
		return nil, 0, d.err
	}
	d.conn, d.loc = conn, loc
	return conn, loc, nil
}

func (d *database) close() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.conn == nil {
		return nil
	}
	err := d.conn.Close(context.Background())
	d.conn, d.tables = nil, nil
	return err
}

// redact hides a password in a connection string for messages.
func redact(dsn string) string {
	cfg, err := pgx.ParseConfig(dsn)
	if err != nil || cfg.Password == "" {
		return dsn
	}
	return fmt.Sprintf("%s@%s:%d/%s", cfg.User, cfg.Host, cfg.Port, cfg.Database)
}

func (s *Set) versusBenchmarks() []Benchmark {
	out := []Benchmark{{Name: name("Versus/Similarity", "pairs", versusPairs), Level: VersusLevel, F: s.versusSimilarity(versusPairs)}}
	for _, n := range versusEntries {
		if s.cfg.Short && n > 10000 {
			continue
		}
		out = append(out, Benchmark{Name: name("Versus/Search", "entries", n), Level: VersusLevel, F: s.versusSearch(n)})
	}
	return out
}

// versusSimilarity computes the similarity of the same pairs with
// trgm.Similarity and with PostgreSQL's similarity() (one query over the
// pairs), after checking that both give the same float4 for every pair.
func (s *Set) versusSimilarity(n int) func(b *testing.B) error {
	const q = "SELECT similarity(a, b) FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS p(a, b, i) ORDER BY i"
	return func(b *testing.B) error {
		ctx := context.Background()
		conn, loc, err := s.pg.connect(ctx)
		if err != nil {
			return err
		}
		labels, terms, err := similarityPairs(n)
		if err != nil {
			return err
		}
		goSide := func(out []float32) error {
			for i := range labels {
				v, err := loc.Similarity(labels[i], terms[i])
				if err != nil {
					return fmt.Errorf("similarity(%q, %q): %w", labels[i], terms[i], err)
				}
				out[i] = v
			}
			return nil
		}
		sqlSide := func() ([]float32, error) {
			rows, err := conn.Query(ctx, q, labels, terms)
			if err != nil {
				return nil, fmt.Errorf("postgres similarity: %w", err)
			}
			vals, err := pgx.CollectRows(rows, pgx.RowTo[float32])
			if err != nil {
				return nil, fmt.Errorf("postgres similarity: %w", err)
			}
			return vals, nil
		}
		mine := make([]float32, n)
		if err := goSide(mine); err != nil {
			return err
		}
		theirs, err := sqlSide()
		if err != nil {
			return err
		}
		for i := range mine {
			if i >= len(theirs) || mine[i] != theirs[i] {
				return fmt.Errorf("similarity(%q, %q): reference %v, PostgreSQL %v: the comparison would be of different work", labels[i], terms[i], mine[i], at(theirs, i))
			}
		}
		// PostgreSQL's own time for similarity() over the pairs, measured by
		// the server (clock_timestamp around the loop, less the same loop
		// without similarity): what the round trip and the protocol do not
		// count.
		if _, err := conn.Exec(ctx, serverSimilaritySQL); err != nil {
			return fmt.Errorf("postgres: create the timing function: %w", err)
		}
		serverSide := func() (time.Duration, error) {
			var secs float64
			if err := conn.QueryRow(ctx, "SELECT pg_temp.ctxconform_similarity_seconds($1::text[], $2::text[])", labels, terms).Scan(&secs); err != nil {
				return 0, fmt.Errorf("postgres similarity timing: %w", err)
			}
			return time.Duration(secs * 1e9), nil
		}
		var goNS, sqlNS, serverNS time.Duration
		for b.Loop() {
			t0 := time.Now()
			if err := goSide(mine); err != nil {
				return err
			}
			t1 := time.Now()
			if _, err := sqlSide(); err != nil {
				return err
			}
			t2 := time.Now()
			inServer, err := serverSide()
			if err != nil {
				return err
			}
			goNS, sqlNS, serverNS = goNS+t1.Sub(t0), sqlNS+t2.Sub(t1), serverNS+inServer
		}
		b.StopTimer()
		reportVersus(b, goNS, sqlNS, n, "ns/pair")
		ops := float64(b.N)
		b.ReportMetric(float64(serverNS.Nanoseconds())/ops/float64(n), "server-ns/pair")
		if goNS > 0 {
			b.ReportMetric(float64(serverNS)/float64(goNS), "server/go")
		}
		allocs := testing.AllocsPerRun(10, func() { _ = goSide(mine) })
		b.ReportMetric(allocs/float64(n), "allocs/pair")
		return nil
	}
}

// serverSimilaritySQL creates a function that times similarity() over two
// arrays of text inside the server: the loop with similarity, less the same
// loop reading the same pairs without it, in seconds.
const serverSimilaritySQL = `CREATE OR REPLACE FUNCTION pg_temp.ctxconform_similarity_seconds(a text[], b text[]) RETURNS float8 AS $$
DECLARE
	t0 timestamptz; t1 timestamptz; t2 timestamptz; s float8; n bigint;
BEGIN
	t0 := clock_timestamp();
	SELECT sum(similarity(x, y)) INTO s FROM unnest(a, b) AS p(x, y);
	t1 := clock_timestamp();
	SELECT count(x || y) INTO n FROM unnest(a, b) AS p(x, y);
	t2 := clock_timestamp();
	RETURN greatest(extract(epoch FROM (t1 - t0)) - extract(epoch FROM (t2 - t1)), 0);
END $$ LANGUAGE plpgsql`

func at(v []float32, i int) any {
	if i < len(v) {
		return v[i]
	}
	return "nothing"
}

// reportVersus reports the two sides of a side-by-side benchmark and their
// ratio; with n > 1 items of work per iteration, also the time per item
// (per names the item's unit, e.g. "ns/pair").
func reportVersus(b *testing.B, goNS, sqlNS time.Duration, n int, per string) {
	ops := float64(b.N)
	b.ReportMetric(float64(goNS.Nanoseconds())/ops, "go-ns/op")
	b.ReportMetric(float64(sqlNS.Nanoseconds())/ops, "sql-ns/op")
	if n > 1 {
		b.ReportMetric(float64(goNS.Nanoseconds())/ops/float64(n), "go-"+per)
		b.ReportMetric(float64(sqlNS.Nanoseconds())/ops/float64(n), "sql-"+per)
	}
	if goNS > 0 {
		b.ReportMetric(float64(sqlNS)/float64(goNS), "sql/go")
	}
}

// searchSQL is std105 §3.2's search with the reference's tiers and order
// (package fuzzy): $1 the term, $2 EscapeLike(term)+"%", $3 the limit
// (NULL: all). The btree index on lower(label) serves the exact tier, the
// GIN gin_trgm_ops index the ILIKE and % tiers.
const searchSQL = `SELECT id FROM (
	SELECT id, label,
		CASE WHEN lower(label) = lower($1) THEN 1 WHEN label ILIKE $2 THEN 2 ELSE 3 END AS tier,
		similarity(label, $1) AS sim
	FROM %s
	WHERE lower(label) = lower($1) OR label ILIKE $2 OR label %% $1
) m
ORDER BY tier,
	CASE WHEN tier = 2 THEN octet_length(label) END,
	CASE WHEN tier = 3 THEN sim END DESC,
	label COLLATE "C", id COLLATE "C"
LIMIT $3`

// fuzzyTable loads n generated labels into a temporary table with the
// indexes a conforming engine would have, once per connection.
func (d *database) fuzzyTable(ctx context.Context, conn *pgx.Conn, entries []fuzzy.Entry) (string, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	n := len(entries)
	if t, ok := d.tables[n]; ok {
		return t, nil
	}
	table := fmt.Sprintf("ctxconform_bench_labels_%d", n)
	rows := make([][]any, n)
	for i, e := range entries {
		rows[i] = []any{e.ID, e.Label}
	}
	steps := []func() error{
		func() error {
			_, err := conn.Exec(ctx, fmt.Sprintf("DROP TABLE IF EXISTS pg_temp.%s; CREATE TEMP TABLE %s (id text NOT NULL, label text NOT NULL)", table, table))
			return err
		},
		func() error {
			_, err := conn.CopyFrom(ctx, pgx.Identifier{table}, []string{"id", "label"}, pgx.CopyFromRows(rows))
			return err
		},
		func() error {
			_, err := conn.Exec(ctx, fmt.Sprintf("CREATE INDEX ON %s USING gin (label gin_trgm_ops); CREATE INDEX ON %s (lower(label)); ANALYZE %s", table, table, table))
			return err
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return "", fmt.Errorf("postgres: load %d labels: %w", n, err)
		}
	}
	if d.tables == nil {
		d.tables = map[int]string{}
	}
	d.tables[n] = table
	return table, nil
}

// versusSearch runs the same searches on the reference's in-memory index and
// on PostgreSQL with GIN and btree indexes over the same labels, after
// checking that both answer the first terms identically.
func (s *Set) versusSearch(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		ctx := context.Background()
		conn, loc, err := s.pg.connect(ctx)
		if err != nil {
			return err
		}
		entries, err := labelEntries(n)
		if err != nil {
			return err
		}
		ix, err := fuzzy.NewIndex(loc, entries)
		if err != nil {
			return fmt.Errorf("fuzzy index: %w", err)
		}
		table, err := s.pg.fuzzyTable(ctx, conn, entries)
		if err != nil {
			return err
		}
		terms, err := searchTerms(64)
		if err != nil {
			return err
		}
		q := fmt.Sprintf(searchSQL, table)
		sqlSide := func(term string, limit any) ([]string, error) {
			rows, err := conn.Query(ctx, q, term, fuzzy.EscapeLike(term)+"%", limit)
			if err != nil {
				return nil, fmt.Errorf("postgres search %q: %w", term, err)
			}
			ids, err := pgx.CollectRows(rows, pgx.RowTo[string])
			if err != nil {
				return nil, fmt.Errorf("postgres search %q: %w", term, err)
			}
			return ids, nil
		}
		goSide := func(term string, opts ...fuzzy.Option) ([]string, error) {
			ms, err := ix.Search(term, opts...)
			if err != nil {
				return nil, fmt.Errorf("fuzzy search %q: %w", term, err)
			}
			ids := make([]string, len(ms))
			for i, m := range ms {
				ids[i] = m.ID
			}
			return ids, nil
		}
		for _, term := range terms[:8] {
			mine, err := goSide(term)
			if err != nil {
				return err
			}
			theirs, err := sqlSide(term, nil)
			if err != nil {
				return err
			}
			if !slices.Equal(mine, theirs) {
				return fmt.Errorf("search %q over %d labels: the reference finds %d matches, PostgreSQL %d (first difference at %d): the comparison would be of different work",
					term, n, len(mine), len(theirs), firstDiff(mine, theirs))
			}
		}
		var goNS, sqlNS time.Duration
		found := 0
		for i := 0; b.Loop(); i++ {
			term := terms[i%len(terms)]
			t0 := time.Now()
			ids, err := goSide(term, fuzzy.WithLimit(searchLimit))
			if err != nil {
				return err
			}
			t1 := time.Now()
			if _, err := sqlSide(term, searchLimit); err != nil {
				return err
			}
			goNS, sqlNS = goNS+t1.Sub(t0), sqlNS+time.Since(t1)
			found += len(ids)
		}
		reportVersus(b, goNS, sqlNS, 1, "")
		b.ReportMetric(float64(found)/float64(b.N), "matches/op")
		return nil
	}
}

func firstDiff(a, b []string) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}
