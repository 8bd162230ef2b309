package invariant

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The elastic predicates judged on hand-made answers, as the radial ones
// (radial_test.go): answers that conform next to answers wrong in one way,
// at the boundary of the check. Offsets are bytes.

// elaTen is 10,000 bytes of ASCII.
var elaTen = strings.Repeat("abcdefghij", 1000)

func elaHydrate(docs []inflate.Document, budget int, atoms ...radial.Atom) adapters.HydrateRequest {
	return adapters.HydrateRequest{Documents: docs, Atoms: atoms, Budget: budget}
}

func elaW(d inflate.Document, s, e int, atoms ...radial.Atom) radial.Window {
	return radial.Window{CompoundID: d.ID, Start: s, End: e, Text: d.Body[s:e], Atoms: atoms}
}

func elaA(off int) radial.Atom { return radial.Atom{CompoundID: "doc", Label: "a", Offset: off} }

// TestElasticRadius: clamp(floor(budget/hits/2), 200, 32000), 0 for no hits.
func TestElasticRadius(t *testing.T) {
	for _, c := range []struct{ budget, hits, want int }{
		{1000, 0, 0}, {8000, 10, 400}, {399, 1, 200}, {402, 1, 201}, {64000, 1, 32000}, {64002, 1, 32000},
	} {
		if got := ElasticRadius(c.budget, c.hits); got != c.want {
			t.Errorf("ElasticRadius(%d, %d) = %d, want %d", c.budget, c.hits, got, c.want)
		}
	}
}

// TestHydrationCost: prose and data cost their length; code its
// non-white-space characters (unicode.IsSpace), each in the unit.
func TestHydrationCost(t *testing.T) {
	for _, c := range []struct {
		kind, text string
		u          unit.Unit
		want       int
	}{
		{"", "a b\n", unit.Bytes, 4},
		{inflate.KindData, "a b\n", unit.Bytes, 4},
		{inflate.KindCode, "a b\n", unit.Bytes, 2},
		{inflate.KindCode, "é\u00a0😀", unit.Bytes, 6},
		{inflate.KindCode, "é\u00a0😀", unit.UTF16, 3},
	} {
		if got := HydrationCost(c.u, c.kind, c.text); got != c.want {
			t.Errorf("HydrationCost(%s, %q, %q) = %d, want %d", c.u, c.kind, c.text, got, c.want)
		}
	}
}

// TestWindowsInside: known compound, within the body, the body's text
// between the offsets; an edge inside a character is the character rule's.
func TestWindowsInside(t *testing.T) {
	d := inflate.Document{ID: "doc", Body: "éab"}
	req := func(ws ...radial.Window) error {
		return HydrationInside(elaHydrate([]inflate.Document{d}, 100), elastic.Result{Windows: ws})
	}
	radJudge(t, []radCase{
		{"the whole body", req(elaW(d, 0, 4)), ""},
		{"empty, at the start", req(elaW(d, 0, 0)), ""},
		{"an edge inside é, text not judged", req(radial.Window{CompoundID: "doc", Start: 1, End: 3, Text: "x"}), ""},
		{"unknown compound, empty", req(radial.Window{CompoundID: "nowhere"}), `unknown compound "nowhere"`},
		{"past the end", req(radial.Window{CompoundID: "doc", Start: 0, End: 9}), "outside [0,4]"},
		{"negative start", req(radial.Window{CompoundID: "doc", Start: -1, End: 2}), "outside [0,4]"},
		{"start after end", req(radial.Window{CompoundID: "doc", Start: 3, End: 2}), "outside [0,4]"},
		{"wrong text", req(radial.Window{CompoundID: "doc", Start: 2, End: 4, Text: "aB"}), "its text is not the document's bytes"},
	})
}

// TestHydrationAssigned: every distinct atom kept or dropped, never both,
// never neither; a kept atom listed by exactly one window of its compound
// that holds it (start <= offset < end); kept lists exactly the windows'
// atoms.
func TestHydrationAssigned(t *testing.T) {
	d := inflate.Document{ID: "doc", Body: elaTen}
	o := inflate.Document{ID: "other", Body: elaTen}
	docs := []inflate.Document{d, o}
	a, b, c := elaA(100), elaA(199), elaA(5000)
	foreign := radial.Atom{CompoundID: "other", Label: "a", Offset: 150}
	req := elaHydrate(docs, 1000, a, b, c, a)
	res := func(kept, dropped []radial.Atom, ws ...radial.Window) error {
		return HydrationAssigned(req, elastic.Result{Kept: kept, Dropped: dropped, Windows: ws})
	}
	ab := []radial.Atom{a, b}
	radJudge(t, []radCase{
		{"atoms at the start and one before the end", res(ab, []radial.Atom{c}, elaW(d, 100, 200, a, b)), ""},
		{"a window without atoms", res(ab, []radial.Atom{c}, elaW(d, 100, 200, a, b), elaW(d, 300, 400)), "holds no atom"},
		{"an atom not in the request", res(ab, []radial.Atom{c}, elaW(d, 100, 200, a, b, elaA(150))), "not in the request"},
		{"an atom listed twice", res(ab, []radial.Atom{c}, elaW(d, 100, 200, a, b, a)), "listed by windows 0 and 0"},
		{"an atom of another compound", HydrationAssigned(elaHydrate(docs, 1000, a, foreign), elastic.Result{Kept: []radial.Atom{a, foreign}, Windows: []radial.Window{elaW(d, 100, 200, a, foreign)}}), `listed by window 0 of "doc"`},
		{"an atom at the end", res(ab, []radial.Atom{c}, elaW(d, 100, 199, a, b)), "does not hold it"},
		{"an atom one before the start", res(ab, []radial.Atom{c}, elaW(d, 101, 200, a, b)), "does not hold it"},
		{"kept twice", res([]radial.Atom{a, b, a}, []radial.Atom{c}, elaW(d, 100, 200, a, b)), "kept twice"},
		{"kept, in no window", res([]radial.Atom{a, b, c}, nil, elaW(d, 100, 200, a, b)), "kept but no window lists it"},
		{"in a window, not kept", res([]radial.Atom{a}, []radial.Atom{c}, elaW(d, 100, 200, a, b)), "but not kept"},
		{"dropped, not in the request", res(ab, []radial.Atom{c, elaA(7000)}, elaW(d, 100, 200, a, b)), "is not in the request"},
		{"dropped twice", res(ab, []radial.Atom{c, c}, elaW(d, 100, 200, a, b)), "dropped twice"},
		{"kept and dropped", res(ab, []radial.Atom{c, b}, elaW(d, 100, 200, a, b)), "both kept and dropped"},
		{"neither", res(ab, nil, elaW(d, 100, 200, a, b)), "neither kept nor dropped"},
	})
}

// TestHydrationRadius: the hits are the distinct atoms; the radius 0 for
// none, else from the formula's up to the cap, or any positive radius when
// the budget cannot hold one window at the floor (budget < 400).
func TestHydrationRadius(t *testing.T) {
	docs := []inflate.Document{{ID: "doc", Body: elaTen}}
	one := func(budget, hits, radius int) error {
		return HydrationRadius(elaHydrate(docs, budget, elaA(5000), elaA(5000)), elastic.Result{Hits: hits, Radius: radius})
	}
	none := func(radius int) error {
		return HydrationRadius(elaHydrate(docs, 1000), elastic.Result{Radius: radius})
	}
	radJudge(t, []radCase{
		{"no hits, radius 0", none(0), ""},
		// No hits: the formula divides by zero; 0 and the cap (the clamp
		// of an infinite quotient) are readings, over the cap none is.
		{"no hits, radius 5", none(5), ""},
		{"no hits, radius at the cap", none(32000), ""},
		{"no hits, radius over the cap", none(32001), "radius 32001 with no hits, outside [0, 32000]"},
		{"identical atoms are one hit", one(1000, 1, 500), ""},
		{"two hits counted", one(1000, 2, 500), "answer counts 2 hits"},
		{"wider than the formula", one(1000, 1, 800), ""},
		{"at the cap", one(100000, 1, 32000), ""},
		{"over the cap", one(100000, 1, 32001), "over the cap of 32000"},
		{"one below the formula", one(1000, 1, 499), "narrower than"},
		// Budget 399 cannot hold a window of 400: any radius of at least 1.
		{"budget 399, radius 1", one(399, 1, 1), ""},
		{"budget 399, radius 0", one(399, 1, 0), "narrower than"},
		// Budget 400 holds one window at the floor: 200 it is.
		{"budget 400, radius 199", one(400, 1, 199), "narrower than"},
	})
}

// TestHydrationServesAll: when hits·2r fits the budget, every distinct atom
// lies in a window of its compound (start <= offset < end).
func TestHydrationServesAll(t *testing.T) {
	d := inflate.Document{ID: "doc", Body: elaTen}
	o := inflate.Document{ID: "other", Body: elaTen}
	docs := []inflate.Document{d, o}
	res := func(ws ...radial.Window) elastic.Result { return elastic.Result{Windows: ws} }
	// One atom, budget 1000: r = 500, 1·1000 <= 1000.
	one := elaHydrate(docs, 1000, elaA(500))
	// Two atoms, budget 800: r = 200, 2·400 <= 800, exactly.
	two := elaHydrate(docs, 800, elaA(500), elaA(2000))
	// Three atoms, budget 800: r = 200, 3·400 > 800: the floor binds.
	three := elaHydrate(docs, 800, elaA(500), elaA(2000), elaA(4000))
	radJudge(t, []radCase{
		{"served, atom at the start", HydrationServesAll(one, res(elaW(d, 500, 1000))), ""},
		{"atom at the end, not served", HydrationServesAll(one, res(elaW(d, 0, 500))), "0 of 1 atoms lie in a window"},
		{"a window of another compound", HydrationServesAll(one, res(elaW(o, 0, 1000))), "0 of 1 atoms"},
		{"exactly fits, both served", HydrationServesAll(two, res(elaW(d, 300, 700), elaW(d, 1800, 2200))), ""},
		{"exactly fits, one dropped", HydrationServesAll(two, res(elaW(d, 300, 700))), "1 of 2 atoms"},
		{"the floor binds, one kept", HydrationServesAll(three, res(elaW(d, 300, 700))), ""},
		{"no atoms", HydrationServesAll(elaHydrate(docs, 800), res()), ""},
	})
}

// TestHydrationKeepsCapacity: at least min(hits, floor(budget/2r)) distinct
// atoms kept.
func TestHydrationKeepsCapacity(t *testing.T) {
	docs := []inflate.Document{{ID: "doc", Body: elaTen}}
	kept := func(as ...radial.Atom) elastic.Result { return elastic.Result{Kept: as} }
	// Three atoms, budget 800: r = 200, capacity 2.
	three := elaHydrate(docs, 800, elaA(500), elaA(2000), elaA(4000))
	// One atom, budget 1,000,000: r = 32000 (the cap), capacity 15 > 1.
	rich := elaHydrate(docs, 1000000, elaA(500))
	radJudge(t, []radCase{
		{"capacity 2, 2 kept", HydrationKeepsCapacity(three, kept(elaA(2000), elaA(4000))), ""},
		{"capacity 2, 1 kept", HydrationKeepsCapacity(three, kept(elaA(4000))), "1 of 3 atoms kept"},
		{"capacity 2, one kept twice", HydrationKeepsCapacity(three, kept(elaA(4000), elaA(4000))), "1 of 3 atoms kept"},
		{"capacity 15, the one atom kept", HydrationKeepsCapacity(rich, kept(elaA(500))), ""},
		{"capacity 15, nothing kept", HydrationKeepsCapacity(rich, kept()), "0 of 1 atoms kept"},
		{"no atoms", HydrationKeepsCapacity(elaHydrate(docs, 800), kept()), ""},
	})
}

// TestHydrationReach: radBody (radial_test.go) has é at 10–11 and 22–23.
// Atom 17 at radius 6 reaches 11 and 23, both inside a character: the
// start may be 10 or 12, the end 22 or 24.
func TestHydrationReach(t *testing.T) {
	p := inflate.Document{ID: "doc", Body: radBody}
	c := inflate.Document{ID: "doc", Body: radBody, Kind: inflate.KindCode}
	type judge func(adapters.HydrateRequest, elastic.Result, unit.Unit) error
	at := func(f judge, d inflate.Document, r int, ws ...radial.Window) error {
		var atoms []radial.Atom
		for _, w := range ws {
			atoms = append(atoms, w.Atoms...)
		}
		return f(elaHydrate([]inflate.Document{d}, 1000, atoms...), elastic.Result{Radius: r, Windows: ws}, unit.Bytes)
	}
	a17, a19, a14, a16 := elaA(17), elaA(19), elaA(14), elaA(16)
	radJudge(t, []radCase{
		// HydrationReach: a lone atom's window reaches r and no further.
		{"lone, inward", at(HydrationReach, p, 6, elaW(p, 12, 22, a17)), ""},
		{"lone, outward", at(HydrationReach, p, 6, elaW(p, 10, 24, a17)), ""},
		{"lone, the atom listed twice", at(HydrationReach, p, 6, elaW(p, 10, 24, a17, a17)), ""},
		{"lone, start short", at(HydrationReach, p, 6, elaW(p, 13, 22, a17)), "spans [13,22) bytes around atoms 17..17; radius 6 gives [11,23)"},
		{"lone, end short", at(HydrationReach, p, 6, elaW(p, 12, 21, a17)), "spans [12,21)"},
		{"lone, start too far", at(HydrationReach, p, 6, elaW(p, 9, 22, a17)), "spans [9,22)"},
		{"lone, end too far", at(HydrationReach, p, 6, elaW(p, 12, 25, a17)), "spans [12,25)"},
		// Merged: at least r past the outermost atoms, further allowed.
		{"merged, grown", at(HydrationReach, p, 6, elaW(p, 8, 27, a19, a17)), ""},
		{"merged, start short of the first listed second", at(HydrationReach, p, 6, elaW(p, 13, 27, a19, a17)), "spans [13,27)"},
		{"merged, start short of the first listed first", at(HydrationReach, p, 6, elaW(p, 13, 27, a17, a19)), "spans [13,27)"},
		{"merged, end short of the last listed second", at(HydrationReach, p, 7, elaW(p, 7, 21, a16, a14)), "spans [7,21)"},
		{"merged, end short of the last listed first", at(HydrationReach, p, 7, elaW(p, 7, 21, a14, a16)), "spans [7,21)"},
		// Clamped to the document: a window from 0 and one to the end.
		{"from the start", at(HydrationReach, p, 6, elaW(p, 0, 6, elaA(0))), ""},
		{"from the start, end short", at(HydrationReach, p, 6, elaW(p, 0, 5, elaA(0))), "spans [0,5)"},
		{"to the end, start short", at(HydrationReach, p, 6, elaW(p, 25, 34, elaA(30))), "spans [25,34)"},
		{"empty window", at(HydrationReach, p, 6, radial.Window{CompoundID: "doc", Start: 17, End: 17, Atoms: []radial.Atom{a17}}), "spans [17,17)"},
		// Skipped: HydrationInside's and HydrationAssigned's to report.
		{"a window without atoms", at(HydrationReach, p, 6, elaW(p, 12, 22, a17), elaW(p, 30, 31)), ""},
		{"a window past the end", at(HydrationReach, p, 6, radial.Window{CompoundID: "doc", Start: 30, End: 40, Atoms: []radial.Atom{elaA(31)}}), ""},
		{"a window of an unknown compound", at(HydrationReach, p, 6, radial.Window{CompoundID: "nowhere", Start: 0, End: 1, Atoms: []radial.Atom{{CompoundID: "nowhere", Offset: 0}}}), ""},
		// The radius itself.
		{"windows at radius 0", at(HydrationReach, p, 0, elaW(p, 30, 31)), "1 windows cut at radius 0"},
		{"radius 1", at(HydrationReach, p, 1, elaW(p, 4, 6, elaA(5))), ""},
		// Code: at most 2r per atom it holds (white space free); its
		// edges are not judged. [12,24) costs 12.
		{"code, 2r", at(HydrationReach, c, 6, elaW(c, 12, 24, a17)), ""},
		{"code, 2r + 1", at(HydrationReach, c, 6, elaW(c, 12, 25, a17)), "costs 13 bytes for 1 atoms, over 2·6 per atom"},
		{"code, two atoms, 2·2r", at(HydrationReach, c, 3, elaW(c, 12, 24, a17, a19)), ""},

		// HydrationNotGrown: a merged window no further than r past its
		// outermost atoms; a lone one is HydrationReach's.
		{"not grown, merged outward", at(HydrationNotGrown, p, 6, elaW(p, 10, 25, a17, a19)), ""},
		{"not grown, merged start too far", at(HydrationNotGrown, p, 6, elaW(p, 9, 25, a17, a19)), "grew beyond radius 6"},
		{"not grown, merged end outward", at(HydrationNotGrown, p, 7, elaW(p, 7, 24, a14, a16)), ""},
		{"not grown, merged end too far", at(HydrationNotGrown, p, 7, elaW(p, 7, 25, a14, a16)), "grew beyond radius 7"},
		{"not grown, lone", at(HydrationNotGrown, p, 6, elaW(p, 0, 34, a17)), ""},
		{"not grown, radius 0", at(HydrationNotGrown, p, 0, elaW(p, 30, 31)), ""},
		// At radius 0 a merged window is [first atom, last atom]; one byte
		// more has grown.
		{"not grown, radius 0, grown by one", at(HydrationNotGrown, p, 0, elaW(p, 17, 20, a17, a19)), "grew beyond radius 0"},
		// A negative radius reaches nowhere (HydrationRadius's to fail):
		// nothing to judge of the edges.
		{"not grown, radius -1", at(HydrationNotGrown, p, -1, elaW(p, 17, 19, a17, a19)), ""},
		{"inward, radius -4, at the body's start", at(HydrationInward, p, -4, radial.Window{CompoundID: "doc", Atoms: []radial.Atom{elaA(0)}}), ""},
		{"inward, radius -1, at the body's end", at(HydrationInward, p, -1, radial.Window{CompoundID: "doc", Start: 34, End: 34, Atoms: []radial.Atom{elaA(34)}}), ""},
		{"not grown, code", at(HydrationNotGrown, c, 1, elaW(c, 0, 34, a17, a19)), ""},

		// HydrationInward: an edge inside a character moved inward.
		{"inward", at(HydrationInward, p, 6, elaW(p, 12, 22, a17)), ""},
		{"inward, start outward", at(HydrationInward, p, 6, elaW(p, 10, 22, a17)), "start was moved outward to 10, not inward to 12"},
		{"inward, end outward", at(HydrationInward, p, 6, elaW(p, 12, 24, a17)), "end was moved outward to 24, not inward to 22"},
		{"inward, start outward from the first listed second", at(HydrationInward, p, 6, elaW(p, 10, 25, a19, a17)), "start was moved outward to 10"},
		{"inward, start outward from the first listed first", at(HydrationInward, p, 6, elaW(p, 10, 25, a17, a19)), "start was moved outward to 10"},
		{"inward, end outward from the last listed second", at(HydrationInward, p, 7, elaW(p, 7, 24, a16, a14)), "end was moved outward to 24"},
		{"inward, end outward from the last listed first", at(HydrationInward, p, 7, elaW(p, 7, 24, a14, a16)), "end was moved outward to 24"},
		{"inward, ASCII", at(HydrationInward, inflate.Document{ID: "doc", Body: elaTen}, 3, elaW(inflate.Document{ID: "doc", Body: elaTen}, 2, 8, elaA(5))), ""},
	})
}

// TestCharacterEdges: ceilIn and floorIn find the character boundary at or
// after, at or before an offset, in each unit.
func TestCharacterEdges(t *testing.T) {
	for _, c := range []struct {
		u           unit.Unit
		body        string
		off         int
		floor, ceil int
	}{
		{unit.Bytes, "éa", 0, 0, 0},
		{unit.Bytes, "éa", 1, 0, 2},
		{unit.Bytes, "éa", 2, 2, 2},
		{unit.Bytes, "a😀", 2, 1, 5},
		{unit.Bytes, "a😀", 4, 1, 5},
		{unit.Bytes, "😀", 3, 0, 4},
		{unit.UTF16, "a😀b", 2, 1, 3},
		{unit.UTF16, "a😀b", 3, 3, 3},
		{unit.Runes, "a😀b", 2, 2, 2},
	} {
		if f, e := floorIn(c.u, c.body, c.off), ceilIn(c.u, c.body, c.off); f != c.floor || e != c.ceil {
			t.Errorf("%s %q at %d: floor %d, ceil %d; want %d, %d", c.u, c.body, c.off, f, e, c.floor, c.ceil)
		}
	}
}

// TestSameHydration: every field compared, lists in order, nil and empty
// lists alike.
func TestSameHydration(t *testing.T) {
	w := radial.Window{CompoundID: "doc", Start: 0, End: 5, Text: "abcde", Cost: 5, Score: 1, Atoms: []radial.Atom{elaA(2)}}
	base := elastic.Result{Budget: 10, Hits: 2, Radius: 200, Capacity: 1, Used: 5, Kept: []radial.Atom{elaA(2)}, Dropped: []radial.Atom{elaA(7)}, Windows: []radial.Window{w}}
	mod := func(f func(*elastic.Result)) elastic.Result {
		r := base
		r.Kept, r.Dropped, r.Windows = append([]radial.Atom(nil), base.Kept...), append([]radial.Atom(nil), base.Dropped...), append([]radial.Window(nil), base.Windows...)
		f(&r)
		return r
	}
	win := func(f func(*radial.Window)) elastic.Result {
		return mod(func(r *elastic.Result) { f(&r.Windows[0]) })
	}
	radJudge(t, []radCase{
		{"equal", SameHydration(base, mod(func(*elastic.Result) {})), ""},
		{"nil and empty lists", SameHydration(elastic.Result{}, elastic.Result{Kept: []radial.Atom{}, Dropped: []radial.Atom{}, Windows: []radial.Window{}}), ""},
		{"budget", SameHydration(base, mod(func(r *elastic.Result) { r.Budget++ })), "budget 11"},
		{"hits", SameHydration(base, mod(func(r *elastic.Result) { r.Hits++ })), "hits 3"},
		{"radius", SameHydration(base, mod(func(r *elastic.Result) { r.Radius++ })), "radius 201"},
		{"capacity", SameHydration(base, mod(func(r *elastic.Result) { r.Capacity++ })), "capacity 2"},
		{"used", SameHydration(base, mod(func(r *elastic.Result) { r.Used++ })), "used 6"},
		{"kept", SameHydration(base, mod(func(r *elastic.Result) { r.Kept[0].Offset = 3 })), "kept"},
		{"dropped", SameHydration(base, mod(func(r *elastic.Result) { r.Dropped = nil })), "dropped"},
		{"a window more", SameHydration(base, mod(func(r *elastic.Result) { r.Windows = append(r.Windows, w) })), "2 windows, want 1"},
		{"compound", SameHydration(base, win(func(w *radial.Window) { w.CompoundID = "other" })), "window 0 differs"},
		{"start", SameHydration(base, win(func(w *radial.Window) { w.Start = 1 })), "window 0 differs"},
		{"end", SameHydration(base, win(func(w *radial.Window) { w.End = 6 })), "window 0 differs"},
		{"text", SameHydration(base, win(func(w *radial.Window) { w.Text = "abcdE" })), "window 0 differs"},
		{"cost", SameHydration(base, win(func(w *radial.Window) { w.Cost = 4 })), "window 0 differs"},
		{"score", SameHydration(base, win(func(w *radial.Window) { w.Score = 0.5 })), "window 0 differs"},
		{"atoms", SameHydration(base, win(func(w *radial.Window) { w.Atoms = nil })), "window 0 differs"},
	})
}

// TestCanonicalHydration: windows by compound, start, end; atoms by
// compound, offset, label, score; nil lists as empty.
func TestCanonicalHydration(t *testing.T) {
	at := func(c, l string, off int, s float64) radial.Atom {
		return radial.Atom{CompoundID: c, Label: l, Offset: off, Score: s}
	}
	res := elastic.Result{
		Kept: []radial.Atom{at("b", "x", 1, 0), at("a", "y", 5, 0), at("a", "x", 5, 0.5), at("a", "x", 5, 0.2), at("a", "z", 2, 0)},
		Windows: []radial.Window{
			{CompoundID: "b", Start: 0, End: 4},
			{CompoundID: "a", Start: 10, End: 12},
			{CompoundID: "a", Start: 3, End: 9, Atoms: []radial.Atom{at("a", "x", 7, 0), at("a", "x", 4, 0)}},
			{CompoundID: "a", Start: 3, End: 5},
		},
	}
	got := CanonicalHydration(res)
	wantKept := []radial.Atom{at("a", "z", 2, 0), at("a", "x", 5, 0.2), at("a", "x", 5, 0.5), at("a", "y", 5, 0), at("b", "x", 1, 0)}
	if err := SameHydration(elastic.Result{Kept: wantKept}, elastic.Result{Kept: got.Kept}); err != nil {
		t.Errorf("kept: %v", err)
	}
	if got.Dropped == nil || len(got.Dropped) != 0 {
		t.Errorf("dropped %v, want an empty list", got.Dropped)
	}
	var spans []RadialSpan
	for _, w := range got.Windows {
		spans = append(spans, RadialSpan{w.CompoundID, w.Start, w.End})
	}
	if want := []RadialSpan{{"a", 3, 5}, {"a", 3, 9}, {"a", 10, 12}, {"b", 0, 4}}; len(spans) != len(want) || spans[0] != want[0] || spans[1] != want[1] || spans[2] != want[2] || spans[3] != want[3] {
		t.Errorf("windows %v, want %v", spans, want)
	}
	if as := got.Windows[1].Atoms; len(as) != 2 || as[0].Offset != 4 || as[1].Offset != 7 {
		t.Errorf("atoms of window [3,9): %v, want offsets 4, 7", as)
	}
	if res.Windows[2].Atoms[0].Offset != 7 {
		t.Errorf("CanonicalHydration changed its argument")
	}
}

// TestCensus: every expected position found, none twice; with
// CensusOnlyExact nothing else, each labelled with a term.
func TestCensus(t *testing.T) {
	at := func(c string, off int, l string) radial.Atom {
		return radial.Atom{CompoundID: c, Label: l, Offset: off}
	}
	want := []radial.Atom{at("s", 4, "cat"), at("s", 17, "cat"), at("c", 0, "cat")}
	terms := []string{"Cat"}
	radJudge(t, []radCase{
		{"complete, another order", CensusComplete(terms, want, []radial.Atom{at("c", 0, "cat"), at("s", 17, "CAT"), at("s", 4, "cat")}), ""},
		{"complete, one more", CensusComplete(terms, want, []radial.Atom{at("c", 0, "cat"), at("s", 17, "cat"), at("s", 4, "cat"), at("s", 28, "cathedral")}), ""},
		{"a position twice", CensusComplete(terms, want, []radial.Atom{at("c", 0, "cat"), at("s", 17, "cat"), at("s", 4, "cat"), at("s", 4, "cat")}), "s:4 is reported twice"},
		{"same offset, other compound", CensusComplete(terms, want, []radial.Atom{at("c", 4, "cat"), at("s", 17, "cat"), at("c", 0, "cat")}), `missed "cat" at s:4 (2 of 3 positions`},
		{"one missed", CensusComplete(terms, want, []radial.Atom{at("s", 17, "cat"), at("s", 4, "cat")}), `missed "cat" at c:0 (2 of 3`},
		{"only exact", CensusOnlyExact(terms, want, []radial.Atom{at("c", 0, "CAT"), at("s", 17, "cat")}), ""},
		{"a prefix match", CensusOnlyExact(terms, want, []radial.Atom{at("c", 0, "cat"), at("s", 28, "cathedral")}), "is not an exact match"},
		{"same offset, other compound", CensusOnlyExact(terms, want, []radial.Atom{at("c", 4, "cat")}), "is not an exact match"},
		{"an expected position, another label", CensusOnlyExact(terms, want, []radial.Atom{at("s", 4, "dog")}), "label matches none of the terms"},
	})
}

// TestMeasureFill: the text within the cap (32,000) of the atoms, merged
// per document, and whether a case is judged. hundredK is 100,000 bytes.
func TestMeasureFill(t *testing.T) {
	hundredK := strings.Repeat(elaTen, 10)
	p := inflate.Document{ID: "doc", Body: hundredK}
	c := inflate.Document{ID: "code", Body: "func f() {}", Kind: inflate.KindCode}
	m := inflate.Document{ID: "mb", Body: "éé"}
	docs := []inflate.Document{p, c, m}
	fill := func(budget, used int, atoms ...radial.Atom) HydrationFill {
		res := elastic.Result{Windows: []radial.Window{{CompoundID: "doc", Text: hundredK[:used]}}}
		return MeasureFill(elaHydrate(docs, budget, atoms...), res, unit.Bytes)
	}
	for _, c := range []struct {
		name string
		got  HydrationFill
		want HydrationFill
	}{
		// One atom, budget 200,000: r = 32,000, 64,000 <= 200,000.
		// [18000, 82000].
		{"mid-document", fill(200000, 10, elaA(50000)), HydrationFill{Judged: true, Used: 10, Reach: 64000, Target: 64000}},
		// [0, 33000]: clamped at the start.
		{"near the start", fill(200000, 10, elaA(1000)), HydrationFill{Judged: true, Used: 10, Reach: 33000, Target: 33000}},
		// [67000, 100000]: clamped at the end.
		{"near the end", fill(200000, 10, elaA(99000)), HydrationFill{Judged: true, Used: 10, Reach: 33000, Target: 33000}},
		// [8000, 72000] ∪ [18000, 82000] = 74,000; budget 1000: r = 250,
		// 2·500 = 1000, exactly the budget: judged.
		{"two overlapping", fill(1000, 900, elaA(50000), elaA(40000)), HydrationFill{Judged: true, Used: 900, Reach: 74000, Target: 1000}},
		// Three atoms, budget 1000: r = 200 (166 raised), 3·400 > 1000;
		// [0, 62000] ∪ [8000, 72000] ∪ [18000, 82000] = 82,000.
		{"the floor binds", fill(1000, 900, elaA(50000), elaA(40000), elaA(30000)), HydrationFill{Why: "the floor binds", Used: 900, Reach: 82000, Target: 1000}},
		{"no atoms", fill(1000, 0), HydrationFill{Why: "no atoms"}},
		{"unknown compound", fill(1000, 0, radial.Atom{CompoundID: "nowhere"}), HydrationFill{Why: "an atom names an unknown compound"}},
		{"code", fill(1000, 0, radial.Atom{CompoundID: "code", Offset: 0}), HydrationFill{Why: "an atom lies in code", Reach: 11, Target: 11}},
		{"inside a character", fill(1000, 0, radial.Atom{CompoundID: "mb", Offset: 1}), HydrationFill{Why: "an atom lies inside a character"}},
	} {
		if c.got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, c.got, c.want)
		}
	}
	fills := func(used int) error {
		req := elaHydrate(docs, 1000, elaA(50000), elaA(40000))
		return HydrationFills(req, elastic.Result{Windows: []radial.Window{{CompoundID: "doc", Text: hundredK[:used]}}}, unit.Bytes)
	}
	floored := elaHydrate(docs, 1000, elaA(50000), elaA(40000), elaA(30000))
	radJudge(t, []radCase{
		{"90% of the budget", fills(900), ""},
		{"one short of 90%", fills(899), "windows cost 899 bytes of a budget of 1000"},
		{"not judged", HydrationFills(floored, elastic.Result{}, unit.Bytes), ""},
	})
}
