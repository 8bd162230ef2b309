package bench

import (
	"errors"

	"fmt"
	"github.com/ctxconform/ctxconform/adapters"
	"os"
	"slices"
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
	// Needs is the standard whose operation the benchmark calls on the
	// implementation under test ("" for benchmarks of the reference's own
	// code); see Unsupported.
	Needs adapters.Standard
	// Labels are configuration lines of its results beyond the run's,
	// such as the implementation measured (impl=...) when one run measures
	// several side by side.
	Labels []Label
}

// Label is one configuration line, key: value, of a result.
type Label struct {
	Key, Value string
}

// Labeled returns bms with labels added to each, for running the
// catalogues of several implementations in one run.
func Labeled(bms []Benchmark, labels ...Label) []Benchmark {
	out := make([]Benchmark, len(bms))
	for i, bm := range bms {
		bm.Labels = append(slices.Clone(bm.Labels), labels...)
		out[i] = bm
	}
	return out
}

// Interleave merges the catalogues of several implementations so that each
// benchmark runs for every implementation in turn (the first catalogue's
// order, then benchmarks only the later ones have): machine drift then
// touches every implementation alike.
func Interleave(sets ...[]Benchmark) []Benchmark {
	var out []Benchmark
	taken := make([][]bool, len(sets))
	for i, s := range sets {
		taken[i] = make([]bool, len(s))
	}
	for i, s := range sets {
		for j, bm := range s {
			if taken[i][j] {
				continue
			}
			for k := i; k < len(sets); k++ {
				for l, other := range sets[k] {
					if !taken[k][l] && other.Name == bm.Name {
						taken[k][l] = true
						out = append(out, other)
						break
					}
				}
			}
		}
	}
	return out
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
