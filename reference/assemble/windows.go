package assemble

import (
	"cmp"
	"slices"
)

// block is a maximal chain of overlapping molecules of one source: the
// smallest piece the budget keeps or drops whole.
type block struct {
	source     string
	mols       []Molecule // byte order
	start, end int
	score      float64 // highest molecule score
}

// window is a result under construction: kept blocks joined by accepted links.
type window struct {
	source     string
	mols       []Molecule
	start, end int
	score      float64
	prev, next *window // neighbours in the same source, by byte order
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
	byID, err := checkInput(docs, mols, maxChars)
	if err != nil {
		return nil, err
	}

	// Step 1: overlap blocks per source.
	bySource := map[string][]Molecule{}
	for _, m := range mols {
		bySource[m.Source] = append(bySource[m.Source], m)
	}
	var blocks []*block
	for src, ms := range bySource {
		slices.SortFunc(ms, byteOrder)
		var u *block
		for _, m := range ms {
			if u != nil && m.Start < u.end {
				u.mols = append(u.mols, m)
				u.end = max(u.end, m.End)
				u.score = max(u.score, m.Score)
				continue
			}
			u = &block{source: src, mols: []Molecule{m}, start: m.Start, end: m.End, score: m.Score}
			blocks = append(blocks, u)
		}
	}

	// Step 2: keep blocks by rank while they fit.
	slices.SortFunc(blocks, func(a, b *block) int { return rank(a.score, b.score, a.source, b.source, a.start, b.start) })
	left := maxChars
	kept := map[string][]*block{}
	for _, u := range blocks {
		if n := u.end - u.start; n <= left {
			left -= n
			kept[u.source] = append(kept[u.source], u)
		}
	}

	// Step 3: links between neighbouring kept blocks, accepted strongest first
	// while their gap bytes fit.
	type edge struct {
		source string
		i      int // joins kept[source][i] and kept[source][i+1]
		l      link
		at     int // start of the right block
	}
	var edges []edge
	for src, us := range kept {
		slices.SortFunc(us, func(a, b *block) int { return cmp.Compare(a.start, b.start) })
		for i := 0; i+1 < len(us); i++ {
			a, b := us[i], us[i+1]
			l := pair(c, a.end, a.mols[len(a.mols)-1], b.mols[0])
			if l.pick != "" {
				edges = append(edges, edge{src, i, l, b.start})
			}
		}
	}
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
		if d := cmp.Compare(x.source, y.source); d != 0 {
			return d
		}
		return cmp.Compare(x.at, y.at)
	})
	joined := map[string][]bool{}
	for src, us := range kept {
		joined[src] = make([]bool, len(us))
	}
	for _, e := range edges {
		if gap := max(e.l.gap, 0); gap <= left {
			left -= gap
			joined[e.source][e.i] = true
		}
	}

	// Build the windows.
	var wins []*window
	for src, us := range kept {
		var w *window
		for i, u := range us {
			if w == nil || !joined[src][i-1] {
				prev := w
				w = &window{source: src, start: u.start, score: u.score, prev: prev}
				if prev != nil {
					prev.next = w
				}
				wins = append(wins, w)
			}
			w.mols = append(w.mols, u.mols...)
			w.end = u.end
			w.score = max(w.score, u.score)
		}
	}
	slices.SortFunc(wins, func(a, b *window) int { return rank(a.score, b.score, a.source, b.source, a.start, b.start) })

	// Step 4: move edges out to boundaries of the document's kind, in rank
	// order, each edge all or nothing, never touching a neighbour.
	if c.extend > 0 {
		for _, w := range wins {
			d := byID[w.source]
			if p := leftEdge(d.Kind, d.Body, w.start, c.extend); p < w.start && w.start-p <= left && (w.prev == nil || p > w.prev.end) {
				left -= w.start - p
				w.start = p
			}
			if q := rightEdge(d.Kind, d.Body, w.end, c.extend); q > w.end && q-w.end <= left && (w.next == nil || q < w.next.start) {
				left -= q - w.end
				w.end = q
			}
		}
	}

	out := make([]Result, 0, len(wins))
	for _, w := range wins {
		label, coh, _ := describe(c, w.mols)
		ids := make([]string, len(w.mols))
		for i, m := range w.mols {
			ids[i] = m.ID
		}
		out = append(out, Result{
			Window:    byID[w.source].Body[w.start:w.end],
			Source:    w.source,
			Start:     w.start,
			End:       w.end,
			Molecules: ids,
			Strategy:  label,
			Coherence: coh,
			Score:     w.score,
		})
	}
	return out, nil
}
