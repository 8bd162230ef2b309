package adapters

import "context"

// Searcher is the operation interface of std105 §3 fuzzy search with pg_trgm semantics.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type Searcher interface {
	Search(ctx context.Context, req SearcherRequest) (SearcherAnswer, error)
}

// SearcherRequest is a placeholder.
type SearcherRequest struct{}

// SearcherAnswer is a placeholder.
type SearcherAnswer struct{}
