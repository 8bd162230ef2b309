package adapters

import (
	"context"
	"sync/atomic"
)

// A Sequence numbers the requests made under a context (WithSequence), from
// 1. It is safe for concurrent use.
type Sequence struct{ n atomic.Int64 }

// WithSequence returns ctx carrying a fresh Sequence. suite.RunOne gives
// each requirement its own, so that a requirement's requests are numbered
// alike whichever instance of the implementation it runs on, and a message
// that names a request's seq says the same on every run (--jobs).
func WithSequence(ctx context.Context) context.Context {
	return withValue(ctx, new(Sequence))
}

// NextSeq is the next number of ctx's Sequence, or false when ctx carries
// none (the adapter then numbers the request itself).
func NextSeq(ctx context.Context) (int64, bool) {
	s := valueOf[Sequence](ctx)
	if s == nil {
		return 0, false
	}
	return s.n.Add(1), true
}
