package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// The operations of std105 §3, fuzzy search with pg_trgm semantics. They
// carry no offsets.
var (
	fuzzySearchOp = define("fuzzy_search", []adapters.Standard{adapters.Fuzzy}, false,
		func(ctx context.Context, a adapters.Adapter, req adapters.SearchRequest, _ densify.Provider) (adapters.SearchAnswer, error) {
			s, ok := a.(adapters.Searcher)
			if !ok {
				return adapters.SearchAnswer{}, notProvided(a, "fuzzy_search")
			}
			return s.Search(ctx, req)
		}, nil)

	fuzzyTrigramsOp = define("fuzzy_trigrams", []adapters.Standard{adapters.Fuzzy}, false,
		func(ctx context.Context, a adapters.Adapter, req adapters.TrigramRequest, _ densify.Provider) (adapters.TrigramAnswer, error) {
			s, ok := a.(adapters.Searcher)
			if !ok {
				return adapters.TrigramAnswer{}, notProvided(a, "fuzzy_trigrams")
			}
			return s.Trigrams(ctx, req)
		}, nil)
)

// Search sends a "fuzzy_search" request.
func (a *Adapter) Search(ctx context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	return roundTrip[adapters.SearchAnswer](ctx, a, fuzzySearchOp, req, nil)
}

// Trigrams sends a "fuzzy_trigrams" request.
func (a *Adapter) Trigrams(ctx context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	return roundTrip[adapters.TrigramAnswer](ctx, a, fuzzyTrigramsOp, req, nil)
}
