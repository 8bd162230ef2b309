package adapters

import "context"

// Expander is the operation interface of ADR-023 dynamic candidate expansion.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type Expander interface {
	Expand(ctx context.Context, req ExpanderRequest) (ExpanderAnswer, error)
}

// ExpanderRequest is a placeholder.
type ExpanderRequest struct{}

// ExpanderAnswer is a placeholder.
type ExpanderAnswer struct{}
