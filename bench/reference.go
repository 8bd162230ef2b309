package bench

import (
	"context"
	"fmt"
	"runtime"
	"testing"
	"time"
	"unsafe"

	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/fixtures/tools"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/expand"
	"github.com/ctxconform/ctxconform/reference/expand/hybrid"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/trgm"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Scales of the reference benchmarks.
var (
	moleculeScales = []int{10, 100, 1000, 10000}
	ingestScales   = []int{1000, 10000, 100000, 1000000}
	atomScales     = []int{10, 100, 1000, 10000}
	entryScales    = []int{1000, 10000, 100000}
	scanScales     = []int{1000, 10000, 100000}
	densifyScales  = []int{2000, 8000, 32000}
)

// densifyCap is the context window of the simulated model.
const densifyCap = 8192

func (s *Set) referenceBenchmarks() []Benchmark {
	var out []Benchmark
	add := func(n string, f func(b *testing.B) error) {
		out = append(out, Benchmark{Name: n, Level: ReferenceLevel, F: f})
	}
	small := func(v, limit int) bool { return !s.cfg.Short || v <= limit }
	add(name("Target/Inflate", "hits", TargetSpec.Hits, "docs", TargetSpec.Compounds, "doc-bytes", TargetSpec.BodyBytes, "budget", TargetBudget), s.targetInflate())
	for _, m := range moleculeScales {
		if small(m, 1000) {
			add(name("Assemble", "mols", m, "docs", TargetSpec.Compounds, "budget", TargetBudget), s.assemble(m))
		}
	}
	for _, d := range ingestScales {
		if small(d, 100000) {
			add(name("Radial/Ingest", "doc-bytes", d), s.ingest(d))
		}
	}
	for _, a := range atomScales {
		if small(a, 1000) {
			add(name("Radial/Windows", "atoms", a, "docs", TargetSpec.Compounds), s.radialWindows(a))
			add(name("Elastic/Hydrate", "atoms", a, "docs", TargetSpec.Compounds, "budget", TargetBudget), s.hydrate(a))
		}
	}
	for _, n := range entryScales {
		if small(n, 10000) {
			add(name("Fuzzy/Search", "entries", n), fuzzySearch(n))
			add(name("Fuzzy/NewIndex", "entries", n), fuzzyIndex(n))
		}
	}
	for _, n := range scanScales {
		if small(n, 1000) {
			add(name("Fuzzy/Scan", "entries", n), fuzzyScan(n))
		}
	}
	add(name("Trgm/Similarity", "pairs", 1000), similarity(1000))
	for _, t := range densifyScales {
		if small(t, 8000) {
			add(name("Densify", "input-tokens", t, "cap", densifyCap), s.densify(t))
		}
	}
	for _, g := range tools.Stages {
		add(name("Expand/Search", "graph", g), expandSearch(g))
	}
	return out
}

// molecules turns generated hits into assemble molecules, with timestamps
// ten minutes apart so the temporal strategy has work to do. Empty hits are
// left out: a molecule is a non-empty range.
func molecules(req inflate.Request) ([]assemble.Document, []assemble.Molecule) {
	docs := make([]assemble.Document, len(req.Documents))
	for i, d := range req.Documents {
		docs[i] = assemble.Document(d)
	}
	mols := make([]assemble.Molecule, 0, len(req.Hits))
	for i, h := range req.Hits {
		if h.Start == h.End {
			continue // a molecule is a non-empty range
		}
		mols = append(mols, assemble.Molecule{ID: h.ID, Source: h.CompoundID, Start: h.Start, End: h.End, Score: h.Score, Time: int64(1_700_000_000 + 600*i)})
	}
	return docs, mols
}

func (s *Set) assemble(m int) func(b *testing.B) error {
	return func(b *testing.B) error {
		docs, mols := molecules(s.in.request(fixtures.GenSpec{Compounds: TargetSpec.Compounds, BodyBytes: TargetSpec.BodyBytes, Hits: m}))
		res, err := assemble.Windows(docs, mols, TargetBudget, assemble.Options{})
		if err != nil {
			return fmt.Errorf("assemble: %w", err)
		}
		emitted, listed := 0, 0
		for _, r := range res {
			emitted += len(r.Window)
			listed += len(r.Molecules)
		}
		answer := emitted + len(res)*int(unsafe.Sizeof(assemble.Result{})) + listed*int(unsafe.Sizeof(""))
		return measureAnswer(b, len(res), emitted, answer, func() error {
			_, err := assemble.Windows(docs, mols, TargetBudget, assemble.Options{})
			return err
		})
	}
}

func (s *Set) ingest(docBytes int) func(b *testing.B) error {
	return func(b *testing.B) error {
		docs := s.in.bigRequest(docBytes, 0).Documents
		idx, err := radial.Ingest(docs)
		if err != nil {
			return fmt.Errorf("radial ingest: %w", err)
		}
		for b.Loop() {
			if _, err := radial.Ingest(docs); err != nil {
				return fmt.Errorf("radial ingest: %w", err)
			}
		}
		b.ReportMetric(float64(idx.Len()), "atoms/op")
		return nil
	}
}

// corpusAtoms returns the target workload's documents and n atoms of their
// index: the positions of the labels in byte order, label by label, until n
// are taken; scores cycle so that a budget has to choose.
func (s *Set) corpusAtoms(n int) ([]inflate.Document, []radial.Atom, error) {
	docs := s.in.request(TargetSpec).Documents
	idx, err := radial.Ingest(docs)
	if err != nil {
		return nil, nil, fmt.Errorf("radial ingest: %w", err)
	}
	var out []radial.Atom
	for _, l := range idx.Labels() {
		for _, a := range idx.Lookup(l) {
			if len(out) == n {
				return docs, out, nil
			}
			a.Score = float64(len(out)%20) / 20
			out = append(out, a)
		}
	}
	return docs, out, nil
}

func (s *Set) radialWindows(n int) func(b *testing.B) error {
	const radius = 250
	return func(b *testing.B) error {
		docs, as, err := s.corpusAtoms(n)
		if err != nil {
			return err
		}
		ws, err := radial.Windows(docs, as, radius)
		if err != nil {
			return fmt.Errorf("radial windows: %w", err)
		}
		emitted, listed := 0, 0
		for _, w := range ws {
			emitted += w.End - w.Start
			listed += len(w.Atoms)
		}
		b.ReportMetric(float64(len(as)), "atoms/op")
		return measureAnswer(b, len(ws), emitted, emitted+listed*atomSize, func() error {
			_, err := radial.Windows(docs, as, radius)
			return err
		})
	}
}

func (s *Set) hydrate(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		docs, as, err := s.corpusAtoms(n)
		if err != nil {
			return err
		}
		res, err := elastic.Hydrate(docs, as, TargetBudget)
		if err != nil {
			return fmt.Errorf("hydrate: %w", err)
		}
		listed := len(res.Kept) + len(res.Dropped)
		for _, w := range res.Windows {
			listed += len(w.Atoms)
		}
		b.ReportMetric(float64(len(as)), "atoms/op")
		return measureAnswer(b, len(res.Windows), res.Used, res.Used+listed*atomSize, func() error {
			_, err := elastic.Hydrate(docs, as, TargetBudget)
			return err
		})
	}
}

// atomSize is the in-memory size of one atom record of an answer.
const atomSize = int(unsafe.Sizeof(radial.Atom{}))

// measureAnswer runs call in the benchmark loop and reports the per-window
// figures of an answer of windows windows and emitted bytes of text. When
// the answer also lists records besides its text, answer is its size in
// bytes (the text plus the records: atoms, window records and their
// molecule IDs) and alloc/answer the allocation against it; 0 leaves that
// figure out. (An elastic answer lists every atom, kept or dropped: at
// 10,000 atoms and a budget of 128,000 the list alone is 3.75 times the
// text.)
func measureAnswer(b *testing.B, windows, emitted, answer int, call func() error) error {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for b.Loop() {
		if err := call(); err != nil {
			return err
		}
	}
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	reportPerWindow(b, windows, emitted, alloc, after.Mallocs-before.Mallocs)
	if answer > 0 {
		b.ReportMetric(float64(alloc)/float64(b.N)/float64(answer), "alloc/answer")
	}
	return nil
}

// targetInflate is the PRF-03 request (1,000 hits over 100 compounds of
// 16 KB, budget 128,000) beside its floor: one UTF-8 validation pass over
// its documents, the read of its input no implementation can skip, timed
// in the same iterations. The floor validates with unit.Valid, the fastest
// validator the project has and the one the reference itself uses, so the
// reference cannot gain on its floor by validating faster than it.
// inflate/floor is the ratio (target: at most 3).
func (s *Set) targetInflate() func(b *testing.B) error {
	return func(b *testing.B) error {
		req := withBudget(s.in.request(TargetSpec), TargetBudget)
		if _, err := inflate.Inflate(req); err != nil {
			return fmt.Errorf("inflate: %w", err)
		}
		var inflateNS, floorNS time.Duration
		for b.Loop() {
			t0 := time.Now()
			for _, d := range req.Documents {
				if !unit.Valid(d.Body) {
					return fmt.Errorf("document %q is not valid UTF-8", d.ID)
				}
			}
			t1 := time.Now()
			if _, err := inflate.Inflate(req); err != nil {
				return fmt.Errorf("inflate: %w", err)
			}
			floorNS, inflateNS = floorNS+t1.Sub(t0), inflateNS+time.Since(t1)
		}
		n := float64(b.N)
		b.ReportMetric(float64(inflateNS.Nanoseconds())/n, "inflate-ns/op")
		b.ReportMetric(float64(floorNS.Nanoseconds())/n, "floor-ns/op")
		if floorNS > 0 {
			b.ReportMetric(float64(inflateNS)/float64(floorNS), "inflate/floor")
		}
		return nil
	}
}

// fuzzyIndexOf builds the index of n generated labels.
func fuzzyIndexOf(n int) (*fuzzy.Index, []fuzzy.Entry, error) {
	entries, err := labelEntries(n)
	if err != nil {
		return nil, nil, err
	}
	ix, err := fuzzy.NewIndex(trgm.UTF8, entries)
	if err != nil {
		return nil, nil, fmt.Errorf("fuzzy index: %w", err)
	}
	return ix, entries, nil
}

// searchLimit is the limit of every fuzzy search: a page of results.
const searchLimit = 50

func fuzzySearch(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		ix, _, err := fuzzyIndexOf(n)
		if err != nil {
			return err
		}
		terms, err := searchTerms(64)
		if err != nil {
			return err
		}
		found := 0
		for i := 0; b.Loop(); i++ {
			m, err := ix.Search(terms[i%len(terms)], fuzzy.WithLimit(searchLimit))
			if err != nil {
				return fmt.Errorf("fuzzy search %q: %w", terms[i%len(terms)], err)
			}
			found += len(m)
		}
		b.ReportMetric(float64(found)/float64(b.N), "matches/op")
		return nil
	}
}

func fuzzyIndex(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		entries, err := labelEntries(n)
		if err != nil {
			return err
		}
		for b.Loop() {
			if _, err := fuzzy.NewIndex(trgm.UTF8, entries); err != nil {
				return fmt.Errorf("fuzzy index: %w", err)
			}
		}
		return nil
	}
}

func fuzzyScan(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		entries, terms, err := searchWorkload(n, 64)
		if err != nil {
			return err
		}
		for i := 0; b.Loop(); i++ {
			if _, err := fuzzy.Scan(trgm.UTF8, entries, terms[i%len(terms)], fuzzy.WithLimit(searchLimit)); err != nil {
				return fmt.Errorf("fuzzy scan: %w", err)
			}
		}
		return nil
	}
}

func similarity(n int) func(b *testing.B) error {
	return func(b *testing.B) error {
		labels, terms, err := similarityPairs(n)
		if err != nil {
			return err
		}
		for b.Loop() {
			for i := range labels {
				if _, err := trgm.UTF8.Similarity(labels[i], terms[i]); err != nil {
					return fmt.Errorf("similarity(%q, %q): %w", labels[i], terms[i], err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/pair")
		return nil
	}
}

// densifyInput is about tokens tokens of generated prose (the reference
// estimator counts about one token per three bytes of ASCII).
func (s *Set) densifyInput(tokens int) string {
	return s.in.bigRequest(3*tokens, 0).Documents[0].Body
}

// densify measures the reference densifier on the simulated model and
// reports its calls and tokens against llm/sim's lower bound for the input.
func (s *Set) densify(tokens int) func(b *testing.B) error {
	return func(b *testing.B) error {
		input := s.densifyInput(tokens)
		model, err := sim.New(sim.Config{Cap: densifyCap, CallOverhead: 16})
		if err != nil {
			return err
		}
		d, err := densify.New(densify.Config{
			Provider: model, Cap: densifyCap, WorkLimit: 1,
			Sleep: func(context.Context, time.Duration) error { return nil },
		})
		if err != nil {
			return fmt.Errorf("densify config: %w", err)
		}
		ctx := context.Background()
		var rep sim.Report
		for b.Loop() {
			model.Reset()
			if _, err := d.Densify(ctx, input); err != nil {
				return fmt.Errorf("densify %d tokens: %w", tokens, err)
			}
			rep = model.Report(input)
		}
		b.ReportMetric(float64(rep.Calls), "calls/op")
		b.ReportMetric(float64(rep.TokensSent), "tokens/op")
		b.ReportMetric(rep.CallRatio, "call-ratio")
		b.ReportMetric(rep.TokenRatio, "token-ratio")
		return nil
	}
}

// expandSearch runs every evaluation case of the tool fixtures against the
// usage graph of one stage.
func expandSearch(stage string) func(b *testing.B) error {
	return func(b *testing.B) error {
		cat, g, cases, err := toolFixtures(stage)
		if err != nil {
			return err
		}
		for b.Loop() {
			for _, c := range cases {
				if _, err := hybrid.Search(cat, g, c.Query, c.Limit); err != nil {
					return fmt.Errorf("expand search %q: %w", c.Query, err)
				}
			}
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(len(cases)), "ns/search")
		return nil
	}
}

func toolFixtures(stage string) (*hybrid.Catalogue, *expand.Graph, []tools.Case, error) {
	ts, err := tools.Catalogue()
	if err != nil {
		return nil, nil, nil, err
	}
	cat, err := hybrid.NewCatalogue(convert.Tools(ts))
	if err != nil {
		return nil, nil, nil, err
	}
	gs, err := tools.Graphs()
	if err != nil {
		return nil, nil, nil, err
	}
	var g *expand.Graph
	for i, s := range tools.Stages {
		if s != stage {
			continue
		}
		edges := make([]expand.Edge, len(gs[i].Edges))
		for j, e := range gs[i].Edges {
			edges[j] = expand.Edge{From: e[0], To: e[1]}
		}
		if g, err = expand.FromEdges(gs[i].Nodes, edges); err != nil {
			return nil, nil, nil, fmt.Errorf("graph %s: %w", stage, err)
		}
	}
	if g == nil {
		return nil, nil, nil, fmt.Errorf("no graph for stage %q", stage)
	}
	cases, err := tools.Cases()
	if err != nil {
		return nil, nil, nil, err
	}
	return cat, g, cases, nil
}
