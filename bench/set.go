package bench

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// Config chooses what a Set measures.
type Config struct {
	// Adapter is the implementation under test for the adapter benchmarks;
	// nil means the reference. It is called in bytes (adapters.InBytes).
	Adapter adapters.Adapter
	// Reference adds the benchmarks of the reference packages and the
	// side-by-side benchmarks against PostgreSQL. Their figures describe
	// the reference, so they belong in a run whose subject is the reference.
	Reference bool
	// DSN is the PostgreSQL of the side-by-side benchmarks; "" skips them.
	DSN string
	// Short keeps the smaller scales only (for tests): no 100,000 hits,
	// no documents over 100 KB, no index over 10,000 entries.
	Short bool
}

// A Set is a catalogue of benchmarks that share generated inputs and
// database connections. Close releases the connections.
type Set struct {
	Benchmarks []Benchmark

	cfg Config
	in  inputs
	pg  *database
}

// New builds the catalogue cfg describes. Nothing is generated or
// connected until a benchmark runs.
func New(cfg Config) *Set {
	if cfg.Adapter == nil {
		cfg.Adapter = reference.New()
	}
	s := &Set{cfg: cfg, pg: &database{dsn: cfg.DSN}}
	s.Benchmarks = append(s.Benchmarks, s.inflateBenchmarks(adapters.InBytes(cfg.Adapter))...)
	s.Benchmarks = append(s.Benchmarks, s.operationBenchmarks(adapters.InBytes(cfg.Adapter))...)
	if cfg.Reference {
		s.Benchmarks = append(s.Benchmarks, s.referenceBenchmarks()...)
		s.Benchmarks = append(s.Benchmarks, s.versusBenchmarks()...)
	}
	return s
}

// Close closes the database connection, if one was opened.
func (s *Set) Close() error { return s.pg.close() }
