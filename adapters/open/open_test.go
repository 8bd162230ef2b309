package open_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/adapters/postgres"
)

// TestPostgresHint: an unreachable server is an error that says how to
// point the adapter elsewhere itself (postgres.ErrNoDatabase), so it is no
// HintError and the caller adds no second hint.
func TestPostgresHint(t *testing.T) {
	_, err := open.New(context.Background(), open.Config{Name: "postgres", DSN: "postgres://nobody@127.0.0.1:1/none?connect_timeout=2"})
	if err == nil {
		t.Fatal("opened a database on port 1")
	}
	var h *open.HintError
	if !errors.Is(err, postgres.ErrNoDatabase) || errors.As(err, &h) {
		t.Errorf("error %v: want postgres.ErrNoDatabase and no HintError", err)
	}
	if n := strings.Count(err.Error(), "CTXCONFORM_PG_DSN"); n != 1 {
		t.Errorf("error %q names CTXCONFORM_PG_DSN %d times, want once", err, n)
	}
}
