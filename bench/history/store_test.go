package history_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/bench/format"
	"github.com/ctxconform/ctxconform/bench/history"
	"github.com/ctxconform/ctxconform/internal/testenv/pgtest"
	"github.com/jackc/pgx/v5"
)

// stamped is run i of a small history, as import writes it.
func stamped(t testing.TB, i int) ([]byte, *history.Run) {
	t.Helper()
	in := fmt.Sprintf("goos: linux\nBenchmarkX-2 100 %d ns/op 8 B/op\nBenchmarkX-2 100 %d ns/op 8 B/op\nPASS\n", 1000+i, 1001+i)
	date := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Hour).Format(time.RFC3339)
	data, run, err := history.Stamp([]byte(in), fmt.Sprintf("in%d.txt", i), []format.Config{{Key: "commit", Value: fmt.Sprintf("%040d", i)}, {Key: "date", Value: date}}, history.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return data, run
}

// testStore: writers adding distinct runs at once all succeed; two adding
// the same commit at once, exactly one; the runs read back are the ones
// written.
func testStore(t *testing.T, open func() history.Store) {
	const writers = 8
	var wg sync.WaitGroup
	errs := make([]error, 2*writers)
	for w := range writers {
		wg.Go(func() {
			s := open()
			if s == nil {
				errs[w], errs[writers+w] = fmt.Errorf("open failed"), fmt.Errorf("open failed")
				return
			}
			defer s.Close()
			data, run := stamped(t, w)
			errs[w] = s.Add(context.Background(), run, data)
			data, run = stamped(t, 100) // everyone races for commit 100
			errs[writers+w] = s.Add(context.Background(), run, data)
		})
	}
	wg.Wait()
	won := 0
	for i, err := range errs {
		switch {
		case i < writers && err != nil:
			t.Errorf("writer %d: %v", i, err)
		case i >= writers && err == nil:
			won++
		case i >= writers && !strings.Contains(err.Error(), "already holds commit "+fmt.Sprintf("%040d", 100)):
			t.Errorf("duplicate refused with %v", err)
		}
	}
	if won != 1 {
		t.Errorf("%d writers added commit 100, want exactly 1", won)
	}
	s := open()
	defer s.Close()
	rs, err := s.Runs(context.Background(), history.ReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != writers+1 {
		t.Fatalf("%d runs read back, want %d", len(rs), writers+1)
	}
	h, err := history.NewHistory(rs)
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range h.Runs[:writers] {
		if r.Commit != fmt.Sprintf("%040d", i) || r.Date.Hour() != i || len(r.Results) != 2 || r.Get("goos") != "linux" {
			t.Errorf("run %d read back as %s %v %d results %+v", i, r.Commit, r.Date, len(r.Results), r.Config)
		}
	}
	if len(h.Series) != 2 || h.Series[0].Unit != "sec/op" || h.Series[0].Points[3].Value != 1003.5e-9 {
		t.Errorf("series %+v", h.Series[0])
	}
}

func TestDirStore(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "h")
	testStore(t, func() history.Store { return history.Dir(dir) })
	// Plain files, named by date and commit, no leftovers.
	ents, _ := os.ReadDir(dir)
	if len(ents) != 9 || ents[0].Name() != "20260101T000000Z-"+fmt.Sprintf("%040d", 0)+".txt" {
		var names []string
		for _, e := range ents {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v", names)
	}
	// Readable by the others who read the history, as -o files are: the
	// mode the umask leaves of 0644 (os.CreateTemp made them 0600).
	want := os.FileMode(0o644 &^ umask())
	for _, e := range ents {
		if info, err := e.Info(); err != nil || info.Mode().Perm() != want {
			t.Errorf("%s: mode %v (%v), want %v", e.Name(), info.Mode(), err, want)
		}
	}
}

// TestDirStoreHostile: a link planted in a history directory is an error
// naming it, never followed nor passed over in silence (the run it stands
// for would be lost to the gate); with ReadOptions.Unreadable it is handed
// over, named, and skipped.
func TestDirStoreHostile(t *testing.T) {
	dir := t.TempDir()
	victim := filepath.Join(t.TempDir(), "victim.txt")
	if err := os.WriteFile(victim, []byte("commit: c1\ndate: 2026-01-01T00:00:00Z\nBenchmarkX-2 100 1 ns/op\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "20260101T000000Z-x.txt")
	if err := os.Symlink(victim, link); err != nil {
		t.Fatal(err)
	}
	_, err := history.Dir(dir).Runs(context.Background(), history.ReadOptions{})
	if err == nil || !strings.Contains(err.Error(), link+": a symbolic link, not a regular file") {
		t.Fatalf("a link: %v, want an error naming it", err)
	}
	var handed []string
	runs, err := history.Dir(dir).Runs(context.Background(), history.ReadOptions{Unreadable: func(err error) { handed = append(handed, err.Error()) }})
	if err != nil || len(runs) != 0 || len(handed) != 1 || !strings.Contains(handed[0], link) {
		t.Errorf("with Unreadable: %d runs, %v, handed %q", len(runs), err, handed)
	}
}

func TestPostgresStore(t *testing.T) {
	ctx := context.Background()
	schema := fmt.Sprintf("ctxconform_history_test_%d", time.Now().UnixNano())
	first, err := history.OpenPostgres(ctx, pgtest.DSN(), schema)
	if err != nil {
		pgtest.Unavailable(t, err)
	}
	t.Cleanup(func() {
		if err := first.Drop(ctx); err != nil {
			t.Errorf("drop %s: %v", schema, err)
		}
		first.Close()
	})
	// Drop it again so the concurrent writers race to create it.
	if err := first.Drop(ctx); err != nil {
		t.Fatal(err)
	}
	testStore(t, func() history.Store {
		s, err := history.OpenPostgres(ctx, pgtest.DSN(), schema)
		if err != nil {
			t.Error(err)
			return nil
		}
		return s
	})
}

// TestPostgresReadOnly: reading a history needs only SELECT. Reading a
// database where nothing was recorded says so and creates nothing, as a
// read-only role or as the owner; a read-only role cannot record, and
// reads what others recorded once granted SELECT.
func TestPostgresReadOnly(t *testing.T) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.DSN())
	if err != nil {
		pgtest.Unavailable(t, err)
	}
	t.Cleanup(func() { admin.Close(ctx) })
	schema := fmt.Sprintf("ctxconform_history_ro_%d", time.Now().UnixNano())
	role, roDSN := pgtest.ReadOnlyRole(t, admin, pgtest.DSN())
	exists := func() bool {
		var n int
		if err := admin.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname = $1`, schema).Scan(&n); err != nil {
			t.Fatal(err)
		}
		return n > 0
	}
	owner, err := history.OpenPostgres(ctx, pgtest.DSN(), schema)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := owner.Drop(ctx); err != nil {
			t.Errorf("drop %s: %v", schema, err)
		}
		owner.Close()
	})
	reader, err := history.OpenPostgres(ctx, roDSN, schema)
	if err != nil {
		t.Fatalf("open as read-only role %s: %v", role, err)
	}
	t.Cleanup(func() { reader.Close() })
	for name, s := range map[string]*history.Postgres{"owner": owner, "read-only role": reader} {
		if _, err := s.Runs(ctx, history.ReadOptions{}); !errors.Is(err, history.ErrNoHistory) {
			t.Errorf("%s reading an empty database: %v, want %v", name, err, history.ErrNoHistory)
		}
	}
	if exists() {
		t.Fatalf("reading created schema %s", schema)
	}
	data, run := stamped(t, 1)
	if err := reader.Add(ctx, run, data); err == nil || !strings.Contains(err.Error(), "permission denied") {
		t.Errorf("read-only role recorded a run: %v", err)
	}
	if err := owner.Add(ctx, run, data); err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{"GRANT USAGE ON SCHEMA " + schema + " TO " + role, "GRANT SELECT ON " + schema + ".runs TO " + role} {
		if _, err := admin.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	rs, err := reader.Runs(ctx, history.ReadOptions{})
	if err != nil || len(rs) != 1 || rs[0].Commit != run.Commit {
		t.Errorf("read-only role read %d runs, %v; want the run recorded", len(rs), err)
	}
}

// umask is the process's umask, read by setting it and back.
func umask() int {
	m := syscall.Umask(0o022)
	syscall.Umask(m)
	return m
}
