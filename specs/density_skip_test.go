package specs_test

import (
	"context"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/specs"
	"github.com/ctxconform/ctxconform/suite"
)

// dropsAll answers every inflation with no window, every hit dropped.
type dropsAll struct{ *reference.Adapter }

func (dropsAll) Inflate(_ context.Context, req inflate.Request) (inflate.Result, error) {
	if err := inflate.Validate(req.Documents, req.Hits); err != nil {
		return inflate.Result{}, err
	}
	res := inflate.Result{Windows: []inflate.Window{}}
	for _, h := range req.Hits {
		res.Dropped = append(res.Dropped, h.ID)
	}
	return res, nil
}

// TestMinPaddingUnjudged: DEN-06 judges the padding of the window that
// holds its hit; an answer with no such window under any of its budgets
// (keeping the hit is DEN-02's and DEN-11's) leaves it nothing to judge, so
// it is skipped, not passed.
func TestMinPaddingUnjudged(t *testing.T) {
	for _, r := range specs.Requirements() {
		if r.ID != "DEN-06" {
			continue
		}
		res := suite.RunOne(context.Background(), dropsAll{reference.New()}, r, suite.Options{Level: suite.Reference, Seed: 1})
		if res.Outcome != suite.Skipped {
			t.Errorf("DEN-06 with every hit dropped: %s (%s), want skipped", res.Outcome, res.Message)
		}
		return
	}
	t.Fatal("no DEN-06 among the specs")
}
