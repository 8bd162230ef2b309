package protocol_test

import (
	"context"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// BenchmarkRoundTrip is the cost of one small request to the reference
// served by a separate program (as `conformance serve-reference`): mostly
// the latency of two processes waking each other.
func BenchmarkRoundTrip(b *testing.B) {
	ctx := context.Background()
	a := servedReference(b)
	req := adapters.TrigramRequest{Strings: []string{"word"}}
	for b.Loop() {
		if _, err := a.Trigrams(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
