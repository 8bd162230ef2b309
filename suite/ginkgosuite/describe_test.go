package ginkgosuite

import (
	"strings"
	"testing"

	"github.com/onsi/ginkgo/v2"
	"github.com/onsi/ginkgo/v2/types"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// recorder stands for the testing.T of a Ginkgo run whose failures are
// the test's subject.
type recorder struct{ failed bool }

func (r *recorder) Fail() { r.failed = true }

// TestDescribe runs a catalogue of three requirements (one passes, one
// fails, and one after it is inconclusive) as Ginkgo specs against the reference and a
// PostgreSQL adapter that cannot be opened, in CI: the specs' states
// must be the requirements' verdicts (a failure does not stop the
// specs after it), and the unavailable adapter's specs failed (outside CI
// they would be skipped: TestUnavailable).
func TestDescribe(t *testing.T) {
	t.Setenv("CTXCONFORM_ADAPTERS", "reference,postgres")
	t.Setenv("CTXCONFORM_PG_DSN", "postgres://nobody@127.0.0.1:1/none?connect_timeout=5")
	t.Setenv("CI", "true")
	req := func(id, title string, check func(*suite.T)) suite.Requirement {
		return suite.Requirement{ID: id, Standard: adapters.Inflate, Section: "§2", Level: suite.Reference, Title: title, Kind: suite.Spec, Check: check}
	}
	Describe([]suite.Requirement{
		req("INF-90", "passes", func(*suite.T) {}),
		req("INF-91", "fails", func(t *suite.T) { t.Errorf("wrong on purpose") }),
		req("INF-92", "is not judged", func(t *suite.T) { t.Inconclusivef("not judged") }),
	})
	got := map[string]types.SpecReport{}
	ginkgo.ReportAfterSuite("collect", func(rep ginkgo.Report) {
		for _, s := range rep.SpecReports {
			if s.LeafNodeType == types.NodeTypeIt {
				got[s.FullText()] = s
			}
		}
	})
	var r recorder
	ginkgo.RunSpecs(&r, "ginkgosuite")
	if !r.failed {
		t.Error("the run did not fail, with a requirement that fails")
	}
	for _, tt := range []struct {
		spec  string
		state types.SpecState
		msg   string
	}{
		{"adapter reference Context inflation INF-90 passes", types.SpecStatePassed, ""},
		{"adapter reference Context inflation INF-91 fails", types.SpecStateFailed, "wrong on purpose"},
		{"adapter reference Context inflation INF-92 is not judged", types.SpecStateSkipped, "inconclusive: not judged"},
		{"adapter postgres Context inflation INF-90 passes", types.SpecStateFailed, "cannot open adapter postgres"},
	} {
		s, ok := got[tt.spec]
		if !ok {
			t.Errorf("no spec %q among %d", tt.spec, len(got))
			continue
		}
		if s.State != tt.state || !strings.Contains(s.Failure.Message, tt.msg) {
			t.Errorf("%s: %s %q, want %s and %q", tt.spec, s.State, s.Failure.Message, tt.state, tt.msg)
		}
	}
}
