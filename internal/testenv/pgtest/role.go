package pgtest

import (
	"context"
	"fmt"
	"net/url"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// ReadOnlyRole creates a login role with no privileges beyond what PUBLIC
// has (it may connect, but not create a schema) and returns its name and
// the DSN connecting as it to the database of dsn. The role is dropped,
// with whatever was granted to it, when the test ends.
func ReadOnlyRole(t testing.TB, admin *pgx.Conn, dsn string) (role, roleDSN string) {
	t.Helper()
	ctx := context.Background()
	role = fmt.Sprintf("ctxconform_ro_%d", time.Now().UnixNano())
	if _, err := admin.Exec(ctx, "CREATE ROLE "+role+" LOGIN"); err != nil {
		t.Fatalf("create role %s: %v", role, err)
	}
	t.Cleanup(func() {
		// Privileges in this database go with DROP OWNED; the role is
		// cluster-wide.
		for _, q := range []string{"DROP OWNED BY " + role, "DROP ROLE " + role} {
			if _, err := admin.Exec(ctx, q); err != nil {
				t.Errorf("%s: %v", q, err)
			}
		}
	})
	u, err := url.Parse(dsn)
	if err != nil {
		t.Fatalf("DSN %q: %v", dsn, err)
	}
	u.User = url.User(role)
	return role, u.String()
}
