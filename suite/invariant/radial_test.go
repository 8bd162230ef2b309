package invariant

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The radial predicates judged on hand-made answers: each table holds
// answers a conforming implementation may give (want "") next to answers
// wrong in exactly one way, at the boundary of the check (want: a piece of
// the error). Offsets are bytes.

// radCase is one judgement and what it must say: "" for no error, else a
// piece of the message.
type radCase struct {
	name string
	err  error
	want string
}

func radJudge(t *testing.T, cases []radCase) {
	t.Helper()
	for _, c := range cases {
		switch {
		case c.want == "" && c.err != nil:
			t.Errorf("%s: %v, want no error", c.name, c.err)
		case c.want != "" && c.err == nil:
			t.Errorf("%s: no error, want one saying %q", c.name, c.want)
		case c.want != "" && !strings.Contains(c.err.Error(), c.want):
			t.Errorf("%s: %v, want it to say %q", c.name, c.err, c.want)
		}
	}
}

// radBody: ten a, é (bytes 10–11), ten a (12–21), é (22–23), ten a
// (24–33); 34 bytes. Byte 11 and byte 23 fall inside a character.
const radBody = "aaaaaaaaaa" + "é" + "aaaaaaaaaa" + "é" + "aaaaaaaaaa"

func radDoc(kind string) inflate.Document {
	return inflate.Document{ID: "doc", Body: radBody, Kind: kind}
}

func radWin(doc inflate.Document, s, e int, atoms ...radial.Atom) radial.Window {
	return radial.Window{CompoundID: doc.ID, Start: s, End: e, Text: doc.Body[s:e], Atoms: atoms}
}

func radAt(off int) radial.Atom { return radial.Atom{CompoundID: "doc", Label: "a", Offset: off} }

func radAnswer(ws ...radial.Window) adapters.RadialWindowsAnswer {
	return adapters.RadialWindowsAnswer{Windows: ws}
}

// TestRadialCovered: an atom is covered by a window of its compound that
// holds its offset, edges included (start <= offset <= end).
func TestRadialCovered(t *testing.T) {
	d := radDoc("")
	other := inflate.Document{ID: "other", Body: radBody}
	req := func(atoms ...radial.Atom) adapters.RadialWindowsRequest {
		return adapters.RadialWindowsRequest{Documents: []inflate.Document{d, other}, Atoms: atoms, Radius: 5}
	}
	w := radWin(d, 12, 20)
	radJudge(t, []radCase{
		{"atoms at both edges", RadialCovered(req(radAt(12), radAt(20)), radAnswer(w)), ""},
		{"atom one past the end", RadialCovered(req(radAt(21)), radAnswer(w)), "lies in no window"},
		{"atom one before the start", RadialCovered(req(radAt(9)), radAnswer(radWin(d, 10, 20))), "lies in no window"},
		{"held by a window of another compound", RadialCovered(req(radAt(15)), radAnswer(radWin(other, 12, 20))), "lies in no window"},
	})
}

// TestRadialAssigned: every atom listed by exactly one window of its
// compound that holds it (edges included); a window may repeat an atom.
func TestRadialAssigned(t *testing.T) {
	d := radDoc("")
	other := inflate.Document{ID: "other", Body: radBody}
	req := func(atoms ...radial.Atom) adapters.RadialWindowsRequest {
		return adapters.RadialWindowsRequest{Documents: []inflate.Document{d, other}, Atoms: atoms, Radius: 5}
	}
	a12, a20 := radAt(12), radAt(20)
	foreign := radial.Atom{CompoundID: "other", Label: "a", Offset: 15}
	radJudge(t, []radCase{
		{"atoms at both edges, one repeated", RadialAssigned(req(a12, a20), radAnswer(radWin(d, 12, 20, a12, a20, a12))), ""},
		{"a window listing no atom", RadialAssigned(req(a12), radAnswer(radWin(d, 12, 20, a12), radWin(d, 25, 30))), "lists no atom"},
		{"an atom not in the request", RadialAssigned(req(a12), radAnswer(radWin(d, 12, 20, a12, radAt(14)))), "not in the request"},
		{"one atom listed by two windows", RadialAssigned(req(a20), radAnswer(radWin(d, 12, 20, a20), radWin(d, 20, 25, a20))), "listed by windows 0 and 1"},
		{"an atom listed by a window of another compound", RadialAssigned(req(a12, foreign), radAnswer(radWin(d, 12, 20, a12, foreign))), `listed by window 0 of "doc"`},
		{"an atom one past the end", RadialAssigned(req(radAt(21)), radAnswer(radWin(d, 12, 20, radAt(21)))), "does not hold its offset"},
		{"an atom one before the start", RadialAssigned(req(radAt(11)), radAnswer(radWin(d, 12, 20, radAt(11)))), "does not hold its offset"},
		{"an atom in no window", RadialAssigned(req(a12, a20), radAnswer(radWin(d, 12, 20, a12))), "is in no window"},
	})
}

// TestRadialCost: prose costs its length; code its non-white-space
// characters, where white space outside ASCII may count or not.
func TestRadialCost(t *testing.T) {
	// "a\u00a0b c": NO-BREAK SPACE (2 bytes) is white space outside ASCII:
	// the code text costs 2 (a, b, c without either space) to 4 (with it).
	body := "a\u00a0b c"
	docs := []inflate.Document{{ID: "p", Body: body}, {ID: "c", Body: body, Kind: inflate.KindCode}}
	req := adapters.RadialWindowsRequest{Documents: docs, Radius: 5}
	win := func(id string, cost int) adapters.RadialWindowsAnswer {
		return radAnswer(radial.Window{CompoundID: id, Start: 0, End: len(body), Text: body, Cost: cost})
	}
	radJudge(t, []radCase{
		{"prose, 6 bytes", RadialCost(req, win("p", 6), unit.Bytes, nil), ""},
		{"prose, one over", RadialCost(req, win("p", 7), unit.Bytes, nil), "costs 7, want 6 bytes"},
		{"code, without NBSP", RadialCost(req, win("c", 3), unit.Bytes, nil), ""},
		{"code, with NBSP", RadialCost(req, win("c", 5), unit.Bytes, nil), ""},
		{"code, ASCII space counted", RadialCost(req, win("c", 6), unit.Bytes, nil), "want between 3 and 5 bytes"},
		{"code, one under", RadialCost(req, win("c", 2), unit.Bytes, nil), "want between 3 and 5 bytes"},
		{"prose, a repaired edge's slack", RadialCost(req, win("p", 8), unit.Bytes, map[int]int{0: 2}), ""},
	})
}

// TestSingleWindow: one atom alone gives exactly one window, of its
// compound.
func TestSingleWindow(t *testing.T) {
	d := radDoc("")
	req := adapters.RadialWindowsRequest{Documents: []inflate.Document{d, {ID: "other", Body: radBody}}, Atoms: []radial.Atom{radAt(15)}, Radius: 3}
	_, ok := SingleWindow(req, radAnswer(radWin(d, 12, 18)), radAt(15))
	_, two := SingleWindow(req, radAnswer(radWin(d, 0, 5), radWin(d, 12, 18)), radAt(15))
	_, none := SingleWindow(req, radAnswer(), radAt(15))
	_, wrong := SingleWindow(req, radAnswer(radial.Window{CompoundID: "other", Start: 12, End: 18, Text: radBody[12:18]}), radAt(15))
	radJudge(t, []radCase{
		{"one window", ok, ""},
		{"two windows", two, "gives 2 windows, want 1"},
		{"no window", none, "gives 0 windows, want 1"},
		{"another compound", wrong, `gives a window of compound "other"`},
	})
	if w, _ := SingleWindow(req, radAnswer(radWin(d, 12, 18)), radAt(15)); w.Start != 12 || w.End != 18 {
		t.Errorf("SingleWindow returned [%d,%d), want the answer's [12,18)", w.Start, w.End)
	}
}

// TestRadialBound: the window of one atom costs at most 2r; a prose window
// may exceed it by the characters its edges fall inside. Atom at 17,
// radius 6: the radius reaches 11 (inside the first é, 10–11) and 23
// (inside the second, 22–23), so each edge may round out by 2 bytes:
// prose allows 12 + 2 + 2 = 16.
func TestRadialBound(t *testing.T) {
	p, c := radDoc(""), radDoc(inflate.KindCode)
	a := radAt(17)
	radJudge(t, []radCase{
		{"prose, rounded inward [12,22): 10", RadialBound(p, a, 6, radWin(p, 12, 22), unit.Bytes), ""},
		{"prose, rounded outward [10,24): 14", RadialBound(p, a, 6, radWin(p, 10, 24), unit.Bytes), ""},
		{"prose, 16 = 2r and both characters", RadialBound(p, a, 6, radWin(p, 8, 24), unit.Bytes), ""},
		{"prose, 17", RadialBound(p, a, 6, radWin(p, 8, 25), unit.Bytes), "costs 17 bytes, over 2r = 12"},
		{"code, 12 = 2r", RadialBound(c, a, 6, radWin(c, 12, 24), unit.Bytes), ""},
		{"code, 14: no character allowance", RadialBound(c, a, 6, radWin(c, 10, 24), unit.Bytes), "over 2r = 12"},
		// 2r would overflow: no text is that long.
		{"a radius past MaxInt/4", RadialBound(p, a, math.MaxInt/2+1, radWin(p, 0, 34), unit.Bytes), ""},
	})
}

// TestRadialReach: with atom 17 and radius 6 the start may be 10 or 12
// (the edges of the é the radius falls in), the end 22 or 24.
func TestRadialReach(t *testing.T) {
	p, c := radDoc(""), radDoc(inflate.KindCode)
	a := radAt(17)
	reach := func(a radial.Atom, r, s, e int) error { return RadialReach(p, a, r, radWin(p, s, e), unit.Bytes) }
	radJudge(t, []radCase{
		{"inward [12,22)", reach(a, 6, 12, 22), ""},
		{"outward [10,24)", reach(a, 6, 10, 24), ""},
		{"start one further out", reach(a, 6, 9, 24), "starts 8 bytes left of the atom"},
		{"start one further in", reach(a, 6, 13, 24), "starts 4 bytes left of the atom"},
		{"end one short", reach(a, 6, 12, 21), "ends 4 bytes right of the atom"},
		{"end one further out", reach(a, 6, 12, 25), "ends 8 bytes right of the atom"},
		// Clamped to the document: atom 0 reaches [0,6); atom 30 at radius
		// 10 reaches [20,34), the body's end.
		{"atom at the start", reach(radAt(0), 6, 0, 6), ""},
		{"radius past the end", reach(radAt(30), 10, 20, 34), ""},
		{"radius past the end, end short", reach(radAt(30), 10, 20, 33), "ends 3 bytes right"},
		// Atom 22 (the second é) at radius 1: the end 23 falls inside it and
		// rounds inward to 22, the atom's own offset, which the closed
		// window [21,22] still holds.
		{"end rounded inward onto the atom", reach(radAt(22), 1, 21, 22), ""},
		{"a window that does not hold the atom", RadialReach(p, radAt(0), 6, radial.Window{CompoundID: "doc", Start: 11, End: 13}, unit.Bytes), "does not hold it"},
		{"code is not judged", RadialReach(c, a, 6, radWin(c, 15, 19), unit.Bytes), ""},
	})
}

// TestRadialInward: an edge the radius puts inside a character is moved to
// the boundary on the atoms' side. Atom 17 at radius 6: start 12 (not 10),
// end 22 (not 24).
func TestRadialInward(t *testing.T) {
	p, c := radDoc(""), radDoc(inflate.KindCode)
	req := func(d inflate.Document, r int, atoms ...radial.Atom) adapters.RadialWindowsRequest {
		return adapters.RadialWindowsRequest{Documents: []inflate.Document{d}, Atoms: atoms, Radius: r}
	}
	ascii := inflate.Document{ID: "doc", Body: strings.Repeat("a", 20)}
	radJudge(t, []radCase{
		{"inward", RadialInward(req(p, 6, radAt(17)), radAnswer(radWin(p, 12, 22)), unit.Bytes), ""},
		{"start outward", RadialInward(req(p, 6, radAt(17)), radAnswer(radWin(p, 10, 22)), unit.Bytes), "start was moved outward to 10, not inward to 12"},
		{"end outward", RadialInward(req(p, 6, radAt(17)), radAnswer(radWin(p, 12, 24)), unit.Bytes), "end was moved outward to 24, not inward to 22"},
		{"code is not judged", RadialInward(req(c, 6, radAt(17)), radAnswer(radWin(c, 10, 24)), unit.Bytes), ""},
		// No character straddled: the edges are the radius's.
		{"ASCII", RadialInward(req(ascii, 3, radAt(5)), radAnswer(radWin(ascii, 2, 8)), unit.Bytes), ""},
		// Atom 0 at radius 11: the end 11 falls inside the first é; the
		// window starts at 0, the atom's own offset.
		{"atom at the window's start, end outward", RadialInward(req(p, 11, radAt(0)), radAnswer(radWin(p, 0, 12)), unit.Bytes), "end was moved outward to 12"},
		// Atom 30 at radius 7: the start 23 falls inside the second é; the
		// window ends at the body's end.
		{"window to the body's end, start outward", RadialInward(req(p, 7, radAt(30)), radAnswer(radWin(p, 22, 34)), unit.Bytes), "start was moved outward to 22"},
		// Atoms 2 and 12 at radius 9: the window [0,12] holds both (12 at
		// its end), so its end is judged from 12 (21, a boundary): no fault,
		// though 2 + 9 = 11 falls inside the first é and 12 is its outer edge.
		{"the last atom at the window's end", RadialInward(req(p, 9, radAt(2), radAt(12)), radAnswer(radWin(p, 0, 12)), unit.Bytes), ""},
		// Atoms 17 and 19 at radius 6: the start is judged from 17 (11,
		// inside the first é), the end from 19 (25, a boundary).
		{"two atoms, start outward from the first", RadialInward(req(p, 6, radAt(19), radAt(17)), radAnswer(radWin(p, 10, 25)), unit.Bytes), "start was moved outward to 10"},
		// Atoms 14 and 16 at radius 7: the end is judged from 16 (23, inside
		// the second é), the start from 14 (7, a boundary).
		{"two atoms, end outward from the last", RadialInward(req(p, 7, radAt(16), radAt(14)), radAnswer(radWin(p, 7, 24)), unit.Bytes), "end was moved outward to 24"},
		// A window holding no atom of the request is not judged: [1,12]
		// would be the end rounded outward from an atom at 0... were there
		// one.
		{"a window holding no atom", RadialInward(req(p, 11, radAt(20)), radAnswer(radWin(p, 1, 12)), unit.Bytes), ""},
	})
}

// TestRadialWholeLines: a code atom's window is whole lines holding the
// atom's line, when that line fits in 2r.
func TestRadialWholeLines(t *testing.T) {
	// "ab\ncd efg\nhi": line 0 [0,3), line 1 [3,10) (c d e f g: 5 without
	// the space), line 2 [10,12) with no newline.
	const body = "ab\ncd efg\nhi"
	c := inflate.Document{ID: "doc", Body: body, Kind: inflate.KindCode}
	p := inflate.Document{ID: "doc", Body: body}
	w := func(s, e int) radial.Window { return radWin(c, s, e) }
	lines := func(a, r, s, e int) error { return RadialWholeLines(c, radAt(a), r, w(s, e), unit.Bytes) }
	radJudge(t, []radCase{
		{"line 1 alone", lines(4, 3, 3, 10), ""},
		{"lines 0 and 1", lines(4, 3, 0, 10), ""},
		{"lines 1 and 2, to the body's end", lines(4, 3, 3, 12), ""},
		{"line 2 alone, no newline", lines(10, 1, 10, 12), ""},
		{"starts inside line 0", lines(4, 3, 1, 10), "starts inside a line"},
		{"starts inside line 1", lines(4, 3, 4, 10), "starts inside a line"},
		{"ends inside line 1", lines(4, 3, 3, 9), "ends inside a line"},
		{"whole lines, not the atom's", lines(4, 3, 0, 3), "does not hold the atom's line"},
		{"empty at the start", lines(0, 3, 0, 0), "ends inside a line"},
		// Line 1 costs 5: judged at r = 3 (5 <= 6), not at r = 2 (5 > 4).
		{"line 1 at r = 2 does not fit", lines(4, 2, 5, 7), ""},
		// "ab\n" costs 2 = 2r at r = 1: it fits, and is judged.
		{"line 0 fits exactly", lines(1, 1, 1, 2), "starts inside a line"},
		// An atom on the newline ending line 0 belongs to line 0 (cost 2,
		// judged at r = 1), not to line 1 too.
		{"atom on a newline", lines(2, 1, 1, 3), "starts inside a line"},
		{"prose is not judged", RadialWholeLines(p, radAt(4), 3, radWin(p, 4, 7), unit.Bytes), ""},
	})
}

// TestMergeRadialSpans: sorted by start, a span whose start <= the previous
// end joins it, per compound.
func TestMergeRadialSpans(t *testing.T) {
	s := func(c string, a, b int) RadialSpan { return RadialSpan{c, a, b} }
	cases := []struct {
		name      string
		in, want  []RadialSpan
		unionWant string
	}{
		{"overlapping", []RadialSpan{s("d", 5, 20), s("d", 0, 10)}, []RadialSpan{s("d", 0, 20)}, ""},
		{"touching", []RadialSpan{s("d", 0, 10), s("d", 10, 15)}, []RadialSpan{s("d", 0, 15)}, ""},
		{"one apart", []RadialSpan{s("d", 0, 10), s("d", 11, 15)}, []RadialSpan{s("d", 0, 10), s("d", 11, 15)}, ""},
		{"contained", []RadialSpan{s("d", 0, 20), s("d", 5, 10)}, []RadialSpan{s("d", 0, 20)}, ""},
		{"three in a chain", []RadialSpan{s("d", 0, 10), s("d", 8, 12), s("d", 12, 30)}, []RadialSpan{s("d", 0, 30)}, ""},
		{"two compounds", []RadialSpan{s("e", 5, 15), s("d", 0, 10)}, []RadialSpan{s("d", 0, 10), s("e", 5, 15)}, ""},
	}
	for _, c := range cases {
		got := MergeRadialSpans(c.in)
		if len(got) != len(c.want) {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
			continue
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: %v, want %v", c.name, got, c.want)
				break
			}
		}
	}
	d := radDoc("")
	singles := []RadialSpan{s("doc", 12, 20), s("doc", 15, 25)}
	radJudge(t, []radCase{
		{"union merged", RadialUnion(radAnswer(radWin(d, 12, 25)), singles), ""},
		{"union not merged", RadialUnion(radAnswer(radWin(d, 12, 20), radWin(d, 15, 25)), singles), "single-atom windows merge to"},
		// "Continue radiating outward as unified molecule": a merged window
		// may grow on, and swallow a lone one it reaches.
		{"merged grown on", RadialUnion(radAnswer(radWin(d, 5, 32)), singles), ""},
		{"merged grown over a lone window", RadialUnion(radAnswer(radWin(d, 5, 34)), append(slices.Clone(singles), s("doc", 28, 33))), ""},
		{"merged cut", RadialUnion(radAnswer(radWin(d, 12, 24)), singles), "no window holds"},
		{"lone grown", RadialUnion(radAnswer(radWin(d, 10, 20)), []RadialSpan{s("doc", 12, 20)}), "holds only windows of one atom each"},
		{"lone cut", RadialUnion(radAnswer(radWin(d, 13, 20)), []RadialSpan{s("doc", 12, 20)}), "no window holds"},
		{"lone windows joined", RadialUnion(radAnswer(radWin(d, 0, 20)), []RadialSpan{s("doc", 0, 5), s("doc", 12, 20)}), "holds only windows of one atom each"},
		{"a window from nothing", RadialUnion(radAnswer(radWin(d, 12, 25), radWin(d, 28, 33)), singles), "holds none of them"},
	})
}

// TestSplitWithin: shares never negative, a term's atoms within its total,
// the totals within the budget, every term once.
func TestSplitWithin(t *testing.T) {
	terms := []radial.Term{{Label: "delta"}, {Label: "a", Direct: 1}, {Label: "b", Direct: 1}}
	req := adapters.RadialSplitRequest{Budget: 1000, Terms: terms}
	ans := func(ss ...radial.Share) adapters.RadialSplitAnswer {
		return adapters.RadialSplitAnswer{Shares: radial.Shares{Budget: 1000, Terms: ss}}
	}
	delta := radial.Share{Term: "delta"}
	a := radial.Share{Term: "a", Total: 500, Direct: 1, PerDirect: 500}
	b := radial.Share{Term: "b", Total: 500, Direct: 1, PerDirect: 500}
	with := func(s radial.Share, f func(*radial.Share)) radial.Share { f(&s); return s }
	radJudge(t, []radCase{
		// delta first: its total 0 is the running total at the first step.
		{"the budget exactly, a term with nothing", SplitWithin(req, ans(delta, a, b)), ""},
		{"an unknown term", SplitWithin(req, ans(delta, a, b, radial.Share{Term: "zeta"})), `unknown term "zeta"`},
		{"a term twice", SplitWithin(req, ans(delta, a, with(b, func(s *radial.Share) { s.Total, s.PerDirect = 200, 200 }), with(b, func(s *radial.Share) { s.Total, s.PerDirect = 200, 200 }))), `term "b" has two shares`},
		{"a negative total", SplitWithin(req, ans(with(delta, func(s *radial.Share) { s.Total = -1 }), a, b)), "negative share"},
		{"a negative direct count", SplitWithin(req, ans(with(delta, func(s *radial.Share) { s.Direct = -1 }), a, b)), "negative share"},
		{"a negative per direct", SplitWithin(req, ans(with(delta, func(s *radial.Share) { s.PerDirect = -1 }), a, b)), "negative share"},
		{"a negative related count", SplitWithin(req, ans(with(delta, func(s *radial.Share) { s.Related = -1 }), a, b)), "negative share"},
		{"a negative per related", SplitWithin(req, ans(with(delta, func(s *radial.Share) { s.PerRelated = -1 }), a, b)), "negative share"},
		// §5.5 does not say how amounts round: a unit per atom over a
		// term's total, and a unit per term over the budget, may be
		// rounding up; two units for one atom, or four for three terms, not.
		{"atoms over the total by one, one atom", SplitWithin(req, ans(delta, with(a, func(s *radial.Share) { s.Total = 499 }), b)), ""},
		{"atoms over the total by two, one atom", SplitWithin(req, ans(delta, with(a, func(s *radial.Share) { s.Total = 498 }), b)), "= 500, over its total 498 by more than a unit per atom"},
		{"totals over the budget by three, three terms", SplitWithin(req, ans(delta, with(a, func(s *radial.Share) { s.Total = 503 }), b)), ""},
		{"totals over the budget by four, three terms", SplitWithin(req, ans(delta, with(a, func(s *radial.Share) { s.Total = 504 }), b)), "over the budget 1000 by more than a unit per term"},
		{"a term without share", SplitWithin(req, ans(delta, a)), `term "b" (1 direct, 0 related atoms) has no share`},
		// delta has no atoms: nothing is distributed to it.
		{"a term with no atoms left out", SplitWithin(req, ans(a, b)), ""},
	})
}

// TestSplitServed: no term serves more direct atoms than it brings, nor
// more related ones than it brings or than 5.
func TestSplitServed(t *testing.T) {
	req := adapters.RadialSplitRequest{Budget: 1000, Terms: []radial.Term{{Label: "a", Direct: 2, Related: 2}, {Label: "b", Direct: 1, Related: 9}}}
	ans := func(a, b radial.Share) adapters.RadialSplitAnswer {
		return adapters.RadialSplitAnswer{Shares: radial.Shares{Budget: 1000, Terms: []radial.Share{a, b}}}
	}
	a := radial.Share{Term: "a", Direct: 2, Related: 2}
	b := radial.Share{Term: "b", Direct: 1, Related: 5}
	radJudge(t, []radCase{
		{"as brought, 5 of 9 related", SplitServed(req, ans(a, b)), ""},
		{"one direct atom more", SplitServed(req, ans(radial.Share{Term: "a", Direct: 3, Related: 2}, b)), "serves 3 direct atoms of 2"},
		{"one related atom more than brought", SplitServed(req, ans(radial.Share{Term: "a", Direct: 2, Related: 3}, b)), "serves 3 related atoms"},
		{"six related", SplitServed(req, ans(a, radial.Share{Term: "b", Direct: 1, Related: 6})), "serves 6 related atoms"},
	})
}

// TestSplit7030: in tenths, 10·direct within [7t − 10(D+1), 7t + 10] and
// 10·related within [3t − 10(R+1), 3t + 10]: 70% and 30% up to rounding
// down (one unit per atom, plus one). Each case puts one part at or one
// past a bound, the other well inside.
func TestSplit7030(t *testing.T) {
	sh := func(total, pd, pr int) adapters.RadialSplitAnswer {
		return adapters.RadialSplitAnswer{Shares: radial.Shares{Terms: []radial.Share{{Term: "x", Total: total, Direct: 1, PerDirect: pd, Related: 1, PerRelated: pr}}}}
	}
	radJudge(t, []radCase{
		{"exact 700/300", Split7030(sh(1000, 700, 300)), ""},
		// t = 1000, D = R = 1: direct in [698, 701], related in [298, 301].
		{"direct at the upper bound 701", Split7030(sh(1000, 701, 299)), ""},
		{"direct at the lower bound 698", Split7030(sh(1000, 698, 299)), ""},
		{"direct 697, below", Split7030(sh(1000, 697, 299)), "direct atoms receive 697 of its 1000 (69.7%)"},
		{"related at the upper bound 301", Split7030(sh(1000, 700, 301)), ""},
		{"related at the lower bound 298", Split7030(sh(1000, 700, 298)), ""},
		{"related 297, below", Split7030(sh(1000, 700, 297)), "related atoms receive 297 of its 1000 (29.7%)"},
		// t = 1007: 7t + 10 = 7059, so 706 (7060) is over by less than a
		// unit's tenth... and still over.
		{"direct 706 of 1007, over", Split7030(sh(1007, 706, 302)), "direct atoms receive 706"},
		// t = 1003: 3t + 10 = 3019, so 302 (3020) is over.
		{"related 302 of 1003, over", Split7030(sh(1003, 702, 302)), "related atoms receive 302"},
		// A total of 0 shown as 0%, not a division by zero.
		{"total 0", Split7030(sh(0, 5, 0)), "(0.0%)"},
	})
}

// TestSplitEven: terms that bring atoms receive equal totals; a term with
// none is left out.
func TestSplitEven(t *testing.T) {
	req := adapters.RadialSplitRequest{Budget: 1000, Terms: []radial.Term{{Label: "delta"}, {Label: "a", Direct: 1}, {Label: "b", Related: 1}}}
	ans := func(ss ...radial.Share) adapters.RadialSplitAnswer {
		return adapters.RadialSplitAnswer{Shares: radial.Shares{Terms: ss}}
	}
	delta := radial.Share{Term: "delta"}
	radJudge(t, []radCase{
		{"even, delta first", SplitEven(req, ans(delta, radial.Share{Term: "a", Total: 500}, radial.Share{Term: "b", Total: 500})), ""},
		{"even, delta last", SplitEven(req, ans(radial.Share{Term: "a", Total: 500}, radial.Share{Term: "b", Total: 500}, delta)), ""},
		{"one direct atom against one related", SplitEven(req, ans(delta, radial.Share{Term: "a", Total: 400}, radial.Share{Term: "b", Total: 600})), `term "a" receives 400, term "b" 600`},
		{"the other way", SplitEven(req, ans(radial.Share{Term: "b", Total: 600}, radial.Share{Term: "a", Total: 400})), `term "b" receives 600, term "a" 400`},
	})
}

// TestIngestValid: atoms of known compounds, labelled, inside the body,
// each once.
func TestIngestValid(t *testing.T) {
	req := adapters.RadialIngestRequest{Documents: []inflate.Document{{ID: "doc", Body: "Radial atoms"}}}
	at := func(c, l string, off int) radial.Atom { return radial.Atom{CompoundID: c, Label: l, Offset: off} }
	ans := func(as ...radial.Atom) adapters.RadialIngestAnswer { return adapters.RadialIngestAnswer{Atoms: as} }
	radJudge(t, []radCase{
		{"both words", IngestValid(req, ans(at("doc", "radial", 0), at("doc", "atoms", 7))), ""},
		{"last byte", IngestValid(req, ans(at("doc", "s", 11))), ""},
		{"unknown compound", IngestValid(req, ans(at("nowhere", "x", 0))), `unknown compound "nowhere"`},
		{"no label", IngestValid(req, ans(at("doc", "", 0))), "has no label"},
		{"offset at the end", IngestValid(req, ans(at("doc", "x", 12))), "offset outside the body [0,12)"},
		{"negative offset", IngestValid(req, ans(at("doc", "x", -1))), "offset outside the body"},
		{"twice", IngestValid(req, ans(at("doc", "atoms", 7), at("doc", "atoms", 7))), "recorded twice"},
	})
	radJudge(t, []radCase{
		{"labels match without case", IngestLabels(req, ans(at("doc", "radial", 0), at("doc", "ATOMS", 7))), ""},
		{"the label runs to the end", IngestLabels(req, ans(at("doc", "atoms", 7))), ""},
		{"a label one character short", IngestLabels(req, ans(at("doc", "radia", 0))), ""},
		{"a wrong label", IngestLabels(req, ans(at("doc", "radian", 0))), `the text at its offset is "Radial"`},
		{"an invalid atom", IngestLabels(req, ans(at("doc", "", 0))), "has no label"},
	})
}
