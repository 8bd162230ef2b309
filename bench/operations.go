package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
)

// Scales of the adapter benchmarks of std105 (search and hydration).
var (
	searchScales  = []int{1000, 10000, 100000}
	hydrateScales = []int{100, 1000, 10000}
)

// operationBenchmarks measure the adapter's other operations that have a
// hot path worth timing: std105 §3 fuzzy search and §2 hydration. An
// adapter that does not provide one skips its benchmarks.
func (s *Set) operationBenchmarks(a adapters.Adapter) []Benchmark {
	var out []Benchmark
	for _, n := range searchScales {
		if !s.cfg.Short || n <= 10000 {
			out = append(out, Benchmark{Name: name("Search", "entries", n), Level: AdapterLevel, Needs: adapters.Fuzzy, F: adapterSearch(a, n)})
		}
	}
	for _, n := range hydrateScales {
		if !s.cfg.Short || n <= 1000 {
			out = append(out, Benchmark{Name: name("Hydrate", "atoms", n, "docs", TargetSpec.Compounds, "budget", TargetBudget), Level: AdapterLevel, Needs: adapters.Elastic, F: s.adapterHydrate(a, n)})
		}
	}
	return out
}

// adapterSearch searches n generated labels for typo'd terms, a page of
// results each; the entries travel with every request, as the contract
// has it (an implementation may keep them between calls).
func adapterSearch(a adapters.Adapter, n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		sr, ok := a.(adapters.Searcher)
		if !ok {
			return Skip("%s does not implement %s", a.Info().Name, adapters.Fuzzy)
		}
		entries, terms, err := searchWorkload(n, 64)
		if err != nil {
			return err
		}
		req := adapters.SearchRequest{Entries: make([]adapters.SearchEntry, n), Limit: searchLimit}
		for i, e := range entries {
			req.Entries[i] = adapters.SearchEntry{ID: e.ID, Label: e.Label}
		}
		if here, why := timedHere(a); !here {
			if why != "" {
				return Skip("%s", why)
			}
			// One term per run: the implementation repeats one request.
			req.Term = terms[0]
			var ans adapters.SearchAnswer
			if _, err := selfTimed(b, func(ctx context.Context) (err error) {
				if ans, err = sr.Search(ctx, req); err != nil {
					return fmt.Errorf("%s: search %q: %w", a.Info().Name, req.Term, err)
				}
				return checkSearch(req, ans)
			}); err != nil {
				return err
			}
			b.ReportMetric(float64(len(ans.Matches)), "matches/op")
			return nil
		}
		ctx := context.Background()
		req.Term = terms[0]
		if _, err := sr.Search(ctx, req); err != nil { // an implementation may load the entries now
			return fmt.Errorf("%s: search %q: %w", a.Info().Name, req.Term, err)
		}
		found := 0
		for i := 0; b.Loop(); i++ {
			req.Term = terms[i%len(terms)]
			ans, err := sr.Search(ctx, req)
			if err != nil {
				return fmt.Errorf("%s: search %q: %w", a.Info().Name, req.Term, err)
			}
			found += len(ans.Matches)
		}
		b.ReportMetric(float64(found)/float64(b.N), "matches/op")
		return nil
	}
}

// adapterHydrate hydrates n atoms of the target documents within the target
// budget.
func (s *Set) adapterHydrate(a adapters.Adapter, n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		h, ok := a.(adapters.Hydrator)
		if !ok {
			return Skip("%s does not implement %s", a.Info().Name, adapters.Elastic)
		}
		docs, as, err := s.corpusAtoms(n)
		if err != nil {
			return err
		}
		req := adapters.HydrateRequest{Documents: docs, Atoms: as, Budget: TargetBudget}
		_, err = timeWindows(b, a, func(ctx context.Context) (elastic.Result, error) {
			res, err := h.Hydrate(ctx, req)
			if err != nil {
				return res, fmt.Errorf("%s: hydrate: %w", a.Info().Name, err)
			}
			return res, nil
		}, func(res elastic.Result) error { return checkHydrate(req, res, unitOf(a)) },
			func(res elastic.Result) (windows, emitted int) {
				for _, w := range res.Windows {
					emitted += w.End - w.Start
				}
				return len(res.Windows), emitted
			})
		if err != nil {
			return err
		}
		b.ReportMetric(float64(len(as)), "atoms/op")
		return nil
	}
}
