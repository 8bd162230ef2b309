package elastic

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// rank orders atoms best first (Hydrate's ranking, which it reaches by a
// stable sort by score of the canonical order): score descending, then compound ID, offset
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

// hydrateRef is Hydrate written plainly (radial.Windows at every radius
// tried): the oracle of TestHydrateAgrees.
func hydrateRef(docs []inflate.Document, atoms []radial.Atom, budget int) (Result, error) {
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
			n, r, err = yieldFloorRef(docs, ranked[0], budget, fits)
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
func yieldFloorRef(docs []inflate.Document, best radial.Atom, budget int, fits func([]radial.Atom, int) (bool, error)) (int, int, error) {
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

// TestHydrateAgrees: Hydrate (on radial.Cutter) answers exactly what the
// plain implementation answers, under and over the floor, with ties,
// duplicate atoms, code and multi-byte text.
func TestHydrateAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 12))
	code := "func f(a int) int {\n\tif a > 0 {\n\t\treturn cat(a)\n\t}\n\treturn 0\n}\n\n" +
		"def g(x):\n    for i in x:\n        print(\"日本語\", i)\n    return x\n"
	for iter := range 300 {
		var docs []inflate.Document
		for d := range 1 + rng.IntN(4) {
			kind := []string{"", inflate.KindProse, inflate.KindData, inflate.KindCode}[rng.IntN(4)]
			body := strings.Repeat("ab é日 cd ", 1+rng.IntN(600))
			if kind == inflate.KindCode {
				body = strings.Repeat(code, 1+rng.IntN(10))
			}
			docs = append(docs, inflate.Document{ID: fmt.Sprintf("d%d", (d*3)%7), Body: body, Kind: kind})
		}
		idx, err := radial.Ingest(docs)
		if err != nil {
			t.Fatal(err)
		}
		var atoms []radial.Atom
		for _, l := range idx.Labels() {
			for _, a := range idx.Lookup(l) {
				if rng.IntN(4) == 0 {
					a.Score = float64(rng.IntN(4)) / 2
					atoms = append(atoms, a)
					if rng.IntN(6) == 0 {
						a.Score = 2
						atoms = append(atoms, a)
					}
				}
			}
		}
		rng.Shuffle(len(atoms), func(i, j int) { atoms[i], atoms[j] = atoms[j], atoms[i] })
		budget := 1 + rng.IntN(5000)
		if iter%4 == 0 {
			budget = 1 + rng.IntN(200000)
		}
		got, err1 := Hydrate(docs, atoms, budget)
		want, err2 := hydrateRef(docs, atoms, budget)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d, budget %d, %d atoms: Hydrate differs (%v, %v):\n got radius %d kept %d used %d\nwant radius %d kept %d used %d",
				iter, budget, len(atoms), err1, err2, got.Radius, len(got.Kept), got.Used, want.Radius, len(want.Kept), want.Used)
		}
	}
}

// TestHydrateManyScores: with more distinct scores than the counting sort
// takes (256), the ranking is a radix sort over every byte of the scores'
// keys, 0xFF bytes included; Hydrate still agrees with hydrateRef.
func TestHydrateManyScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 3))
	docs := []inflate.Document{
		{ID: "a", Body: strings.Repeat("alpha beta gamma delta 日本 ", 200)},
		{ID: "b", Body: strings.Repeat("eta theta iota kappa ", 150)},
	}
	idx, err := radial.Ingest(docs)
	if err != nil {
		t.Fatal(err)
	}
	atoms, err := Census(idx, idx.Labels(), nil) // every atom
	if err != nil {
		t.Fatal(err)
	}
	for i := range atoms {
		atoms[i].Score = rng.NormFloat64() * 1e3 // negative too: every key byte varies
	}
	if len(atoms) < 1000 {
		t.Fatalf("%d atoms: too few to need the radix sort", len(atoms))
	}
	for _, budget := range []int{500, 4000, 40000} {
		got, err1 := Hydrate(docs, atoms, budget)
		want, err2 := hydrateRef(docs, atoms, budget)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("budget %d, %d atoms: Hydrate differs (%v, %v): got kept %d used %d, want kept %d used %d",
				budget, len(atoms), err1, err2, len(got.Kept), got.Used, len(want.Kept), want.Used)
		}
	}
}
