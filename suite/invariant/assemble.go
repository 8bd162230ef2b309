package invariant

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The protocol's Validation Criteria 1–4 are decided by assemble.Check,
// whose errors name the criterion they break ("V1 ", "V2 ", "V3 ", "V4 ");
// an error without a tag means the answer is malformed (an unknown source
// or molecule, a range outside the body, a result listing nothing). Each
// criterion below runs Check on a copy of the answer in which the other
// criteria are neutralised, so that one fault fails the requirement it
// breaks and, as far as possible, no other:
//
//   - the budget is never checked by Check: budgets count the
//     implementation's unit, so AssembleBudget measures it;
//   - an out-of-range coherence_score is judged by AssembleCoherent alone;
//   - for V1 and V3 each window's text is replaced by the body's bytes, and
//     a V2 fault that still comes first (an edge inside a character, a
//     listed molecule outside its window) leaves the case to AssembleFilled.

// asmCriterion is the Validation Criterion a Check error names, or "" for a
// malformed answer.
func asmCriterion(err error) string {
	msg := err.Error()
	for _, v := range []string{"V1", "V2", "V3", "V4"} {
		if strings.HasPrefix(msg, v+" ") {
			return v
		}
	}
	return ""
}

// asmCheck runs assemble.Check without its budget criterion.
func asmCheck(req adapters.AssembleRequest, results []assemble.Result) error {
	return assemble.Check(req.Documents, req.Molecules, math.MaxInt, results)
}

// asmNeutral copies results with coherence scores forced into [0, 1] and, if
// text is set, each window's text replaced by its body's bytes (when its
// range lies inside the body).
func asmNeutral(req adapters.AssembleRequest, results []assemble.Result, text bool) []assemble.Result {
	bodies := req.Bodies()
	out := make([]assemble.Result, len(results))
	for i, r := range results {
		if math.IsNaN(r.Coherence) || r.Coherence < 0 || r.Coherence > 1 {
			r.Coherence = 0
		}
		if body, ok := bodies[r.Source]; text && ok && 0 <= r.Start && r.Start <= r.End && r.End <= len(body) {
			r.Window = body[r.Start:r.End]
		}
		out[i] = r
	}
	return out
}

// asmJudged returns err if it breaks criterion v or the answer is malformed,
// and nil if another criterion was found broken first (that criterion's
// requirement judges the case).
func asmJudged(err error, v string) error {
	if err == nil {
		return nil
	}
	if c := asmCriterion(err); c == v || c == "" {
		return err
	}
	return nil
}

// AssembleCombined is Validation Criterion 1: listed molecules of one source whose
// ranges overlap or touch are listed by the same result.
func AssembleCombined(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	return asmJudged(asmCheck(req, asmListedInOrder(req, asmNeutral(req, ans.Results, true))), "V1")
}

// asmListedInOrder copies results with each one's molecules listed in byte
// order, repeats kept: the order of the molecules field is no text's
// (AssembleListOrder judges the reference's), so the other criteria judge
// an answer as if it listed them in byte order.
func asmListedInOrder(req adapters.AssembleRequest, results []assemble.Result) []assemble.Result {
	mols := req.MoleculesByID()
	out := slices.Clone(results)
	for i := range out {
		ids := slices.Clone(out[i].Molecules)
		slices.SortStableFunc(ids, func(a, b string) int {
			ma, oka := mols[a]
			mb, okb := mols[b]
			if !oka || !okb {
				return 0
			}
			return cmp.Or(cmp.Compare(ma.Start, mb.Start), cmp.Compare(ma.End, mb.End), cmp.Compare(ma.ID, mb.ID))
		})
		out[i].Molecules = ids
	}
	return out
}

// AssembleListOrder is the reference's reading of Validation Criterion 3
// for the molecules field: each result lists its molecules in byte order
// (start, then end).
func AssembleListOrder(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	mols := req.MoleculesByID()
	for i, r := range ans.Results {
		for k := 1; k < len(r.Molecules); k++ {
			a, oka := mols[r.Molecules[k-1]]
			b, okb := mols[r.Molecules[k]]
			if oka && okb && cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End)) > 0 {
				return fmt.Errorf("result %d lists molecule %q [%d,%d) after %q [%d,%d), which comes later in the body", i, b.ID, b.Start, b.End, a.ID, a.Start, a.End)
			}
		}
	}
	return nil
}

// AssembleOnRunes: no window edge cuts a multi-byte character (ctxconform's
// rule; the protocol's "bytes" say nothing of characters).
func AssembleOnRunes(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	bodies := req.Bodies()
	for i, r := range ans.Results {
		body, ok := bodies[r.Source]
		if !ok || r.Start < 0 || r.Start > r.End || r.End > len(body) {
			continue // AssembleFilled's to report
		}
		for _, off := range []int{r.Start, r.End} {
			if !unit.IsBoundary(body, off) {
				return fmt.Errorf("result %d (source %q) [%d,%d): edge at byte %d cuts a multi-byte character", i, r.Source, r.Start, r.End, off)
			}
		}
	}
	return nil
}

// AssembleFilled is Validation Criterion 2: each window is exactly its body's bytes
// from start_byte to end_byte (a gap between molecules is filled with the
// body's own bytes) and it contains every molecule it lists. A result with
// an edge inside a character is left to AssembleOnRunes. Results are checked one at a time, their molecule lists
// put in byte order, so that no other criterion can come first.
func AssembleFilled(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	mols := req.MoleculesByID()
	bodies := req.Bodies()
	for i, r := range asmNeutral(req, ans.Results, false) {
		if body, ok := bodies[r.Source]; ok && 0 <= r.Start && r.Start <= r.End && r.End <= len(body) &&
			(!unit.IsBoundary(body, r.Start) || !unit.IsBoundary(body, r.End)) {
			continue // an edge inside a character: AssembleOnRunes's to report
		}
		r.Molecules = asmByteOrder(r.Molecules, mols)
		if err := asmCheck(req, []assemble.Result{r}); err != nil {
			return fmt.Errorf("result %d: %w", i, err)
		}
	}
	return nil
}

// asmByteOrder returns ids without repeats, known molecules in byte order
// (start, end, id) first, unknown ones after, as given.
func asmByteOrder(ids []string, mols map[string]assemble.Molecule) []string {
	seen := map[string]bool{}
	var known []assemble.Molecule
	var unknown []string
	for _, id := range ids {
		if seen[id] {
			continue
		}
		seen[id] = true
		if m, ok := mols[id]; ok {
			known = append(known, m)
		} else {
			unknown = append(unknown, id)
		}
	}
	slices.SortFunc(known, func(a, b assemble.Molecule) int {
		return cmp.Or(cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End), cmp.Compare(a.ID, b.ID))
	})
	out := make([]string, 0, len(ids))
	for _, m := range known {
		out = append(out, m.ID)
	}
	return append(out, unknown...)
}

// AssembleOrdered is ctxconform's reading of Validation Criterion 3
// (narrative flow): no molecule is listed twice and windows of one source
// do not overlap. The order in which a result lists its molecules is
// AssembleListOrder's.
func AssembleOrdered(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	return asmJudged(asmCheck(req, asmListedInOrder(req, asmNeutral(req, ans.Results, true))), "V3")
}

// AssembleTotal is the windows' total length counted in u.
func AssembleTotal(ans adapters.AssembleAnswer, u unit.Unit) int {
	total := 0
	for _, r := range ans.Results {
		total += u.Len(r.Window)
	}
	return total
}

// AssembleBudget is Validation Criterion 4: the windows' lengths, counted in
// the implementation's unit u, add up to at most max_chars.
func AssembleBudget(req adapters.AssembleRequest, ans adapters.AssembleAnswer, u unit.Unit) error {
	if total := AssembleTotal(ans, u); total > req.MaxChars {
		return fmt.Errorf("V4 windows total %d %s, over max_chars %d (%d results)", total, u, req.MaxChars, len(ans.Results))
	}
	return nil
}

// AssembleCoherent: every coherence_score lies in [0, 1] and is not NaN.
func AssembleCoherent(ans adapters.AssembleAnswer) error {
	for i, r := range ans.Results {
		if math.IsNaN(r.Coherence) || r.Coherence < 0 || r.Coherence > 1 {
			return fmt.Errorf("result %d (source %q [%d,%d)): coherence_score %v outside [0, 1]", i, r.Source, r.Start, r.End, r.Coherence)
		}
	}
	return nil
}

// AssembleListedAll: when the molecules' own bytes (the union of their ranges),
// counted in u, fit max_chars, every molecule is listed by some result.
func AssembleListedAll(req adapters.AssembleRequest, ans adapters.AssembleAnswer, u unit.Unit) error {
	if need := AssembleMoleculeBytes(req, u); need > req.MaxChars {
		return nil
	}
	listed := map[string]bool{}
	for _, r := range ans.Results {
		for _, id := range r.Molecules {
			listed[id] = true
		}
	}
	for _, m := range req.Molecules {
		if !listed[m.ID] {
			return fmt.Errorf("molecule %q (%s [%d,%d)) is not listed, although all molecules fit in max_chars %d (%d %s)",
				m.ID, m.Source, m.Start, m.End, req.MaxChars, AssembleMoleculeBytes(req, u), u)
		}
	}
	return nil
}

// AssembleMoleculeBytes is the length, counted in u, of the union of the molecules'
// ranges, per source.
func AssembleMoleculeBytes(req adapters.AssembleRequest, u unit.Unit) int {
	bodies := req.Bodies()
	by := map[string][]assemble.Molecule{}
	for _, m := range req.Molecules {
		by[m.Source] = append(by[m.Source], m)
	}
	total := 0
	for src, ms := range by {
		body := bodies[src]
		slices.SortFunc(ms, func(a, b assemble.Molecule) int { return cmp.Compare(a.Start, b.Start) })
		s, e := ms[0].Start, ms[0].End
		for _, m := range ms[1:] {
			if m.Start <= e {
				e = max(e, m.End)
				continue
			}
			total += u.Len(body[s:e])
			s, e = m.Start, m.End
		}
		total += u.Len(body[s:e])
	}
	return total
}

// AssembleDocumented: each result's coherence_score and inflation_strategy are what
// the reference's definitions (assemble.Coherence, assemble.Label) give for
// the molecules it lists, under the request's options.
func AssembleDocumented(req adapters.AssembleRequest, ans adapters.AssembleAnswer) error {
	mols := req.MoleculesByID()
	for i, r := range ans.Results {
		var ms []assemble.Molecule
		for _, id := range r.Molecules {
			m, ok := mols[id]
			if !ok {
				return fmt.Errorf("result %d lists unknown molecule %q", i, id)
			}
			ms = append(ms, m)
		}
		coh, err := assemble.Coherence(ms, req.Options)
		if err != nil {
			return fmt.Errorf("result %d %v: %v", i, r.Molecules, err)
		}
		if math.Abs(coh-r.Coherence) > 1e-9 {
			return fmt.Errorf("result %d %v: coherence_score %v, the documented definition gives %v", i, r.Molecules, r.Coherence, coh)
		}
		label, err := assemble.Label(ms, req.Options)
		if err != nil {
			return fmt.Errorf("result %d %v labelled %q: %v", i, r.Molecules, r.Strategy, err)
		}
		if label != r.Strategy {
			return fmt.Errorf("result %d %v: inflation_strategy %q, the documented definition gives %q", i, r.Molecules, r.Strategy, label)
		}
	}
	return nil
}

// CanonicalResults returns the results in a fixed order (source, start,
// end), for comparing answers whose order is the implementation's to choose.
func CanonicalResults(rs []assemble.Result) []assemble.Result {
	out := slices.Clone(rs)
	slices.SortStableFunc(out, func(a, b assemble.Result) int {
		return cmp.Or(cmp.Compare(a.Source, b.Source), cmp.Compare(a.Start, b.Start), cmp.Compare(a.End, b.End))
	})
	return out
}
