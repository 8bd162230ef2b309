package assemble

import (
	"cmp"
	"slices"
)

// block is a maximal chain of overlapping molecules of one source: the
// smallest piece the budget keeps or drops whole. Its molecules are
// pos[lo:hi] (positions in the input, by source and byte order).
type block struct {
	lo, hi     int32
	start, end int
	score      float64 // highest molecule score
}

// window is a result under construction: kept blocks[first..last] (those
// kept) joined by accepted links.
type window struct {
	first, last int32 // blocks
	start, end  int
	score       float64
	prev, next  int32 // neighbours in the same source, by byte order; -1: none
}

// rank orders blocks and windows: score descending, then source, then start.
// Within one source they are disjoint, so this is a total order.
func rank(sa, sb float64, srcA, srcB string, startA, startB int) int {
	if c := cmp.Compare(sb, sa); c != 0 {
		return c
	}
	if c := cmp.Compare(srcA, srcB); c != 0 {
		return c
	}
	return cmp.Compare(startA, startB)
}

// Windows is the protocol's ContextInflator.inflate: it assembles the
// molecules into windows of their documents whose lengths add up to at most
// maxChars bytes. The steps and every choice are in the package
// documentation. The output does not depend on the order of docs or mols.
func Windows(docs []Document, mols []Molecule, maxChars int, opt Options) ([]Result, error) {
	c, err := opt.resolve()
	if err != nil {
		return nil, err
	}
	x := scratchPool.Get().(*scratch)
	defer func() { x.release(); scratchPool.Put(x) }()
	byID, pos, err := checkInputOrder(x, docs, mols, maxChars)
	if err != nil {
		return nil, err
	}

	// Memory matters here (std085's target is under 2x the bytes emitted):
	// molecules are large, so they are never copied; everything below works
	// on their positions.

	// Step 1: overlap blocks per source, in source then byte order.
	slices.SortFunc(pos, func(a, b int32) int { // the validation's positions, by ID until now
		if c := cmp.Compare(mols[a].Source, mols[b].Source); c != 0 {
			return c
		}
		return byteOrder(mols[a], mols[b])
	})
	src := func(b block) string { return mols[pos[b.lo]].Source }
	nb, end := 0, 0
	for i, k := range pos {
		m := &mols[k]
		if i == 0 || mols[pos[i-1]].Source != m.Source || m.Start >= end {
			nb, end = nb+1, m.End
		} else {
			end = max(end, m.End)
		}
	}
	blocks := resize(x.blocks, nb)[:0]
	for i, k := range pos {
		m := &mols[k]
		if n := len(blocks); n > 0 && src(blocks[n-1]) == m.Source && m.Start < blocks[n-1].end {
			u := &blocks[n-1]
			u.hi++
			u.end = max(u.end, m.End)
			u.score = max(u.score, m.Score)
			continue
		}
		blocks = append(blocks, block{lo: int32(i), hi: int32(i + 1), start: m.Start, end: m.End, score: m.Score})
	}

	// Step 2: keep blocks by rank while they fit.
	x.blocks = blocks
	byRank := resize(x.byRank, len(blocks))
	x.byRank = byRank
	for i := range byRank {
		byRank[i] = int32(i)
	}
	slices.SortFunc(byRank, func(a, b int32) int {
		x, y := blocks[a], blocks[b]
		return rank(x.score, y.score, src(x), src(y), x.start, y.start)
	})
	left := maxChars
	kept := resize(x.kept, len(blocks))
	x.kept = kept
	for _, i := range byRank {
		if n := blocks[i].end - blocks[i].start; n <= left {
			left -= n
			kept[i] = true
		}
	}

	// Step 3: links between neighbouring kept blocks, accepted strongest first
	// while their gap bytes fit.
	edges := x.edges[:0]
	last := int32(-1)
	for i := range blocks {
		if !kept[i] {
			continue
		}
		if last >= 0 && src(blocks[last]) == src(blocks[i]) {
			a, b := blocks[last], blocks[i]
			if l := pair(c, a.end, mols[pos[a.hi-1]], mols[pos[b.lo]]); l.pick != "" {
				edges = append(edges, edge{int32(i), l})
			}
		}
		last = int32(i)
	}
	x.edges = edges
	slices.SortFunc(edges, func(x, y edge) int {
		if d := cmp.Compare(tier(x.l.pick), tier(y.l.pick)); d != 0 {
			return d
		}
		if d := cmp.Compare(y.l.score, x.l.score); d != 0 {
			return d
		}
		if d := cmp.Compare(x.l.gap, y.l.gap); d != 0 {
			return d
		}
		if d := cmp.Compare(src(blocks[x.right]), src(blocks[y.right])); d != 0 {
			return d
		}
		return cmp.Compare(blocks[x.right].start, blocks[y.right].start)
	})
	joined := resize(x.joined, len(blocks)) // joined to the kept block before it
	x.joined = joined
	for _, e := range edges {
		if gap := max(e.l.gap, 0); gap <= left {
			left -= gap
			joined[e.right] = true
		}
	}

	// Build the windows.
	nw := 0
	for i := range blocks {
		if kept[i] && !joined[i] {
			nw++
		}
	}
	wins := resize(x.wins, nw)[:0]
	kmols := 0
	last = -1 // the last kept block
	for i := range blocks {
		if !kept[i] {
			continue
		}
		u := blocks[i]
		kmols += int(u.hi - u.lo)
		sameSource := last >= 0 && src(blocks[last]) == src(u)
		last = int32(i)
		if n := len(wins); n > 0 && joined[i] {
			w := &wins[n-1]
			w.last, w.end, w.score = int32(i), u.end, max(w.score, u.score)
			continue
		}
		w := window{first: int32(i), last: int32(i), start: u.start, end: u.end, score: u.score, prev: -1, next: -1}
		if sameSource {
			w.prev = int32(len(wins) - 1)
			wins[len(wins)-1].next = int32(len(wins))
		}
		wins = append(wins, w)
	}
	x.wins = wins
	wsrc := func(w *window) string { return src(blocks[w.first]) }
	order := byRank[:len(wins)] // reused: the blocks' ranking is done
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int {
		x, y := &wins[a], &wins[b]
		return rank(x.score, y.score, wsrc(x), wsrc(y), x.start, y.start)
	})

	// Step 4: move edges out to boundaries of the document's kind, in rank
	// order, each edge all or nothing, never touching a neighbour.
	if c.extend > 0 {
		for _, k := range order {
			w := &wins[k]
			d := byID[wsrc(w)]
			if p := leftEdge(d.Kind, d.Body, w.start, c.extend); p < w.start && w.start-p <= left && (w.prev < 0 || p > wins[w.prev].end) {
				left -= w.start - p
				w.start = p
			}
			if q := rightEdge(d.Kind, d.Body, w.end, c.extend); q > w.end && q-w.end <= left && (w.next < 0 || q < wins[w.next].start) {
				left -= q - w.end
				w.end = q
			}
		}
	}

	out := make([]Result, 0, len(wins))
	ids := make([]string, 0, kmols) // every window's molecule IDs, window after window
	ms := x.ms[:0]                  // scratch: the window's molecules
	for _, k := range order {
		w := &wins[k]
		ms = ms[:0]
		for b := w.first; b <= w.last; b++ {
			if kept[b] {
				ms = append(ms, pos[blocks[b].lo:blocks[b].hi]...)
			}
		}
		label, coh, _ := describeAt(c, len(ms), func(i int) *Molecule { return &mols[ms[i]] })
		first := len(ids)
		for _, p := range ms {
			ids = append(ids, mols[p].ID)
		}
		out = append(out, Result{
			Window:    byID[wsrc(w)].Body[w.start:w.end],
			Source:    wsrc(w),
			Start:     w.start,
			End:       w.end,
			Molecules: ids[first:len(ids):len(ids)],
			Strategy:  label,
			Coherence: coh,
			Score:     w.score,
		})
	}
	x.ms = ms
	return out, nil
}

// edge is a link between neighbouring kept blocks.
type edge struct {
	right int32 // joins the kept block before it (same source) and this one
	l     link
}
