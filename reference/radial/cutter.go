package radial

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strings"
	"unsafe"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/internal/sortkey"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Cutter holds documents and atoms checked once, so that windows can be cut
// around any subset of the atoms at any radius without checking, sorting or
// allocating again: elastic hydration tries many radii and many subsets.
//
// The atoms are kept in canonical order (compound ID, offset, label), one
// per identical atom (see [Unique]). A prose or data window [offset−r,
// offset+r] starts and ends no earlier than the window of the atom before
// it, so windows merge in one pass in that order; code windows (blocks and
// lines) are sorted per document.
//
// A Cutter is not safe for concurrent use: its methods share scratch
// memory and build code documents' line structure on first use.
type Cutter struct {
	docs  []inflate.Document // by ID
	src   []Atom             // the atoms as given (not copied, never modified)
	idx   []int32            // Unique: canonical order, as positions in src
	doc   []int32            // index into docs of each atom
	first []int32            // where each document's atoms start (runs), built on first use
	code  []*codeDoc         // per document, built on first use (code only)
	spans []Span             // scratch for code windows
}

// NewCutter checks docs and atoms as [Check] does (the same first error) and
// prepares them.
func NewCutter(docs []inflate.Document, atoms []Atom) (*Cutter, error) {
	sorted := slices.Clone(docs)
	slices.SortStableFunc(sorted, func(a, b inflate.Document) int { return strings.Compare(a.ID, b.ID) })
	for i, d := range sorted {
		if d.ID == "" || i > 0 && sorted[i-1].ID == d.ID || !unit.Valid(d.Body) || !knownKind(d.Kind) {
			_, err := byID(docs) // the error, in the words and order of byID
			return nil, err
		}
	}
	c := &Cutter{docs: sorted, code: make([]*codeDoc, len(sorted))}
	// Compound IDs to document indexes, remembering the last one: atoms of
	// one compound usually come together.
	lookup := make(map[string]int32, len(sorted))
	for i, d := range sorted {
		lookup[d.ID] = int32(i)
	}
	// Sort keys: document index, then offset, then the atom's position,
	// packed into one number when they fit (they do unless offsets pass a
	// terabyte), else into two.
	bad := false
	last, lastDoc := "", int32(-1)
	// docOf and the sort keys are workspace, kept between calls.
	sc := sortkey.Get(len(atoms))
	defer sc.Free()
	docOf := sc.Aux
	// Atoms usually share their compound ID's memory with the document's
	// (radial.Ingest writes them so): a small cache keyed by that memory
	// spares most map lookups.
	type cached struct {
		p  *byte
		n  int
		di int32
	}
	var cache [256]cached
	for i, a := range atoms {
		di := lastDoc
		if a.CompoundID != last || lastDoc < 0 {
			p := unsafe.StringData(a.CompoundID)
			slot := &cache[uint64(uintptr(unsafe.Pointer(p)))*0x9E3779B97F4A7C15>>56]
			if slot.p == p && slot.n == len(a.CompoundID) && p != nil {
				di = slot.di
			} else {
				var ok bool
				if di, ok = lookup[a.CompoundID]; !ok {
					di = -1
				}
				*slot = cached{p, len(a.CompoundID), di}
			}
			last, lastDoc = a.CompoundID, di
		}
		if di < 0 || a.Offset < 0 || a.Offset >= len(sorted[di].Body) || math.IsNaN(a.Score) || math.IsInf(a.Score, 0) {
			bad = true
			break
		}
		docOf[i] = di
	}
	// badAtom is the error of a bad atom: the first in canonical order, as
	// Check names it (the fast checks above and below only detect one).
	badAtom := func() error {
		m, _ := byID(docs)
		return checkAtoms(m, atoms)
	}
	if bad {
		return nil, badAtom()
	}
	c.src = atoms
	c.idx = make([]int32, len(atoms))
	maxOff := 0
	for _, d := range sorted {
		maxOff = max(maxOff, len(d.Body))
	}
	_, bo, fit := keyBits(len(sorted), maxOff)
	same := func(i, j int32) bool { return docOf[i] == docOf[j] && atoms[i].Offset == atoms[j].Offset }
	if fit {
		for i, a := range atoms {
			sc.Keys[i] = uint64(docOf[i])<<bo | uint64(a.Offset)
		}
		c.idx = sc.Order(c.idx)
	} else {
		for i := range c.idx {
			c.idx[i] = int32(i)
		}
		slices.SortStableFunc(c.idx, func(i, j int32) int {
			return cmp.Or(cmp.Compare(docOf[i], docOf[j]), cmp.Compare(atoms[i].Offset, atoms[j].Offset))
		})
	}
	// Offsets on character boundaries, looked at in canonical order: the
	// documents are read front to back rather than at random.
	for _, k := range c.idx {
		if !unit.IsBoundary(sorted[docOf[k]].Body, atoms[k].Offset) {
			return nil, badAtom()
		}
	}
	// Equal compound and offset: order by label, then score (best first),
	// as compareAtoms does, and keep one of identical atoms.
	for i := 0; i < len(c.idx); {
		j := i + 1
		for j < len(c.idx) && same(c.idx[i], c.idx[j]) {
			j++
		}
		if j-i > 1 {
			slices.SortStableFunc(c.idx[i:j], func(x, y int32) int { return compareAtoms(atoms[x], atoms[y]) })
		}
		i = j
	}
	n := 0
	for _, k := range c.idx {
		if n > 0 && same(c.idx[n-1], k) && atoms[c.idx[n-1]].Label == atoms[k].Label {
			continue
		}
		c.idx[n] = k
		n++
	}
	c.idx = c.idx[:n:n]
	c.doc = make([]int32, n)
	for i, k := range c.idx {
		c.doc[i] = docOf[k]
	}
	return c, nil
}

// keyBits is the bits a document index below docs (bd) and an offset below
// maxOff (bo) take in a sort key, and whether both fit one uint64.
func keyBits(docs, maxOff int) (bd, bo uint, fit bool) {
	bd, bo = bitsFor(docs), bitsFor(maxOff)
	return bd, bo, bd+bo <= 64
}

// bitsFor is the number of bits that hold every value below n.
func bitsFor(n int) uint {
	return uint(bits.Len(uint(max(n, 1) - 1)))
}

// Len is the number of atoms, identical atoms once.
func (c *Cutter) Len() int { return len(c.idx) }

// Atom returns atom i in canonical order (compound ID, offset, label).
func (c *Cutter) Atom(i int) Atom { return c.src[c.idx[i]] }

// offset is the offset of atom i.
func (c *Cutter) offset(i int) int { return c.src[c.idx[i]].Offset }

// codeOf returns the line structure of document d (a code document).
func (c *Cutter) codeOf(d int32) *codeDoc {
	if c.code[d] == nil {
		c.code[d] = newCodeDoc(c.docs[d].Body)
	}
	return c.code[d]
}

// span is the window of atom i at radius r.
func (c *Cutter) span(i int, r int) Span {
	d := c.doc[i]
	if c.docs[d].Kind == inflate.KindCode {
		return c.codeOf(d).extent(c.offset(i), r)
	}
	return radialSpan(c.docs[d].Body, c.offset(i), r)
}

// Cost is the total cost of the merged windows of the atoms i with keep[i]
// (every atom when keep is nil) at radius r >= 1. It stops counting, and
// returns a value above limit, as soon as the total passes limit.
func (c *Cutter) Cost(r int, keep []bool, limit int) int {
	total := 0
	for i := 0; i < len(c.idx); {
		d := c.doc[i]
		j := i
		for j < len(c.idx) && c.doc[j] == d {
			j++
		}
		total += c.docCost(d, i, j, r, keep)
		if total > limit {
			return total
		}
		i = j
	}
	return total
}

// docCost is the cost of the merged windows of the kept atoms [i, j) of
// document d.
func (c *Cutter) docCost(d int32, i, j, r int, keep []bool) int {
	doc := c.docs[d]
	if doc.Kind == inflate.KindCode {
		spans := c.codeSpans(i, j, r, keep)
		total := 0
		for _, run := range mergeSpans(spans) {
			total += Cost(doc.Kind, doc.Body[run.Start:run.End])
		}
		return total
	}
	total, s, e := 0, -1, -1
	for k := i; k < j; k++ {
		if keep != nil && !keep[k] {
			continue
		}
		sp := radialSpan(doc.Body, c.offset(k), r)
		if s >= 0 && sp.Start <= e {
			e = max(e, sp.End)
			continue
		}
		total += e - s
		s, e = sp.Start, sp.End
	}
	return total + e - s
}

// codeSpans is the windows of the kept atoms [i, j) of a code document,
// sorted by start and end, in the cutter's scratch space.
func (c *Cutter) codeSpans(i, j, r int, keep []bool) []Span {
	c.spans = c.spans[:0]
	for k := i; k < j; k++ {
		if keep == nil || keep[k] {
			sp := c.span(k, r)
			c.spans = append(c.spans, Span{Start: sp.Start, End: sp.End})
		}
	}
	slices.SortFunc(c.spans, func(a, b Span) int { return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) })
	return c.spans
}

// mergeSpans merges sorted spans in place: a span whose start <= the
// previous end joins it.
func mergeSpans(spans []Span) []Span {
	out := spans[:0]
	for _, s := range spans {
		if n := len(out); n > 0 && s.Start <= out[n-1].End {
			out[n-1].End = max(out[n-1].End, s.End)
			continue
		}
		out = append(out, s)
	}
	return out
}

// Windows cuts the merged windows of the atoms i with keep[i] (every atom
// when keep is nil) at radius r >= 1: what [Windows] answers for those
// atoms.
func (c *Cutter) Windows(r int, keep []bool) []Window {
	type placed struct {
		start, end int
		atom       int32
	}
	n := len(c.idx)
	if keep != nil {
		n = 0
		for _, k := range keep {
			if k {
				n++
			}
		}
	}
	atoms := make([]Atom, 0, n) // the windows' atoms, window after window
	var out []Window
	var ps []placed
	for i := 0; i < len(c.idx); {
		d := c.doc[i]
		j := i
		for j < len(c.idx) && c.doc[j] == d {
			j++
		}
		doc := c.docs[d]
		ps = ps[:0]
		for k := i; k < j; k++ {
			if keep == nil || keep[k] {
				sp := c.span(k, r)
				ps = append(ps, placed{sp.Start, sp.End, int32(k)})
			}
		}
		if doc.Kind == inflate.KindCode {
			// As Windows sorts: start, end, then the atom's canonical place.
			slices.SortFunc(ps, func(a, b placed) int {
				return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end), cmp.Compare(a.atom, b.atom))
			})
		}
		for x := 0; x < len(ps); {
			y, end := x+1, ps[x].end
			for y < len(ps) && ps[y].start <= end {
				end = max(end, ps[y].end)
				y++
			}
			first := len(atoms)
			for _, p := range ps[x:y] {
				atoms = append(atoms, c.src[c.idx[p.atom]])
			}
			w := Window{CompoundID: doc.ID, Start: ps[x].start, End: end, Atoms: atoms[first:len(atoms):len(atoms)]}
			if doc.Kind == inflate.KindCode {
				slices.SortFunc(w.Atoms, compareAtoms)
			}
			w.Text = doc.Body[w.Start:w.End]
			w.Cost = Cost(doc.Kind, w.Text)
			w.Score = w.Atoms[0].Score
			for _, a := range w.Atoms {
				w.Score = max(w.Score, a.Score)
			}
			out = append(out, w)
			x = y
		}
		i = j
	}
	return out
}

// Subset returns a cutter of the atoms i with keep[i], sharing this one's
// documents.
func (c *Cutter) Subset(keep []bool) *Cutter {
	n := 0
	for _, k := range keep {
		if k {
			n++
		}
	}
	sub := &Cutter{docs: c.docs, code: c.code, src: c.src, idx: make([]int32, 0, n), doc: make([]int32, 0, n)}
	for i, k := range keep {
		if k {
			sub.idx = append(sub.idx, c.idx[i])
			sub.doc = append(sub.doc, c.doc[i])
		}
	}
	return sub
}

// AddCost is what keeping atom i adds to Cost(r, keep, ·) when keep[i] is
// false: the bytes (non-whitespace bytes for code) of its window at radius r
// that the windows of the kept atoms do not cover yet.
func (c *Cutter) AddCost(i, r int, keep []bool) int {
	d := c.doc[i]
	first := c.runs()
	lo, hi := int(first[d]), int(first[d+1])
	if c.docs[d].Kind == inflate.KindCode {
		before := c.docCost(d, lo, hi, r, keep)
		keep[i] = true
		after := c.docCost(d, lo, hi, r, keep)
		keep[i] = false
		return after - before
	}
	// Prose and data windows start and end no earlier than those of the
	// atoms before them, so only the nearest kept neighbours overlap the
	// new window more than the others do.
	body := c.docs[d].Body
	x := radialSpan(body, c.offset(i), r)
	add := x.End - x.Start
	p, q := -1, -1
	for k := i - 1; k >= lo; k-- {
		if keep[k] {
			p = k
			break
		}
	}
	for k := i + 1; k < hi; k++ {
		if keep[k] {
			q = k
			break
		}
	}
	var ps, qs Span
	if p >= 0 {
		ps = radialSpan(body, c.offset(p), r)
		add -= max(0, min(ps.End, x.End)-x.Start)
	}
	if q >= 0 {
		qs = radialSpan(body, c.offset(q), r)
		add -= max(0, x.End-max(qs.Start, x.Start))
	}
	if p >= 0 && q >= 0 {
		add += max(0, min(ps.End, x.End)-max(qs.Start, x.Start))
	}
	return add
}

// runs returns where each document's atoms start in canonical order, which
// sorts them by document: those of document d are [first[d], first[d+1]).
// AddCost, called once per atom ranked, finds an atom's neighbours there
// instead of walking to the ends of its document's run.
func (c *Cutter) runs() []int32 {
	if c.first != nil {
		return c.first
	}
	first := make([]int32, len(c.docs)+1)
	i := 0
	for d := range c.docs {
		first[d] = int32(i)
		for i < len(c.doc) && c.doc[i] == int32(d) {
			i++
		}
	}
	first[len(c.docs)] = int32(len(c.doc))
	c.first = first
	return first
}

// knownKind reports whether k is a document kind byID and NewCutter accept.
func knownKind(k string) bool {
	switch k {
	case "", inflate.KindProse, inflate.KindCode, inflate.KindData:
		return true
	}
	return false
}
