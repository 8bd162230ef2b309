package elastic

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/internal/sortkey"
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
//     around the kept atoms. Both are bisections: the first probes
//     lo + ⌈(hi−lo)/2⌉ of [lo, hi], the second r + ⌊(hi−r)/2⌋. They are
//     exact while the windows' cost grows with the radius; code windows
//     can cost less at a wider radius, and there the answer is the radius
//     these probes reach (TestBisectionProbes), which may hold less than
//     another radius that fits.
//
// Every atom is checked, kept or not; bad input (budget <= 0, unknown
// compound, offset outside the body, invalid UTF-8, NaN score, ...) is an
// error naming the atom or compound.
func Hydrate(docs []inflate.Document, atoms []radial.Atom, budget int) (Result, error) {
	if budget <= 0 {
		return Result{}, fmt.Errorf("hydrate: budget %d, want > 0", budget)
	}
	c, err := radial.NewCutter(docs, atoms)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	n := c.Len()
	res := Result{Budget: budget, Hits: n}
	r0, err := Radius(budget, n)
	if err != nil {
		return Result{}, fmt.Errorf("hydrate: %w", err)
	}
	if r0 == 0 {
		return res, nil
	}
	res.Capacity = budget / (2 * r0)
	// The ranking: score descending, then canonical order (compound ID,
	// offset, label): a stable sort by score of the canonical order.
	order := rankOrder(c)
	keep := make([]bool, n)
	k, r := n, r0
	if n > res.Capacity {
		// Step 2: the longest prefix of the ranking that fits at the floor.
		used := 0
		for k = 0; k < n; k++ {
			i := int(order[k])
			add := c.AddCost(i, r0, keep)
			if used+add > budget {
				break
			}
			used += add
			keep[i] = true
		}
		if k == 0 {
			// Step 3: the floor yields to the budget for the best atom.
			k, r = yieldFloor(c, int(order[0]), budget)
			keep[order[0]] = k == 1
		}
	} else {
		for i := range keep {
			keep[i] = true
		}
	}
	res.Kept = make([]radial.Atom, n)
	for i, o := range order {
		res.Kept[i] = c.Atom(int(o))
	}
	res.Kept, res.Dropped = res.Kept[:k:k], res.Kept[k:]
	if len(res.Dropped) == 0 {
		res.Dropped = nil
	}
	if k == 0 {
		res.Kept, res.Radius = nil, r0
		return res, nil
	}
	// Step 4: the widest radius up to the cap at which the kept atoms'
	// windows still fit (r fits), then the narrowest from r on that costs
	// as much.
	kept := c.Subset(keep)
	fits := func(r int) bool { return kept.Cost(r, nil, budget) <= budget }
	lo, hi := r, MaxRadius
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if fits(mid) {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	most := kept.Cost(lo, nil, budget)
	for hi := lo; r < hi; {
		mid := r + (hi-r)/2
		if kept.Cost(mid, nil, most) == most {
			hi = mid
		} else {
			r = mid + 1
		}
	}
	res.Radius = r
	res.Windows = kept.Windows(r, nil)
	for _, w := range res.Windows {
		res.Used += w.Cost
	}
	if res.Used > budget {
		// Cannot happen (every radius was measured before it was taken);
		// never return a result that breaks the budget.
		return Result{}, fmt.Errorf("hydrate: internal error: windows cost %d, budget %d", res.Used, budget)
	}
	return res, nil
}

// yieldFloor is step 3 of [Hydrate]: the widest radius below the floor at
// which the window of atom i fits the budget and still holds the atom. It
// returns 1 and that radius, or 0 atoms when no radius serves.
func yieldFloor(c *radial.Cutter, i, budget int) (int, int) {
	one := make([]bool, c.Len())
	one[i] = true
	lo, hi := 0, MinRadius-1 // radius lo fits (0: nothing); hi+1 does not
	for lo < hi {
		mid := lo + (hi-lo+1)/2
		if c.Cost(mid, one, budget) <= budget {
			lo = mid
		} else {
			hi = mid - 1
		}
	}
	if lo == 0 {
		return 0, 0
	}
	a := c.Atom(i)
	ws := c.Windows(lo, one)
	if len(ws) != 1 || a.Offset < ws[0].Start || a.Offset >= ws[0].End {
		return 0, 0 // the window is too narrow to hold the atom's character
	}
	return 1, lo
}

// rankOrder returns the positions of c's atoms (canonical order) sorted by
// score, highest first, stable (sortkey.Order).
func rankOrder(c *radial.Cutter) []int32 {
	n := c.Len()
	sc := sortkey.Get(n)
	defer sc.Free()
	for i := range sc.Keys {
		sc.Keys[i] = sortkey.Score(c.Atom(i).Score)
	}
	return sc.Order(make([]int32, n))
}
