package broken

import (
	"cmp"
	"context"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// RadialRepeatsLastWindow answers the reference's windows and the last one
// once more: an atom's window listed twice, so the windows of one compound
// overlap (§5.4) and there are more of them than the atoms' merged windows.
// Every window it lists is right on its own; only their number is wrong.
func RadialRepeatsLastWindow() adapters.Adapter {
	m := named("radial-repeats-last-window")
	return &radialInflater{mutant: m, windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		ans, err := m.Adapter.RadialWindows(context.Background(), req)
		if err != nil || len(ans.Windows) == 0 {
			return ans, err
		}
		ans.Windows = append(slices.Clone(ans.Windows), ans.Windows[len(ans.Windows)-1])
		return ans, nil
	}}
}

// ElasticDropsUnderKeptCompound hydrates as the reference but reports each
// dropped atom under the compound ID of the best kept atom: the offsets of
// the dropped atoms are right, the documents they name are not (std105 §4's
// dropped atoms must be the atoms given).
func ElasticDropsUnderKeptCompound() adapters.Adapter {
	return &hydrator{mutant: named("elastic-drops-under-kept-compound"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err != nil || len(res.Kept) == 0 {
				return res, err
			}
			res.Dropped = slices.Clone(res.Dropped)
			for i := range res.Dropped {
				res.Dropped[i].CompoundID = res.Kept[0].CompoundID
			}
			return res, nil
		}}
}

// CensusCapsAt100 finds the reference's atoms but no more than 100 per term:
// a census that stops early (std105 §2.3 phase 1 counts every occurrence).
func CensusCapsAt100() adapters.Adapter {
	return &hydrator{mutant: named("census-caps-at-100"),
		census: func(docs []inflate.Document, terms []string) ([]radial.Atom, error) {
			idx, err := radial.Ingest(docs)
			if err != nil {
				return nil, err
			}
			var out []radial.Atom
			for _, term := range terms {
				found, err := elastic.Census(idx, []string{term}, nil)
				if err != nil {
					return nil, err
				}
				out = append(out, found[:min(len(found), 100)]...)
			}
			return radial.Unique(out), nil
		}}
}

// RadialIngestDropsLastWord ingests as the reference but loses a body's last
// word when no separator follows it (a word run never flushed at the end of
// the text): every other atom is right.
func RadialIngestDropsLastWord() adapters.Adapter {
	m := named("radial-ingest-drops-last-word")
	return &ingester{mutant: m, ingest: func(req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
		ans, err := m.Adapter.RadialIngest(context.Background(), req)
		if err != nil {
			return ans, err
		}
		body := map[string]string{}
		for _, d := range req.Documents {
			body[d.ID] = d.Body
		}
		var kept []radial.Atom
		for _, a := range ans.Atoms {
			if !strings.EqualFold(body[a.CompoundID][a.Offset:], a.Label) {
				kept = append(kept, a)
			}
		}
		ans.Atoms = kept
		return ans, nil
	}}
}

// ingester is the reference with RadialIngest replaced.
type ingester struct {
	mutant
	ingest func(req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error)
}

func (b *ingester) RadialIngest(_ context.Context, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return b.ingest(req)
}

// RadialProseNoLeft cuts prose and data windows from the atom on, [offset,
// offset+r], never before it (§5.2 reaches r on each side); code windows
// and the merging are the reference's, and every cost is right for the text
// cut.
func RadialProseNoLeft() adapters.Adapter {
	return radialReshaped("radial-prose-no-left", func(d inflate.Document, a radial.Atom, _ int, w radial.Window) radial.Window {
		if d.Kind != inflate.KindCode {
			w.Start = a.Offset
		}
		return w
	}, true)
}

// RadialCutsCharacters cuts prose and data windows at [offset−r, offset+r]
// clamped to the body, edges not moved to character boundaries (RAD-29's
// fault), each cost the bytes it cut: right but for the edges.
func RadialCutsCharacters() adapters.Adapter {
	return radialReshaped("radial-cuts-characters", func(d inflate.Document, a radial.Atom, r int, w radial.Window) radial.Window {
		if d.Kind != inflate.KindCode {
			w.Start, w.End = max(0, a.Offset-r), min(len(d.Body), a.Offset+r)
		}
		return w
	}, true)
}

// RadialCodeHitLine windows a code atom by its own line only, whatever the
// radius allows (no enclosing block, §5.3), each cost right for the text:
// wrong for RAD-21 and RAD-22, right for what RAD-20 judges.
func RadialCodeHitLine() adapters.Adapter {
	return radialReshaped("radial-code-hit-line", func(d inflate.Document, a radial.Atom, _ int, w radial.Window) radial.Window {
		if d.Kind == inflate.KindCode {
			w.Start = strings.LastIndexByte(d.Body[:a.Offset], '\n') + 1
			w.End = len(d.Body)
			if n := strings.IndexByte(d.Body[a.Offset:], '\n'); n >= 0 {
				w.End = a.Offset + n + 1
			}
		}
		return w
	}, true)
}

// radialReshaped windows each atom alone as the reference does, lets
// reshape (nil: none) move its window, then merges per compound, windows
// that touch (start <= previous end, §5.4's rule) or with touching false
// only those that overlap, and recounts texts and costs.
func radialReshaped(name string, reshape func(d inflate.Document, a radial.Atom, r int, w radial.Window) radial.Window, touching bool) adapters.Adapter {
	return &radialInflater{mutant: named(name), windows: func(req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
		if err := radial.Check(req.Documents, req.Atoms); err != nil {
			return adapters.RadialWindowsAnswer{}, err
		}
		docs := map[string]inflate.Document{}
		for _, d := range req.Documents {
			docs[d.ID] = d
		}
		var singles []radial.Window
		for _, a := range radial.Unique(req.Atoms) {
			ws, err := radial.Windows(req.Documents, []radial.Atom{a}, req.Radius)
			if err != nil {
				return adapters.RadialWindowsAnswer{}, err
			}
			w := ws[0]
			if reshape != nil {
				w = reshape(docs[a.CompoundID], a, req.Radius, w)
			}
			singles = append(singles, w)
		}
		slices.SortStableFunc(singles, func(x, y radial.Window) int {
			return cmp.Or(strings.Compare(x.CompoundID, y.CompoundID), cmp.Compare(x.Start, y.Start), cmp.Compare(x.End, y.End))
		})
		var out []radial.Window
		for _, w := range singles {
			if n := len(out); n > 0 && out[n-1].CompoundID == w.CompoundID && (w.Start < out[n-1].End || touching && w.Start == out[n-1].End) {
				last := &out[n-1]
				last.End = max(last.End, w.End)
				last.Atoms = append(last.Atoms, w.Atoms...)
				last.Score = max(last.Score, w.Score)
				continue
			}
			w.Atoms = slices.Clone(w.Atoms)
			out = append(out, w)
		}
		for i, w := range out {
			d := docs[w.CompoundID]
			out[i].Text = d.Body[w.Start:w.End]
			out[i].Cost = radial.Cost(d.Kind, out[i].Text)
			out[i].Atoms = radial.Unique(w.Atoms)
		}
		return adapters.RadialWindowsAnswer{Windows: out}, nil
	}}
}

// ElasticLoneHitFullWindow hydrates as the reference, except that a lone
// distinct atom always gets its window at the census radius, whatever the
// budget: under a budget of 400 that window breaks it (std105 §4).
func ElasticLoneHitFullWindow() adapters.Adapter {
	return &hydrator{mutant: named("elastic-lone-hit-full-window"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			one := radial.Unique(atoms)
			if len(one) != 1 || budget <= 0 {
				return elastic.Hydrate(docs, atoms, budget)
			}
			if err := radial.Check(docs, atoms); err != nil {
				return elastic.Result{}, err
			}
			r, err := elastic.Radius(budget, 1)
			if err != nil {
				return elastic.Result{}, err
			}
			ws, err := radial.Windows(docs, one, r)
			if err != nil {
				return elastic.Result{}, err
			}
			res := elastic.Result{Budget: budget, Hits: 1, Radius: r, Capacity: budget / (2 * r), Kept: one, Windows: ws}
			for _, w := range ws {
				res.Used += w.Cost
			}
			return res, nil
		}}
}

// CensusUnderLastCompound finds the reference's atoms but reports each under
// the ID of the last document sent (a loop variable read after its loop):
// the offsets are right, the documents wrong whenever there are several.
func CensusUnderLastCompound() adapters.Adapter {
	return &hydrator{mutant: named("census-under-last-compound"),
		census: func(docs []inflate.Document, terms []string) ([]radial.Atom, error) {
			idx, err := radial.Ingest(docs)
			if err != nil {
				return nil, err
			}
			found, err := elastic.Census(idx, terms, nil)
			if err != nil || len(docs) == 0 {
				return found, err
			}
			for i := range found {
				found[i].CompoundID = docs[len(docs)-1].ID
			}
			return radial.Unique(found), nil
		}}
}

// RadialSplitLabelsInRequestOrder splits as the reference (terms in label
// order) but writes the labels in the order the request gave the terms: the
// amounts are right, the terms they belong to are not when the request is
// not in label order.
func RadialSplitLabelsInRequestOrder() adapters.Adapter {
	return &radialInflater{mutant: named("radial-split-labels-in-request-order"), split: func(req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
		s, err := radial.Split(req.Budget, req.Terms)
		if err != nil || len(s.Terms) != len(req.Terms) {
			return adapters.RadialSplitAnswer{Shares: s}, err
		}
		for i := range s.Terms {
			s.Terms[i].Term = req.Terms[i].Label
		}
		return adapters.RadialSplitAnswer{Shares: s}, nil
	}}
}

// RadiusInt32 computes std105 §2.2's radius with the budget held in 32
// bits: a budget past 2^31 wraps, so a larger budget can give a smaller
// radius (its hits still never make it grow).
func RadiusInt32() adapters.Adapter {
	return &hydrator{mutant: named("radius-int32"),
		radius: func(budget, hits int) (int, error) {
			if budget <= 0 || hits <= 0 {
				return elastic.Radius(budget, hits)
			}
			return min(max(int(int32(budget))/hits/2, elastic.MinRadius), elastic.MaxRadius), nil
		}}
}

// ElasticReportsUncappedRadius hydrates as the reference but, when
// floor(budget/hits/2) passes the cap, reports that radius instead of the
// 32000 its windows were cut at (std105 §4's cap applied to the windows,
// not to the answer).
func ElasticReportsUncappedRadius() adapters.Adapter {
	return &hydrator{mutant: named("elastic-reports-uncapped-radius"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err == nil && res.Hits > 0 && res.Radius == elastic.MaxRadius && budget/res.Hits/2 > elastic.MaxRadius {
				res.Radius = budget / res.Hits / 2
			}
			return res, err
		}}
}
