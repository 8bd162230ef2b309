package assemble

import (
	"cmp"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// windowsRef is Windows as it was before it stopped copying molecules: the
// oracle of TestWindowsAgree.
type refBlock struct {
	source     string
	mols       []Molecule // byte order
	start, end int
	score      float64 // highest molecule score
}
type refWindow struct {
	source     string
	mols       []Molecule
	start, end int
	score      float64
	prev, next *refWindow // neighbours in the same source, by byte order
}

func windowsRef(docs []Document, mols []Molecule, maxChars int, opt Options) ([]Result, error) {
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
	var blocks []*refBlock
	for src, ms := range bySource {
		slices.SortFunc(ms, byteOrder)
		var u *refBlock
		for _, m := range ms {
			if u != nil && m.Start < u.end {
				u.mols = append(u.mols, m)
				u.end = max(u.end, m.End)
				u.score = max(u.score, m.Score)
				continue
			}
			u = &refBlock{source: src, mols: []Molecule{m}, start: m.Start, end: m.End, score: m.Score}
			blocks = append(blocks, u)
		}
	}

	// Step 2: keep blocks by rank while they fit.
	slices.SortFunc(blocks, func(a, b *refBlock) int { return rank(a.score, b.score, a.source, b.source, a.start, b.start) })
	left := maxChars
	kept := map[string][]*refBlock{}
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
		at     int // start of the right refBlock
	}
	var edges []edge
	for src, us := range kept {
		slices.SortFunc(us, func(a, b *refBlock) int { return cmp.Compare(a.start, b.start) })
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
	var wins []*refWindow
	for src, us := range kept {
		var w *refWindow
		for i, u := range us {
			if w == nil || !joined[src][i-1] {
				prev := w
				w = &refWindow{source: src, start: u.start, score: u.score, prev: prev}
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
	slices.SortFunc(wins, func(a, b *refWindow) int { return rank(a.score, b.score, a.source, b.source, a.start, b.start) })

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

// TestWindowsAgree: Windows answers exactly what windowsRef answers on
// generated molecules: overlapping, adjacent and distant, with vectors,
// entities and times, under tight and loose budgets, with every strategy
// and with some disabled.
func TestWindowsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 1))
	for iter := range 300 {
		var docs []Document
		for d := range 1 + rng.IntN(5) {
			kind := []string{"", KindProse, KindCode, KindData}[rng.IntN(4)]
			docs = append(docs, Document{ID: fmt.Sprintf("s%d", (d*3)%7), Body: strings.Repeat("One line. Two é\n\tx = 1\n", 5+rng.IntN(200)), Kind: kind})
		}
		var mols []Molecule
		for i := range rng.IntN(200) {
			d := docs[rng.IntN(len(docs))]
			s := rng.IntN(len(d.Body)/24) * 24
			e := min(s+24*(1+rng.IntN(4)), len(d.Body))
			m := Molecule{ID: fmt.Sprintf("m%03d", rng.IntN(1000)*1000+i), Source: d.ID, Start: s, End: e, Score: float64(rng.IntN(5)) / 4}
			if rng.IntN(3) == 0 {
				m.Time = int64(1_700_000_000 + 60*rng.IntN(100))
			}
			if rng.IntN(3) == 0 {
				m.Vector = []float64{rng.Float64(), rng.Float64()}
			}
			if rng.IntN(3) == 0 {
				m.Entities = []string{[]string{"go", "rust", "pg"}[rng.IntN(3)]}
			}
			mols = append(mols, m)
		}
		budget := 1 + rng.IntN(6000)
		var opt Options
		if iter%3 == 0 {
			opt.Strategy = []Strategy{GapFill, Temporal, Semantic, Narrative}[iter%4]
		}
		got, err1 := Windows(docs, mols, budget, opt)
		want, err2 := windowsRef(docs, mols, budget, opt)
		if (err1 == nil) != (err2 == nil) || err1 != nil && err1.Error() != err2.Error() || !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d, budget %d: Windows differs from windowsRef (%v, %v)\n got %+v\nwant %+v", iter, budget, err1, err2, got, want)
		}
	}
}
