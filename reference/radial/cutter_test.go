package radial

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// windowsRef is Windows as it was before the Cutter: the oracle of
// TestCutterAgrees.
func windowsRef(docs []inflate.Document, atoms []Atom, r int) ([]Window, error) {
	m, err := byID(docs)
	if err != nil {
		return nil, err
	}
	if r < 1 {
		return nil, fmt.Errorf("radius %d, want >= 1", r)
	}
	if err := checkAtoms(m, atoms); err != nil {
		return nil, err
	}
	type spanned struct {
		Span
		atom Atom
	}
	var spans []spanned
	code := map[string]*codeDoc{}
	for _, a := range Unique(atoms) {
		d := m[a.CompoundID]
		var s Span
		if d.Kind == inflate.KindCode {
			c := code[d.ID]
			if c == nil {
				c = newCodeDoc(d.Body)
				code[d.ID] = c
			}
			s = c.extent(a.Offset, r)
		} else {
			s = radialSpan(d.Body, a.Offset, r)
		}
		spans = append(spans, spanned{s, a})
	}
	slices.SortFunc(spans, func(x, y spanned) int {
		if c := strings.Compare(x.atom.CompoundID, y.atom.CompoundID); c != 0 {
			return c
		}
		if c := cmp.Compare(x.Start, y.Start); c != 0 {
			return c
		}
		if c := cmp.Compare(x.End, y.End); c != 0 {
			return c
		}
		return compareAtoms(x.atom, y.atom)
	})
	var out []Window
	for _, s := range spans {
		if n := len(out); n > 0 && out[n-1].CompoundID == s.atom.CompoundID && s.Start <= out[n-1].End {
			w := &out[n-1]
			w.End = max(w.End, s.End)
			w.Atoms = append(w.Atoms, s.atom)
			continue
		}
		out = append(out, Window{CompoundID: s.atom.CompoundID, Start: s.Start, End: s.End, Atoms: []Atom{s.atom}})
	}
	for i := range out {
		w := &out[i]
		d := m[w.CompoundID]
		w.Text = d.Body[w.Start:w.End]
		w.Cost = Cost(d.Kind, w.Text)
		slices.SortFunc(w.Atoms, compareAtoms)
		w.Score = w.Atoms[0].Score
		for _, a := range w.Atoms {
			w.Score = max(w.Score, a.Score)
		}
	}
	return out, nil
}

// TestCutterAgrees: Windows (through the Cutter) answers exactly what the
// straightforward implementation answers, on generated prose, data and code
// with duplicate atoms, shared offsets and multi-byte text.
func TestCutterAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 4))
	code := "func f(a int) int {\n\tif a > 0 {\n\t\treturn cat(a)\n\t}\n\treturn 0\n}\n\n" +
		"def g(x):\n    for i in x:\n        print(\"日本語\", i)\n    return x\n"
	for iter := range 400 {
		var docs []inflate.Document
		for d := range 1 + rng.IntN(5) {
			kind := []string{"", inflate.KindProse, inflate.KindData, inflate.KindCode}[rng.IntN(4)]
			body := strings.Repeat("ab é日 cd ", 1+rng.IntN(400))
			if kind == inflate.KindCode {
				body = strings.Repeat(code, 1+rng.IntN(10))
			}
			docs = append(docs, inflate.Document{ID: fmt.Sprintf("d%d", (d*3)%7), Body: body, Kind: kind})
		}
		idx, err := Ingest(docs)
		if err != nil {
			t.Fatal(err)
		}
		var atoms []Atom
		for _, l := range idx.Labels() {
			for _, a := range idx.Lookup(l) {
				if rng.IntN(3) == 0 {
					a.Score = float64(rng.IntN(4))
					atoms = append(atoms, a)
					if rng.IntN(5) == 0 {
						a.Score = -a.Score
						atoms = append(atoms, a) // an identical atom
					}
				}
			}
		}
		rng.Shuffle(len(atoms), func(i, j int) { atoms[i], atoms[j] = atoms[j], atoms[i] })
		r := 1 + rng.IntN(600)
		got, err1 := Windows(docs, atoms, r)
		want, err2 := windowsRef(docs, atoms, r)
		if err1 != nil || err2 != nil || !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d, radius %d: Windows differs from the reference implementation (%v, %v)\n got %v\nwant %v", iter, r, err1, err2, got, want)
		}
		c, _ := NewCutter(docs, atoms)
		sum := 0
		for _, w := range want {
			sum += w.Cost
		}
		if got := c.Cost(r, nil, sum); got != sum {
			t.Fatalf("iter %d: Cost %d, windows cost %d", iter, got, sum)
		}
		// AddCost is the difference keeping one more atom makes to Cost
		// (non-whitespace bytes for code), whatever is kept already.
		keep := make([]bool, c.Len())
		for i := range keep {
			keep[i] = rng.IntN(3) == 0
		}
		for range min(len(keep), 4) {
			i := rng.IntN(len(keep))
			if keep[i] {
				continue
			}
			before := c.Cost(r, keep, math.MaxInt)
			keep[i] = true
			after := c.Cost(r, keep, math.MaxInt)
			keep[i] = false
			if got := c.AddCost(i, r, keep); got != after-before {
				t.Fatalf("iter %d, radius %d: AddCost(%d) = %d, Cost grows by %d (%s)", iter, r, i, got, after-before, docs[0].Kind)
			}
		}
	}
}

// TestCutterCompoundIDs: every atom is windowed in its own compound, however
// its compound ID's memory is shared or laid out: IDs that are prefixes of
// one another in one buffer, and more compounds than any small cache holds.
func TestCutterCompoundIDs(t *testing.T) {
	// "a" and "ab" share their first byte's memory.
	buf := strings.Clone("ab")
	docs := []inflate.Document{{ID: "a", Body: "xyz"}, {ID: "ab", Body: "0123456789"}}
	atoms := []Atom{{CompoundID: buf, Label: "5", Offset: 5}, {CompoundID: buf[:1], Label: "y", Offset: 1}}
	ws, err := Windows(docs, atoms, 1)
	if err != nil {
		t.Fatal(err)
	}
	// r=1: "a" [0,2) around 1, "ab" [4,6) around 5; by compound ID.
	want := []span{{"a", 0, 2, []int{1}}, {"ab", 4, 6, []int{5}}}
	if got := spans(ws); !equalSpans(got, want) {
		t.Errorf("IDs sharing memory: windows %v, want %v", got, want)
	}

	// 300 compounds of IDs of one length, each in memory of its own, one
	// atom each: 300 windows, each in its atom's compound.
	docs, atoms = nil, nil
	for i := range 300 {
		docs = append(docs, inflate.Document{ID: fmt.Sprintf("d%03d", i), Body: "abc"})
		atoms = append(atoms, Atom{CompoundID: fmt.Sprintf("d%03d", i), Label: "b", Offset: 1})
	}
	ws, err = Windows(docs, atoms, 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 300 {
		t.Fatalf("300 compounds: %d windows, want 300", len(ws))
	}
	for i, w := range ws {
		if id := fmt.Sprintf("d%03d", i); w.CompoundID != id || len(w.Atoms) != 1 || w.Atoms[0].CompoundID != id {
			t.Fatalf("window %d: compound %q with atoms %v, want %q with its one atom", i, w.CompoundID, w.Atoms, id)
		}
	}
}

// TestCutterCostLimit: Cost returns the total, or as soon as the total
// passes limit a value above it; a total equal to limit has not passed it.
func TestCutterCostLimit(t *testing.T) {
	// Two compounds, one atom each at offset 5 of 10 bytes: at r=2 each
	// window is [3,7), 4 bytes; the total is 8.
	docs := []inflate.Document{{ID: "a", Body: "0123456789"}, {ID: "b", Body: "0123456789"}}
	c, err := NewCutter(docs, []Atom{{"a", "5", 5, 0}, {"b", "5", 5, 0}})
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ limit, min, max int }{
		{math.MaxInt, 8, 8},
		{8, 8, 8},
		{7, 8, math.MaxInt},
		{4, 5, math.MaxInt}, // the first compound alone reaches 4 = limit
		{3, 4, math.MaxInt},
	} {
		if got := c.Cost(2, nil, tt.limit); got < tt.min || got > tt.max {
			t.Errorf("Cost(2, nil, %d) = %d, want in [%d, %d]", tt.limit, got, tt.min, tt.max)
		}
	}
}

// TestKeyBits: the fewest bits that hold every value below n (by hand:
// values below 4 are 0..3, 2 bits; below 5 they need 3), and a document
// index and an offset share one 64-bit key exactly when their bits add up
// to at most 64.
func TestKeyBits(t *testing.T) {
	for _, tt := range []struct {
		n    int
		want uint
	}{{0, 0}, {1, 0}, {2, 1}, {3, 2}, {4, 2}, {5, 3}, {1 << 20, 20}, {1<<20 + 1, 21}, {1 << 62, 62}, {1<<62 + 1, 63}, {math.MaxInt, 63}} {
		if got := bitsFor(tt.n); got != tt.want {
			t.Errorf("bitsFor(%d) = %d, want %d", tt.n, got, tt.want)
		}
	}
	for _, tt := range []struct {
		docs, maxOff int
		bd, bo       uint
		fit          bool
	}{
		{1 << 31, 1 << 33, 31, 33, true},    // 64 bits
		{1 << 31, 1<<33 + 1, 31, 34, false}, // 65
		{1<<31 + 1, 1 << 33, 32, 33, false}, // 65
		{1, 1 << 62, 0, 62, true},
		{4, 1 << 62, 2, 62, true},  // 64
		{5, 1 << 62, 3, 62, false}, // 65
	} {
		if bd, bo, fit := keyBits(tt.docs, tt.maxOff); bd != tt.bd || bo != tt.bo || fit != tt.fit {
			t.Errorf("keyBits(%d, %d) = %d, %d, %v; want %d, %d, %v", tt.docs, tt.maxOff, bd, bo, fit, tt.bd, tt.bo, tt.fit)
		}
	}
}

// TestCutterAddCost: what keeping one more prose atom adds, by hand from the
// union of the windows. Atoms at 10, 14, 18 of 100 bytes, r=5: windows
// [5,15), [9,19), [13,23), atoms 0, 1, 2 in canonical order.
func TestCutterAddCost(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: strings.Repeat("x", 100)}}
	c, err := NewCutter(docs, at("d", 10, 14, 18))
	if err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name string
		keep []bool
		i    int
		want int
	}{
		{"nothing kept", []bool{false, false, false}, 1, 10},
		// [5,15) ∪ [9,19) = [5,19): 14 − 10.
		{"left neighbour is the first atom", []bool{true, false, false}, 1, 4},
		// [9,19) ∪ [13,23) = [9,23): 14 − 10.
		{"right neighbour", []bool{false, false, true}, 1, 4},
		// [5,15) ∪ [13,23) = [5,23) already holds [9,19): nothing added.
		{"both neighbours overlap each other", []bool{true, false, true}, 1, 0},
		// [5,15) ∪ [13,23) = [5,23), 18, less [5,15), 10.
		{"past the left neighbour's neighbour", []bool{true, false, false}, 2, 8},
	} {
		if got := c.AddCost(tt.i, 5, tt.keep); got != tt.want {
			t.Errorf("%s: AddCost(%d) = %d, want %d", tt.name, tt.i, got, tt.want)
		}
	}
}

// TestCutterSubset: a subset cuts and costs the windows of its atoms only.
func TestCutterSubset(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: strings.Repeat("x", 100)}}
	c, err := NewCutter(docs, at("d", 10, 50, 90))
	if err != nil {
		t.Fatal(err)
	}
	sub := c.Subset([]bool{false, true, true})
	// r=5: [45,55) and [85,95), 10 bytes each.
	if sub.Len() != 2 || sub.Cost(5, nil, math.MaxInt) != 20 {
		t.Errorf("subset of 2: %d atoms, cost %d; want 2 and 20", sub.Len(), sub.Cost(5, nil, math.MaxInt))
	}
	want := []span{{"d", 45, 55, []int{50}}, {"d", 85, 95, []int{90}}}
	if got := spans(sub.Windows(5, nil)); !equalSpans(got, want) {
		t.Errorf("subset windows %v, want %v", got, want)
	}
}
