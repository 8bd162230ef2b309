package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
)

// The operations of std105 §3, fuzzy search with pg_trgm semantics. They
// carry no offsets.
var (
	fuzzySearchOp = define("fuzzy_search", []adapters.Standard{adapters.Fuzzy}, false,
		plain(adapters.Searcher.Search), nil)

	fuzzyTrigramsOp = define("fuzzy_trigrams", []adapters.Standard{adapters.Fuzzy}, false,
		plain(adapters.Searcher.Trigrams), nil)
)

// Search sends a "fuzzy_search" request.
func (a *Adapter) Search(ctx context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	return roundTrip[adapters.SearchAnswer](ctx, a, fuzzySearchOp, req, nil)
}

// Trigrams sends a "fuzzy_trigrams" request.
func (a *Adapter) Trigrams(ctx context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	return roundTrip[adapters.TrigramAnswer](ctx, a, fuzzyTrigramsOp, req, nil)
}
