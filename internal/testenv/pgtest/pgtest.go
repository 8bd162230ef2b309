// Package pgtest is what tests needing PostgreSQL share: the database they
// use, and one rule for when it is not there. Outside CI an unreachable
// server skips the test, saying how to point it at a database; in CI (the
// environment variable CI set) it fails the test, so a CI job cannot pass
// by skipping.
package pgtest

import (
	"os"
	"testing"
)

// DefaultDSN is the PostgreSQL every ctxconform development and CI machine
// has.
const DefaultDSN = "postgres://postgres@127.0.0.1:5432/test?sslmode=disable"

// DSN is $CTXCONFORM_PG_DSN, or DefaultDSN.
func DSN() string {
	if d := os.Getenv("CTXCONFORM_PG_DSN"); d != "" {
		return d
	}
	return DefaultDSN
}

// Unavailable ends the test for a database that could not be reached:
// skipped outside CI, failed in CI.
func Unavailable(t testing.TB, err error) {
	t.Helper()
	msg := "PostgreSQL unavailable: " + err.Error() +
		"\nSet CTXCONFORM_PG_DSN=postgres://USER@HOST:PORT/DB to a PostgreSQL 15+ database with pg_trgm to run these tests."
	if os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
}
