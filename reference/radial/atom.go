package radial

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Atom is one keyword occurrence: the {compound_id, atom_label, byte_offset}
// row of std085-protocol §5.1. Score is optional; it orders atoms when a
// budget cannot serve all of them (higher first).
type Atom struct {
	CompoundID string  `json:"compound_id"`
	Label      string  `json:"atom_label"`
	Offset     int     `json:"byte_offset"`
	Score      float64 `json:"score,omitempty"`
}

func (a Atom) String() string {
	return fmt.Sprintf("%q@%s:%d", a.Label, a.CompoundID, a.Offset)
}

// compareAtoms is the canonical total order: compound, offset, label, then
// higher score first.
func compareAtoms(a, b Atom) int {
	if c := strings.Compare(a.CompoundID, b.CompoundID); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Offset, b.Offset); c != 0 {
		return c
	}
	if c := strings.Compare(a.Label, b.Label); c != 0 {
		return c
	}
	return cmp.Compare(b.Score, a.Score)
}

// Unique returns the atoms in canonical order (compound ID, offset, label)
// with identical atoms (same compound, label and offset) merged into one that
// keeps the highest score. The input is not modified.
func Unique(atoms []Atom) []Atom {
	out := slices.Clone(atoms)
	slices.SortFunc(out, compareAtoms)
	return slices.CompactFunc(out, func(a, b Atom) bool {
		// Sorted: the first of a run has the highest score.
		return a.CompoundID == b.CompoundID && a.Offset == b.Offset && a.Label == b.Label
	})
}

// Index holds the atom positions of a corpus, keyed by atom label (§5.1
// "index on atom_label").
type Index struct {
	byLabel map[string][]Atom
	labels  []string
	n       int
}

// Ingest records an atom for every keyword of every document. A keyword is a
// maximal run of Unicode letters and digits; its label is the run in lower
// case and its offset the byte offset where the run starts.
func Ingest(docs []inflate.Document) (*Index, error) {
	if _, err := byID(docs); err != nil {
		return nil, err
	}
	x := &Index{byLabel: map[string][]Atom{}}
	for _, d := range docs {
		start := -1
		for i, r := range d.Body {
			if isWordRune(r) {
				if start < 0 {
					start = i
				}
				continue
			}
			if start >= 0 {
				x.add(d.ID, d.Body[start:i], start)
				start = -1
			}
		}
		if start >= 0 {
			x.add(d.ID, d.Body[start:], start)
		}
	}
	for label, atoms := range x.byLabel {
		slices.SortFunc(atoms, compareAtoms)
		x.labels = append(x.labels, label)
	}
	slices.Sort(x.labels)
	return x, nil
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

func (x *Index) add(id, word string, off int) {
	label := strings.ToLower(word)
	x.byLabel[label] = append(x.byLabel[label], Atom{CompoundID: id, Label: label, Offset: off})
	x.n++
}

// Lookup returns the atoms labelled label (compared after lower-casing it),
// ordered by compound ID and offset. The slice is a copy.
func (x *Index) Lookup(label string) []Atom {
	if x == nil {
		return nil
	}
	return slices.Clone(x.byLabel[strings.ToLower(label)])
}

// Labels returns every label of the index in byte order. The slice is a copy.
func (x *Index) Labels() []string {
	if x == nil {
		return nil
	}
	return slices.Clone(x.labels)
}

// Len is the number of atoms in the index.
func (x *Index) Len() int {
	if x == nil {
		return 0
	}
	return x.n
}

// byID checks the documents and indexes them by ID: IDs must be non-empty
// and unique, bodies valid UTF-8 and kinds known. Documents are checked in ID
// order, so the error reported does not depend on input order.
func byID(docs []inflate.Document) (map[string]inflate.Document, error) {
	sorted := slices.Clone(docs)
	slices.SortStableFunc(sorted, func(a, b inflate.Document) int { return strings.Compare(a.ID, b.ID) })
	m := make(map[string]inflate.Document, len(docs))
	for _, d := range sorted {
		if d.ID == "" {
			return nil, fmt.Errorf("document with empty ID (body of %d bytes)", len(d.Body))
		}
		if _, dup := m[d.ID]; dup {
			return nil, fmt.Errorf("compound %q: duplicate document ID", d.ID)
		}
		if !utf8.ValidString(d.Body) {
			return nil, fmt.Errorf("compound %q: body is not valid UTF-8", d.ID)
		}
		if !knownKind(d.Kind) {
			return nil, fmt.Errorf("compound %q: unknown kind %q (want prose, code or data)", d.ID, d.Kind)
		}
		m[d.ID] = d
	}
	return m, nil
}

// Check reports the first problem with the documents or the atoms: duplicate
// document IDs, invalid UTF-8, unknown kinds, atoms of unknown compounds,
// offsets outside [0, len(body)) or inside a character, NaN or infinite
// scores. Atoms are checked in canonical order (compound ID, offset, label),
// so the error reported does not depend on input order.
func Check(docs []inflate.Document, atoms []Atom) error {
	m, err := byID(docs)
	if err != nil {
		return err
	}
	return checkAtoms(m, atoms)
}

func checkAtoms(m map[string]inflate.Document, atoms []Atom) error {
	sorted := slices.Clone(atoms)
	slices.SortFunc(sorted, compareAtoms)
	for _, a := range sorted {
		d, ok := m[a.CompoundID]
		if !ok {
			return fmt.Errorf("atom %v: unknown compound %q", a, a.CompoundID)
		}
		if a.Offset < 0 || a.Offset >= len(d.Body) {
			return fmt.Errorf("atom %v: offset %d outside the body [0, %d)", a, a.Offset, len(d.Body))
		}
		if !unit.IsBoundary(d.Body, a.Offset) {
			return fmt.Errorf("atom %v: offset %d falls inside a multi-byte character", a, a.Offset)
		}
		if math.IsNaN(a.Score) || math.IsInf(a.Score, 0) {
			return fmt.Errorf("atom %v: score %v is not finite", a, a.Score)
		}
	}
	return nil
}
