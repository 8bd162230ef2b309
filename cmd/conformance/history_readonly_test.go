package main

import (
	"context"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/internal/testenv/pgtest"
	"github.com/jackc/pgx/v5"
)

// TestHistoryReadOnlyDSN: "history --dsn" as a role that may only read.
// In a database where nothing was recorded it says so (exit 2) and creates
// no schema; once runs are recorded (by another role) and SELECT granted,
// it reads and analyses them. The database is a fresh one, dropped after.
func TestHistoryReadOnlyDSN(t *testing.T) {
	ctx := context.Background()
	admin, err := pgx.Connect(ctx, pgtest.DSN())
	if err != nil {
		pgtest.Unavailable(t, err)
	}
	t.Cleanup(func() { admin.Close(ctx) })
	db := fmt.Sprintf("ctxconform_ro_db_%d", time.Now().UnixNano())
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+db); err != nil {
		t.Fatalf("create database: %v", err)
	}
	t.Cleanup(func() {
		if _, err := admin.Exec(ctx, "DROP DATABASE "+db+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", db, err)
		}
	})
	u, err := url.Parse(pgtest.DSN())
	if err != nil {
		t.Fatal(err)
	}
	u.Path = "/" + db
	ownerDSN := u.String()
	owner, err := pgx.Connect(ctx, ownerDSN)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { owner.Close(ctx) })
	role, roDSN := pgtest.ReadOnlyRole(t, owner, ownerDSN)

	code, stdout, stderr := runCmd("history", "--dsn", roDSN)
	if code != exitUsage || !strings.Contains(stderr, "no history recorded in this database") {
		t.Errorf("empty database: exit %d, stderr %q; want %d and \"no history recorded in this database\"\n%s", code, stderr, exitUsage, stdout)
	}
	code, _, stderr = runCmd("history", "--dsn", ownerDSN)
	if code != exitUsage || !strings.Contains(stderr, "no history recorded in this database") {
		t.Errorf("empty database as its owner: exit %d, stderr %q", code, stderr)
	}
	var schemas int
	if err := owner.QueryRow(ctx, `SELECT count(*) FROM pg_namespace WHERE nspname = 'ctxconform_history'`).Scan(&schemas); err != nil || schemas != 0 {
		t.Fatalf("reading created the schema (%d, %v)", schemas, err)
	}

	hist := buildHistory(t, 12, -1, 1)
	files, err := filepath.Glob(filepath.Join(hist, "*.txt"))
	if err != nil || len(files) != 12 {
		t.Fatalf("history files %v, %v", files, err)
	}
	for _, f := range files {
		if code, _, stderr := runCmd("history", "import", "--dsn", ownerDSN, f); code != exitOK {
			t.Fatalf("import %s: exit %d: %s", f, code, stderr)
		}
	}
	for _, q := range []string{"GRANT USAGE ON SCHEMA ctxconform_history TO " + role, "GRANT SELECT ON ctxconform_history.runs TO " + role} {
		if _, err := owner.Exec(ctx, q); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	code, stdout, stderr = runCmd("history", "--dsn", roDSN)
	if code != exitOK || !strings.Contains(stdout, "12 runs") {
		t.Errorf("read-only role: exit %d, stderr %q, stdout %q; want 0 and the 12 runs analysed", code, stderr, stdout)
	}
}
