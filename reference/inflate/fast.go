package inflate

import (
	"cmp"
	"encoding/binary"
	"errors"
	"hash/maphash"
	"math"
	"slices"
	"sort"
	"sync"
	"unsafe"

	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/internal/sortkey"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The fast path of Inflate. It answers exactly what Select and place answer
// (a test compares them on generated requests), with less work:
//
//   - validation looks hits up in hash tables and checks them in input
//     order; only when something is wrong does it run index, which checks in
//     sorted order so the error does not depend on the input's order;
//   - the squeeze (Select) needs the set of the best p.Keep hits, not their
//     order: a quickselect on numeric keys finds it;
//   - grouping by compound is a counting sort on the compound's rank, and
//     only the few hits of each compound are sorted by position;
//   - the output order (score, then compound and position) is a stable
//     sort by score (sortkey.Order: counting or radix) of windows already in
//     compound and position order, checked pair by pair against order;
//   - sorts compare numbers (score, compound rank and start, end; the first
//     8 bytes of an ID) and read the IDs only on ties;
//   - the structures written while the collector may run hold no pointers,
//     and windows are written field by field (a whole Window goes through
//     the slower bulk write barrier).
//
// Its cost beyond the one UTF-8 pass over the documents (unit.Valid) is
// what issue 12's inflate/floor target measures.

var seed = maphash.MakeSeed()

// scratch is the working memory of one Inflate call, reused between calls
// (a sync.Pool): only the answer is allocated in steady state, which keeps
// the garbage collector's share of the work small. Its arenas hand out
// slices as they are (take) or zeroed (takeZero); release forgets the
// documents they hold.
type scratch struct {
	i32  []int32
	u64  []uint64
	rk   []rankKey
	sp   []fspan
	docs []Document
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// take returns n elements at the end of *arena, growing it when needed
// (slices handed out before stay valid). They hold whatever an earlier call
// left there: the caller writes each before reading it.
func take[T any](arena *[]T, n int) []T {
	a := *arena
	if cap(a)-len(a) < n {
		a = make([]T, 0, max(2*cap(a), len(a)+n, 64))
	}
	out := a[len(a) : len(a)+n : len(a)+n]
	*arena = a[:len(a)+n]
	return out
}

// takeZero is take for counters and tables: the elements are zero.
func takeZero[T any](arena *[]T, n int) []T {
	out := take(arena, n)
	clear(out)
	return out
}

// release empties the arenas, dropping the references they hold.
func (x *scratch) release() {
	clear(x.docs) // the only arena with pointers
	x.i32, x.u64, x.rk, x.sp, x.docs = x.i32[:0], x.u64[:0], x.rk[:0], x.sp[:0], x.docs[:0]
}

// strHash hashes an ID: a multiply of its first and last 8 bytes for the
// short IDs requests carry, maphash beyond. The answer never depends on it;
// only the tables' speed does.
func strHash(s string) int {
	n := len(s)
	var a, b uint64
	switch {
	case n > 16:
		return int(maphash.String(seed, s))
	case n >= 8:
		a, b = binary.LittleEndian.Uint64([]byte(s[:8])), binary.LittleEndian.Uint64([]byte(s[n-8:]))
	case n >= 4:
		a, b = uint64(binary.LittleEndian.Uint32([]byte(s[:4]))), uint64(binary.LittleEndian.Uint32([]byte(s[n-4:])))
	default:
		for i := 0; i < n; i++ {
			a = a<<8 | uint64(s[i])
		}
	}
	h := (a ^ 0x9E3779B97F4A7C15) * (b ^ uint64(n) ^ 0xC2B2AE3D27D4EB4F)
	return int(h ^ h>>31)
}

// slotsFor returns a table of at least 2n slots (a power of two), empty
// (-1).
func slotsFor(x *scratch, n int) []int32 {
	size := 16
	for size < 2*n {
		size <<= 1
	}
	slots := take(&x.i32, size)
	for i := range slots {
		slots[i] = -1
	}
	return slots
}

// hitSet is a set of hit IDs. Each slot holds the upper half of the ID's
// hash and its position in hits plus one (0: empty), so that most probes
// settle without reading the ID (no pointers are written to fill it).
type hitSet struct {
	slots []uint64
	hits  []Hit
}

func newHitSet(x *scratch, hits []Hit) hitSet {
	size := 16
	for size < 2*len(hits) {
		size <<= 1
	}
	return hitSet{slots: takeZero(&x.u64, size), hits: hits}
}

// add inserts hit i; it reports false if its ID is there already.
func (t *hitSet) add(i int32) bool {
	s := t.hits[i].ID
	mask := len(t.slots) - 1
	h := uint64(strHash(s))
	tag := h &^ (1<<32 - 1)
	for j := int(h) & mask; ; j = (j + 1) & mask {
		v := t.slots[j]
		if v == 0 {
			t.slots[j] = tag | uint64(i+1)
			return true
		}
		if v&^(1<<32-1) == tag && t.hits[int32(v)-1].ID == s {
			return false
		}
	}
}

// docIndex finds documents by ID, as positions in docs.
type docIndex struct {
	slots []int32
	docs  []Document
}

func newDocIndex(x *scratch, docs []Document) docIndex {
	t := docIndex{slots: slotsFor(x, len(docs)), docs: docs}
	mask := len(t.slots) - 1
	for i, d := range docs {
		h := strHash(d.ID) & mask
		for t.slots[h] >= 0 {
			h = (h + 1) & mask
		}
		t.slots[h] = int32(i)
	}
	return t
}

// find returns the position of the document with ID s, or -1.
func (t *docIndex) find(s string) int32 {
	mask := len(t.slots) - 1
	for h := strHash(s) & mask; ; h = (h + 1) & mask {
		k := t.slots[h]
		if k < 0 || t.docs[k].ID == s {
			return k
		}
	}
}

// prepared is a validated request: the documents in ID order and, for every
// hit, the rank of its compound in that order.
type prepared struct {
	docs   []Document // by ID
	hitDoc []int32
}

// prepare validates docs and hits as index does. On any problem it returns
// index's error, so the error is the same whatever the input order.
func prepare(x *scratch, docs []Document, hits []Hit) (prepared, error) {
	fail := func() (prepared, error) {
		_, err := index(docs, hits)
		if err == nil {
			err = errors.New("inflate: internal error: the request's validations disagree")
		}
		return prepared{}, err
	}
	// Documents usually come in ID order: then they are used as they are,
	// without a copy (copying strings costs write barriers while the
	// collector runs).
	sorted := docs
	if byDocID := func(a, b Document) int { return cmp.Compare(a.ID, b.ID) }; !slices.IsSortedFunc(docs, byDocID) {
		sorted = take(&x.docs, len(docs))
		copy(sorted, docs)
		slices.SortFunc(sorted, byDocID)
	}
	for i, d := range sorted {
		if d.ID == "" || i > 0 && sorted[i-1].ID == d.ID || !unit.Valid(d.Body) {
			return fail()
		}
		switch d.Kind {
		case "", KindProse, KindCode, KindData:
		default:
			return fail()
		}
	}
	dt := newDocIndex(x, sorted) // IDs checked unique above
	ht := newHitSet(x, hits)
	hitDoc := take(&x.i32, len(hits))
	// Hits usually share their compound ID's memory with the document's: a
	// small cache keyed by that memory spares most hash lookups.
	type cached struct {
		p *byte
		n int
		k int32
	}
	var cache [256]cached
	for i := range hits {
		h := &hits[i]
		var k int32
		p := unsafe.StringData(h.CompoundID)
		if slot := &cache[uint64(uintptr(unsafe.Pointer(p)))*0x9E3779B97F4A7C15>>56]; p != nil && slot.p == p && slot.n == len(h.CompoundID) {
			k = slot.k
		} else {
			k = dt.find(h.CompoundID)
			*slot = cached{p, len(h.CompoundID), k}
		}
		if h.ID == "" || k < 0 || !ht.add(int32(i)) || math.IsNaN(h.Score) || math.IsInf(h.Score, 0) {
			return fail()
		}
		body := sorted[k].Body
		if h.Start < 0 || h.End < h.Start || h.End > len(body) || !unit.IsBoundary(body, h.Start) || !unit.IsBoundary(body, h.End) {
			return fail()
		}
		hitDoc[i] = k
	}
	return prepared{docs: sorted, hitDoc: hitDoc}, nil
}

// rankKey orders hits by numbers where it can: k1, then k2, then k3, and by
// the hits' IDs only where all three are equal. Offsets fit in 32 bits
// (Inflate takes the plain path for larger documents).
type rankKey struct {
	k1, k2 uint64
	k3     uint32
	hit    int32
}

// before reports whether a comes before b.
func (a *rankKey) before(b *rankKey, hits []Hit) bool {
	if a.k1 != b.k1 {
		return a.k1 < b.k1
	}
	if a.k2 != b.k2 {
		return a.k2 < b.k2
	}
	if a.k3 != b.k3 {
		return a.k3 < b.k3
	}
	return hits[a.hit].ID < hits[b.hit].ID
}

// sortKeys sorts keys by before: insertion sort for the few hits of one
// compound, pdqsort beyond.
func sortKeys(keys []rankKey, hits []Hit) {
	if len(keys) > 24 {
		slices.SortFunc(keys, func(a, b rankKey) int {
			if a.before(&b, hits) {
				return -1
			}
			if b.before(&a, hits) {
				return 1
			}
			return 0
		})
		return
	}
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j].before(&keys[j-1], hits); j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
}

// narrowLimit is the longest body the fast path takes (a variable so that
// a test can send requests down the plain path). The sort keys hold offsets
// in 32 bits unsigned, but padInto keeps window edges in int32: offsets
// must fit in an int32.
var narrowLimit uint64 = math.MaxInt32

// narrow reports whether every offset into docs fits in 32 bits.
func narrow(docs []Document) bool {
	for i := range docs {
		if uint64(len(docs[i].Body)) > narrowLimit {
			return false
		}
	}
	return true
}

// selectKept splits the hits as Select does: it returns the positions of
// the kept hits (in no particular order) and the sorted IDs of the others.
func (p prepared) selectKept(x *scratch, hits []Hit, keep int) (kept []int32, dropped []string) {
	keep = min(max(keep, 0), len(hits))
	if keep == len(hits) {
		kept = take(&x.i32, len(hits))
		for i := range kept {
			kept[i] = int32(i)
		}
		return kept, nil
	}
	keys := take(&x.rk, len(hits))
	for i := range hits {
		h := &hits[i]
		keys[i] = rankKey{sortkey.Score(h.Score), uint64(p.hitDoc[i])<<32 | uint64(h.Start), uint32(h.End), int32(i)}
	}
	nthElement(keys, keep, hits)
	kept = take(&x.i32, keep)
	for i := range kept {
		kept[i] = keys[i].hit
	}
	// The dropped IDs are sorted by their first 8 bytes as a number, and
	// by the whole ID only where those are equal.
	rest := keys[keep:]
	for i := range rest {
		rest[i] = rankKey{k1: idPrefix(hits[rest[i].hit].ID), hit: rest[i].hit}
	}
	if len(rest) > 0 {
		sortByK1(x, rest, hits)
	}
	dropped = make([]string, len(rest))
	for i, k := range rest {
		dropped[i] = hits[k.hit].ID
	}
	return kept, dropped
}

// nthElement reorders keys so that the n smallest (by before, a strict
// total order) come first, in no particular order (Hoare's quickselect,
// median of three).
func nthElement(keys []rankKey, n int, hits []Hit) {
	less := func(a, b *rankKey) bool { return a.before(b, hits) }
	lo, hi := 0, len(keys) // the boundary n lies in [lo, hi]
	for hi-lo > 16 {
		mid := lo + (hi-lo)/2
		a, b, c := lo, mid, hi-1
		if less(&keys[b], &keys[a]) {
			a, b = b, a
		}
		if less(&keys[c], &keys[b]) {
			b = c
			if less(&keys[b], &keys[a]) {
				b = a
			}
		}
		keys[b], keys[hi-1] = keys[hi-1], keys[b]
		pivot := keys[hi-1]
		store := lo
		for i := lo; i < hi-1; i++ {
			if less(&keys[i], &pivot) {
				keys[i], keys[store] = keys[store], keys[i]
				store++
			}
		}
		keys[store], keys[hi-1] = keys[hi-1], keys[store]
		switch {
		case store == n || store+1 == n:
			return
		case n < store:
			hi = store
		default:
			lo = store + 1
		}
	}
	sub := keys[lo:hi]
	for i := 1; i < len(sub); i++ {
		for j := i; j > 0 && less(&sub[j], &sub[j-1]); j-- {
			sub[j], sub[j-1] = sub[j-1], sub[j]
		}
	}
}

// place is the package's place, for the kept hits given by position.
func (p prepared) place(x *scratch, hits []Hit, kept []int32, plan density.Plan) []Window {
	// Counting sort by compound rank, then each compound's hits by
	// position; ties by end and ID make the order total.
	start := takeZero(&x.i32, len(p.docs)+1)
	for _, i := range kept {
		start[p.hitDoc[i]+1]++
	}
	prefixSum(start)
	at := take(&x.i32, len(p.docs))
	copy(at, start)
	byPos := take(&x.i32, len(kept))
	for _, i := range kept {
		d := p.hitDoc[i]
		byPos[at[d]] = i
		at[d]++
	}
	// Cluster every compound (steps 2 and 3), keeping the spans of all of
	// them, compound after compound, in one slice; spanOf[i] is the span of
	// hit byPos[i].
	all := take(&x.sp, len(kept))[:0] // at most one span per hit
	spanOf := take(&x.i32, len(kept))
	keys := take(&x.rk, len(kept))
	docStart := take(&x.i32, len(p.docs)+1)
	ids := make([]string, len(kept))
	moved := false // some hit joined an earlier span than the last
	for d := range p.docs {
		docStart[d] = int32(len(all))
		lo, hi := start[d], start[d+1]
		if lo == hi {
			continue
		}
		sortByPosition(hits, byPos[lo:hi], keys[lo:hi])
		var m bool
		all, m = clusterFast(p.docs[d].Body, hits, byPos[lo:hi], spanOf[lo:hi], ids[lo:hi], all, plan)
		moved = moved || m
	}
	docStart[len(p.docs)] = int32(len(all))
	// Each span's hit IDs, in the order cluster gave them, contiguous in one
	// slice. clusterFast wrote them in position order, which is that order
	// unless some hit joined an earlier span than the last: then a stable
	// counting sort by span puts them in place.
	off := takeZero(&x.i32, len(all)+1)
	for _, j := range spanOf {
		off[j+1]++
	}
	prefixSum(off)
	if moved {
		next := take(&x.i32, len(all))
		copy(next, off)
		for i, j := range spanOf {
			ids[next[j]] = hits[byPos[i]].ID
			next[j]++
		}
	}
	// The output order (step 8) decides where each window goes, so that
	// each is written once, in place: a stable sort of the spans' scores
	// keeps compound and start order among equal scores.
	dest := scoreOrder(x, all)
	windows := make([]Window, len(all))
	edges := take(&x.i32, 2*len(all))
	docAt := take(&x.i32, len(all)) // the compound rank of each window
	for d := range p.docs {
		lo, hi := docStart[d], docStart[d+1]
		if lo == hi {
			continue
		}
		padInto(windows, dest[lo:hi], p.docs[d], all[lo:hi], ids, off[lo:hi+1], plan, edges)
		for _, k := range dest[lo:hi] {
			docAt[k] = int32(d)
		}
	}
	for i := 1; i < len(windows); i++ {
		a, b := &windows[i-1], &windows[i]
		if a.Score > b.Score || a.Score == b.Score && (docAt[i-1] < docAt[i] || docAt[i-1] == docAt[i] && a.Start < b.Start) {
			continue // the usual cases, decided without comparing strings (ranks are in ID order)
		}
		if order(*a, *b) > 0 {
			slices.SortFunc(windows, order) // the rest of order (end, first hit) disagrees
			break
		}
	}
	return windows
}

// prefixSum turns counts c[1:] into running sums (c[0] is 0), with the sum
// kept in a register rather than reloaded from memory.
func prefixSum(c []int32) {
	sum := int32(0)
	for i := range c {
		sum += c[i]
		c[i] = sum
	}
}

// fspan is span without pointers (the collector need not see it): the
// span's hits are those cluster assigned to it.
type fspan struct {
	s, e  int
	score float64
}

// clusterFast is cluster for the fast path: it appends the spans of one
// document to spans, writes the index (in spans) of the span of hit
// hits[pos[i]] to spanOf[i] and its ID to ids[i]. A span's hits, in position
// order, are those assigned to it in the order of pos, as cluster appends
// them. moved reports whether a hit joined an earlier span than the last
// (then a span's hits are not contiguous in ids).
func clusterFast(body string, hits []Hit, pos, spanOf []int32, ids []string, spans []fspan, p density.Plan) (_ []fspan, moved bool) {
	base := len(spans)
	for i, k := range pos {
		h := &hits[k]
		ids[i] = h.ID
		end := h.End
		if end-h.Start > p.MaxWindow {
			end = unit.Floor(body, h.Start+p.MaxWindow)
		}
		n := len(spans) - base
		if n == 0 {
			spanOf[i] = int32(len(spans))
			spans = append(spans, fspan{s: h.Start, e: end, score: h.Score})
			continue
		}
		cur := &spans[len(spans)-1]
		switch {
		case h.Start < cur.s && end <= cur.s:
			// As in cluster: h belongs to the span holding its start.
			own := spans[base:]
			j := base + max(sort.Search(n-1, func(k int) bool { return own[k].s > h.Start })-1, 0)
			spanOf[i] = int32(j)
			spans[j].score = max(spans[j].score, h.Score)
			moved = true
		case h.Start-cur.e < p.Threshold && max(cur.e, end)-cur.s <= p.MaxWindow:
			cur.e = max(cur.e, end)
			cur.score = max(cur.score, h.Score)
			spanOf[i] = int32(len(spans) - 1)
		default:
			spanOf[i] = int32(len(spans))
			spans = append(spans, fspan{s: max(h.Start, cur.e), e: end, score: h.Score})
		}
	}
	return spans, moved
}

// padInto is pad for the spans of document d, writing the window of span i
// to windows[dest[i]]; its hits are ids[off[i]:off[i+1]]. edges is scratch
// space of at least 2·len(spans).
func padInto(windows []Window, dest []int32, d Document, spans []fspan, ids []string, off []int32, p density.Plan, edges []int32) {
	body := d.Body
	for i, sp := range spans {
		left, right := p.Padding, p.Padding
		if room := p.MaxWindow - (sp.e - sp.s); p.Padding > room/2 {
			left = room / 2
			right = room - left
		}
		edges[2*i], edges[2*i+1] = int32(sp.s-min(left, sp.s)), int32(sp.e+min(right, len(body)-sp.e))
	}
	for i := 1; i < len(spans); i++ {
		mid := int32(spans[i-1].e + (spans[i].s-spans[i-1].e)/2)
		edges[2*i-1] = min(edges[2*i-1], mid)
		edges[2*i] = max(edges[2*i], mid)
	}
	for i, sp := range spans {
		s, e := unit.Ceil(body, int(edges[2*i])), unit.Floor(body, int(edges[2*i+1]))
		// Field by field: a whole Window written at once goes through the
		// collector's bulk write barrier, far slower while it runs.
		w := &windows[dest[i]]
		w.CompoundID = d.ID
		w.Start, w.End = s, e
		w.Text = body[s:e]
		w.Hits = ids[off[i]:off[i+1]:off[i+1]]
		w.Score = sp.score
	}
}

// scoreOrder returns, for each span (in compound and start order), its
// place in the output: by score, highest first, stable.
func scoreOrder(x *scratch, spans []fspan) []int32 {
	n := len(spans)
	keys := take(&x.u64, 2*n)
	perm := take(&x.i32, 2*n)
	for i := range spans {
		keys[i] = sortkey.Score(spans[i].score)
	}
	order := sortkey.Order(keys[:n], keys[n:], perm[:n], perm[n:])
	dest := take(&x.i32, n)
	for i, sp := range order {
		dest[sp] = int32(i)
	}
	return dest
}

// sortByPosition sorts the positions of the hits of one compound by start,
// end and ID: by start and end packed in one number, and by ID only where
// those are equal. keys is scratch space, one per position.
func sortByPosition(hits []Hit, pos []int32, keys []rankKey) {
	for i, k := range pos {
		h := &hits[k]
		keys[i] = rankKey{k1: uint64(h.Start)<<32 | uint64(h.End), hit: k}
	}
	sortKeys(keys, hits)
	for i := range keys {
		pos[i] = keys[i].hit
	}
}

// idPrefix is the first 8 bytes of s as a big-endian number (zeros past
// its end): IDs in that order are in string order, ties aside.
func idPrefix(s string) uint64 {
	var k uint64
	for i := range 8 {
		k <<= 8
		if i < len(s) {
			k |= uint64(s[i])
		}
	}
	return k
}

// sortByK1 sorts keys by k1 (sortkey.Order), then by before (the hits'
// IDs) where k1 is equal: an insertion sort of each run of equal k1.
func sortByK1(x *scratch, keys []rankKey, hits []Hit) {
	n := len(keys)
	k1 := take(&x.u64, 2*n)
	for i := range keys {
		k1[i] = keys[i].k1
	}
	perm := take(&x.i32, 2*n)
	sorted := take(&x.rk, n)
	for j, i := range sortkey.Order(k1[:n], k1[n:], perm[:n], perm[n:]) {
		sorted[j] = keys[i]
	}
	copy(keys, sorted)
	for lo := 0; lo < len(keys); {
		hi := lo + 1
		for hi < len(keys) && keys[hi].k1 == keys[lo].k1 {
			hi++
		}
		if hi-lo > 1 {
			sortKeys(keys[lo:hi], hits)
		}
		lo = hi
	}
}
