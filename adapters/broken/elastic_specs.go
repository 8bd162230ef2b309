package broken

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// EmptyWindowForNoHits hydrates as the reference, but answers a request
// with no atoms with one empty window [0,0) of the first document: it costs
// nothing, yet there was nothing to window (ELA-03).
func EmptyWindowForNoHits() adapters.Adapter {
	return &hydrator{mutant: named("elastic-empty-window-for-no-hits"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err != nil || len(atoms) > 0 || len(docs) == 0 {
				return res, err
			}
			res.Windows = []radial.Window{{CompoundID: docs[0].ID}}
			return res, nil
		}}
}

// CapacityOneMore hydrates as the reference but reports a capacity one
// above floor(budget / 2r) at the census radius (ELA-06's figures).
func CapacityOneMore() adapters.Adapter {
	return &hydrator{mutant: named("elastic-capacity-one-more"),
		hydrate: func(docs []inflate.Document, atoms []radial.Atom, budget int) (elastic.Result, error) {
			res, err := elastic.Hydrate(docs, atoms, budget)
			if err == nil && res.Hits > 0 {
				res.Capacity++
			}
			return res, err
		}}
}
