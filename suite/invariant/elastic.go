package invariant

// Elastic Context (std105 §2, §4; std085-protocol §5.2–5.4).
//
// How the checks measure: budgets, radii and costs are the implementation's
// to count (its unit); offsets arrive in bytes. A window of a prose or data
// document costs its length in the unit; a window of a code document costs
// the length of its non-whitespace characters only (std085-protocol §5.3,
// "ignore whitespace in budget calculations"). The checks measure the text
// themselves and never trust the answer's Cost or Used fields.

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"
	"unicode"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The clamp of std105 §4.
const (
	RadiusFloor = 200   // "Min Radius: hard floor at 200 bytes"
	RadiusCap   = 32000 // "Max Radius: hard cap at 32,000 bytes"
)

// ElasticRadius is std105 §2.2's formula, written out for the checks:
// clamp(floor(budget/hits/2), 200, 32000), and 0 for no hits. budget must be
// > 0 and hits >= 0.
func ElasticRadius(budget, hits int) int {
	if hits <= 0 {
		return 0
	}
	if hits > math.MaxInt/2 {
		return RadiusFloor // the share is below one byte
	}
	r := budget / (2 * hits) // floor(floor(b/h)/2) == floor(b/2h) for b, h > 0
	return min(max(r, RadiusFloor), RadiusCap)
}

// HydrationCost is what text of a document of the given kind costs against
// the budget, counted in u: its length for prose and data, the length of its
// non-whitespace characters (unicode.IsSpace) for code.
func HydrationCost(u unit.Unit, kind, text string) int {
	if kind != inflate.KindCode {
		return u.Len(text)
	}
	n := 0
	for _, r := range text {
		if !unicode.IsSpace(r) {
			n += u.Len(string(r))
		}
	}
	return n
}

// atomKey identifies an atom: identical atoms (same compound, label and
// offset) are one atom whatever their scores.
type atomKey struct {
	compound, label string
	offset          int
}

func keyOf(a radial.Atom) atomKey { return atomKey{a.CompoundID, a.Label, a.Offset} }

func (k atomKey) String() string { return fmt.Sprintf("%q@%s:%d", k.label, k.compound, k.offset) }

// DistinctAtoms is the number of distinct atoms of a request: the hit count
// the radius is computed from.
func DistinctAtoms(atoms []radial.Atom) int {
	seen := map[atomKey]bool{}
	for _, a := range atoms {
		seen[keyOf(a)] = true
	}
	return len(seen)
}

func documents(docs []inflate.Document) map[string]inflate.Document {
	m := make(map[string]inflate.Document, len(docs))
	for _, d := range docs {
		m[d.ID] = d
	}
	return m
}

// HydrationInside: every window names a known compound, lies within its
// body and has exactly the body's text between its offsets. Whether an edge
// cuts a character is not judged here: that is ctxconform's own rule
// (ELA-27), which the conversion to bytes records as a repair.
func HydrationInside(req adapters.HydrateRequest, res elastic.Result) error {
	return windowsInside(req.Documents, res.Windows)
}

// windowsInside is the inside check for radial windows, whether drawn by
// RadialWindows or by elastic hydration: inside the document, the text the
// document's between the offsets.
func windowsInside(documentList []inflate.Document, ws []radial.Window) error {
	docs := documents(documentList)
	for i, w := range ws {
		d, ok := docs[w.CompoundID]
		if !ok {
			return fmt.Errorf("window %d names unknown compound %q", i, w.CompoundID)
		}
		if w.Start < 0 || w.Start > w.End || w.End > len(d.Body) {
			return fmt.Errorf("window %d of %q spans [%d,%d), outside [0,%d]", i, w.CompoundID, w.Start, w.End, len(d.Body))
		}
		if !unit.IsBoundary(d.Body, w.Start) || !unit.IsBoundary(d.Body, w.End) {
			continue // a cut character is the character rule's (RAD-29, ELA-27): the conversion repairs it
		}
		if w.Text != d.Body[w.Start:w.End] {
			return fmt.Errorf("window %d of %q [%d,%d): its text is not the document's bytes between its offsets: %s", i, w.CompoundID, w.Start, w.End, textDiff(w.Text, d.Body[w.Start:w.End]))
		}
	}
	return nil
}

// HydrationMerged (std085-protocol §5.4): the windows of one compound are
// listed by start, and each starts after the previous one ends: windows that
// overlap or touch (start <= previous end) must have been merged.
func HydrationMerged(res elastic.Result) error { return mergedWindows(res.Windows) }

// HydrationAssigned: every distinct atom of the request is either kept or
// dropped, never both, never neither. A kept atom is listed by exactly one
// window, of its own compound, whose text holds the atom's first character
// (Start <= Offset < End); Kept lists exactly the windows' atoms.
func HydrationAssigned(req adapters.HydrateRequest, res elastic.Result) error {
	asked := map[atomKey]bool{}
	for _, a := range req.Atoms {
		asked[keyOf(a)] = true
	}
	where := map[atomKey]int{}
	for i, w := range res.Windows {
		if len(w.Atoms) == 0 {
			return fmt.Errorf("window %d of %q [%d,%d) holds no atom", i, w.CompoundID, w.Start, w.End)
		}
		for _, a := range w.Atoms {
			k := keyOf(a)
			if !asked[k] {
				return fmt.Errorf("window %d lists atom %v, which is not in the request", i, k)
			}
			if j, dup := where[k]; dup {
				return fmt.Errorf("atom %v is listed by windows %d and %d", k, j, i)
			}
			where[k] = i
			if a.CompoundID != w.CompoundID {
				return fmt.Errorf("atom %v is listed by window %d of %q", k, i, w.CompoundID)
			}
			if a.Offset < w.Start || a.Offset >= w.End {
				return fmt.Errorf("atom %v is listed by window %d [%d,%d), which does not hold it", k, i, w.Start, w.End)
			}
		}
	}
	kept := map[atomKey]bool{}
	for _, a := range res.Kept {
		k := keyOf(a)
		if kept[k] {
			return fmt.Errorf("atom %v is kept twice", k)
		}
		kept[k] = true
		if _, ok := where[k]; !ok {
			return fmt.Errorf("atom %v is kept but no window lists it", k)
		}
	}
	for k, i := range where {
		if !kept[k] {
			return fmt.Errorf("atom %v is listed by window %d but not kept", k, i)
		}
	}
	dropped := map[atomKey]bool{}
	for _, a := range res.Dropped {
		k := keyOf(a)
		switch {
		case !asked[k]:
			return fmt.Errorf("dropped atom %v is not in the request", k)
		case dropped[k]:
			return fmt.Errorf("atom %v is dropped twice", k)
		case kept[k]:
			return fmt.Errorf("atom %v is both kept and dropped", k)
		}
		dropped[k] = true
	}
	for _, a := range req.Atoms {
		if k := keyOf(a); !kept[k] && !dropped[k] {
			return fmt.Errorf("atom %v is neither kept nor dropped", k)
		}
	}
	return nil
}

// HydrationRadius (std105 §2.2–2.3, §4): the answer's hit count is the
// number of distinct atoms, and its radius is one the text allows for them:
// for no hits, anything from 0 to the cap (the formula divides by zero:
// 0, nothing to window, is the reference's answer, ELA-11; the clamp of an
// infinite quotient, the cap, is another reading); otherwise at least the
// formula's for that count and at most the cap. A radius recomputed for the atoms the budget serves may be wider
// (it only fills the budget); it falls below the floor only when the budget
// cannot hold one window at the floor (budget < 2·200), where the floor
// yields to the budget.
func HydrationRadius(req adapters.HydrateRequest, res elastic.Result) error {
	n := DistinctAtoms(req.Atoms)
	if res.Hits != n {
		return fmt.Errorf("answer counts %d hits, the request has %d distinct atoms", res.Hits, n)
	}
	want := ElasticRadius(req.Budget, n)
	switch {
	case n == 0 && (res.Radius < 0 || res.Radius > RadiusCap):
		return fmt.Errorf("radius %d with no hits, outside [0, %d]", res.Radius, RadiusCap)
	case n == 0:
		return nil
	case res.Radius > RadiusCap:
		return fmt.Errorf("radius %d for budget %d and %d hits, over the cap of %d", res.Radius, req.Budget, n, RadiusCap)
	case res.Radius >= want:
		return nil
	case req.Budget < 2*RadiusFloor && res.Radius >= 1:
		return nil // the floor yields to a budget that cannot hold a window at it
	}
	return fmt.Errorf("radius %d for budget %d and %d hits, narrower than clamp(floor(%d/%d/2), %d, %d) = %d",
		res.Radius, req.Budget, n, req.Budget, n, RadiusFloor, RadiusCap, want)
}

// HydrationBudget (std105 §4 "strictly respects max_chars"): the windows
// cost at most the budget in total, measured with HydrationCost in u.
func HydrationBudget(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	total := HydrationUsed(req, res, u)
	if total > req.Budget {
		return fmt.Errorf("windows cost %d %s in total, over the budget of %d (%d windows, %d atoms kept)", total, u, req.Budget, len(res.Windows), len(res.Kept))
	}
	return nil
}

// HydrationUsed is the total cost of the answer's windows, measured with
// HydrationCost in u (windows of unknown compounds count as prose).
func HydrationUsed(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) int {
	docs := documents(req.Documents)
	total := 0
	for _, w := range res.Windows {
		total += HydrationCost(u, docs[w.CompoundID].Kind, w.Text)
	}
	return total
}

// served is the number of distinct atoms of req that lie in a window of
// their compound (start <= offset < end), judged on the windows' offsets,
// not on the answer's kept list.
func served(req adapters.HydrateRequest, res elastic.Result) int {
	seen := map[atomKey]bool{}
	for _, a := range req.Atoms {
		if slices.ContainsFunc(res.Windows, func(w radial.Window) bool {
			return w.CompoundID == a.CompoundID && w.Start <= a.Offset && a.Offset < w.End
		}) {
			seen[keyOf(a)] = true
		}
	}
	return len(seen)
}

// HydrationServesAll (std105 §2.3, §4): when the windows of every hit fit
// the budget at the formula's radius (hits·2r <= budget, the floor of 200
// not contradicting the budget), nothing is dropped: every distinct atom
// lies in a window of its compound. Which atoms survive when the floor does
// contradict the budget, and how many, the text does not say
// (HydrationKeepsCapacity, REFERENCE).
func HydrationServesAll(req adapters.HydrateRequest, res elastic.Result) error {
	n := DistinctAtoms(req.Atoms)
	r := ElasticRadius(req.Budget, n)
	if r == 0 || n > req.Budget/(2*r) {
		return nil
	}
	if got := served(req, res); got < n {
		return fmt.Errorf("%d of %d atoms lie in a window; budget %d at radius %d holds all %d windows (%d·%d = %d), so none may be dropped", got, n, req.Budget, r, n, n, 2*r, n*2*r)
	}
	return nil
}

// HydrationKeepsCapacity (the reference's reading, ELA-30): under the floor
// at least min(hits, floor(budget / 2r)) distinct atoms are kept, as the
// answer's kept list says (each atom's window costs at most 2r, so that many
// always fit). An atom that lies in the window of another does not count:
// one block for the best atom, wide enough to hold others, is another
// reading.
func HydrationKeepsCapacity(req adapters.HydrateRequest, res elastic.Result) error {
	n := DistinctAtoms(req.Atoms)
	r := ElasticRadius(req.Budget, n)
	if r == 0 {
		return nil
	}
	want := min(n, req.Budget/(2*r))
	kept := map[atomKey]bool{}
	for _, a := range res.Kept {
		kept[keyOf(a)] = true
	}
	if len(kept) < want {
		return fmt.Errorf("%d of %d atoms kept; budget %d at radius %d serves floor(%d/%d) = %d", len(kept), n, req.Budget, r, req.Budget, 2*r, want)
	}
	return nil
}

// reachMode selects what hydrationReach judges of a prose or data window.
type reachMode int

const (
	reachAtLeast  reachMode = iota // MUST: r past its outermost atoms, a lone atom's at most r
	reachNotGrown                  // SHOULD: a merged window no further than r past them
	reachInward                    // ROBUST: an edge inside a character rounded inward
)

// HydrationReach (std085-protocol §5.2–5.4, §5.3), with r the answer's
// radius (HydrationRadius bounds it), counted in u: a window of a prose or
// data document reaches r before its first atom and r after its last
// (clamped to the document), and the window of a lone atom no further; an
// edge that falls inside a character may be rounded either way (inward is
// HydrationInward's, ELA-27); whether a merged window may grow further is
// HydrationNotGrown's (ELA-28). A window of a code document costs at most 2r
// per atom it holds.
func HydrationReach(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	return hydrationReach(req, res, u, reachAtLeast)
}

// HydrationNotGrown (std085-protocol §5.4, as RAD-08): a merged prose or
// data window reaches no further than r beyond its outermost atoms (edges
// rounded either way).
func HydrationNotGrown(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	return hydrationReach(req, res, u, reachNotGrown)
}

// HydrationInward (ctxconform's rule, ELA-27): an edge of a prose or data
// window that the radius puts inside a character is moved inward.
func HydrationInward(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	return hydrationReach(req, res, u, reachInward)
}

func hydrationReach(req adapters.HydrateRequest, res elastic.Result, u unit.Unit, mode reachMode) error {
	docs := documents(req.Documents)
	r := res.Radius
	if mode == reachAtLeast && r < 1 && len(res.Windows) > 0 {
		return fmt.Errorf("%d windows cut at radius %d", len(res.Windows), r)
	}
	if r < 0 {
		// A negative radius reaches nowhere: the bands below would lie
		// outside the body. HydrationRadius and HydrationReach fail it.
		return nil
	}
	for i, w := range res.Windows {
		d, ok := docs[w.CompoundID]
		if !ok || len(w.Atoms) == 0 || w.Start < 0 || w.End > len(d.Body) || w.Start > w.End {
			continue // HydrationInside and HydrationAssigned report these
		}
		if d.Kind == inflate.KindCode {
			if c := HydrationCost(u, d.Kind, w.Text); mode == reachAtLeast && c > 2*r*len(w.Atoms) {
				return fmt.Errorf("code window %d of %q %s costs %d %s for %d atoms, over 2·%d per atom", i, w.CompoundID, adapters.Span(u, d.Body, w.Start, w.End), c, u, len(w.Atoms), r)
			}
			continue
		}
		first, last := w.Atoms[0].Offset, w.Atoms[0].Offset
		distinct := map[atomKey]bool{}
		for _, a := range w.Atoms {
			first, last = min(first, a.Offset), max(last, a.Offset)
			distinct[keyOf(a)] = true
		}
		fu, err1 := u.FromBytes(d.Body, first)
		lu, err2 := u.FromBytes(d.Body, last)
		su, err3 := u.FromBytes(d.Body, w.Start)
		eu, err4 := u.FromBytes(d.Body, w.End)
		if err1 != nil || err2 != nil || err3 != nil || err4 != nil {
			continue // offsets inside characters: the character rule's
		}
		lb, rb := leftBand(u, d.Body, fu, r), rightBand(u, d.Body, lu, r)
		lone := len(distinct) == 1
		switch mode {
		case reachAtLeast:
			if su > max(lb.in, lb.out) || eu < min(rb.in, rb.out) || lone && (su < min(lb.in, lb.out) || eu > max(rb.in, rb.out)) {
				return fmt.Errorf("window %d of %q spans [%d,%d) %s around atoms %d..%d; radius %d gives [%d,%d) (an edge inside a character rounded either way)",
					i, w.CompoundID, su, eu, u, fu, lu, r, lb.t, rb.t)
			}
		case reachNotGrown:
			if !lone && (su < min(lb.in, lb.out) || eu > max(rb.in, rb.out)) {
				return fmt.Errorf("merged window %d of %q spans [%d,%d) %s around atoms %d..%d: it grew beyond radius %d, which gives [%d,%d)",
					i, w.CompoundID, su, eu, u, fu, lu, r, lb.t, rb.t)
			}
		case reachInward:
			if lb.width() > 0 && su == lb.out {
				return fmt.Errorf("window %d of %q [%d,%d) %s: radius %d before its first atom (at %d) falls inside a character, and the start was moved outward to %d, not inward to %d: %s",
					i, w.CompoundID, su, eu, u, r, fu, lb.out, lb.in, excerpt(d.Body, w.Start))
			}
			if rb.width() > 0 && eu == rb.out {
				return fmt.Errorf("window %d of %q [%d,%d) %s: radius %d after its last atom (at %d) falls inside a character, and the end was moved outward to %d, not inward to %d: %s",
					i, w.CompoundID, su, eu, u, r, lu, rb.out, rb.in, excerpt(d.Body, w.End))
			}
		}
	}
	return nil
}

// ceilIn is the first character boundary at or after off, counted in u.
func ceilIn(u unit.Unit, body string, off int) int {
	for k := 0; k < 4; k++ {
		if _, err := u.ToBytes(body, off+k); err == nil {
			return off + k
		}
	}
	return off
}

// floorIn is the last character boundary at or before off, counted in u.
func floorIn(u unit.Unit, body string, off int) int {
	for k := 0; k < 4 && off-k >= 0; k++ {
		if _, err := u.ToBytes(body, off-k); err == nil {
			return off - k
		}
	}
	return off
}

// compareAtom is a total order on atoms: compound, offset, label, score.
func compareAtom(a, b radial.Atom) int {
	return cmp.Or(strings.Compare(a.CompoundID, b.CompoundID), cmp.Compare(a.Offset, b.Offset),
		strings.Compare(a.Label, b.Label), cmp.Compare(a.Score, b.Score))
}

// SortedAtoms returns a copy of atoms in a fixed order (compound, offset,
// label, score), for comparing answers whose order is free.
func SortedAtoms(atoms []radial.Atom) []radial.Atom {
	out := slices.Clone(atoms)
	slices.SortFunc(out, compareAtom)
	if out == nil {
		out = []radial.Atom{}
	}
	return out
}

// CanonicalHydration returns res with every list in a fixed order (windows
// by compound and start, atoms by compound, offset, label), so answers whose
// order is the implementation's to choose can be compared.
func CanonicalHydration(res elastic.Result) elastic.Result {
	out := res
	out.Kept, out.Dropped = SortedAtoms(res.Kept), SortedAtoms(res.Dropped)
	out.Windows = make([]radial.Window, len(res.Windows))
	for i, w := range res.Windows {
		w.Atoms = SortedAtoms(w.Atoms)
		out.Windows[i] = w
	}
	slices.SortFunc(out.Windows, func(a, b radial.Window) int {
		return cmp.Or(strings.Compare(a.CompoundID, b.CompoundID), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return out
}

// SameHydration compares two answers field by field and describes the first
// difference.
func SameHydration(want, got elastic.Result) error {
	switch {
	case want.Budget != got.Budget || want.Hits != got.Hits || want.Radius != got.Radius || want.Capacity != got.Capacity || want.Used != got.Used:
		return fmt.Errorf("budget %d, hits %d, radius %d, capacity %d, used %d; want %d, %d, %d, %d, %d",
			got.Budget, got.Hits, got.Radius, got.Capacity, got.Used, want.Budget, want.Hits, want.Radius, want.Capacity, want.Used)
	case !reflect.DeepEqual(nonEmpty(want.Kept), nonEmpty(got.Kept)):
		return fmt.Errorf("kept %v, want %v", got.Kept, want.Kept)
	case !reflect.DeepEqual(nonEmpty(want.Dropped), nonEmpty(got.Dropped)):
		return fmt.Errorf("dropped %v, want %v", got.Dropped, want.Dropped)
	case len(want.Windows) != len(got.Windows):
		return fmt.Errorf("%d windows, want %d:\n got  %s\n want %s", len(got.Windows), len(want.Windows), BriefWindows(got.Windows), BriefWindows(want.Windows))
	}
	for i := range want.Windows {
		w, g := want.Windows[i], got.Windows[i]
		if w.CompoundID != g.CompoundID || w.Start != g.Start || w.End != g.End || w.Text != g.Text ||
			w.Cost != g.Cost || w.Score != g.Score || !reflect.DeepEqual(nonEmpty(w.Atoms), nonEmpty(g.Atoms)) {
			return fmt.Errorf("window %d differs:\n got  %s\n want %s", i, BriefWindows(got.Windows[i:i+1]), BriefWindows(want.Windows[i:i+1]))
		}
	}
	return nil
}

// BriefWindows is a compact form of windows for failure messages.
func BriefWindows(ws []radial.Window) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, "%s[%d,%d) cost %d score %g atoms %v; ", w.CompoundID, w.Start, w.End, w.Cost, w.Score, w.Atoms)
	}
	return b.String()
}

func nonEmpty(a []radial.Atom) []radial.Atom {
	if a == nil {
		return []radial.Atom{}
	}
	return a
}

// CensusComplete (std105 §2.3 phase 1, §3.1): the census answer holds each
// expected position (compound, byte offset) and no position twice (a
// position is one row of atom_positions, one hit). Positions beyond the
// expected ones are CensusOnlyExact's (REFERENCE): std105 §3.2's SQL also
// matches `atom_label ILIKE $2` ("Fuzzy/Prefix match"), so a census that
// shares it counts more.
func CensusComplete(terms []string, want, got []radial.Atom) error {
	type pos struct {
		compound string
		offset   int
	}
	seen := map[pos]bool{}
	for _, a := range SortedAtoms(got) {
		p := pos{a.CompoundID, a.Offset}
		if seen[p] {
			return fmt.Errorf("position %s:%d is reported twice (counts one hit)", a.CompoundID, a.Offset)
		}
		seen[p] = true
	}
	found := 0
	for _, a := range SortedAtoms(want) {
		if seen[pos{a.CompoundID, a.Offset}] {
			found++
		}
	}
	for _, a := range SortedAtoms(want) {
		if !seen[pos{a.CompoundID, a.Offset}] {
			return fmt.Errorf("missed %q at %s:%d (%d of %d positions of the terms %q found)", a.Label, a.CompoundID, a.Offset, found, len(want), terms)
		}
	}
	return nil
}

// CensusOnlyExact (the reference's reading, ELA-29): the census reports
// nothing but the expected positions, each labelled with one of the terms
// (compared case-insensitively): a word that merely begins with a term is
// not a hit.
func CensusOnlyExact(terms []string, want, got []radial.Atom) error {
	type pos struct {
		compound string
		offset   int
	}
	expected := map[pos]bool{}
	for _, a := range want {
		expected[pos{a.CompoundID, a.Offset}] = true
	}
	for _, a := range SortedAtoms(got) {
		switch {
		case !expected[pos{a.CompoundID, a.Offset}]:
			return fmt.Errorf("atom %v is not an exact match of any of the terms %q there", a, terms)
		case !slices.ContainsFunc(terms, func(t string) bool { return strings.EqualFold(t, a.Label) }):
			return fmt.Errorf("atom %v: label matches none of the terms %q", a, terms)
		}
	}
	return nil
}

// FillFloor is the share of the budget (or of the text the atoms reach,
// when that is less) the windows should fill: HydrationFills.
const FillFloor = 0.9

// HydrationFill is what HydrationFills judges: whether the case is judged,
// the windows' cost, and the most a conforming answer could emit, all
// counted in u.
type HydrationFill struct {
	Judged bool   // atoms only in prose and data, and the floor does not bind
	Why    string // why a case is not judged
	Used   int    // the windows' cost
	Reach  int    // the text within the cap of the atoms
	Target int    // min(budget, Reach)
}

// MeasureFill measures a hydration answer against what its text allows:
// Reach is the length, in u, of the union over the distinct atoms of
// [offset−32000, offset+32000] clamped to the document (the most text any
// radius within the cap can reach), and Target is min(budget, Reach). A case
// is judged when every atom lies in a prose or data document (code windows
// grow by whole blocks and lines, std085-protocol §5.3, so they cannot be
// asked to fill exactly) and the floor of 200 does not bind (hits·2r <=
// budget at the formula's radius r: every hit can be served).
func MeasureFill(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) HydrationFill {
	f := HydrationFill{Used: HydrationUsed(req, res, u)}
	docs := documents(req.Documents)
	n := DistinctAtoms(req.Atoms)
	type span struct{ start, end int }
	per := map[string][]span{}
	for _, a := range req.Atoms {
		d, ok := docs[a.CompoundID]
		if !ok {
			f.Why = "an atom names an unknown compound"
			return f
		}
		if d.Kind == inflate.KindCode {
			f.Why = "an atom lies in code"
		}
		off, err := u.FromBytes(d.Body, a.Offset)
		if err != nil {
			f.Why = "an atom lies inside a character"
			return f
		}
		per[d.ID] = append(per[d.ID], span{max(0, off-RadiusCap), min(u.Len(d.Body), off+RadiusCap)})
	}
	for _, spans := range per {
		slices.SortFunc(spans, func(a, b span) int { return cmp.Compare(a.start, b.start) })
		end := -1
		for _, s := range spans {
			if s.start > end {
				f.Reach += s.end - s.start
				end = s.end
			} else if s.end > end {
				f.Reach += s.end - end
				end = s.end
			}
		}
	}
	f.Target = min(req.Budget, f.Reach)
	switch r := ElasticRadius(req.Budget, n); {
	case f.Why != "":
	case n == 0:
		f.Why = "no atoms"
	case n*2*r > req.Budget:
		f.Why = "the floor binds"
	default:
		f.Judged = true
	}
	return f
}

// HydrationFills (std105 §1, §2.1, §5 "maximum useful context"): in a judged
// case (see MeasureFill) the windows fill at least FillFloor of
// min(budget, text the atoms reach within the cap).
func HydrationFills(req adapters.HydrateRequest, res elastic.Result, u unit.Unit) error {
	f := MeasureFill(req, res, u)
	if !f.Judged || float64(f.Used) >= FillFloor*float64(f.Target) {
		return nil
	}
	return fmt.Errorf("windows cost %d %s of a budget of %d; the text within %d of the %d atoms holds %d, so at least %.0f%% of %d = %d was expected (radius %d, %d windows, %d atoms kept)",
		f.Used, u, req.Budget, RadiusCap, DistinctAtoms(req.Atoms), f.Reach, 100*FillFloor, f.Target, int(math.Ceil(FillFloor*float64(f.Target))), res.Radius, len(res.Windows), len(res.Kept))
}
