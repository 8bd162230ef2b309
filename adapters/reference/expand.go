package reference

import (
	"context"
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
)

// Multiplier runs ADR-023's multiplier on the graph: 1.0 below two nodes,
// then 1.5, 2.0 or 3.0 by density (self-loops and repeated edges not
// counted).
func (*Adapter) Multiplier(ctx context.Context, req adapters.GraphRequest) (float64, error) {
	if err := ctx.Err(); err != nil {
		return 0, err
	}
	g, err := convert.Graph(req)
	if err != nil {
		return 0, fmt.Errorf("multiplier: %w", err)
	}
	return expand.Multiplier(g), nil
}

// Expand runs the reference hybrid search (hybrid.Search, default
// configuration) with ADR-023's dynamic candidate expansion.
func (*Adapter) Expand(ctx context.Context, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.ExpandAnswer{}, err
	}
	return search(hybrid.DefaultConfig(), req)
}

// search runs cfg.Search on the request and returns the adapter's answer.
func search(cfg hybrid.Config, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	cat, err := hybrid.NewCatalogue(req.Tools)
	if err != nil {
		return adapters.ExpandAnswer{}, fmt.Errorf("expand: %w", err)
	}
	g, err := convert.Graph(req.Graph())
	if err != nil {
		return adapters.ExpandAnswer{}, fmt.Errorf("expand: %w", err)
	}
	res, err := cfg.Search(cat, g, req.Query, req.Limit)
	if err != nil {
		return adapters.ExpandAnswer{}, fmt.Errorf("expand: %w", err)
	}
	ans := convert.ExpandAnswer(res, res.Multiplier)
	return ans, nil
}
