package adapters

import "context"

// Densifier is the operation interface of densification-chunking.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type Densifier interface {
	Densify(ctx context.Context, req DensifierRequest) (DensifierAnswer, error)
}

// DensifierRequest is a placeholder.
type DensifierRequest struct{}

// DensifierAnswer is a placeholder.
type DensifierAnswer struct{}
