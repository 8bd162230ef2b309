package adapters

import "context"

// Assembler is the operation interface of std085 protocol §1–3 window assembly strategies.
//
// STUB: the owner of this file replaces the placeholder request and answer
// types with the real contract.
type Assembler interface {
	Assemble(ctx context.Context, req AssemblerRequest) (AssemblerAnswer, error)
}

// AssemblerRequest is a placeholder.
type AssemblerRequest struct{}

// AssemblerAnswer is a placeholder.
type AssemblerAnswer struct{}
