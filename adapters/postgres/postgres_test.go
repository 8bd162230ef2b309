package postgres_test

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/postgres"
	"github.com/ctxconform/ctxconform/internal/testenv/pgtest"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/suite"
)

// These tests need a PostgreSQL 15 server with pg_trgm (the independent
// oracle). Outside CI an unreachable server skips them; in CI (CI set) it
// fails them.

func dsn() string { return pgtest.DSN() }

func open(t *testing.T, cfg postgres.Config) *postgres.Adapter {
	t.Helper()
	if cfg.DSN == "" {
		cfg.DSN = dsn()
	}
	a, err := postgres.Open(context.Background(), cfg)
	if err != nil {
		pgtest.Unavailable(t, err)
	}
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return a
}

// rawConn is a connection of the test's own, to look behind the adapter.
func rawConn(t *testing.T) *pgx.Conn {
	t.Helper()
	c, err := pgx.Connect(context.Background(), dsn())
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { c.Close(context.Background()) })
	return c
}

// TestSuite runs every requirement of the standards the adapter implements
// at every level (it is the reference's logic over SQL): all pass, or skip
// with a reason. Fuzzy search runs in full, with the trigram agreement
// (FUZ-12, FUZ-13) on thousands of strings; the other standards run with
// 25 generated cases per property to keep this package fast. Their full
// runs are `CTXCONFORM_ADAPTERS=postgres go test ./specs/ ./properties/`
// and `conformance run --adapter postgres`.
func TestSuite(t *testing.T) {
	a := open(t, postgres.Config{})
	for _, c := range []struct {
		std  []adapters.Standard
		runs int
	}{
		{[]adapters.Standard{adapters.Fuzzy}, 100},
		{[]adapters.Standard{adapters.Inflate, adapters.Density, adapters.Elastic}, 25},
	} {
		for _, s := range c.std {
			if !a.Info().Implements(s) {
				t.Errorf("the adapter does not declare %s", s)
			}
		}
		rep := suite.Run(context.Background(), a, ctxconform.Requirements(), suite.Options{Level: suite.Reference, Standards: c.std, Seed: 20260210, PropertyRuns: c.runs})
		for _, r := range rep.Results {
			switch r.Outcome {
			case suite.Passed:
			case suite.Skipped:
				t.Logf("%s skipped: %s", r.ID, r.Message)
			default:
				t.Errorf("%s (%s) %s: %s", r.ID, r.Level, r.Outcome, r.Message)
			}
			for _, n := range r.Notes {
				t.Logf("%s: %s", r.ID, n)
			}
		}
		t.Logf("%v: %s in %v", c.std, rep.Summary(), rep.Elapsed.Round(time.Millisecond))
	}
}

// TestChunkedReads reads windows through chunks of 1000 bytes (instead of
// 1 MB), so every window longer than that is assembled from several substr
// calls, some of them ending next to multi-byte characters.
func TestChunkedReads(t *testing.T) {
	a := open(t, postgres.Config{ChunkBytes: 1000})
	rep := suite.Run(context.Background(), a, ctxconform.Requirements(), suite.Options{
		Level: suite.Reference, Standards: []adapters.Standard{adapters.Inflate, adapters.Elastic}, Seed: 7, PropertyRuns: 30,
		Match: regexpMust(`INF-01|INF-13|ELA-15|ELA-23`),
	})
	if len(rep.Results) != 4 {
		t.Fatalf("%d requirements ran, want 4", len(rep.Results))
	}
	for _, r := range rep.Results {
		if r.Outcome != suite.Passed {
			t.Errorf("%s %s: %s", r.ID, r.Outcome, r.Message)
		}
	}
}

// TestBigBody loads a body over 1 MB (3-byte characters, so character and
// byte offsets differ by a factor of 3) and reads a window over 1 MB from
// it: the read goes in chunks of at most 1 MB, and the text is exact.
func TestBigBody(t *testing.T) {
	a := open(t, postgres.Config{})
	body := strings.Repeat("ab語", 150_000) + strings.Repeat("x", 100) // 750,100 bytes
	body = body + body                                                // 1,500,200 bytes
	budget := 3_000_000
	req := inflate.Request{
		Documents: []inflate.Document{{ID: "big", Body: body}, {ID: "small", Body: "tiny"}},
		Hits:      []inflate.Hit{{ID: "h", CompoundID: "big", Start: 5, End: 1_200_005, Score: 1}},
		Budget:    &budget,
	}
	res, err := a.Inflate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want, err := inflate.Inflate(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Windows) != 1 || len(want.Windows) != 1 {
		t.Fatalf("%d windows, reference %d, want 1", len(res.Windows), len(want.Windows))
	}
	w := res.Windows[0]
	if w.Start != want.Windows[0].Start || w.End != want.Windows[0].End || w.End-w.Start <= postgres.MaxSafeSize {
		t.Fatalf("window [%d,%d), reference [%d,%d); want one over %d bytes", w.Start, w.End, want.Windows[0].Start, want.Windows[0].End, postgres.MaxSafeSize)
	}
	if w.Text != body[w.Start:w.End] {
		t.Errorf("window text differs from the body's bytes [%d,%d)", w.Start, w.End)
	}
}

// TestSchema: each adapter has a schema of its own with the tables and
// indexes the issue names, and Close drops it.
func TestSchema(t *testing.T) {
	a := open(t, postgres.Config{})
	b := open(t, postgres.Config{})
	if a.Schema() == b.Schema() || !strings.HasPrefix(a.Schema(), "ctxconform_") {
		t.Errorf("schemas %q and %q: want two distinct ctxconform_<random> names", a.Schema(), b.Schema())
	}
	c := rawConn(t)
	ctx := context.Background()
	rows, err := c.Query(ctx, `SELECT indexdef FROM pg_indexes WHERE schemaname = $1 ORDER BY indexname`, a.Schema())
	if err != nil {
		t.Fatal(err)
	}
	defs, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		t.Fatal(err)
	}
	joined := strings.Join(defs, "\n")
	for _, want := range []string{"(set_id, atom_label)", "gin (atom_label", "gin_trgm_ops", "lower(atom_label)"} {
		if !strings.Contains(joined, want) {
			t.Errorf("no index with %q among:\n%s", want, joined)
		}
	}
	if err := a.Close(); err != nil {
		t.Fatal(err)
	}
	var n int
	if err := c.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname = $1`, a.Schema()).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 0 {
		t.Errorf("schema %s still exists after Close", a.Schema())
	}
	if _, err := a.Search(ctx, adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "cat"}}, Term: "cat"}); err == nil {
		t.Errorf("search after Close succeeded")
	}
}

// TestLocale: the adapter declares the locale of the server's LC_CTYPE.
func TestLocale(t *testing.T) {
	a := open(t, postgres.Config{})
	var ctype string
	if err := rawConn(t).QueryRow(context.Background(), "SHOW lc_ctype").Scan(&ctype); err != nil {
		t.Fatal(err)
	}
	want, err := trgm.ParseLocale(ctype)
	if err != nil {
		t.Fatal(err)
	}
	if a.Locale() != want {
		t.Errorf("locale %v for lc_ctype %q, want %v", a.Locale(), ctype, want)
	}
	ans, err := a.Search(context.Background(), adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "cat"}}, Term: "cat"})
	if err != nil {
		t.Fatal(err)
	}
	if ans.Locale != want.String() {
		t.Errorf("answer declares locale %q, want %q", ans.Locale, want)
	}
}

// TestAllOrNothing: a load that fails part-way leaves nothing behind. The
// entries are valid for the adapter's checks, but a trigger (installed for
// this test) refuses the last row inside the load's transaction.
func TestAllOrNothing(t *testing.T) {
	a := open(t, postgres.Config{})
	c := rawConn(t)
	ctx := context.Background()
	schema := pgx.Identifier{a.Schema()}.Sanitize()
	_, err := c.Exec(ctx, fmt.Sprintf(`
		CREATE FUNCTION %[1]s.refuse() RETURNS trigger LANGUAGE plpgsql AS $$
		BEGIN IF NEW.atom_label = 'poison' THEN RAISE EXCEPTION 'refused by test'; END IF; RETURN NEW; END $$;
		CREATE TRIGGER refuse BEFORE INSERT ON %[1]s.atom_positions FOR EACH ROW EXECUTE FUNCTION %[1]s.refuse();`, schema))
	if err != nil {
		t.Fatal(err)
	}
	var es []adapters.SearchEntry
	for i := range 500 {
		es = append(es, adapters.SearchEntry{ID: fmt.Sprintf("e%03d", i), Label: fmt.Sprintf("label %d", i)})
	}
	es = append(es, adapters.SearchEntry{ID: "zzz", Label: "poison"})
	if _, err := a.Search(ctx, adapters.SearchRequest{Entries: es, Term: "label"}); err == nil || !strings.Contains(err.Error(), "nothing was loaded") {
		t.Fatalf("search over a failing load: err %v, want an error saying nothing was loaded", err)
	}
	for _, table := range []string{"datasets", "atom_positions", "compounds"} {
		var n int
		if err := c.QueryRow(ctx, "SELECT count(*) FROM "+schema+"."+table).Scan(&n); err != nil {
			t.Fatal(err)
		}
		if n != 0 {
			t.Errorf("%s holds %d rows after a failed load, want 0", table, n)
		}
	}
	// Without the poison the same adapter loads and answers.
	ans, err := a.Search(ctx, adapters.SearchRequest{Entries: es[:500], Term: "label 7"})
	if err != nil {
		t.Fatal(err)
	}
	if len(ans.Matches) == 0 || ans.Matches[0].ID != "e007" || ans.Matches[0].Tier != adapters.TierExact {
		t.Errorf("answer %v, want e007 exact first", ans.Matches)
	}
}

// TestReuse: the same entries in another order are not loaded again.
func TestReuse(t *testing.T) {
	a := open(t, postgres.Config{})
	c := rawConn(t)
	ctx := context.Background()
	es := []adapters.SearchEntry{{ID: "a", Label: "cat"}, {ID: "b", Label: "dog"}, {ID: "c", Label: "cats"}}
	rev := slices.Clone(es)
	slices.Reverse(rev)
	for _, x := range [][]adapters.SearchEntry{es, rev, es} {
		if _, err := a.Search(ctx, adapters.SearchRequest{Entries: x, Term: "cat"}); err != nil {
			t.Fatal(err)
		}
	}
	var n int
	if err := c.QueryRow(ctx, "SELECT count(*) FROM "+pgx.Identifier{a.Schema(), "datasets"}.Sanitize()).Scan(&n); err != nil {
		t.Fatal(err)
	}
	if n != 1 {
		t.Errorf("%d datasets loaded for one set of entries searched three times, want 1", n)
	}
}

// TestBadInput: what PostgreSQL text cannot hold is refused before any SQL
// runs, with an error that says why.
func TestBadInput(t *testing.T) {
	a := open(t, postgres.Config{})
	ctx := context.Background()
	ok := []adapters.SearchEntry{{ID: "a", Label: "cat"}}
	cases := []struct {
		name string
		req  adapters.SearchRequest
		want string
	}{
		{"NUL term", adapters.SearchRequest{Entries: ok, Term: "c\x00t"}, "PostgreSQL text cannot hold NUL"},
		{"NUL label", adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "x", Label: "\x00"}}, Term: "cat"}, `entry 0 (ID "x") has a NUL byte`},
		{"invalid UTF-8", adapters.SearchRequest{Entries: ok, Term: "caf\xe9"}, "not valid UTF-8 (first bad byte at 3)"},
		{"empty", adapters.SearchRequest{Entries: ok, Term: ""}, "empty term"},
		{"long", adapters.SearchRequest{Entries: ok, Term: strings.Repeat("x", 1025)}, "longer than 1024"},
	}
	for _, c := range cases {
		_, err := a.Search(ctx, c.req)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", c.name, err, c.want)
		}
	}
	docs := []inflate.Document{{ID: "d", Body: "before\x00after"}}
	_, err := a.Inflate(ctx, inflate.Request{Documents: docs, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 3}}})
	if err == nil || !strings.Contains(err.Error(), `body of compound "d" has a NUL byte (0x00) at byte 6`) {
		t.Errorf("NUL in a body: error %v", err)
	}
}

// TestUnreachable: a database that is not there is a clear error, quickly.
func TestUnreachable(t *testing.T) {
	start := time.Now()
	_, err := postgres.Open(context.Background(), postgres.Config{DSN: "postgres://nobody@127.0.0.1:1/none?sslmode=disable", ConnectTimeout: 2 * time.Second})
	if err == nil {
		t.Fatal("opened a database on port 1")
	}
	for _, want := range []string{"unreachable", "127.0.0.1:1", "CTXCONFORM_PG_DSN"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("error %q does not mention %q", err, want)
		}
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("took %v to fail", d)
	}
	if _, err := postgres.Open(context.Background(), postgres.Config{DSN: "::not a dsn::"}); err == nil || !strings.Contains(err.Error(), "invalid DSN") {
		t.Errorf("bad DSN: error %v", err)
	}
}

// TestQueryTimeout: an operation is bounded by the query timeout.
func TestQueryTimeout(t *testing.T) {
	a := open(t, postgres.Config{})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := a.Search(ctx, adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "cat"}}, Term: "cat"})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("search with a cancelled context: %v, want context.Canceled", err)
	}
	// The adapter still works afterwards.
	if _, err := a.Search(context.Background(), adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "cat"}}, Term: "cat"}); err != nil {
		t.Errorf("search after a cancelled one: %v", err)
	}
}

func regexpMust(s string) *regexp.Regexp { return regexp.MustCompile(s) }

// TestLostRows: rows that vanish behind the adapter's back (crash recovery
// empties unlogged tables) are loaded again, never answered as empty.
func TestLostRows(t *testing.T) {
	a := open(t, postgres.Config{})
	c := rawConn(t)
	ctx := context.Background()
	es := []adapters.SearchEntry{{ID: "a", Label: "cat"}, {ID: "b", Label: "cats"}}
	docs := []inflate.Document{{ID: "d", Body: "the cat sat on the mat"}}
	inf := inflate.Request{Documents: docs, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 4, End: 7, Score: 1}}}
	census := adapters.CensusRequest{Documents: docs, Terms: []string{"CAT"}}
	for round := range 2 {
		ans, err := a.Search(ctx, adapters.SearchRequest{Entries: es, Term: "cat"})
		if err != nil || len(ans.Matches) != 2 {
			t.Errorf("round %d: search: %v, %d matches, want 2", round, err, len(ans.Matches))
		}
		res, err := a.Inflate(ctx, inf)
		if err != nil || len(res.Windows) != 1 || res.Windows[0].Text != docs[0].Body {
			t.Errorf("round %d: inflate: %v, %+v", round, err, res.Windows)
		}
		atoms, err := a.Census(ctx, census)
		if err != nil || len(atoms) != 1 || atoms[0].Offset != 4 {
			t.Errorf("round %d: census: %v, %v", round, err, atoms)
		}
		if _, err := c.Exec(ctx, "TRUNCATE "+pgx.Identifier{a.Schema(), "datasets"}.Sanitize()+" CASCADE"); err != nil {
			t.Fatal(err)
		}
	}
}

// TestCLocale runs the fuzzy requirements on a database whose LC_CTYPE is
// C (created for the test and dropped after): the adapter declares trgm.C,
// and the server's pg_trgm, lower() and ILIKE must agree with the
// reference's C locale. It skips if the server refuses CREATE DATABASE.
func TestCLocale(t *testing.T) {
	c := rawConn(t)
	ctx := context.Background()
	name := fmt.Sprintf("ctxconform_c_%d", time.Now().UnixNano())
	if _, err := c.Exec(ctx, "CREATE DATABASE "+name+" TEMPLATE template0 ENCODING 'UTF8' LC_COLLATE 'C' LC_CTYPE 'C'"); err != nil {
		t.Skipf("cannot create a C-locale database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := c.Exec(context.Background(), "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	a := open(t, postgres.Config{DSN: withDatabase(dsn(), name)})
	if a.Locale() != trgm.C {
		t.Fatalf("locale %v in a database with LC_CTYPE C", a.Locale())
	}
	rep := suite.Run(ctx, a, ctxconform.Requirements(), suite.Options{Level: suite.Reference, Standards: []adapters.Standard{adapters.Fuzzy}, Seed: 105})
	for _, r := range rep.Results {
		if r.Outcome != suite.Passed {
			t.Errorf("%s (%s) %s: %s", r.ID, r.Level, r.Outcome, r.Message)
		}
	}
	t.Logf("%s", rep.Summary())
}

// withDatabase is dsn naming another database (URL or key=value form).
func withDatabase(dsn, db string) string {
	if u, err := url.Parse(dsn); err == nil && (u.Scheme == "postgres" || u.Scheme == "postgresql") {
		u.Path = "/" + db
		return u.String()
	}
	return dsn + " dbname=" + db
}

// TestSweep: a schema left by an adapter that was never closed (its
// process killed: no session holds its lock) is dropped by the next Open;
// a live adapter's schema is not.
func TestSweep(t *testing.T) {
	c := rawConn(t)
	ctx := context.Background()
	live := open(t, postgres.Config{})
	// A name of the form Open gives its schemas, unique to this test run:
	// another run beside this one on the same database plants its own.
	var b [6]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	stale := "ctxconform_" + hex.EncodeToString(b[:])
	if _, err := c.Exec(ctx, "CREATE SCHEMA "+stale+"; CREATE TABLE "+stale+".t (x int)"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Exec(context.Background(), "DROP SCHEMA IF EXISTS "+stale+" CASCADE") })
	open(t, postgres.Config{})
	exists := func(name string) bool {
		var n int
		if err := c.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname = $1`, name).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n == 1
	}
	if exists(stale) {
		t.Errorf("stale schema %s survived the next Open", stale)
	}
	if !exists(live.Schema()) {
		t.Errorf("the live adapter's schema %s was dropped", live.Schema())
	}
}
