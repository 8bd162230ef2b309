package assemble

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// checkDocs validates the documents and indexes them by ID. They are checked
// in ID order, so the error names the same document whatever the input order.
// The index and the sorted copy live in x.
func checkDocs(x *scratch, docs []Document) (map[string]Document, error) {
	sorted := append(x.docs[:0], docs...)
	x.docs = sorted
	slices.SortFunc(sorted, func(a, b Document) int { return cmp.Compare(a.ID, b.ID) })
	if x.byID == nil {
		x.byID = make(map[string]Document, len(sorted))
	}
	byID := x.byID
	for i, d := range sorted {
		if d.ID == "" {
			return nil, fmt.Errorf("assemble: a document has an empty id")
		}
		if i > 0 && sorted[i-1].ID == d.ID {
			return nil, fmt.Errorf("assemble document %q: duplicate id", d.ID)
		}
		switch d.Kind {
		case "", KindProse, KindCode, KindData:
		default:
			return nil, fmt.Errorf("assemble document %q: unknown kind %q (want prose, code or data)", d.ID, d.Kind)
		}
		if !utf8.ValidString(d.Body) {
			return nil, fmt.Errorf("assemble document %q: body is not valid UTF-8 (first bad byte at %d)", d.ID, unit.FirstInvalid(d.Body))
		}
		byID[d.ID] = d
	}
	return byID, nil
}

// checkMolecules validates what can be checked without the bodies and
// returns the molecules sorted by ID. All non-empty vectors must have one
// length; the reference length is that of the first such molecule by ID.
func checkMolecules(mols []Molecule) ([]Molecule, error) {
	order, err := checkMoleculeOrder(nil, mols)
	if err != nil {
		return nil, err
	}
	sorted := make([]Molecule, len(order))
	for i, k := range order {
		sorted[i] = mols[k]
	}
	return sorted, nil
}

// checkMoleculeOrder is checkMolecules without the copy: it returns the
// positions of the molecules sorted by ID, in buf's memory when it is large
// enough.
func checkMoleculeOrder(buf []int32, mols []Molecule) ([]int32, error) {
	order := resize(buf, len(mols))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortFunc(order, func(a, b int32) int { return cmp.Compare(mols[a].ID, mols[b].ID) })
	dim, dimFrom := 0, ""
	for i, k := range order {
		m := &mols[k]
		if err := checkMolecule(*m); err != nil {
			return nil, err
		}
		if i > 0 && mols[order[i-1]].ID == m.ID {
			return nil, fmt.Errorf("assemble molecule %q: duplicate id", m.ID)
		}
		if len(m.Vector) == 0 {
			continue
		}
		if dimFrom == "" {
			dim, dimFrom = len(m.Vector), m.ID
		} else if len(m.Vector) != dim {
			return nil, fmt.Errorf("assemble molecule %q: vector has %d dimensions, molecule %q has %d", m.ID, len(m.Vector), dimFrom, dim)
		}
	}
	return order, nil
}

// checkMolecule validates one molecule on its own.
func checkMolecule(m Molecule) error {
	switch {
	case m.ID == "":
		return fmt.Errorf("assemble: a molecule (source %q, bytes %d-%d) has an empty id", m.Source, m.Start, m.End)
	case m.Start < 0:
		return fmt.Errorf("assemble molecule %q: start_byte %d is negative", m.ID, m.Start)
	case m.End < m.Start:
		return fmt.Errorf("assemble molecule %q: end_byte %d before start_byte %d", m.ID, m.End, m.Start)
	case m.End == m.Start:
		return fmt.Errorf("assemble molecule %q: empty range [%d, %d)", m.ID, m.Start, m.End)
	case math.IsNaN(m.Score) || math.IsInf(m.Score, 0):
		return fmt.Errorf("assemble molecule %q: score %v is not finite", m.ID, m.Score)
	}
	for i, x := range m.Vector {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return fmt.Errorf("assemble molecule %q: vector[%d] = %v is not finite", m.ID, i, x)
		}
	}
	for i, e := range m.Entities {
		if e == "" {
			return fmt.Errorf("assemble molecule %q: entities[%d] is empty", m.ID, i)
		}
	}
	return nil
}

// checkRange validates m's range against the body of its source.
func checkRange(m Molecule, body string) error {
	switch {
	case m.End > len(body):
		return fmt.Errorf("assemble molecule %q: end_byte %d beyond the end of source %q (%d bytes)", m.ID, m.End, m.Source, len(body))
	case !unit.IsBoundary(body, m.Start):
		return fmt.Errorf("assemble molecule %q: start_byte %d cuts a multi-byte character of source %q", m.ID, m.Start, m.Source)
	case !unit.IsBoundary(body, m.End):
		return fmt.Errorf("assemble molecule %q: end_byte %d cuts a multi-byte character of source %q", m.ID, m.End, m.Source)
	}
	return nil
}

// checkInput validates everything Windows and Check read and returns the
// documents by ID.
func checkInput(docs []Document, mols []Molecule, maxChars int) (map[string]Document, error) {
	byID, _, err := checkInputOrder(new(scratch), docs, mols, maxChars)
	return byID, err
}

// checkInputOrder is checkInput that also returns the positions of the
// molecules sorted by ID (the caller may reuse them). Its working memory is
// x's.
func checkInputOrder(x *scratch, docs []Document, mols []Molecule, maxChars int) (map[string]Document, []int32, error) {
	if maxChars <= 0 {
		return nil, nil, fmt.Errorf("assemble: max_chars %d must be positive", maxChars)
	}
	byID, err := checkDocs(x, docs)
	if err != nil {
		return nil, nil, err
	}
	order, err := checkMoleculeOrder(x.order, mols)
	if err != nil {
		return nil, nil, err
	}
	x.order = order
	for _, k := range order {
		m := &mols[k]
		d, ok := byID[m.Source]
		if !ok {
			return nil, nil, fmt.Errorf("assemble molecule %q: unknown source %q", m.ID, m.Source)
		}
		if err := checkRange(*m, d.Body); err != nil {
			return nil, nil, err
		}
	}
	return byID, order, nil
}

// byteOrder is the order of molecules inside one source: start, end, id.
func byteOrder(a, b Molecule) int {
	if c := cmp.Compare(a.Start, b.Start); c != 0 {
		return c
	}
	if c := cmp.Compare(a.End, b.End); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}
