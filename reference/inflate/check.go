package inflate

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Validate reports the first thing wrong with docs and hits, or nil. Documents
// need a non-empty unique ID, a body of valid UTF-8 and a known kind. Hits
// need a non-empty unique ID, an existing compound, a finite score and offsets
// 0 <= Start <= End <= len(body) on rune boundaries.
//
// Problems are looked for in a fixed order (documents before hits, each sorted
// by ID), so the error does not depend on the order of the input; only an
// empty ID, which has no other name, is reported by its index.
func Validate(docs []Document, hits []Hit) error {
	_, err := index(docs, hits)
	return err
}

// index validates docs and hits and returns the documents by ID.
func index(docs []Document, hits []Hit) (map[string]Document, error) {
	for i, d := range docs {
		if d.ID == "" {
			return nil, fmt.Errorf("inflate compound at index %d: empty id", i)
		}
	}
	for i, h := range hits {
		if h.ID == "" {
			return nil, fmt.Errorf("inflate hit at index %d: empty id", i)
		}
	}

	// Sort positions, not copies: validation is on every call's path.
	byID := make(map[string]Document, len(docs))
	for _, i := range sortedBy(len(docs), func(a, b int) int { return cmp.Compare(docs[a].ID, docs[b].ID) }) {
		d := docs[i]
		if _, dup := byID[d.ID]; dup {
			return nil, fmt.Errorf("inflate compound %q: duplicate id", d.ID)
		}
		byID[d.ID] = d
		switch d.Kind {
		case "", KindProse, KindCode, KindData:
		default:
			return nil, fmt.Errorf("inflate compound %q: unknown kind %q (want prose, code or data)", d.ID, d.Kind)
		}
		if !utf8.ValidString(d.Body) {
			return nil, fmt.Errorf("inflate compound %q: body is not valid UTF-8 (first bad byte at %d)", d.ID, unit.FirstInvalid(d.Body))
		}
	}

	order := sortedBy(len(hits), func(a, b int) int { return cmp.Compare(hits[a].ID, hits[b].ID) })
	for k, i := range order {
		h := hits[i]
		if k > 0 && hits[order[k-1]].ID == h.ID {
			return nil, fmt.Errorf("inflate hit %q: duplicate id", h.ID)
		}
		if err := checkHit(h, byID); err != nil {
			return nil, err
		}
	}
	return byID, nil
}

// sortedBy returns the positions 0..n-1 sorted by compare.
func sortedBy(n int, compare func(a, b int) int) []int32 {
	order := make([]int32, n)
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return compare(int(a), int(b)) })
	return order
}

func checkHit(h Hit, byID map[string]Document) error {
	d, ok := byID[h.CompoundID]
	if !ok {
		return fmt.Errorf("inflate hit %q: compound %q not found", h.ID, h.CompoundID)
	}
	switch {
	case math.IsNaN(h.Score) || math.IsInf(h.Score, 0):
		return fmt.Errorf("inflate hit %q: score %v is not finite", h.ID, h.Score)
	case h.Start < 0:
		return fmt.Errorf("inflate hit %q: start %d is negative", h.ID, h.Start)
	case h.End < h.Start:
		return fmt.Errorf("inflate hit %q: end %d before start %d", h.ID, h.End, h.Start)
	case h.End > len(d.Body):
		return fmt.Errorf("inflate hit %q: end %d beyond the end of compound %q (%d bytes)", h.ID, h.End, d.ID, len(d.Body))
	case !unit.IsBoundary(d.Body, h.Start):
		return fmt.Errorf("inflate hit %q: start %d cuts a multi-byte character in compound %q", h.ID, h.Start, d.ID)
	case !unit.IsBoundary(d.Body, h.End):
		return fmt.Errorf("inflate hit %q: end %d cuts a multi-byte character in compound %q", h.ID, h.End, d.ID)
	}
	return nil
}
