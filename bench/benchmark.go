package bench

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
)

// A Benchmark is one entry of the catalogue. F runs the benchmark loop on b
// and returns an error if the implementation failed; an error wrapping
// ErrSkip means the benchmark could not apply (its message says why).
type Benchmark struct {
	// Name is the benchmark's name without the "Benchmark" prefix and the
	// GOMAXPROCS suffix, e.g. "Inflate/hits=1000/docs=100/doc-bytes=16000/budget=none".
	Name string
	// Level says what the figures describe.
	Level Level
	F     func(b *testing.B) error
}

// Level says what a benchmark measures.
type Level string

const (
	// AdapterLevel benchmarks call the implementation under test.
	AdapterLevel Level = "adapter"
	// ReferenceLevel benchmarks call the reference packages directly.
	ReferenceLevel Level = "reference"
	// VersusLevel benchmarks compare the reference with PostgreSQL.
	VersusLevel Level = "versus"
)

// ErrSkip marks a benchmark that cannot run here (no database, an
// operation the adapter does not provide).
var ErrSkip = errors.New("skipped")

// Skip returns an error wrapping ErrSkip with the reason.
func Skip(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrSkip, fmt.Sprintf(format, args...))
}

// unavailable is the error for a service that cannot be reached: a skip on
// a developer's machine, a failure in CI (where the environment variable CI
// is set and the service must be there).
func unavailable(format string, args ...any) error {
	if os.Getenv("CI") != "" {
		return fmt.Errorf(format, args...)
	}
	return Skip(format, args...)
}

// Test runs bm as a Go benchmark: an error fails b, a skip skips it.
func (bm Benchmark) Test(b *testing.B) {
	err := bm.F(b)
	switch {
	case err == nil:
	case errors.Is(err, ErrSkip):
		b.Skip(strings.TrimPrefix(err.Error(), ErrSkip.Error()+": "))
	default:
		b.Fatal(err)
	}
}

// name builds a benchmark name from a head and key=value parts.
func name(head string, parts ...any) string {
	var b strings.Builder
	b.WriteString(head)
	for i := 0; i+1 < len(parts); i += 2 {
		fmt.Fprintf(&b, "/%v=%v", parts[i], parts[i+1])
	}
	return b.String()
}
