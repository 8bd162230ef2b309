package properties_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/properties"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// Implementations that miss one performance target each, so the PRF checks
// are shown able to fail.

// doubleBudget inflates with twice the budget it was given.
type doubleBudget struct{ *reference.Adapter }

func (a doubleBudget) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	if req.Budget != nil {
		b := 2 * *req.Budget
		req.Budget = &b
	}
	return a.Adapter.Inflate(ctx, req)
}

// hungry copies every document before inflating, as an engine that fetches
// whole bodies to cut windows would.
type hungry struct{ *reference.Adapter }

var sink []string

func (a hungry) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	docs := make([]inflate.Document, len(req.Documents))
	for i, d := range req.Documents {
		d.Body = strings.Clone(d.Body)
		docs[i] = d
		sink = append(sink[:0], d.Body)
	}
	req.Documents = docs
	return a.Adapter.Inflate(ctx, req)
}

// sluggish returns one window after 6 ms: 6 ms per window.
type sluggish struct{ *reference.Adapter }

func (a sluggish) Inflate(ctx context.Context, req inflate.Request) (inflate.Result, error) {
	res, err := a.Adapter.Inflate(ctx, req)
	time.Sleep(6 * time.Millisecond)
	if len(res.Windows) > 1 {
		for _, w := range res.Windows[1:] {
			res.Dropped = append(res.Dropped, w.Hits...)
		}
		res.Windows = res.Windows[:1]
	}
	return res, err
}

func TestPerformanceTargetsCatchMutants(t *testing.T) {
	prf := map[string]suite.Requirement{}
	for _, r := range properties.Requirements() {
		if strings.HasPrefix(r.ID, "PRF-") {
			prf[r.ID] = r
		}
	}
	if len(prf) != 3 {
		t.Fatalf("%d PRF requirements, want 3", len(prf))
	}
	for _, c := range []struct {
		name  string
		a     adapters.Adapter
		fails string
	}{
		{"reference", reference.New(), ""},
		{"double budget", doubleBudget{reference.New()}, "PRF-01"},
		{"hungry", hungry{reference.New()}, "PRF-02"},
		{"sluggish", sluggish{reference.New()}, "PRF-03"},
	} {
		ids := []string{"PRF-01", "PRF-02", "PRF-03"}
		if c.fails != "" {
			ids = []string{c.fails}
		}
		for _, id := range ids {
			res := suite.RunOne(context.Background(), c.a, prf[id], suite.Options{Level: suite.Reference, Seed: 7, PropertyRuns: 40})
			want := suite.Passed
			if id == c.fails {
				want = suite.Failed
			}
			if res.Outcome != want {
				t.Errorf("%s: %s %s, want %s: %s %v", c.name, id, res.Outcome, want, res.Message, res.Notes)
			}
		}
	}
}
