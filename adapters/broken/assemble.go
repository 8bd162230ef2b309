package broken

import (
	"context"
	"math"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
)

// assembler is the reference with its Assemble replaced.
type assembler struct {
	mutant
	assemble func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error)
}

func (b *assembler) Assemble(_ context.Context, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	return b.assemble(req)
}

// AssembleIgnoresBudget assembles as if max_chars were unlimited (it still
// rejects max_chars <= 0), so windows and gap fills exceed small budgets.
func AssembleIgnoresBudget() adapters.Adapter {
	return &assembler{named("assemble-ignores-budget"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		if req.MaxChars > 0 {
			req.MaxChars = math.MaxInt
		}
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		return adapters.AssembleAnswer{Results: res}, err
	}}
}

// AssembleMarksInBudget keeps room in max_chars for the "..." it would
// render before and after a window: it assembles as the reference does
// with max_chars less 6 (max_chars itself when that leaves nothing). A
// reading of Validation Criterion 4 (markers counted, ASM-19's side), not a
// fault: every MUST and SHOULD passes it, on cases whose budget leaves
// room for the markers.
func AssembleMarksInBudget() adapters.Adapter {
	return &assembler{named("assemble-marks-in-budget"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		if req.MaxChars > 6 {
			req.MaxChars -= 6
		}
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		return adapters.AssembleAnswer{Results: res}, err
	}}
}

// AssembleSpaceGaps assembles like the reference but fills the gaps between
// a window's molecules with spaces instead of the body's bytes (same
// length, so the budget still holds).
func AssembleSpaceGaps() adapters.Adapter {
	return &assembler{named("assemble-space-gaps"), func(req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
		res, err := assemble.Windows(req.Documents, req.Molecules, req.MaxChars, req.Options)
		if err != nil {
			return adapters.AssembleAnswer{}, err
		}
		mols := req.MoleculesByID()
		for i, r := range res {
			covered := make([]bool, len(r.Window))
			first, last := r.End, r.Start
			for _, id := range r.Molecules {
				m := mols[id]
				first, last = min(first, m.Start), max(last, m.End)
				for p := m.Start; p < m.End; p++ {
					covered[p-r.Start] = true
				}
			}
			b := []byte(r.Window)
			for p := first; p < last; p++ {
				if !covered[p-r.Start] {
					b[p-r.Start] = ' '
				}
			}
			res[i].Window = string(b)
		}
		return adapters.AssembleAnswer{Results: res}, nil
	}}
}
