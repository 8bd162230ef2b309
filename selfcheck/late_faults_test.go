package selfcheck_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/suite"
)

// faultsOn is the reference, except that Search answers err to the
// requests bad picks out.
type faultsOn struct {
	*reference.Adapter
	bad func(adapters.SearchRequest) bool
	err error
}

func (f faultsOn) Info() adapters.Info {
	i := f.Adapter.Info()
	i.Name = "faults-on-some"
	return i
}

func (f faultsOn) Search(ctx context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	if f.bad(req) {
		return adapters.SearchAnswer{}, f.err
	}
	return f.Adapter.Search(ctx, req)
}

// TestFuzzyLateNonAnswers: the fuzzy checks that ask for a refusal judge a
// non-answer to the bad request as no answer (ERROR), not as the refusal
// they asked for, even after the implementation answered the good
// requests before it (TestEveryCheckJudgesNonAnswersAlike sees only a
// first call fail); FUZ-09 meets a crash at the first length over the
// limit, 1025 bytes (an off-by-one buffer); and a NUL the transport cannot
// carry skips that case (no FAIL for an error that cannot name the NUL).
func TestFuzzyLateNonAnswers(t *testing.T) {
	long := func(r adapters.SearchRequest) bool { return len(r.Term) > fuzzy.MaxTermBytes }
	nul := func(r adapters.SearchRequest) bool {
		for _, e := range r.Entries {
			if strings.Contains(e.Label, "\x00") {
				return true
			}
		}
		return strings.Contains(r.Term, "\x00")
	}
	firstOver := func(r adapters.SearchRequest) bool { return len(r.Term) == fuzzy.MaxTermBytes+1 }
	crash := adapters.Fault("crashed")
	cannot := fmt.Errorf("search request not sent: %w", adapters.ErrInexpressible)
	reqs := ctxconform.Requirements()
	for _, c := range []struct {
		id   string
		bad  func(adapters.SearchRequest) bool
		err  error
		want suite.Outcome
	}{
		{"FUZ-08", nul, crash, suite.Errored},
		{"FUZ-08", nul, cannot, suite.Passed},
		{"FUZ-09", long, crash, suite.Errored},
		{"FUZ-09", firstOver, crash, suite.Errored},
		{"FUZ-10", long, crash, suite.Errored},
	} {
		t.Run(c.id, func(t *testing.T) {
			t.Parallel()
			opts := suite.Options{Level: suite.Reference, Seed: 1, Standards: []adapters.Standard{adapters.Fuzzy},
				Match: regexp.MustCompile(`^` + c.id + ` `)}
			rep := suite.Run(context.Background(), faultsOn{reference.New(), c.bad, c.err}, reqs, opts)
			if len(rep.Results) != 1 {
				t.Fatalf("%d results, want 1: %s", len(rep.Results), rep.Summary())
			}
			if r := rep.Results[0]; r.Outcome != c.want {
				t.Errorf("%s with %q on bad requests: %s, want %s: %s", c.id, c.err, r.Outcome, c.want, r.Message)
			}
		})
	}
}
