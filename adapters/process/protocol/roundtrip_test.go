package protocol_test

import (
	"context"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
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

// BenchmarkRoundTripAfterWork is BenchmarkRoundTrip when the harness has
// worked for a while before each request, as it does between the cases of
// a property: the served program has been waiting that long, and a waiter
// that went to sleep must be woken. rt-ns/op is the round trip alone; the
// Options.Spin and ServeOptions.Spin waits are what keep it near the
// round trip of a program that is already awake.
func BenchmarkRoundTripAfterWork(b *testing.B) {
	ctx := context.Background()
	req := adapters.TrigramRequest{Strings: []string{"word"}}
	for _, spin := range []bool{true, false} {
		served, harness, name := servedSpin, time.Duration(0), "spin=on"
		if !spin {
			served, harness, name = 0, -1, "spin=off"
		}
		b.Setenv(serveEnv, served.String())
		a := servedReferenceWith(b, protocol.Options{Spin: harness})
		for _, work := range []time.Duration{0, 50 * time.Microsecond, 200 * time.Microsecond, time.Millisecond} {
			b.Run(name+"/work="+work.String(), func(b *testing.B) {
				var rt time.Duration
				for b.Loop() {
					busy(work)
					start := time.Now()
					if _, err := a.Trigrams(ctx, req); err != nil {
						b.Fatal(err)
					}
					rt += time.Since(start)
				}
				b.ReportMetric(float64(rt.Nanoseconds())/float64(b.N), "rt-ns/op")
			})
		}
	}
}

// busySink keeps busy's loop from being optimised away.
var busySink uint64

// busy keeps this goroutine's processor busy for d, allocating nothing.
func busy(d time.Duration) {
	x := busySink | 1
	for start := time.Now(); time.Since(start) < d; {
		for range 64 {
			x ^= x << 13
			x ^= x >> 7
			x ^= x << 17
		}
	}
	busySink = x
}
