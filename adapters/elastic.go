package adapters

import "context"

// Hydrator is the operation interface of std105 §2 elastic radius: census, radius, hydration.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type Hydrator interface {
	Hydrate(ctx context.Context, req HydratorRequest) (HydratorAnswer, error)
}

// HydratorRequest is a placeholder.
type HydratorRequest struct{}

// HydratorAnswer is a placeholder.
type HydratorAnswer struct{}
