package adapters

import "context"

// RadialInflater is the operation interface of std085 protocol §5 radial lazy inflation.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type RadialInflater interface {
	RadialWindows(ctx context.Context, req RadialInflaterRequest) (RadialInflaterAnswer, error)
}

// RadialInflaterRequest is a placeholder.
type RadialInflaterRequest struct{}

// RadialInflaterAnswer is a placeholder.
type RadialInflaterAnswer struct{}
