package adapters

import (
	"context"
	"time"
)

// SelfTiming asks an adapter to time the operation called with its context
// (WithSelfTiming) on the implementation's own clock: run it Warmup times
// untimed, then Iterations times timed, and answer as one call would. An
// implementation in another process is timed this way so that a benchmark
// measures it, not the pipe to it. The adapter fills in the outcome.
type SelfTiming struct {
	Warmup, Iterations int // asked for

	Done           bool          // the implementation timed the call
	Timed          int           // iterations it timed (normally Iterations)
	Elapsed        time.Duration // of the timed iterations, on its clock
	AllocatedBytes int64         // during the timed iterations, when HasBytes
	HasBytes       bool          // its runtime could tell the bytes allocated
	Clock          string        // the clock it read, for reports
	// Resolution is its clock's resolution: stated by the implementation,
	// else the least a clock can be trusted to measure (the process
	// protocol's DefaultResolution).
	Resolution time.Duration
}

// Marks of a timing that is not a measurement (SelfTiming.Unmeasured): the
// figures it gives are kept, and marked in every output.
const (
	UnmeasuredZero  = "zero"             // no time at all
	UnmeasuredBelow = "below-resolution" // less than the clock can measure
)

// Unmeasured says why the timing cannot be read as a measurement, "" when
// it can: no time at all (UnmeasuredZero), or less than its clock's
// resolution (UnmeasuredBelow).
func (s *SelfTiming) Unmeasured() string {
	switch {
	case s.Elapsed <= 0:
		return UnmeasuredZero
	case s.Elapsed < s.Resolution:
		return UnmeasuredBelow
	}
	return ""
}

// PerOp is the time of one timed iteration.
func (s *SelfTiming) PerOp() time.Duration {
	if s.Timed <= 0 {
		return 0
	}
	return s.Elapsed / time.Duration(s.Timed)
}

// WithSelfTiming returns ctx asking for s. Only an adapter that is a
// SelfTimer reporting true honours it; others ignore it (s.Done stays
// false).
func WithSelfTiming(ctx context.Context, s *SelfTiming) context.Context {
	return withValue(ctx, s)
}

// SelfTimingFrom returns what ctx asks for, or nil.
func SelfTimingFrom(ctx context.Context) *SelfTiming { return valueOf[SelfTiming](ctx) }

// SelfTimer is implemented by adapters that can time an operation on the
// implementation's own clock (the process adapter, when the program
// declares the "bench" capability).
type SelfTimer interface {
	SelfTimes() bool
}

// SelfTimes reports whether a, or the adapter it wraps, honours
// WithSelfTiming.
func SelfTimes(a Adapter) bool {
	for {
		if t, ok := a.(SelfTimer); ok {
			return t.SelfTimes()
		}
		u, ok := a.(Unwrapper)
		if !ok {
			return false
		}
		a = u.Unwrap()
	}
}
