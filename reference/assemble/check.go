package assemble

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Check reports the first way results, produced by any implementation for
// docs, mols and maxChars, break the MUST-level requirements (the protocol's
// Validation Criteria 1-4 made checkable; see the package documentation):
//
//   - V1 adjacent: listed molecules of one source whose ranges overlap or
//     touch are listed in the same result.
//   - V2 gaps: each window is exactly body[start_byte:end_byte] of its source,
//     both edges on character boundaries, and contains every molecule it lists.
//   - V3 order: each result lists its molecules in byte order (start, end,
//     id), no molecule is listed twice, windows of one source do not overlap.
//   - V4 budget: the windows' lengths add up to at most maxChars bytes.
//
// It also checks that every result names a known source, lists at least one
// known molecule of that source, and has a coherence_score in [0, 1]. Offsets
// and lengths are bytes: convert other units with package unit first.
func Check(docs []Document, mols []Molecule, maxChars int, results []Result) error {
	byID, err := checkInput(docs, mols, maxChars)
	if err != nil {
		return err
	}
	molByID := make(map[string]Molecule, len(mols))
	for _, m := range mols {
		molByID[m.ID] = m
	}
	total := 0
	owner := map[string]int{} // molecule ID -> result index
	bySource := map[string][]int{}
	for i, r := range results {
		d, ok := byID[r.Source]
		if !ok {
			return fmt.Errorf("result %d: unknown source %q", i, r.Source)
		}
		body := d.Body
		if r.Start < 0 || r.End < r.Start || r.End > len(body) {
			return fmt.Errorf("result %d (source %q): range [%d, %d) outside [0, %d]", i, r.Source, r.Start, r.End, len(body))
		}
		if !unit.IsBoundary(body, r.Start) || !unit.IsBoundary(body, r.End) {
			return fmt.Errorf("V2 result %d (source %q): range [%d, %d) cuts a multi-byte character", i, r.Source, r.Start, r.End)
		}
		if r.Window != body[r.Start:r.End] {
			return fmt.Errorf("V2 result %d (source %q): window (%d bytes) is not body[%d:%d]", i, r.Source, len(r.Window), r.Start, r.End)
		}
		if math.IsNaN(r.Coherence) || r.Coherence < 0 || r.Coherence > 1 {
			return fmt.Errorf("result %d (source %q): coherence_score %v outside [0, 1]", i, r.Source, r.Coherence)
		}
		if len(r.Molecules) == 0 {
			return fmt.Errorf("result %d (source %q): lists no molecules", i, r.Source)
		}
		for k, id := range r.Molecules {
			m, ok := molByID[id]
			switch {
			case !ok:
				return fmt.Errorf("result %d: unknown molecule %q", i, id)
			case m.Source != r.Source:
				return fmt.Errorf("result %d (source %q): molecule %q belongs to source %q", i, r.Source, id, m.Source)
			case m.Start < r.Start || m.End > r.End:
				return fmt.Errorf("V2 result %d: molecule %q [%d, %d) is not inside the window [%d, %d)", i, id, m.Start, m.End, r.Start, r.End)
			}
			if j, dup := owner[id]; dup {
				return fmt.Errorf("V3 molecule %q is listed by results %d and %d", id, j, i)
			}
			owner[id] = i
			if k > 0 && byteOrder(molByID[r.Molecules[k-1]], m) > 0 {
				return fmt.Errorf("V3 result %d: molecule %q is listed after %q but comes before it in byte order", i, id, r.Molecules[k-1])
			}
		}
		total += len(r.Window)
		bySource[r.Source] = append(bySource[r.Source], i)
	}
	if total > maxChars {
		return fmt.Errorf("V4 windows total %d bytes, budget %d", total, maxChars)
	}
	for _, src := range slices.Sorted(maps.Keys(bySource)) {
		idx := bySource[src]
		slices.SortFunc(idx, func(a, b int) int {
			return cmp.Or(cmp.Compare(results[a].Start, results[b].Start), cmp.Compare(a, b))
		})
		for k := 1; k < len(idx); k++ {
			if a, b := results[idx[k-1]], results[idx[k]]; b.Start < a.End {
				return fmt.Errorf("V3 source %q: windows of results %d [%d, %d) and %d [%d, %d) overlap", src, idx[k-1], a.Start, a.End, idx[k], b.Start, b.End)
			}
		}
	}
	// V1: in byte order, a molecule that starts at or before the largest end
	// so far overlaps or touches its chain; chains must not span results.
	listed := map[string][]Molecule{}
	for id := range owner {
		m := molByID[id]
		listed[m.Source] = append(listed[m.Source], m)
	}
	for _, src := range slices.Sorted(maps.Keys(listed)) {
		ms := listed[src]
		slices.SortFunc(ms, byteOrder)
		extent := ms[0].End
		for k := 1; k < len(ms); k++ {
			a, b := ms[k-1], ms[k]
			if b.Start <= extent && owner[a.ID] != owner[b.ID] {
				return fmt.Errorf("V1 molecules %q (result %d) and %q (result %d) overlap or touch but are in different results", a.ID, owner[a.ID], b.ID, owner[b.ID])
			}
			extent = max(extent, b.End)
		}
	}
	return nil
}
