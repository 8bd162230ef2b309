package properties_test

import (
	"context"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
)

// unaccounting is the reference that leaves the account of its calls out
// of its answers (no runs for its attempt: a DSF-19 fault) for the first
// drop answers that made calls, or for every answer when drop is negative.
type unaccounting struct {
	*reference.Adapter
	mu   sync.Mutex
	drop int
}

func (a *unaccounting) Densify(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
	var mu sync.Mutex
	calls := 0
	ans, err := a.Adapter.Densify(ctx, req, densify.ProviderFunc(func(ctx context.Context, prompt, input string) (string, error) {
		mu.Lock()
		calls++
		mu.Unlock()
		return p.Complete(ctx, prompt, input)
	}))
	a.mu.Lock()
	defer a.mu.Unlock()
	if err == nil && (calls > 0 || a.drop < 0) && a.drop != 0 {
		a.drop--
		ans.Runs = nil
	}
	return ans, err
}

// TestDensificationUnjudged: a property that needs the answer's account of
// its calls (DSF-22 here) does not judge a case whose answer lacks it (that
// is DSF-19's), and says so: with no case judged it ends inconclusive, never
// passed; with one case left it passes with a note naming the one; with
// every case judged (the reference) it passes without that note.
func TestDensificationUnjudged(t *testing.T) {
	var dsf22 suite.Requirement
	for _, r := range properties.Requirements() {
		if r.ID == "DSF-22" {
			dsf22 = r
		}
	}
	if dsf22.ID == "" {
		t.Fatal("no DSF-22 among the properties")
	}
	opts := suite.Options{Level: suite.Reference, Seed: 1, PropertyRuns: 10}
	run := func(a adapters.Adapter) suite.Result { return suite.RunOne(context.Background(), a, dsf22, opts) }
	notJudged := func(r suite.Result) string {
		for _, n := range r.Notes {
			if strings.Contains(n, "not judged") {
				return n
			}
		}
		return ""
	}

	if r := run(&unaccounting{Adapter: reference.New(), drop: -1}); r.Outcome != suite.Inconclusive {
		t.Errorf("no answer accounts for its calls: %s (%s), want inconclusive", r.Outcome, r.Message)
	}
	r := run(&unaccounting{Adapter: reference.New(), drop: 1})
	if n := notJudged(r); r.Outcome != suite.Passed || !strings.HasPrefix(n, "1 of ") {
		t.Errorf("one answer does not account for its calls: %s, note %q; want passed, noting 1 case not judged", r.Outcome, n)
	}
	r = run(reference.New())
	if n := notJudged(r); r.Outcome != suite.Passed || n != "" {
		t.Errorf("the reference: %s, note %q; want passed without a case left unjudged", r.Outcome, n)
	}
}
