package bench_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/open"
	"github.com/ctxconform/ctxconform/bench"
)

// The catalogue under `go test -bench`: adapter benchmarks against every
// adapter of CTXCONFORM_ADAPTERS (default: the reference and, when its
// database is reachable, PostgreSQL), reference and side-by-side benchmarks
// against the reference. For example:
//
//	go test -run '^$' -bench 'Inflate/adapter=reference/hits=1000/' -benchmem ./bench
//	go test -run '^$' -bench 'Versus' ./bench

func BenchmarkInflate(b *testing.B) {
	for _, s := range subjects() {
		b.Run("adapter="+s.name, func(b *testing.B) {
			if s.err != nil {
				skipOrFail(b, s)
			}
			runLevel(b, s.set, bench.AdapterLevel, "Inflate/")
		})
	}
}

func BenchmarkSearch(b *testing.B) {
	for _, s := range subjects() {
		b.Run("adapter="+s.name, func(b *testing.B) {
			if s.err != nil {
				skipOrFail(b, s)
			}
			runLevel(b, s.set, bench.AdapterLevel, "Search/")
		})
	}
}

func BenchmarkHydrate(b *testing.B) {
	for _, s := range subjects() {
		b.Run("adapter="+s.name, func(b *testing.B) {
			if s.err != nil {
				skipOrFail(b, s)
			}
			runLevel(b, s.set, bench.AdapterLevel, "Hydrate/")
		})
	}
}

func BenchmarkAssemble(b *testing.B) { runLevel(b, referenceSet(), bench.ReferenceLevel, "Assemble/") }
func BenchmarkRadial(b *testing.B)   { runLevel(b, referenceSet(), bench.ReferenceLevel, "Radial/") }
func BenchmarkElastic(b *testing.B)  { runLevel(b, referenceSet(), bench.ReferenceLevel, "Elastic/") }
func BenchmarkFuzzy(b *testing.B)    { runLevel(b, referenceSet(), bench.ReferenceLevel, "Fuzzy/") }
func BenchmarkTrgm(b *testing.B)     { runLevel(b, referenceSet(), bench.ReferenceLevel, "Trgm/") }
func BenchmarkTarget(b *testing.B)   { runLevel(b, referenceSet(), bench.ReferenceLevel, "Target/") }
func BenchmarkDensify(b *testing.B)  { runLevel(b, referenceSet(), bench.ReferenceLevel, "Densify/") }
func BenchmarkExpand(b *testing.B)   { runLevel(b, referenceSet(), bench.ReferenceLevel, "Expand/") }
func BenchmarkVersus(b *testing.B)   { runLevel(b, referenceSet(), bench.VersusLevel, "Versus/") }

func runLevel(b *testing.B, s *bench.Set, level bench.Level, prefix string) {
	ran := false
	for _, bm := range s.Benchmarks {
		if bm.Level == level && strings.HasPrefix(bm.Name, prefix) {
			ran = true
			b.Run(strings.TrimPrefix(bm.Name, prefix), bm.Test)
		}
	}
	if !ran {
		b.Fatalf("no %s benchmark named %s...", level, prefix)
	}
}

type subject struct {
	name    string
	adapter interface{ Close() error }
	set     *bench.Set
	err     error
	hint    string
	opt     bool
}

var (
	subjectsOnce sync.Once
	subjectList  []subject
	refOnce      sync.Once
	refSet       *bench.Set
)

func dsn() string {
	if d := os.Getenv("CTXCONFORM_PG_DSN"); d != "" {
		return d
	}
	return open.DefaultDSN
}

// subjects opens the adapters the adapter benchmarks measure.
func subjects() []subject {
	subjectsOnce.Do(func() {
		cfgs := open.FromEnv()
		if os.Getenv("CTXCONFORM_ADAPTERS") == "" {
			cfgs = append(cfgs, open.Config{Name: "postgres", DSN: dsn(), Optional: true, Hint: open.PostgresHint})
		}
		for _, cfg := range cfgs {
			s := subject{name: cfg.Name, hint: cfg.Hint, opt: cfg.Optional}
			a, err := open.New(context.Background(), cfg)
			if err != nil {
				s.err = err
			} else {
				s.adapter, s.set = a, bench.New(bench.Config{Adapter: a})
			}
			subjectList = append(subjectList, s)
		}
	})
	return subjectList
}

func referenceSet() *bench.Set {
	refOnce.Do(func() { refSet = bench.New(bench.Config{Reference: true, DSN: dsn()}) })
	return refSet
}

func skipOrFail(b *testing.B, s subject) {
	msg := fmt.Sprintf("adapter %s unavailable: %v", s.name, s.err)
	if s.hint != "" {
		msg += "\n" + s.hint
	}
	if s.opt && os.Getenv("CI") == "" {
		b.Skip(msg)
	}
	b.Fatal(msg)
}

func TestMain(m *testing.M) {
	code := m.Run()
	if refSet != nil {
		refSet.Close()
	}
	for _, s := range subjectList {
		if s.adapter != nil {
			s.set.Close()
			s.adapter.Close()
		}
	}
	os.Exit(code)
}
