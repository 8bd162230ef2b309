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
	Hits   int `json:"hits"` // distinct atoms given (the census count)
	// Radius is the radius the windows were cut at: the census radius
	// Radius(Budget, Hits) or wider, recomputed for the kept atoms so that
	// their windows fill the budget (see [Hydrate]).
	Radius int `json:"radius"`
	// Capacity is floor(Budget / (2·Radius(Budget, Hits))): how many atoms
	// the budget serves for certain at the census radius (0 when there are
	// no hits). At least min(Hits, Capacity) atoms are kept.
	Capacity int             `json:"capacity"`
	Kept     []radial.Atom   `json:"kept"`    // windowed atoms, best first
	Dropped  []radial.Atom   `json:"dropped"` // atoms the budget could not serve, best first
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

// Hydrate is phases 2 and 3 of std105 §2.3: it sizes the radius from the
// budget and the number of distinct atoms, decides which atoms the budget
// serves, and cuts and merges their windows (radial.Windows). The windows'
// costs add up to at most budget, and fill it as far as the documents allow:
//
//  1. The census radius is r0 = Radius(budget, hits). When the windows of
//     all the atoms fit at r0 (hits·2·r0 <= budget), every atom is kept.
//  2. Otherwise the floor of 200 contradicts the budget. The atoms are
//     ranked best first (score, then compound ID, offset, label) and the
//     longest prefix of that ranking whose merged windows at the floor cost
//     at most budget is kept; the others are dropped. That is at least
//     floor(budget/400) atoms, more when their windows overlap.
//  3. When even the best atom's window at the floor exceeds the budget
//     (only possible with budget < 400), the floor yields: the best atom is
//     kept at the widest radius below 200 whose window fits, if its window
//     then still holds it; else nothing is kept.
//  4. The radius is recomputed for the kept atoms: the widest radius, from
//     the one of steps 1–3 up to the cap of 32000, at which their merged
//     windows cost at most budget; then the narrowest radius from steps 1–3
//     on that costs as much (so a radius grows only while it adds text).
//     Windows that merge or reach a document's edge leave budget the
//     formula's radius would waste; the wider radius gives it to the text
//     around the kept atoms.
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
	r0, err := Radius(budget, res.Hits)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	if r0 == 0 {
		return res, nil
	}
	res.Capacity = budget / (2 * r0)
	cost := func(kept []radial.Atom, r int) (int, error) {
		ws, err := radial.Windows(docs, kept, r)
		if err != nil {
			return 0, fmt.Errorf("hydrate: %w", err)
		}
		total := 0
		for _, w := range ws {
			total += w.Cost
		}
		return total, nil
	}
	fits := func(kept []radial.Atom, r int) (bool, error) {
		c, err := cost(kept, r)
		return c <= budget, err
	}
	n, r := len(ranked), r0
	if res.Hits > res.Capacity {
		// Step 2: the longest prefix that fits at the floor. Its cost grows
		// with its length (a union only grows), so a binary search finds it.
		lo, hi := 0, n // prefix lo fits; prefix hi+1 does not (or hi = n)
		for lo < hi {
			mid := lo + (hi-lo+1)/2
			ok, err := fits(ranked[:mid], r0)
			if err != nil {
				return Result{}, err
			}
			if ok {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		n = lo
		if n == 0 {
			// Step 3: the floor yields to the budget for the best atom.
			n, r, err = yieldFloor(docs, ranked[0], budget, fits)
			if err != nil {
				return Result{}, err
			}
		}
	}
	res.Kept, res.Dropped = ranked[:n:n], ranked[n:]
	if len(res.Dropped) == 0 {
		res.Dropped = nil
	}
	if n == 0 {
		res.Kept, res.Radius = nil, r0
		return res, nil
	}
	// Step 4: the widest radius up to the cap at which the kept atoms'
	// windows still fit. r fits; search (r, MaxRadius].
	lo, hi := r, MaxRadius
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		ok, err := fits(res.Kept, mid)
		if err != nil {
			return Result{}, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	// Past the point where the windows stop growing (the documents' edges),
	// a wider radius adds nothing: take the narrowest radius from r on that
	// costs as much as the widest.
	most, err := cost(res.Kept, lo)
	if err != nil {
		return Result{}, err
	}
	for hi := lo; r < hi; {
		mid := r + (hi-r)/2
		c, err := cost(res.Kept, mid)
		if err != nil {
			return Result{}, err
		}
		if c == most {
			hi = mid
		} else {
			r = mid + 1
		}
	}
	res.Radius = r
	res.Windows, err = radial.Windows(docs, res.Kept, res.Radius)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	for _, w := range res.Windows {
		res.Used += w.Cost
	}
	if res.Used > budget {
		// Cannot happen (every radius was tried before it was taken); never
		// return a result that breaks the budget.
		return Result{}, fmt.Errorf("hydrate: internal error: windows cost %d, budget %d", res.Used, budget)
	}
	return res, nil
}

// yieldFloor is step 3 of [Hydrate]: the widest radius below the floor at
// which the best atom's window fits the budget and still holds the atom. It
// returns 1 and that radius, or 0 atoms when no radius serves.
func yieldFloor(docs []inflate.Document, best radial.Atom, budget int, fits func([]radial.Atom, int) (bool, error)) (int, int, error) {
	one := []radial.Atom{best}
	lo, hi := 0, MinRadius-1 // radius lo fits (0: nothing); hi+1 does not
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		ok, err := fits(one, mid)
		if err != nil {
			return 0, 0, err
		}
		if ok {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return 0, 0, nil
	}
	ws, err := radial.Windows(docs, one, lo)
	if err != nil {
		return 0, 0, fmt.Errorf("hydrate: %w", err)
	}
	if len(ws) != 1 || best.Offset < ws[0].Start || best.Offset >= ws[0].End {
		return 0, 0, nil // the window is too narrow to hold the atom's character
	}
	return 1, lo, nil
}
