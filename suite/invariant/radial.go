package invariant

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// SplitRelatedPerTerm is std085 protocol §5.5's "5 per primary term".
const SplitRelatedPerTerm = 5

// radAtomKey identifies an atom: identical atoms (same compound, label and
// offset) are one.
type radAtomKey struct {
	Compound, Label string
	Offset          int
}

func radKey(a radial.Atom) radAtomKey { return radAtomKey{a.CompoundID, a.Label, a.Offset} }

// RadialInside: every window names a known compound, lies within its body,
// and its text is exactly the body's between its offsets. A cut character is
// the character rule's (RadialInward, RAD-29).
func RadialInside(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	return windowsInside(req.Documents, ans.Windows)
}

// RadialMerged (§5.4): no two windows of one compound overlap or touch:
// windows that did (start <= previous end, once sorted by start) were
// merged. The order the answer lists them in is not judged: §5.4 sorts to
// merge, and says nothing of the order windows are handed on in.
func RadialMerged(ans adapters.RadialWindowsAnswer) error { return mergedWindows(ans.Windows) }

// mergedWindows is §5.4's overlap merge as a check, for radial windows and
// elastic hydration alike: per compound, sorted by start, each window starts
// after the previous one ends.
func mergedWindows(ws []radial.Window) error {
	byCompound := map[string][]int{}
	var order []string
	for i, w := range ws {
		if _, ok := byCompound[w.CompoundID]; !ok {
			order = append(order, w.CompoundID)
		}
		byCompound[w.CompoundID] = append(byCompound[w.CompoundID], i)
	}
	for _, c := range order {
		idx := byCompound[c]
		slices.SortStableFunc(idx, func(a, b int) int { return cmp.Compare(ws[a].Start, ws[b].Start) })
		for k := 1; k < len(idx); k++ {
			p, w := ws[idx[k-1]], ws[idx[k]]
			if w.Start <= p.End {
				return fmt.Errorf("compound %q: windows %d [%d,%d) and %d [%d,%d) overlap or touch but were not merged", c, idx[k-1], p.Start, p.End, idx[k], w.Start, w.End)
			}
		}
	}
	return nil
}

// RadialCovered (§5.1, §5.4): every atom of the request lies in a window of
// its compound that holds its offset (start <= offset <= end), judged on the
// windows' offsets alone. Which atoms a window lists (its atoms field, the
// protocol's) is RadialAssigned's.
func RadialCovered(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	for _, a := range radial.Unique(req.Atoms) {
		if !slices.ContainsFunc(ans.Windows, func(w radial.Window) bool {
			return w.CompoundID == a.CompoundID && w.Start <= a.Offset && a.Offset <= w.End
		}) {
			return fmt.Errorf("atom %v lies in no window of %q", a, a.CompoundID)
		}
	}
	return nil
}

// RadialAssigned: every atom of the request (identical atoms, same
// compound, label and offset, are one) is listed by exactly one window (a
// window may repeat it), of its own compound, which holds its offset
// (start <= offset <= end); windows list only atoms of the request, and at
// least one.
func RadialAssigned(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer) error {
	want := map[radAtomKey]bool{}
	for _, a := range req.Atoms {
		want[radKey(a)] = true
	}
	where := map[radAtomKey]int{}
	for i, w := range ans.Windows {
		if len(w.Atoms) == 0 {
			return fmt.Errorf("window %d of %q [%d,%d] lists no atom", i, w.CompoundID, w.Start, w.End)
		}
		for _, a := range w.Atoms {
			k := radKey(a)
			if !want[k] {
				return fmt.Errorf("window %d lists atom %v, which is not in the request", i, a)
			}
			if j, dup := where[k]; dup && j != i {
				return fmt.Errorf("atom %v is listed by windows %d and %d", a, j, i)
			}
			where[k] = i
			if a.CompoundID != w.CompoundID {
				return fmt.Errorf("atom %v is listed by window %d of %q", a, i, w.CompoundID)
			}
			if a.Offset < w.Start || a.Offset > w.End {
				return fmt.Errorf("atom %v is listed by window %d [%d,%d], which does not hold its offset", a, i, w.Start, w.End)
			}
		}
	}
	for _, a := range radial.Unique(req.Atoms) {
		if _, ok := where[radKey(a)]; !ok {
			return fmt.Errorf("atom %v is in no window", a)
		}
	}
	return nil
}

// RadialCostRange is what text of a document of kind may cost against a budget,
// counted in u (std085 protocol §5.3): its whole length for prose and data;
// for code, its length without white space. White space outside ASCII may
// be counted or not, so for code lo strips every unicode.IsSpace rune and hi
// only ASCII white space.
func RadialCostRange(kind, text string, u unit.Unit) (lo, hi int) {
	if kind != inflate.KindCode {
		n := u.Len(text)
		return n, n
	}
	lo = u.Len(strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, text))
	hi = u.Len(strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && unicode.IsSpace(r) {
			return -1
		}
		return r
	}, text))
	return lo, hi
}

// RadialCost (§5.3): each window's cost is its text's length in u, except
// that white space of code costs nothing. slack, by window index, is how far
// the window's edges were moved to the characters they cut (the conversion's
// repairs, in u): the program costed the text between its own edges, and a
// cut character is the character rule's (RAD-29), so its cost may differ by
// that much.
func RadialCost(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer, u unit.Unit, slack map[int]int) error {
	docs := documents(req.Documents)
	for i, w := range ans.Windows {
		d := docs[w.CompoundID]
		lo, hi := RadialCostRange(d.Kind, w.Text, u)
		lo, hi = lo-slack[i], hi+slack[i]
		if w.Cost < lo || w.Cost > hi {
			want := fmt.Sprint(lo)
			if lo != hi {
				want = fmt.Sprintf("between %d and %d", lo, hi)
			}
			kind := cmp.Or(d.Kind, inflate.KindProse)
			return fmt.Errorf("window %d of %s document %q [%d,%d] (%d bytes) costs %d, want %s %s", i, kind, w.CompoundID, w.Start, w.End, len(w.Text), w.Cost, want, u)
		}
	}
	return nil
}

// SingleWindow is the answer to req holding one atom, a: it must be exactly
// one window, of a's compound, inside its document (see RadialInside); that
// window is a's window before any merge.
func SingleWindow(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer, a radial.Atom) (radial.Window, error) {
	if len(ans.Windows) != 1 {
		return radial.Window{}, fmt.Errorf("atom %v alone gives %d windows, want 1", a, len(ans.Windows))
	}
	w := ans.Windows[0]
	if w.CompoundID != a.CompoundID {
		return w, fmt.Errorf("atom %v alone gives a window of compound %q", a, w.CompoundID)
	}
	return w, RadialInside(req, ans)
}

// edgeBand is where an edge of a window reaching r from an atom may lie,
// counted in u: the target offset t clamped to the document, and the
// character boundaries on either side of it (equal when t is one). in is the
// boundary on the atom's side (the window rounded inward), out the other.
type edgeBand struct{ t, in, out int }

// leftBand and rightBand are the bands of a window's start r before the unit
// offset fu and of its end r after lu, in body.
func leftBand(u unit.Unit, body string, fu, r int) edgeBand {
	t := max(0, fu-r)
	return edgeBand{t, ceilIn(u, body, t), floorIn(u, body, t)}
}

func rightBand(u unit.Unit, body string, lu, r int) edgeBand {
	t := min(u.Len(body), lu+r)
	return edgeBand{t, floorIn(u, body, t), ceilIn(u, body, t)}
}

// width is how many units the character straddling the band's target adds
// when the edge is rounded outward (0 when the target is a boundary).
func (b edgeBand) width() int { return max(b.in-b.out, b.out-b.in) }

// RadialBound (§5.2–5.3): the window of one atom costs at most 2r, counted
// in u (white space of code free). A prose or data window may exceed 2r by
// the characters its edges fall inside, when it rounds them outward: which
// way a radius ending inside a character rounds is ctxconform's rule
// (RadialInward, RAD-29), not the text's.
func RadialBound(doc inflate.Document, a radial.Atom, r int, w radial.Window, u unit.Unit) error {
	if r > math.MaxInt/4 {
		return nil
	}
	lo, _ := RadialCostRange(doc.Kind, w.Text, u)
	allowed := 2 * r
	if doc.Kind != inflate.KindCode {
		if fu, err := u.FromBytes(doc.Body, a.Offset); err == nil {
			allowed += leftBand(u, doc.Body, fu, r).width() + rightBand(u, doc.Body, fu, r).width()
		}
	}
	if lo > allowed {
		return fmt.Errorf("atom %v at radius %d: window [%d,%d] costs %d %s, over 2r = %d", a, r, w.Start, w.End, lo, u, 2*r)
	}
	return nil
}

// RadialReach (§5.2): the window of one prose or data atom reaches r in each
// direction, counted in u, clamped to the document. An edge that falls
// inside a character may be rounded either way (to the character's start or
// its end); that it rounds inward is RadialInward's (RAD-29, ROBUST).
func RadialReach(doc inflate.Document, a radial.Atom, r int, w radial.Window, u unit.Unit) error {
	if doc.Kind == inflate.KindCode {
		return nil
	}
	body := doc.Body
	if w.Start > a.Offset || a.Offset > w.End {
		return fmt.Errorf("atom %v: window [%d,%d] does not hold it", a, w.Start, w.End)
	}
	fu, err1 := u.FromBytes(body, a.Offset)
	su, err2 := u.FromBytes(body, w.Start)
	eu, err3 := u.FromBytes(body, w.End)
	if err1 != nil || err2 != nil || err3 != nil {
		return nil // offsets inside characters: the character rule's
	}
	lb, rb := leftBand(u, body, fu, r), rightBand(u, body, fu, r)
	if su < min(lb.in, lb.out) || su > max(lb.in, lb.out) {
		return fmt.Errorf("atom %v at radius %d: window [%d,%d) %s starts %d %s left of the atom, want %d (the radius, clamped to the document)", a, r, su, eu, u, fu-su, u, fu-lb.t)
	}
	if eu < min(rb.in, rb.out) || eu > max(rb.in, rb.out) {
		return fmt.Errorf("atom %v at radius %d: window [%d,%d) %s ends %d %s right of the atom, want %d (the radius, clamped to the document)", a, r, su, eu, u, eu-fu, u, rb.t-fu)
	}
	return nil
}

// RadialInward (ctxconform's rule, RAD-29): an edge of a prose or data
// window that a radius puts inside a character is moved inward, to the
// character boundary on the atoms' side, so the window never reaches
// further than r beyond its outermost atoms (the atoms of the request it
// holds). Only an edge within the straddled character is judged: a window
// that reaches further is RadialReach's and RadialUnion's to judge.
func RadialInward(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer, u unit.Unit) error {
	return windowsInward(req.Documents, radial.Unique(req.Atoms), ans.Windows, req.Radius, u)
}

// windowsInward is RadialInward for windows of atoms at radius r.
func windowsInward(documentList []inflate.Document, atoms []radial.Atom, ws []radial.Window, r int, u unit.Unit) error {
	docs := documents(documentList)
	for i, w := range ws {
		d, ok := docs[w.CompoundID]
		if !ok || d.Kind == inflate.KindCode || w.Start < 0 || w.Start > w.End || w.End > len(d.Body) {
			continue
		}
		first, last, found := 0, 0, false
		for _, a := range atoms {
			if a.CompoundID == w.CompoundID && w.Start <= a.Offset && a.Offset <= w.End {
				if !found {
					first, last, found = a.Offset, a.Offset, true
				}
				first, last = min(first, a.Offset), max(last, a.Offset)
			}
		}
		if !found {
			continue
		}
		fu, err1 := u.FromBytes(d.Body, first)
		lu, err2 := u.FromBytes(d.Body, last)
		su, err3 := u.FromBytes(d.Body, w.Start)
		eu, err4 := u.FromBytes(d.Body, w.End)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue
		}
		if lb := leftBand(u, d.Body, fu, r); lb.width() > 0 && su == lb.out {
			return fmt.Errorf("window %d of %q [%d,%d) %s: radius %d before its first atom (at %d) falls inside a character, and the start was moved outward to %d, not inward to %d: %s",
				i, w.CompoundID, su, eu, u, r, fu, lb.out, lb.in, excerpt(d.Body, w.Start))
		}
		if rb := rightBand(u, d.Body, lu, r); rb.width() > 0 && eu == rb.out {
			return fmt.Errorf("window %d of %q [%d,%d) %s: radius %d after its last atom (at %d) falls inside a character, and the end was moved outward to %d, not inward to %d: %s",
				i, w.CompoundID, su, eu, u, r, lu, rb.out, rb.in, excerpt(d.Body, w.End))
		}
	}
	return nil
}

// radLine is the line of body holding off: [start, end), end after the
// newline (or at the body's end).
func radLine(body string, off int) (int, int) {
	s := strings.LastIndexByte(body[:off], '\n') + 1
	e := len(body)
	if i := strings.IndexByte(body[off:], '\n'); i >= 0 {
		e = off + i + 1
	}
	return s, e
}

// RadialWholeLines (§5.3 "preserve indentation"): when the line holding a code
// atom fits in 2r (white space free), the atom's window is whole lines: it
// starts at a line start and ends after a newline or at the body's end, and
// holds the atom's whole line.
func RadialWholeLines(doc inflate.Document, a radial.Atom, r int, w radial.Window, u unit.Unit) error {
	if doc.Kind != inflate.KindCode {
		return nil
	}
	body := doc.Body
	ls, le := radLine(body, a.Offset)
	if _, hi := RadialCostRange(inflate.KindCode, body[ls:le], u); hi > 2*r {
		return nil
	}
	switch {
	case w.Start > 0 && body[w.Start-1] != '\n':
		return fmt.Errorf("code atom %v at radius %d: window [%d,%d] starts inside a line, cutting its indentation", a, r, w.Start, w.End)
	case w.End < len(body) && (w.End == 0 || body[w.End-1] != '\n'):
		return fmt.Errorf("code atom %v at radius %d: window [%d,%d] ends inside a line", a, r, w.Start, w.End)
	case w.Start > ls || w.End < le:
		return fmt.Errorf("code atom %v at radius %d: window [%d,%d] does not hold the atom's line [%d,%d), which fits", a, r, w.Start, w.End, ls, le)
	}
	return nil
}

// RadialSpan is a closed window range [Start, End] of a compound.
type RadialSpan struct {
	Compound string `json:"compound_id"`
	Start    int    `json:"start"`
	End      int    `json:"end"`
}

// String is the span as the protocol writes a window's place.
func (s RadialSpan) String() string { return jsonenc.Message(s) }

// MergeRadialSpans is §5.4 on the windows of single atoms: sorted by start, a
// window whose start <= the previous end joins it. The result is ordered by
// compound, then start.
func MergeRadialSpans(spans []RadialSpan) []RadialSpan {
	s := slices.Clone(spans)
	slices.SortFunc(s, func(a, b RadialSpan) int {
		return cmp.Or(strings.Compare(a.Compound, b.Compound), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	var out []RadialSpan
	for _, x := range s {
		if n := len(out); n > 0 && out[n-1].Compound == x.Compound && x.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, x.End)
			continue
		}
		out = append(out, x)
	}
	return out
}

// RadialSpans lists the ranges of the windows, in the order given.
func RadialSpans(ws []radial.Window) []RadialSpan {
	out := make([]RadialSpan, len(ws))
	for i, w := range ws {
		out[i] = RadialSpan{w.CompoundID, w.Start, w.End}
	}
	return out
}

// RadialUnion (§5.4): what every reading of "merge into one extended
// window 3. Continue radiating outward as unified molecule" agrees on, for
// the windows of some atoms and each atom's own window (singles). The
// single-atom windows merged where they overlap or touch (the union's
// parts) are never cut: each lies inside one window of its compound, and
// no window holds none of them. A part one atom's window makes alone is
// neither grown nor cut: a window holding only such parts is exactly one
// of them. A part that merged several may grow on ("Continue radiating
// outward": how far, no text says; exactly the union is the reference's,
// RAD-10), and what it grows over merges into it.
func RadialUnion(ans adapters.RadialWindowsAnswer, singles []RadialSpan) error {
	want := MergeRadialSpans(singles)
	got := RadialSpans(ans.Windows)
	slices.SortFunc(got, func(a, b RadialSpan) int {
		return cmp.Or(strings.Compare(a.Compound, b.Compound), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	inside := func(p, w RadialSpan) bool { return p.Compound == w.Compound && w.Start <= p.Start && p.End <= w.End }
	merged := make([]bool, len(want)) // the part joins several atoms' windows
	for i, p := range want {
		n := 0
		for _, x := range singles {
			if inside(x, p) {
				n++
			}
		}
		merged[i] = n > 1
	}
	held := make([][]int, len(got)) // the parts inside each window
	for i, p := range want {
		j := slices.IndexFunc(got, func(w RadialSpan) bool { return inside(p, w) })
		if j < 0 {
			return fmt.Errorf("windows %v, but the single-atom windows merge to %v: no window holds %v whole", got, want, p)
		}
		held[j] = append(held[j], i)
	}
	for j, w := range got {
		grows := slices.ContainsFunc(held[j], func(i int) bool { return merged[i] })
		switch {
		case len(held[j]) == 0:
			return fmt.Errorf("windows %v, but the single-atom windows merge to %v: window %v holds none of them", got, want, w)
		case !grows && (len(held[j]) > 1 || want[held[j][0]] != w):
			return fmt.Errorf("windows %v, but the single-atom windows merge to %v: window %v holds only windows of one atom each, which merge with nothing, and is not one of them", got, want, w)
		}
	}
	return nil
}

// SplitWithin (§5.5): what every reading of "budget is distributed: 70%
// … 30%" agrees on. Every share is for a request term and each term has
// one share at most; no amount is negative; every term with atoms has a
// share (its atoms are among those the budget is distributed to; a term
// with none may be left out). §5.5 states percentages, not how amounts
// round: each amount may be rounded up, so a term's atoms may receive one
// unit each over its total, and the terms' totals one unit each over the
// budget; more is over the budget under every reading.
func SplitWithin(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
	terms := map[string]radial.Term{}
	for _, t := range req.Terms {
		terms[t.Label] = t
	}
	seen := map[string]bool{}
	total := 0
	for _, s := range ans.Shares.Terms {
		if _, ok := terms[s.Term]; !ok {
			return fmt.Errorf("share for unknown term %q", s.Term)
		}
		if seen[s.Term] {
			return fmt.Errorf("term %q has two shares", s.Term)
		}
		seen[s.Term] = true
		if s.Total < 0 || s.Direct < 0 || s.PerDirect < 0 || s.Related < 0 || s.PerRelated < 0 {
			return fmt.Errorf("term %q: negative share %s", s.Term, jsonenc.Message(s))
		}
		if u := s.Used(); u > s.Total+s.Direct+s.Related || u < 0 {
			return fmt.Errorf("term %q: %d direct × %d + %d related × %d = %d, over its total %d by more than a unit per atom", s.Term, s.Direct, s.PerDirect, s.Related, s.PerRelated, u, s.Total)
		}
		total += s.Total
		if total > req.Budget+len(ans.Shares.Terms) || total < 0 {
			return fmt.Errorf("the terms' totals add up to %d or more, over the budget %d by more than a unit per term", total, req.Budget)
		}
	}
	for label, t := range terms {
		if !seen[label] && (t.Direct > 0 || t.Related > 0) {
			return fmt.Errorf("term %q (%d direct, %d related atoms) has no share", label, t.Direct, t.Related)
		}
	}
	return nil
}

// SplitServed: no term serves more atoms than it brings, nor more than 5
// related atoms.
func SplitServed(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
	terms := map[string]radial.Term{}
	for _, t := range req.Terms {
		terms[t.Label] = t
	}
	for _, s := range ans.Shares.Terms {
		t := terms[s.Term]
		if s.Direct > t.Direct {
			return fmt.Errorf("term %q serves %d direct atoms of %d", s.Term, s.Direct, t.Direct)
		}
		if s.Related > min(t.Related, SplitRelatedPerTerm) {
			return fmt.Errorf("term %q serves %d related atoms; it has %d, and at most %d are served per term", s.Term, s.Related, t.Related, SplitRelatedPerTerm)
		}
	}
	return nil
}

// Split7030 (§5.5): a term that serves both direct and related atoms gives
// 70% of its total to its direct atoms and 30% to its related atoms, each
// pool split evenly, up to rounding down (at most one unit per atom, plus
// one).
func Split7030(ans adapters.RadialSplitAnswer) error {
	for _, s := range ans.Shares.Terms {
		if s.Direct == 0 || s.Related == 0 {
			continue
		}
		// Compare in tenths: 10·part against 7·total or 3·total.
		d, r, t := s.Direct*s.PerDirect, s.Related*s.PerRelated, s.Total
		if 10*d > 7*t+10 || 10*d < 7*t-10*(s.Direct+1) {
			return fmt.Errorf("term %q: its %d direct atoms receive %d of its %d (%.1f%%), want 70%%", s.Term, s.Direct, d, t, radPercent(d, t))
		}
		if 10*r > 3*t+10 || 10*r < 3*t-10*(s.Related+1) {
			return fmt.Errorf("term %q: its %d related atoms receive %d of its %d (%.1f%%), want 30%%", s.Term, s.Related, r, t, radPercent(r, t))
		}
	}
	return nil
}

func radPercent(part, whole int) float64 {
	if whole == 0 {
		return 0
	}
	return 100 * float64(part) / float64(whole)
}

// SplitEven: the terms that bring atoms receive equal totals ("evenly
// split").
func SplitEven(req adapters.RadialSplitRequest, ans adapters.RadialSplitAnswer) error {
	active := map[string]bool{}
	for _, t := range req.Terms {
		active[t.Label] = t.Direct > 0 || t.Related > 0
	}
	first := ""
	firstTotal := 0
	for _, s := range ans.Shares.Terms {
		if !active[s.Term] {
			continue
		}
		if first == "" {
			first, firstTotal = s.Term, s.Total
			continue
		}
		if s.Total != firstTotal {
			return fmt.Errorf("term %q receives %d, term %q %d: not an even split", first, firstTotal, s.Term, s.Total)
		}
	}
	return nil
}

// IngestValid (§5.1): every recorded atom names a known compound, has a
// label, and its offset lies inside the body; no atom is recorded twice.
// An offset inside a character is the character rule's (RAD-30): the
// conversion to bytes records it as a repair.
func IngestValid(req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
	docs := documents(req.Documents)
	seen := map[radAtomKey]bool{}
	for i, a := range ans.Atoms {
		d, ok := docs[a.CompoundID]
		switch {
		case !ok:
			return fmt.Errorf("atom %d %v names unknown compound %q", i, a, a.CompoundID)
		case a.Label == "":
			return fmt.Errorf("atom %d %v has no label", i, a)
		case a.Offset < 0 || a.Offset >= len(d.Body):
			return fmt.Errorf("atom %d %v: offset outside the body [0,%d)", i, a, len(d.Body))
		case seen[radKey(a)]:
			return fmt.Errorf("atom %d %v is recorded twice", i, a)
		}
		seen[radKey(a)] = true
	}
	return nil
}

// IngestLabels: each atom's label is the text at its offset, compared
// without case (as many characters as the label has).
func IngestLabels(req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer) error {
	if err := IngestValid(req, ans); err != nil {
		return err
	}
	docs := documents(req.Documents)
	for i, a := range ans.Atoms {
		rest := docs[a.CompoundID].Body[a.Offset:]
		n := utf8.RuneCountInString(a.Label)
		end := len(rest)
		for j := range rest {
			if n == 0 {
				end = j
				break
			}
			n--
		}
		if !strings.EqualFold(rest[:end], a.Label) {
			return fmt.Errorf("atom %d %v: the text at its offset is %q", i, a, clip.Text(rest[:end], 60))
		}
	}
	return nil
}
