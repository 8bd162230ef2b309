package fuzzy

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Index answers the searches Scan defines without reading every entry:
// exact matches come from a map of lower-cased labels, prefix matches from a
// binary search in the lower-cased labels sorted as bytes, and trigram
// candidates from inverted lists of trigrams. An Index is read-only after
// NewIndex and safe for concurrent searches.
type Index struct {
	loc     trgm.Locale
	entries []Entry
	lower   []string           // lower(label) per entry
	ntrg    []int32            // number of distinct trigrams per entry
	exact   map[string][]int32 // lower(label) → entries
	sorted  []int32            // entries by lower(label), as bytes
	post    map[uint32][]int32 // trigram (packed) → entries holding it, ascending
	pool    sync.Pool          // of *scratch, to count shared trigrams
}

// NewIndex indexes a copy of entries for the locale. A label that PostgreSQL
// text cannot hold (invalid UTF-8, NUL) is an error naming the entry.
func NewIndex(loc trgm.Locale, entries []Entry) (*Index, error) {
	ix := &Index{
		loc:     loc,
		entries: slices.Clone(entries),
		lower:   make([]string, len(entries)),
		ntrg:    make([]int32, len(entries)),
		exact:   make(map[string][]int32),
		sorted:  make([]int32, len(entries)),
		post:    make(map[uint32][]int32),
	}
	for i, e := range ix.entries {
		l, ts, err := labelKeys(loc, i, e)
		if err != nil {
			return nil, err
		}
		ix.lower[i] = l
		ix.ntrg[i] = int32(len(ts))
		ix.exact[l] = append(ix.exact[l], int32(i))
		ix.sorted[i] = int32(i)
		for _, t := range ts {
			k := pack(t)
			ix.post[k] = append(ix.post[k], int32(i))
		}
	}
	sort.Slice(ix.sorted, func(a, b int) bool { return ix.lower[ix.sorted[a]] < ix.lower[ix.sorted[b]] })
	return ix, nil
}

// Len is the number of entries indexed.
func (ix *Index) Len() int { return len(ix.entries) }

// Search returns what Scan returns for the indexed entries, term and options.
func (ix *Index) Search(term string, opts ...Option) ([]Match, error) {
	o, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	lterm, err := checkTerm(ix.loc, term)
	if err != nil {
		return nil, err
	}
	taken := make(map[int32]struct{})
	var out []Match
	add := func(i int32, tier Tier, sim float32) {
		taken[i] = struct{}{}
		out = append(out, Match{Entry: ix.entries[i], Tier: tier, Similarity: sim})
	}

	// Exact and prefix: the lower-cased labels that start with the
	// lower-cased term form one run of the sorted list (byte order).
	for _, i := range ix.exact[lterm] {
		add(i, Exact, 0)
	}
	start := sort.Search(len(ix.sorted), func(k int) bool { return ix.lower[ix.sorted[k]] >= lterm })
	for _, i := range ix.sorted[start:] {
		l := ix.lower[i]
		if !strings.HasPrefix(l, lterm) {
			break
		}
		if l != lterm {
			add(i, Prefix, 0)
		}
	}
	order(out) // similarity does not take part in these tiers' order
	full := o.limit > 0 && len(out) >= o.limit
	if full {
		out = out[:o.limit]
	}
	if err := ix.fillSimilarity(out, term); err != nil {
		return nil, err
	}
	if full {
		return out, nil
	}

	// Trigram tier.
	tt, err := ix.loc.Trigrams(term)
	if err != nil {
		return nil, fmt.Errorf("fuzzy: term: %w", err)
	}
	n1 := len(tt)
	need := minShared(n1, o.threshold)
	var fuzzy []Match
	if need <= n1 {
		sc := ix.getScratch()
		defer ix.putScratch(sc)
		// Count shared trigrams per entry; an entry becomes a candidate
		// when its count reaches need. With need == 0 every entry is one,
		// even an entry sharing nothing.
		var cands []int32
		for _, t := range tt {
			for _, i := range ix.post[pack(t)] {
				if sc.count[i] == 0 {
					sc.touched = append(sc.touched, i)
				}
				sc.count[i]++
				if int(sc.count[i]) == need {
					cands = append(cands, i)
				}
			}
		}
		if need == 0 {
			cands = sc.all(len(ix.entries))
		}
		for _, i := range cands {
			if _, ok := taken[i]; ok {
				continue
			}
			sim := ix.similarity(int(sc.count[i]), n1, int(i))
			if trgm.Matches(sim, o.threshold) {
				fuzzy = append(fuzzy, Match{Entry: ix.entries[i], Tier: Trigram, Similarity: sim})
			}
		}
	}
	order(fuzzy)
	out = append(out, fuzzy...)
	if o.limit > 0 && len(out) > o.limit {
		out = out[:o.limit]
	}
	return out, nil
}

// scratch is the per-search counting space: count[i] is the number of term
// trigrams entry i holds; touched lists the non-zero counts to reset.
type scratch struct {
	count   []int32
	touched []int32
	every   []int32
}

func (ix *Index) getScratch() *scratch {
	if sc, ok := ix.pool.Get().(*scratch); ok {
		return sc
	}
	return &scratch{count: make([]int32, len(ix.entries))}
}

func (ix *Index) putScratch(sc *scratch) {
	for _, i := range sc.touched {
		sc.count[i] = 0
	}
	sc.touched = sc.touched[:0]
	ix.pool.Put(sc)
}

// all lists every entry, 0..n-1.
func (sc *scratch) all(n int) []int32 {
	if len(sc.every) != n {
		sc.every = make([]int32, n)
		for i := range sc.every {
			sc.every[i] = int32(i)
		}
	}
	return sc.every
}

// pack makes a map key of a trigram.
func pack(t trgm.Trigram) uint32 { return uint32(t[0])<<16 | uint32(t[1])<<8 | uint32(t[2]) }

// similarity is similarity(label i, term) from the number of trigrams they
// share, bit for bit as pg_trgm's cnt_sml computes it.
func (ix *Index) similarity(shared, n1, i int) float32 {
	n2 := int(ix.ntrg[i])
	if n1 == 0 || n2 == 0 {
		return 0
	}
	return trgm.Ratio(shared, n1, n2)
}

func (ix *Index) fillSimilarity(ms []Match, term string) error {
	for k := range ms {
		s, err := ix.loc.Similarity(ms[k].Label, term)
		if err != nil {
			return fmt.Errorf("fuzzy: %w", err)
		}
		ms[k].Similarity = s
	}
	return nil
}

// minShared is the least number of trigrams a label must share with a term of
// n1 trigrams to reach the threshold; n1 + 1 when none can.
//
// With s shared and n2 label trigrams (n2 >= s), similarity is
// fl(s / (n1 + n2 - s)), where fl rounds to float4. The denominator is at
// least n1, and rounding is monotone, so the similarity is at most
// fl(s / n1) = Ratio(s, n1, s), which grows with s. A label can therefore
// match only if Matches(Ratio(s, n1, s), threshold); the least such s is a
// lower bound that never loses a match, rounding included (a bound computed
// in real numbers could: fl rounds 0.29999999 up to 0.3000000119).
func minShared(n1 int, threshold float64) int {
	if trgm.Matches(0, threshold) {
		return 0
	}
	for s := 1; s <= n1; s++ {
		if trgm.Matches(trgm.Ratio(s, n1, s), threshold) {
			return s
		}
	}
	return n1 + 1
}
