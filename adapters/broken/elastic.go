package broken

import (
	"cmp"
	"context"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// hydrator is the reference with some of its elastic operations replaced;
// a nil function leaves the reference's.
type hydrator struct {
	mutant
	radius  func(budget, hits int) (int, error)
	census  func(docs []inflate.Document, terms []string) ([]radial.Atom, error)
	hydrate func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error)
}

func (b *hydrator) Radius(ctx context.Context, req adapters.RadiusRequest) (int, error) {
	if b.radius == nil {
		return b.Adapter.Radius(ctx, req)
	}
	return b.radius(req.Budget, req.Hits)
}

func (b *hydrator) Census(ctx context.Context, req adapters.CensusRequest) ([]radial.Atom, error) {
	if b.census == nil {
		return b.Adapter.Census(ctx, req)
	}
	return b.census(req.Documents, req.Terms)
}

func (b *hydrator) Hydrate(ctx context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	if b.hydrate == nil {
		return b.Adapter.Hydrate(ctx, req)
	}
	return b.hydrate(req.Documents, req.Atoms, req.Budget)
}

// UnclampedRadius hydrates with floor(budget/hits/2) as it comes, without
// std105 §4's floor of 200 and cap of 32000 (but at least 1, so windows can
// be drawn). Its Radius operation is the reference's.
func UnclampedRadius() adapters.Adapter {
	return &hydrator{mutant: named("elastic-unclamped-radius"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			return hydrate(docs, atoms, budget, hydration{radius: func(b, h int) int { return max(b/h/2, 1) }})
		}}
}

// FormulaRadius hydrates at the census radius and never recomputes it: it
// keeps the best floor(budget/2r) atoms and cuts their windows at the
// formula's radius, so budget that merged windows, document edges or
// dropped atoms leave is wasted (the reference before it filled the budget).
func FormulaRadius() adapters.Adapter {
	return &hydrator{mutant: named("elastic-formula-radius"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			return hydrate(docs, atoms, budget, hydration{})
		}}
}

// ReportsCensusRadius fills the budget as the reference does but reports
// the census radius, Radius(budget, hits), instead of the radius its
// windows were cut at.
func ReportsCensusRadius() adapters.Adapter {
	return &hydrator{mutant: named("elastic-reports-census-radius"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err != nil {
				return res, err
			}
			res.Radius, err = elastic.Radius(budget, res.Hits)
			return res, err
		}}
}

// KeepsEveryAtom windows every atom at the clamped radius, even when the
// floor of 200 makes hits·400 exceed the budget.
func KeepsEveryAtom() adapters.Adapter {
	return &hydrator{mutant: named("elastic-keeps-every-atom"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			return hydrate(docs, atoms, budget, hydration{keepAll: true})
		}}
}

// NoMergeElastic gives every atom a window of its own: overlapping windows
// are never merged (std085-protocol §5.4).
func NoMergeElastic() adapters.Adapter {
	return &hydrator{mutant: named("elastic-no-merge"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			return hydrate(docs, atoms, budget, hydration{noMerge: true})
		}}
}

// RadiusGrowsWithHits computes clamp(floor(budget·hits/200), 200, 32000): it
// agrees with the formula at 10 hits (std085 §5.2's examples) but grows as
// hits grow. Both Radius and Hydrate use it.
func RadiusGrowsWithHits() adapters.Adapter {
	grows := func(budget, hits int) int {
		if hits == 0 {
			return 0
		}
		share := math.MaxInt
		if budget <= math.MaxInt/hits {
			share = budget * hits / 200
		}
		return min(max(share, elastic.MinRadius), elastic.MaxRadius)
	}
	return &hydrator{mutant: named("elastic-radius-grows"),
		radius: func(budget, hits int) (int, error) {
			if _, err := elastic.Radius(budget, hits); err != nil {
				return 0, err
			}
			return grows(budget, hits), nil
		},
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			return hydrate(docs, atoms, budget, hydration{radius: grows})
		}}
}

// CensusPrefix matches every label that starts with the term (the
// `ILIKE 'term%'` of std105 §3.2), not the exact label.
func CensusPrefix() adapters.Adapter {
	return &hydrator{mutant: named("elastic-census-prefix"), census: censusBy(func(term, label string) bool {
		return strings.HasPrefix(label, strings.ToLower(term))
	})}
}

// CensusCaseSensitive compares labels with the term as written, so a term
// with a capital letter finds nothing (labels are lower case).
func CensusCaseSensitive() adapters.Adapter {
	return &hydrator{mutant: named("elastic-census-case-sensitive"), census: censusBy(func(term, label string) bool {
		return term == label
	})}
}

// censusBy is a census of the documents' atoms whose labels match a term
// by match instead of elastic.Exact (the lower-cased term), each
// found atom scoring 1.
func censusBy(match func(term, label string) bool) func(docs []inflate.Document, terms []string) ([]radial.Atom, error) {
	return func(docs []inflate.Document, terms []string) ([]radial.Atom, error) {
		idx, err := radial.Ingest(docs)
		if err != nil {
			return nil, err
		}
		return elastic.Census(idx, terms, func(term, label string) (float64, bool) {
			return 1, match(term, label)
		})
	}
}

// hydration says how the broken hydrate departs from the reference.
type hydration struct {
	radius  func(budget, hits int) int // nil: elastic.Radius
	keepAll bool                       // window every atom whatever the budget
	noMerge bool                       // one window per atom
}

// hydrate is elastic.Hydrate rebuilt from its parts with one fault.
func hydrate(docs []inflate.Document, atoms []radial.Atom, budget int, h hydration) (elastic.Result, error) {
	if budget <= 0 {
		return elastic.Result{}, fmt.Errorf("hydrate: budget %d, want > 0", budget)
	}
	if err := radial.Check(docs, atoms); err != nil {
		return elastic.Result{}, fmt.Errorf("hydrate: %w", err)
	}
	ranked := radial.Unique(atoms)
	slices.SortFunc(ranked, func(a, b radial.Atom) int {
		return cmp.Or(cmp.Compare(b.Score, a.Score), strings.Compare(a.CompoundID, b.CompoundID),
			cmp.Compare(a.Offset, b.Offset), strings.Compare(a.Label, b.Label))
	})
	res := elastic.Result{Budget: budget, Hits: len(ranked)}
	if len(ranked) == 0 {
		return res, nil
	}
	r, err := elastic.Radius(budget, len(ranked))
	if err != nil {
		return elastic.Result{}, err
	}
	if h.radius != nil {
		r = h.radius(budget, len(ranked))
	}
	res.Radius = r
	res.Capacity = budget / (2 * r)
	n := min(res.Capacity, len(ranked))
	if h.keepAll {
		n = len(ranked)
	}
	res.Kept, res.Dropped = ranked[:n:n], ranked[n:]
	if len(res.Dropped) == 0 {
		res.Dropped = nil
	}
	if n == 0 {
		res.Kept = nil
		return res, nil
	}
	if h.noMerge {
		for _, a := range res.Kept {
			ws, err := radial.Windows(docs, []radial.Atom{a}, r)
			if err != nil {
				return elastic.Result{}, err
			}
			res.Windows = append(res.Windows, ws...)
		}
		slices.SortStableFunc(res.Windows, func(a, b radial.Window) int {
			return cmp.Or(strings.Compare(a.CompoundID, b.CompoundID), cmp.Compare(a.Start, b.Start))
		})
	} else if res.Windows, err = radial.Windows(docs, res.Kept, r); err != nil {
		return elastic.Result{}, err
	}
	for _, w := range res.Windows {
		res.Used += w.Cost
	}
	return res, nil
}

// ZeroHitsAtCap answers 0 hits with the radius 32000, for the Radius
// operation and for hydrating no atoms: std105 §2.2's budget / hits
// divides by zero, and the clamp of an infinite quotient is the cap. A
// reading, not a fault (the reference answers 0): it passes every MUST
// and SHOULD and fails ELA-11 (REFERENCE).
func ZeroHitsAtCap() adapters.Adapter {
	return &hydrator{mutant: named("elastic-zero-hits-at-cap"),
		radius: func(budget, hits int) (int, error) {
			if hits == 0 && budget > 0 {
				return elastic.MaxRadius, nil
			}
			return elastic.Radius(budget, hits)
		},
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err == nil && res.Hits == 0 {
				res.Radius = elastic.MaxRadius
			}
			return res, err
		}}
}
