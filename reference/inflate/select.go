package inflate

import (
	"cmp"
	"slices"
)

// Select splits hits into the top keep survivors and the rest (std085 §3.1
// squeeze). Survivors are the best by score, highest first; equal scores are
// ordered by compound ID, start, end and hit ID, so the choice never depends
// on the order of the input. kept is in that rank order; dropped holds the IDs
// of the others, sorted. A keep below zero keeps nothing; a keep of at least
// len(hits) keeps everything. hits is not modified.
func Select(hits []Hit, keep int) (kept []Hit, dropped []string) {
	ranked := slices.Clone(hits)
	slices.SortFunc(ranked, rank)
	keep = min(max(keep, 0), len(ranked))
	if keep < len(ranked) {
		dropped = make([]string, 0, len(ranked)-keep)
		for _, h := range ranked[keep:] {
			dropped = append(dropped, h.ID)
		}
		slices.Sort(dropped)
	}
	return ranked[:keep:keep], dropped
}

// rank orders hits best first: score descending, then compound ID, start, end
// and hit ID ascending.
func rank(a, b Hit) int {
	if c := cmp.Compare(b.Score, a.Score); c != 0 {
		return c
	}
	return byPosition(a, b)
}
