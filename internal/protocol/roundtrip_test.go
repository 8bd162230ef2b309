package protocol_test

import (
	"context"
	"os"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/protocol"
)

// BenchmarkRoundTrip is the cost of one small request to the reference
// served by a separate program (as `conformance serve-reference`): mostly
// the latency of two processes waking each other.
func BenchmarkRoundTrip(b *testing.B) {
	b.Setenv(serveEnv, "1")
	ctx := context.Background()
	a, err := protocol.New(ctx, protocol.Command(os.Args[0], "-test.run=^TestServeReferenceProcess$"), protocol.Options{})
	if err != nil {
		b.Fatal(err)
	}
	defer a.Close()
	req := adapters.TrigramRequest{Strings: []string{"word"}}
	for b.Loop() {
		if _, err := a.Trigrams(ctx, req); err != nil {
			b.Fatal(err)
		}
	}
}
