package selfcheck_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/suite"
)

// graphBlind is the reference search with graph weight 0: its graph score
// never counts, so asking for more candidates cannot change which come
// first, and EXP-13's two arms answer alike.
type graphBlind struct{ *reference.Adapter }

func (graphBlind) Info() adapters.Info {
	i := reference.New().Info()
	i.Name = "graph-blind"
	return i
}

func (graphBlind) Expand(_ context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	cat, err := hybrid.NewCatalogue(req.Tools)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	es := make([]expand.Edge, len(req.Edges))
	for i, e := range req.Edges {
		es[i] = expand.Edge{From: e.From, To: e.To}
	}
	g, err := expand.FromEdges(req.Nodes, es)
	if err != nil {
		return adapters.ExpandAnswer{}, fmt.Errorf("expand: %w", err)
	}
	cfg := hybrid.DefaultConfig()
	cfg.GraphWeight = 0
	res, err := cfg.Search(cat, g, req.Query, req.Limit)
	if err != nil {
		return adapters.ExpandAnswer{}, err
	}
	ans := convert.ExpandAnswer(res, res.Multiplier)
	return ans, nil
}

// TestExpandRecallInconclusive: EXP-13 (recall with the dynamic multiplier
// at least a static 2×'s) is inconclusive, with the reason, for a search
// whose two arms answer alike, and passes the reference, whose arms differ.
func TestExpandRecallInconclusive(t *testing.T) {
	var exp13 suite.Requirement
	for _, r := range ctxconform.Requirements() {
		if r.ID == "EXP-13" {
			exp13 = r
		}
	}
	for _, tt := range []struct {
		a    adapters.Adapter
		want suite.Outcome
	}{
		{reference.New(), suite.Passed},
		{graphBlind{reference.New()}, suite.Inconclusive},
	} {
		res := suite.RunOne(context.Background(), tt.a, exp13, suite.Options{Seed: 1})
		if res.Outcome != tt.want {
			t.Errorf("%s: EXP-13 %s (%s), want %s", tt.a.Info().Name, res.Outcome, res.Message, tt.want)
		}
	}
}
