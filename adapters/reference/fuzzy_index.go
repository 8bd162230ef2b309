package reference

import (
	"hash/fnv"
	"slices"
	"sync"

	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// The contract sends the entries with every search, but callers search the
// same label set many times: building a trigram index over 100,000 labels
// costs far more than a search, so the last few indexes are kept. A hit is
// confirmed by comparing the entries themselves, never by hash alone.
const cachedIndexes = 4

type cachedIndex struct {
	loc     trgm.Locale
	sum     uint64
	entries []fuzzy.Entry
	ix      *fuzzy.Index
}

var indexes struct {
	sync.Mutex
	recent []cachedIndex // most recently used last
}

// indexFor returns a trigram index over entries in loc, built or reused.
func indexFor(loc trgm.Locale, entries []fuzzy.Entry) (*fuzzy.Index, error) {
	h := fnv.New64a()
	for _, e := range entries {
		h.Write([]byte(e.ID))
		h.Write([]byte{0})
		h.Write([]byte(e.Label))
		h.Write([]byte{0})
	}
	sum := h.Sum64()
	indexes.Lock()
	for i, c := range indexes.recent {
		if c.loc == loc && c.sum == sum && slices.Equal(c.entries, entries) {
			indexes.recent = append(append(indexes.recent[:i:i], indexes.recent[i+1:]...), c)
			indexes.Unlock()
			return c.ix, nil
		}
	}
	indexes.Unlock()
	ix, err := fuzzy.NewIndex(loc, entries)
	if err != nil {
		return nil, err
	}
	indexes.Lock()
	defer indexes.Unlock()
	indexes.recent = append(indexes.recent, cachedIndex{loc, sum, slices.Clone(entries), ix})
	if len(indexes.recent) > cachedIndexes {
		indexes.recent = indexes.recent[len(indexes.recent)-cachedIndexes:]
	}
	return ix, nil
}
