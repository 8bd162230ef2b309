package elastic

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// Result is the outcome of [Hydrate].
type Result struct {
	Budget int `json:"budget"`
	Hits   int `json:"hits"`   // distinct atoms given (the census count)
	Radius int `json:"radius"` // Radius(Budget, Hits)
	// Capacity is floor(Budget / (2·Radius)): how many atoms the budget
	// serves at that radius (0 when there are no hits).
	Capacity int             `json:"capacity"`
	Kept     []radial.Atom   `json:"kept"`    // windowed atoms, best first
	Dropped  []radial.Atom   `json:"dropped"` // atoms beyond Capacity, best first
	Windows  []radial.Window `json:"windows"` // by compound ID, then start
	Used     int             `json:"used"`    // sum of the windows' costs, <= Budget
	// Rendered is optional: the exact text the implementation hands the
	// model, markers and separators included ("" when it does not say). When
	// present, the rendering requirement checks it against the budget and
	// the windows.
	Rendered string `json:"rendered,omitempty"`
}

// rank orders atoms best first: score descending, then compound ID, offset
// and label.
func rank(a, b radial.Atom) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	if c := strings.Compare(a.CompoundID, b.CompoundID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Offset, b.Offset); c != 0 {
		return c
	}
	return strings.Compare(a.Label, b.Label)
}

// Hydrate is phases 2 and 3 of std105 §2.3: it computes the elastic radius
// from the budget and the number of distinct atoms, keeps the best
// floor(budget / 2r) atoms and cuts and merges their windows
// (radial.Windows). The windows' costs add up to at most budget.
//
// Every atom is checked, kept or not; bad input (budget <= 0, unknown
// compound, offset outside the body, invalid UTF-8, NaN score, ...) is an
// error naming the atom or compound.
func Hydrate(docs []inflate.Document, atoms []radial.Atom, budget int) (Result, error) {
	if budget <= 0 {
		return Result{}, fmt.Errorf("hydrate: budget %d, want > 0", budget)
	}
	if err := radial.Check(docs, atoms); err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	ranked := radial.Unique(atoms)
	slices.SortFunc(ranked, rank)
	res := Result{Budget: budget, Hits: len(ranked)}
	r, err := Radius(budget, res.Hits)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	if r == 0 {
		return res, nil
	}
	res.Radius = r
	res.Capacity = budget / (2 * r)
	n := min(res.Capacity, len(ranked))
	res.Kept, res.Dropped = ranked[:n:n], ranked[n:]
	if len(res.Dropped) == 0 {
		res.Dropped = nil
	}
	if n == 0 {
		res.Kept = nil
		return res, nil
	}
	res.Windows, err = radial.Windows(docs, res.Kept, r)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	for _, w := range res.Windows {
		res.Used += w.Cost
	}
	if res.Used > budget {
		// Cannot happen (see the package Decisions); never return a result
		// that breaks the budget.
		return Result{}, fmt.Errorf("hydrate: internal error: windows cost %d, budget %d", res.Used, budget)
	}
	return res, nil
}
