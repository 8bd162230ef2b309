package elastic

import (
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

func atom(id, label string, off int, score float64) radial.Atom {
	return radial.Atom{CompoundID: id, Label: label, Offset: off, Score: score}
}

func offsets(atoms []radial.Atom) []int {
	var out []int
	for _, a := range atoms {
		out = append(out, a.Offset)
	}
	return out
}

type ws struct{ start, end int }

func windowSpans(w []radial.Window) []ws {
	var out []ws
	for _, x := range w {
		out = append(out, ws{x.Start, x.End})
	}
	return out
}

func TestHydrate(t *testing.T) {
	body := strings.Repeat("0123456789", 1000) // 10000 bytes
	docs := []inflate.Document{{ID: "d", Body: body}}
	// Ten atoms at 500, 1500, ..., 9500 with scores 0,1,2,3,4,0,1,2,3,4.
	var ten []radial.Atom
	for i := range 10 {
		ten = append(ten, radial.Atom{CompoundID: "d", Label: "w", Offset: 500 + 1000*i, Score: float64(i % 5)})
	}
	tests := []struct {
		name                   string
		atoms                  []radial.Atom
		budget                 int
		radius, capacity, used int
		kept, dropped          []int
		windows                []ws
	}{
		// 1000/10/2 = 50 → radius 200; floor(1000/400) = 2 atoms are sure
		// to fit. Best first: the two scored 4 (4500 and 9500) cost 800 at
		// 200; the next, 3500 (score 3), would add 400: 1200 > 1000. The
		// radius is then recomputed for the two kept: 2·2r <= 1000 → 250.
		{"floor against budget", ten, 1000, 250, 2, 1000,
			[]int{4500, 9500}, []int{3500, 8500, 2500, 7500, 1500, 6500, 500, 5500},
			[]ws{{4250, 4750}, {9250, 9750}}},
		// Below 400 no window at the floor fits; the floor yields to the
		// budget for the best atom: 2·199 = 398 <= 399.
		{"budget 399: the floor yields", ten[:1], 399, 199, 0, 398, []int{500}, nil, []ws{{301, 699}}},
		{"budget 400 keeps one", ten[:1], 400, 200, 1, 400, []int{500}, nil, []ws{{300, 700}}},
		// 10000/2/2 = 2500 would give [0,3500] and [5500,10000], 8000; the
		// radius grows to 3500, where [0,4500] and [4500,10000] merge into
		// the whole document, 10000.
		{"all fit", []radial.Atom{atom("d", "w", 1000, 0), atom("d", "w", 8000, 0)}, 10000, 3500, 2, 10000,
			[]int{1000, 8000}, nil, []ws{{0, 10000}}},
		// 5000/2/2 = 1250: [750,3250] and [2250,4750] overlap → [750,4750],
		// 4000; the radius grows while [2000−r, 3500+r] fits: 1500 + 2r <=
		// 5000 → 1750, [250,5250].
		{"merged", []radial.Atom{atom("d", "w", 2000, 0), atom("d", "w", 3500, 0)}, 5000, 1750, 2, 5000,
			[]int{2000, 3500}, nil, []ws{{250, 5250}}},
		{"no hits", nil, 1000, 0, 0, 0, nil, nil, nil},
	}
	for _, tc := range tests {
		for _, in := range [][]radial.Atom{tc.atoms, reversed(tc.atoms)} {
			res, err := Hydrate(docs, in, tc.budget)
			if err != nil {
				t.Errorf("%s: %v", tc.name, err)
				continue
			}
			if res.Radius != tc.radius || res.Capacity != tc.capacity || res.Used != tc.used || res.Hits != len(tc.atoms) ||
				!slices.Equal(offsets(res.Kept), tc.kept) || !slices.Equal(offsets(res.Dropped), tc.dropped) ||
				!slices.Equal(windowSpans(res.Windows), tc.windows) {
				t.Errorf("%s: radius %d capacity %d used %d kept %v dropped %v windows %v,\nwant %d %d %d %v %v %v",
					tc.name, res.Radius, res.Capacity, res.Used, offsets(res.Kept), offsets(res.Dropped), windowSpans(res.Windows),
					tc.radius, tc.capacity, tc.used, tc.kept, tc.dropped, tc.windows)
			}
		}
	}
}

// TestHydrateCodeWhitespaceIsFree: a code block of 429 bytes costs 97
// (def3 f():4, then 30 lines "x = 1" of 3), so it fits a budget of 400
// (radius 200, allowance 400) whole.
func TestHydrateCodeWhitespaceIsFree(t *testing.T) {
	src := "def f():\n" + strings.Repeat("        x = 1\n", 30)
	docs := []inflate.Document{{ID: "py", Body: src, Kind: "code"}}
	res, err := Hydrate(docs, []radial.Atom{{CompoundID: "py", Label: "f", Offset: 4}}, 400)
	if err != nil {
		t.Fatal(err)
	}
	if len(src) != 429 || len(res.Windows) != 1 || res.Windows[0].Text != src || res.Used != 97 {
		t.Errorf("windows %+v used %d, want the whole %d-byte block at cost 97", res.Windows, res.Used, len(src))
	}
}

func TestHydrateErrors(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: strings.Repeat("x", 1000)}}
	good := radial.Atom{CompoundID: "d", Label: "x", Offset: 10, Score: 1}
	tests := []struct {
		name   string
		docs   []inflate.Document
		atoms  []radial.Atom
		budget int
		want   string
	}{
		{"zero budget", docs, []radial.Atom{good}, 0, "budget 0"},
		{"negative budget", docs, []radial.Atom{good}, -1, "budget -1"},
		// Budget 400 keeps one atom; the NaN one would be dropped, and is
		// still an error.
		{"NaN score even if dropped", docs, []radial.Atom{good, atom("d", "y", 20, math.NaN())}, 400, `"y"@d:20`},
		{"unknown compound", docs, []radial.Atom{atom("e", "x", 0, 0)}, 400, `unknown compound "e"`},
		{"offset outside", docs, []radial.Atom{atom("d", "x", 1000, 0)}, 400, "outside the body"},
		{"invalid UTF-8", []inflate.Document{{ID: "bad", Body: "\xff"}}, nil, 400, `"bad"`},
	}
	for _, tc := range tests {
		if _, err := Hydrate(tc.docs, tc.atoms, tc.budget); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %s", tc.name, err, tc.want)
		}
	}
}

// TestHydrateProperties runs the three phases on generated corpora (prose
// with multi-byte words, and code) and checks what std105 §4 and
// std085-protocol §5.4 promise, for any input:
//   - radius between the census radius (below the floor only for a
//     budget under 400) and 32000; at least min(floor(budget/2r), hits)
//     atoms kept, all of them when the floor does not bind; kept and
//     dropped are the ranking cut in two;
//   - the radius fills the budget: one byte wider breaks it, or adds
//     nothing;
//   - the windows' costs add up to at most the budget;
//   - windows lie inside their documents, on rune boundaries, are sorted,
//     and neither overlap nor touch within a compound;
//   - every kept atom lies in exactly one window, the one that lists it;
//   - shuffling the documents and atoms changes nothing.
func TestHydrateProperties(t *testing.T) {
	rng := rand.New(rand.NewPCG(105, 85))
	words := []string{"the", "cat", "naïve", "日本語", "straße", "x", "elastic", "radius", "ü", "🙂", "42"}
	seps := []string{" ", " ", ", ", ".\n", "\t", " — "}
	code := "func f(a int) int {\n\tif a > 0 {\n\t\treturn cat(a)\n\t}\n\treturn 0\n}\n\n" +
		"def g(x):\n    for i in x:\n        print(\"日本語\", i)\n    return x\n"
	for iter := range 300 {
		var docs []inflate.Document
		for d := range 1 + rng.IntN(4) {
			var b strings.Builder
			for range rng.IntN(800) {
				b.WriteString(words[rng.IntN(len(words))])
				b.WriteString(seps[rng.IntN(len(seps))])
			}
			kind := []string{"", inflate.KindProse, inflate.KindData, inflate.KindCode}[rng.IntN(4)]
			body := b.String()
			if kind == inflate.KindCode {
				body = strings.Repeat(code, 1+rng.IntN(20))
			}
			docs = append(docs, inflate.Document{ID: fmt.Sprintf("doc%d", d), Body: body, Kind: kind})
		}
		idx, err := radial.Ingest(docs)
		if err != nil {
			t.Fatal(err)
		}
		var terms []string
		for range 1 + rng.IntN(3) {
			terms = append(terms, words[rng.IntN(len(words))])
		}
		atoms, err := Census(idx, terms, nil)
		if err != nil {
			t.Fatal(err)
		}
		for i := range atoms {
			atoms[i].Score = float64(rng.IntN(4))
		}
		budget := 1 + rng.IntN(20000)
		if iter%10 == 0 {
			budget = 1 + rng.IntN(300000)
		}
		res, err := Hydrate(docs, atoms, budget)
		if err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		where := fmt.Sprintf("iter %d (budget %d, %d hits, radius %d)", iter, budget, res.Hits, res.Radius)
		if res.Hits != len(atoms) || len(res.Kept)+len(res.Dropped) != len(atoms) {
			t.Fatalf("%s: %d kept + %d dropped of %d", where, len(res.Kept), len(res.Dropped), len(atoms))
		}
		if len(atoms) > 0 {
			r0, _ := Radius(budget, len(atoms))
			low := r0
			if budget < 2*MinRadius {
				low = 1 // the floor may yield
			}
			if res.Radius < low || res.Radius > MaxRadius || len(res.Kept) < min(budget/(2*r0), len(atoms)) ||
				len(atoms)*2*r0 <= budget && len(res.Kept) != len(atoms) {
				t.Fatalf("%s: radius or kept count (%d) wrong", where, len(res.Kept))
			}
			if !slices.IsSortedFunc(append(slices.Clone(res.Kept), res.Dropped...), rank) {
				t.Fatalf("%s: kept and dropped are not the ranking cut in two", where)
			}
			if len(res.Kept) > 0 && !keepsCode(docs, res.Kept) {
				// Filled: a wider radius breaks the budget or adds nothing.
				// (Code windows grow by blocks and lines, not monotonically
				// with the radius.)
				for _, wider := range []int{res.Radius + 1, res.Radius + 4, res.Radius * 2, MaxRadius} {
					ws, _ := radial.Windows(docs, res.Kept, min(wider, MaxRadius))
					if c := costOf(ws); c <= budget && c != res.Used {
						t.Fatalf("%s: radius %d leaves budget unused: %d at radius %d", where, res.Radius, c, wider)
					}
				}
			}
		}
		byID := map[string]inflate.Document{}
		for _, d := range docs {
			byID[d.ID] = d
		}
		used := 0
		for i, w := range res.Windows {
			d := byID[w.CompoundID]
			if w.Start < 0 || w.End > len(d.Body) || w.Start > w.End ||
				!unit.IsBoundary(d.Body, w.Start) || !unit.IsBoundary(d.Body, w.End) || w.Text != d.Body[w.Start:w.End] {
				t.Fatalf("%s: window %s [%d,%d) bad (body %d bytes)", where, w.CompoundID, w.Start, w.End, len(d.Body))
			}
			if c := radial.Cost(d.Kind, w.Text); c != w.Cost {
				t.Fatalf("%s: window cost %d, recomputed %d", where, w.Cost, c)
			}
			used += w.Cost
			if i > 0 {
				p := res.Windows[i-1]
				if p.CompoundID > w.CompoundID || p.CompoundID == w.CompoundID && w.Start <= p.End {
					t.Fatalf("%s: windows %s [%d,%d) and %s [%d,%d) out of order or overlapping", where, p.CompoundID, p.Start, p.End, w.CompoundID, w.Start, w.End)
				}
			}
		}
		if used != res.Used || used > budget {
			t.Fatalf("%s: used %d (reported %d) > budget", where, used, res.Used)
		}
		for _, a := range res.Kept {
			holders := 0
			for _, w := range res.Windows {
				if w.CompoundID == a.CompoundID && w.Start <= a.Offset && a.Offset <= w.End {
					holders++
					if !slices.Contains(w.Atoms, a) {
						t.Fatalf("%s: window [%d,%d) holds %v but does not list it", where, w.Start, w.End, a)
					}
				}
			}
			if holders != 1 {
				t.Fatalf("%s: atom %v in %d windows", where, a, holders)
			}
		}
		shuffled := slices.Clone(atoms)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		docs2 := slices.Clone(docs)
		rng.Shuffle(len(docs2), func(i, j int) { docs2[i], docs2[j] = docs2[j], docs2[i] })
		res2, err := Hydrate(docs2, shuffled, budget)
		if err != nil || !reflect.DeepEqual(res, res2) {
			t.Fatalf("%s: result depends on input order (%v)", where, err)
		}
	}
}

func costOf(ws []radial.Window) int {
	n := 0
	for _, w := range ws {
		n += w.Cost
	}
	return n
}

func keepsCode(docs []inflate.Document, atoms []radial.Atom) bool {
	for _, a := range atoms {
		for _, d := range docs {
			if d.ID == a.CompoundID && d.Kind == inflate.KindCode {
				return true
			}
		}
	}
	return false
}

// TestHydrateFloorYields: under a budget of 400 the best atom's window
// narrows below the floor, to the widest radius that fits (199 for 398,
// so every radius up to 199 is tried); when none fits, nothing is kept and
// the radius reported is the formula's.
func TestHydrateFloorYields(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: strings.Repeat("x", 2000)}}
	for _, tt := range []struct {
		budget, radius int
		win            []ws
	}{
		{398, 199, []ws{{801, 1199}}},
		{399, 199, []ws{{801, 1199}}},
		{2, 1, []ws{{999, 1001}}},
		{1, 200, nil}, // a radius of 0 holds nothing: the formula's 200 is reported
	} {
		res, err := Hydrate(docs, []radial.Atom{atom("d", "x", 1000, 1)}, tt.budget)
		if err != nil {
			t.Fatal(err)
		}
		var got []ws
		for _, w := range res.Windows {
			got = append(got, ws{w.Start, w.End})
		}
		if res.Radius != tt.radius || !reflect.DeepEqual(got, tt.win) {
			t.Errorf("budget %d: radius %d, windows %v; want %d, %v", tt.budget, res.Radius, got, tt.radius, tt.win)
		}
		if kept := len(tt.win); len(res.Kept) != kept || len(res.Dropped) != 1-kept {
			t.Errorf("budget %d: %d kept, %d dropped; want %d and %d", tt.budget, len(res.Kept), len(res.Dropped), kept, 1-kept)
		}
	}
	// Radii 198 and 199 cut the same window when its edges fall inside
	// two-byte characters: "é" repeated, the atom at 400. At 200 the window
	// is [200,600), 400 > 399; at 199 the raw [201,599] moves inward to
	// [202,598), 396 bytes; at 198, [202,598) too. The widest radius below
	// the floor that fits is 199, and no narrower one costs less than at
	// 199 from 199 on: radius 199.
	accents := []inflate.Document{{ID: "d", Body: strings.Repeat("é", 500)}}
	res, err := Hydrate(accents, []radial.Atom{atom("d", "x", 400, 1)}, 399)
	if err != nil {
		t.Fatal(err)
	}
	if got := windowSpans(res.Windows); res.Radius != 199 || res.Used != 396 || !reflect.DeepEqual(got, []ws{{202, 598}}) {
		t.Errorf("two-byte characters, budget 399: radius %d, used %d, windows %v; want 199, 396, [{202 598}]", res.Radius, res.Used, got)
	}
	// No radius of 1 or more serves the atom, so nothing is kept and the
	// formula's radius, Radius(budget, 1) = 200, is reported.
	for _, tt := range []struct {
		name   string
		doc    inflate.Document
		off    int
		budget int
	}{
		// The atom is the 4-byte 🙂 at 4 of "xxxx🙂xxxx": at r=1 and r=2 the
		// window's end, 5 or 6, moves back to 4: [3,4) and [2,4), cost 1 and
		// 2, fit 2 but leave the character out; r=3 costs 3.
		{"window too narrow for the character", inflate.Document{ID: "d", Body: "xxxx🙂xxxx"}, 4, 2},
		// The atom is on the blank line L1 of "ab\n\ncd\n" (code): at r=1
		// (allowance 2) the lines grow to L0-L1, cost 2 > 1; wider radii
		// cost no less. Only radius 0 would give a window of cost 0.
		{"code atom on a blank line", inflate.Document{ID: "d", Body: "ab\n\ncd\n", Kind: inflate.KindCode}, 3, 1},
	} {
		res, err := Hydrate([]inflate.Document{tt.doc}, []radial.Atom{atom("d", "x", tt.off, 1)}, tt.budget)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Kept) != 0 || len(res.Dropped) != 1 || res.Windows != nil || res.Radius != 200 {
			t.Errorf("%s: kept %v, dropped %v, windows %v, radius %d; want nothing kept, the atom dropped, radius 200",
				tt.name, res.Kept, res.Dropped, windowSpans(res.Windows), res.Radius)
		}
	}
}

// TestCodeCostFalls: the cost of code windows can fall as the radius grows,
// from the floor of 200 up, so step 4's bisection is exact only where it
// does not (see the package Decisions). The code below, indentation 2, 0,
// 1, 1, has lines costing L0 35, L1 136, L2 277, L3 81; atom A starts L1,
// atom B starts L2. The only block (L1 headed, L2–L3 deeper) costs
// 136+277+81 = 494 and fits from r = 247. Below it the windows are lines
// grown up, then down:
//
//   - r 200 (2r = 400): A takes L0 (171; L2 would make 448), B cannot take
//     L1 (413) but takes L3 (358); they touch: one window L0–L3, 529.
//   - r 207 to 246 (2r >= 414): B takes L1 first (413), then not L3 (494);
//     A as before: L0–L2, 448.
//   - r 247 on: both take the block, 494.
//
// With budget 800 (r0 = 200, both served) Hydrate answers radius 247 and
// 494: the widest radius that fits is 32000, and the bisection for the
// narrowest that costs as much lands on 247; radius 200 would give 529.
func TestCodeCostFalls(t *testing.T) {
	docs, atoms := fourCodeLines(35, 136, 277, 81)
	checkCosts(t, docs, atoms, []radiusCost{{200, 529}, {206, 529}, {207, 448}, {246, 448}, {247, 494}, {32000, 494}})
}

// fourCodeLines is the code of TestCodeCostFalls with lines of the given
// costs: L0 indented by two tabs, L1 by none, L2 and L3 by one; atom A at
// L1's first byte, atom B at L2's first byte after its tab.
func fourCodeLines(l0, l1, l2, l3 int) ([]inflate.Document, []radial.Atom) {
	x := strings.Repeat
	body := "\t\t" + x("x", l0) + "\n" + x("x", l1) + "\n\t" + x("x", l2) + "\n\t" + x("x", l3) + "\n"
	a := 2 + l0 + 1
	b := a + l1 + 1 + 1
	return []inflate.Document{{ID: "c", Body: body, Kind: inflate.KindCode}},
		[]radial.Atom{atom("c", "x", a, 1), atom("c", "x", b, 1)}
}

type radiusCost struct{ r, cost int }

// checkCosts checks what the atoms' merged windows cost at each radius
// against a derivation by hand.
func checkCosts(t *testing.T, docs []inflate.Document, atoms []radial.Atom, want []radiusCost) {
	t.Helper()
	for _, c := range want {
		ws, err := radial.Windows(docs, atoms, c.r)
		if err != nil || len(ws) == 0 {
			t.Fatalf("radius %d: %v, %v", c.r, ws, err)
		}
		total := 0
		for _, w := range ws {
			total += w.Cost
		}
		if total != c.cost {
			t.Errorf("radius %d: windows cost %d, want %d (the derivation above)", c.r, total, c.cost)
		}
	}
}

// TestBisectionProbes: where the windows' cost falls, step 4's answer is
// the one its bisection's probes give, so the probes are part of the
// definition (see the package Decisions). TestCodeCostFalls's four lines,
// scaled: L0 (two tabs) 3001, L1 22001, L2 (one tab) 22001, L3 (one tab)
// 3000 bytes of cost; atom A starts L1, atom B starts L2's text. The only
// block is L1–L3, 47002. Budget 48000: r0 = 48000/2/2 = 12000, both atoms
// served (2·2·12000 <= 48000). Lines grow up, then down, within 2r:
//
//   - r 12000 to 12500 (2r <= 25000): A is L1 alone (L0+L1 = 25002), B is
//     L2 alone (L1+L2 = 44002, L2+L3 = 25001); they touch: L1–L2, 44002.
//   - r 12501 to 22000 (2r 25002 to 44000): A takes L0, B takes L3: L0–L3,
//     50003, over the budget.
//   - r 22001 to 23500 (2r 44002 to 47000): B takes L1 first, then not L3:
//     L0–L2, 47003.
//   - r 23501 on (2r >= 47002): both take the block, 47002.
//
// The first search runs over [12000, 32000]: its first probe is 12000 +
// ceil(20000/2) = 22000, which does not fit, and [12000, 21999] fits up to
// 12500 and no further, so it ends at 12500 (44002); the second finds
// 12000 costs as much. A first probe of 22001 would fit, and the search
// would end at 32000 (47002), then narrow to 23501: that is another
// definition, and it holds 3000 more bytes. The reference keeps its probes;
// the test holds them.
func TestBisectionProbes(t *testing.T) {
	docs, atoms := fourCodeLines(3001, 22001, 22001, 3000)
	a := 2 + 3001 + 1                  // 3004: L1's first byte
	l2End := a + 22002 + 1 + 22001 + 1 // 47009: just after L2's newline
	if atoms[0].Offset != a {
		t.Fatalf("atom A at %d, want %d", atoms[0].Offset, a)
	}
	checkCosts(t, docs, atoms, []radiusCost{
		{12000, 44002}, {12500, 44002}, {12501, 50003}, {22000, 50003},
		{22001, 47003}, {23500, 47003}, {23501, 47002}, {32000, 47002},
	})
	res, err := Hydrate(docs, atoms, 48000)
	if err != nil {
		t.Fatal(err)
	}
	if res.Radius != 12000 || res.Used != 44002 || len(res.Kept) != 2 ||
		!reflect.DeepEqual(windowSpans(res.Windows), []ws{{a, l2End}}) {
		t.Errorf("Hydrate: radius %d, used %d, %d kept, windows %v; want radius 12000, used 44002, 2 kept, windows [{%d %d}]",
			res.Radius, res.Used, len(res.Kept), windowSpans(res.Windows), a, l2End)
	}
}
