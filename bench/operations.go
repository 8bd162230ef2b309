package bench

import (
	"context"
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// Scales of the adapter benchmarks of std105 (search and hydration).
var (
	searchScales  = []int{1000, 10000, 100000}
	hydrateScales = []int{100, 1000, 10000}
)

// operationBenchmarks measure the adapter's other operations that have a
// hot path worth timing: std105 §3 fuzzy search, §2 hydration and ADR-023's
// hybrid search. An adapter that does not provide one skips its benchmarks.
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
	for _, g := range tools.Stages {
		out = append(out, Benchmark{Name: name("ExpandSearch", "graph", g), Level: AdapterLevel, Needs: adapters.Expand, F: adapterExpand(a, g)})
	}
	return out
}

// adapterExpand runs ADR-023's hybrid search over the fixture catalogue
// (fixtures/tools) on the usage graph of one stage, for the first
// evaluation query: the same request every iteration, so an implementation
// timing itself and one timed here do the same work.
func adapterExpand(a adapters.Adapter, stage string) func(b *testing.B) error {
	return func(b *testing.B) error {
		ex, ok := expanderOf(a)
		if !ok {
			return Skip("%s does not implement %s", a.Info().Name, adapters.Expand)
		}
		req, err := expandRequest(stage)
		if err != nil {
			return err
		}
		check := func(ans adapters.ExpandAnswer) error {
			if err := invariant.ExpandWithinLimit(req, ans); err != nil {
				return fmt.Errorf("%s: expand %q: %w", a.Info().Name, req.Query, err)
			}
			return nil
		}
		if here, why := timedHere(a); !here {
			if why != "" {
				return Skip("%s", why)
			}
			_, err := selfTimed(b, func(ctx context.Context) error {
				ans, err := ex.Expand(ctx, req)
				if err != nil {
					return fmt.Errorf("%s: expand %q: %w", a.Info().Name, req.Query, err)
				}
				return check(ans)
			})
			return err
		}
		ctx := context.Background()
		for b.Loop() {
			ans, err := ex.Expand(ctx, req)
			if err != nil {
				return fmt.Errorf("%s: expand %q: %w", a.Info().Name, req.Query, err)
			}
			if err := check(ans); err != nil {
				return err
			}
		}
		return nil
	}
}

// expanderOf finds a's Expander: ADR-023's contract carries no offsets,
// so an adapter that InBytes wrapped for another unit is called as it is.
func expanderOf(a adapters.Adapter) (adapters.Expander, bool) {
	for {
		if ex, ok := a.(adapters.Expander); ok {
			return ex, true
		}
		u, ok := a.(adapters.Unwrapper)
		if !ok {
			return nil, false
		}
		a = u.Unwrap()
	}
}

// expandRequest is the fixture catalogue, the usage graph of stage and the
// first evaluation query with its limit.
func expandRequest(stage string) (adapters.ExpandRequest, error) {
	ts, err := tools.Catalogue()
	if err != nil {
		return adapters.ExpandRequest{}, err
	}
	gs, err := tools.Graphs()
	if err != nil {
		return adapters.ExpandRequest{}, err
	}
	cs, err := tools.Cases()
	if err != nil || len(cs) == 0 {
		return adapters.ExpandRequest{}, fmt.Errorf("fixtures/tools: no evaluation case (%v)", err)
	}
	req := adapters.ExpandRequest{Tools: convert.Tools(ts), Query: cs[0].Query, Limit: cs[0].Limit}
	for i, s := range tools.Stages {
		if s != stage {
			continue
		}
		g := convert.GraphRequest(gs[i])
		req.Nodes, req.Edges = g.Nodes, g.Edges
		return req, nil
	}
	return adapters.ExpandRequest{}, fmt.Errorf("fixtures/tools: no graph %q", stage)
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
			_, err := selfTimed(b, func(ctx context.Context) (err error) {
				if ans, err = sr.Search(ctx, req); err != nil {
					return fmt.Errorf("%s: search %q: %w", a.Info().Name, req.Term, err)
				}
				return checkSearch(req, ans)
			})
			if !timed(err) {
				return err
			}
			b.ReportMetric(float64(len(ans.Matches)), "matches/op")
			return err
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
		if !timed(err) {
			return err
		}
		b.ReportMetric(float64(len(as)), "atoms/op")
		return err
	}
}
