// Package splitmix is SplitMix64, the generator behind the generated
// fixtures and the benchmarks' workloads: tiny, fast, and fixed by its
// definition, so what it generates is the same on every platform and Go
// version (math/rand/v2 promises no such thing across versions).
package splitmix

// Source is a SplitMix64 stream.
type Source struct{ state uint64 }

// New returns the stream seeded with seed.
func New(seed uint64) *Source { return &Source{state: seed} }

// Next returns the next 64 bits of the stream.
func (r *Source) Next() uint64 {
	r.state += 0x9e3779b97f4a7c15
	z := r.state
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
	z = (z ^ (z >> 27)) * 0x94d049bb133111eb
	return z ^ (z >> 31)
}

// Intn returns a number in [0, n) for n > 0 (with a modulo bias below 2⁻⁵⁷
// for the sizes fixtures use, too small to matter), and 0 for n <= 0.
func (r *Source) Intn(n int) int {
	if n <= 0 {
		return 0
	}
	return int(r.Next() % uint64(n))
}

// Float returns a number in [0, 1).
func (r *Source) Float() float64 { return float64(r.Next()>>11) / (1 << 53) }
