package broken

import (
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
