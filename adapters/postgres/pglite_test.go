package postgres_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/postgres"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// These tests run the adapter on PGlite (PostgreSQL 18 compiled to
// WebAssembly, with pg_trgm), the database std085 protocol §4 writes its
// rules for, served by pglite/server.mjs on a free port. The server is
// started once, by the first test that needs it, and stopped when the
// tests end (and, should the test binary die, when its standard input
// closes). Node and the packages `make pglite-install` puts in
// .upstream/pglite are needed: outside CI their absence skips the tests
// (naming `make pglite`), in CI it fails them.

var pglite struct {
	once sync.Once
	dsn  string
	err  error
	skip string
	cmd  *exec.Cmd
	in   io.WriteCloser
}

// pgliteDSN starts the PGlite server (once) and returns its DSN.
func pgliteDSN(t *testing.T) string {
	t.Helper()
	pglite.once.Do(startPGlite)
	if pglite.skip != "" {
		msg := pglite.skip + ": run `make pglite` (or `make pglite-install`) to install PGlite"
		if os.Getenv("CI") != "" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	if pglite.err != nil {
		t.Fatal(pglite.err)
	}
	return pglite.dsn
}

func startPGlite() {
	node, err := exec.LookPath("node")
	if err != nil {
		pglite.skip = "node is not on PATH"
		return
	}
	modules, err := filepath.Abs(filepath.Join("..", "..", ".upstream", "pglite"))
	if err != nil {
		pglite.err = err
		return
	}
	if _, err := os.Stat(filepath.Join(modules, "node_modules", "@electric-sql", "pglite-socket")); err != nil {
		pglite.skip = "PGlite is not installed in " + modules
		return
	}
	cmd := exec.Command(node, filepath.Join("pglite", "server.mjs"), "--port", "0", "--watch-stdin", "--modules", modules)
	in, err := cmd.StdinPipe()
	if err != nil {
		pglite.err = err
		return
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		pglite.err = err
		return
	}
	var stderr strings.Builder
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		pglite.err = fmt.Errorf("start the PGlite server: %w", err)
		return
	}
	pglite.cmd, pglite.in = cmd, in
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if dsn, ok := strings.CutPrefix(sc.Text(), "dsn "); ok {
				lines <- dsn
			}
		}
		close(lines)
	}()
	// A loaded machine takes a minute to start PGlite (its initdb runs in
	// WebAssembly); what is tested is the database, not its start.
	select {
	case dsn, ok := <-lines:
		if !ok {
			_ = cmd.Wait()
			pglite.err = fmt.Errorf("the PGlite server exited without a DSN: %s", stderr.String())
			return
		}
		pglite.dsn = dsn
	case <-time.After(4 * time.Minute):
		stopPGlite()
		pglite.err = fmt.Errorf("the PGlite server printed no DSN in 4 minutes: %s", stderr.String())
	}
}

func stopPGlite() {
	if pglite.cmd == nil {
		return
	}
	_ = pglite.in.Close() // --watch-stdin: it stops
	done := make(chan struct{})
	go func() { _ = pglite.cmd.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		_ = pglite.cmd.Process.Kill()
		<-done
	}
	pglite.cmd = nil
}

func TestMain(m *testing.M) {
	code := m.Run()
	stopPGlite()
	os.Exit(code)
}

func openPGlite(t *testing.T) *postgres.Adapter {
	t.Helper()
	a, err := postgres.Open(context.Background(), postgres.Config{DSN: pgliteDSN(t), ConnectTimeout: 30 * time.Second, QueryTimeout: 5 * time.Minute})
	if err != nil {
		t.Fatalf("open the adapter on PGlite: %v", err)
	}
	t.Cleanup(func() {
		if err := a.Close(); err != nil {
			t.Errorf("close: %v", err)
		}
	})
	return a
}

// TestPGliteOneConnection: PGlite serves one client at a time; the adapter
// finds that out at Open and runs every query on its one connection, so
// operations started together all succeed, one after another.
func TestPGliteOneConnection(t *testing.T) {
	a := openPGlite(t)
	if a.Connections() != 1 || a.SingleReason() == "" {
		t.Fatalf("on PGlite the adapter uses %d connections (%q), want 1 with a reason", a.Connections(), a.SingleReason())
	}
	if v := a.Info().Version; !strings.Contains(v, "one connection") || !strings.Contains(v, "PostgreSQL 18") {
		t.Errorf("Info().Version = %q, want the server and \"one connection\"", v)
	}
	ctx := context.Background()
	entries := []adapters.SearchEntry{{ID: "a", Label: "consciousness"}, {ID: "b", Label: "conscience"}, {ID: "c", Label: "limerence"}}
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ans, err := a.Search(ctx, adapters.SearchRequest{Entries: entries, Term: "conciousness", Limit: 10})
			if err == nil && (len(ans.Matches) == 0 || ans.Matches[0].ID != "a") {
				err = fmt.Errorf("matches %+v, want consciousness first", ans.Matches)
			}
			errs[i] = err
		}()
	}
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Errorf("search %d: %v", i, err)
		}
	}
}

// TestPGliteSuite runs the adapter's standards at level strict on PGlite,
// on the seed pglite/expectations.json was written with (by `conformance
// run --adapter postgres --level strict --write-expectations` against
// `make pglite`), with 25 generated cases per property: nothing errors,
// every failure is a known one (PGlite's, shown in
// reports/upstream/pglite.md), and no known failure passes. PRF-03, a time
// target, is left to `conformance run`: it measures the machine as much as
// the database.
func TestPGliteSuite(t *testing.T) {
	a := openPGlite(t)
	f, err := os.Open(filepath.Join("pglite", "expectations.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	expect, err := reports.ReadExpectations(f, ctxconform.Known)
	if err != nil {
		t.Fatal(err)
	}
	if expect.Seed == 0 || len(expect.Expectations) == 0 {
		t.Fatalf("pglite/expectations.json has seed %d and %d entries: write it with conformance run --write-expectations", expect.Seed, len(expect.Expectations))
	}
	rep := suite.Run(context.Background(), a, ctxconform.Requirements(), suite.Options{
		Level: suite.Reference, Seed: expect.Seed, PropertyRuns: 25, Timeout: 5 * time.Minute,
		Standards: []adapters.Standard{adapters.Inflate, adapters.Density, adapters.Elastic, adapters.Fuzzy},
		Skip:      regexp.MustCompile(`^PRF-03$`),
	})
	check := expect.Compare(rep)
	for _, id := range check.New {
		for _, r := range rep.Results {
			if r.ID == id {
				t.Errorf("%s %s on PGlite (not in pglite/expectations.json): %s", id, r.Outcome, r.Message)
			}
		}
	}
	for _, k := range check.Fixed {
		t.Errorf("%s passes on PGlite now: remove it from pglite/expectations.json", k.ID)
	}
	for _, k := range check.NotRun {
		if k.ID != "PRF-03" {
			t.Errorf("%s is expected to fail on PGlite but was %s", k.ID, k.Now)
		}
	}
	if n := rep.Count(suite.Errored); n > 0 {
		t.Errorf("%d requirements errored on PGlite", n)
	}
	t.Logf("%s in %v", rep.Summary(), rep.Elapsed.Round(time.Millisecond))
}

// TestPGliteClientsInTurn: PGlite's clients share one backend, so what one
// leaves in the session (prepared statements, settings, locks) the next one
// finds. Adapters opened one after another on the same server all work.
func TestPGliteClientsInTurn(t *testing.T) {
	dsn := pgliteDSN(t)
	ctx := context.Background()
	for i := range 3 {
		a, err := postgres.Open(ctx, postgres.Config{DSN: dsn, ConnectTimeout: 30 * time.Second, QueryTimeout: 5 * time.Minute})
		if err != nil {
			t.Fatalf("adapter %d: open: %v", i, err)
		}
		ans, err := a.Search(ctx, adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "limerence"}}, Term: "limerance"})
		if err != nil || len(ans.Matches) != 1 {
			t.Errorf("adapter %d: search: %v, %+v", i, err, ans.Matches)
		}
		if err := a.Close(); err != nil {
			t.Errorf("adapter %d: close: %v", i, err)
		}
	}
}

// TestPGliteCancelled: an operation whose caller gives up part-way does not
// break the next ones. On a server of one connection a cancelled query
// would end the connection, and the server, still at work on the query,
// would refuse the next client; the adapter lets the query finish instead.
func TestPGliteCancelled(t *testing.T) {
	a := openPGlite(t)
	docs := make([]inflate.Document, 20)
	var hits []inflate.Hit
	for i := range docs {
		docs[i] = inflate.Document{ID: fmt.Sprintf("d%02d", i), Body: strings.Repeat("consciousness is a word of several syllables. ", 400)}
		for j := range 20 {
			hits = append(hits, inflate.Hit{ID: fmt.Sprintf("h%02d-%02d", i, j), CompoundID: docs[i].ID, Start: j * 900, End: j*900 + 13, Score: 1})
		}
	}
	for _, wait := range []time.Duration{time.Millisecond, 20 * time.Millisecond, 200 * time.Millisecond} {
		ctx, cancel := context.WithTimeout(context.Background(), wait)
		_, err := a.Inflate(ctx, inflate.Request{Documents: docs, Hits: hits})
		cancel()
		t.Logf("inflate given %v: %v", wait, err)
		ans, err := a.Search(context.Background(), adapters.SearchRequest{Entries: []adapters.SearchEntry{{ID: "a", Label: "limerence"}}, Term: "limerance"})
		if err != nil || len(ans.Matches) != 1 {
			t.Fatalf("search after an inflate given %v: %v, %+v", wait, err, ans.Matches)
		}
	}
	res, err := a.Inflate(context.Background(), inflate.Request{Documents: docs, Hits: hits})
	if err != nil || len(res.Windows) == 0 {
		t.Fatalf("inflate after the cancelled ones: %v (%d windows)", err, len(res.Windows))
	}
}
