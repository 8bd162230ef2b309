package invariant

import (
	"strings"
	"testing"
)

// wantErr checks the error a predicate pred gave: none when want is "",
// else one that says want.
func wantErr(t *testing.T, pred string, err error, want string) {
	t.Helper()
	switch {
	case want == "" && err != nil:
		t.Errorf("%s: %v, want no error", pred, err)
	case want != "" && err == nil:
		t.Errorf("%s: no error, want one saying %q", pred, want)
	case want != "" && !strings.Contains(err.Error(), want):
		t.Errorf("%s: %v, want it to say %q", pred, err, want)
	}
}
