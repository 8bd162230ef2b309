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
