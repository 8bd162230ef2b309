package radial

import (
	"fmt"
	"math"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Window is a merged run of text around one or more atoms of one compound
// (std085-protocol §5.4). Text is Body[Start:End].
type Window struct {
	CompoundID string `json:"compound_id"`
	Start      int    `json:"start"`
	End        int    `json:"end"`
	Text       string `json:"text"`
	// Cost is what the window counts against a budget: see [Cost].
	Cost int `json:"cost"`
	// Score is the highest score of its atoms.
	Score float64 `json:"score"`
	// Atoms are the atoms the window was drawn around, by offset.
	Atoms []Atom `json:"atoms"`
}

// Shape says how the window of one atom was drawn.
type Shape string

const (
	Radial Shape = "radial" // [offset-r, offset+r], edges moved inward to rune boundaries
	Block  Shape = "block"  // the enclosing code block, whole lines (§5.3)
	Lines  Shape = "lines"  // whole code lines around the hit (§5.3)
)

// Span is the window of a single atom before merging: Body[Start:End].
type Span struct {
	Start int   `json:"start"`
	End   int   `json:"end"`
	Shape Shape `json:"shape"`
}

// Cost is what text of a document of the given kind counts against a budget:
// for "code", the bytes of its non-whitespace runes (unicode.IsSpace), since
// §5.3 ignores whitespace in budget calculations; for every other kind, its
// length in bytes.
func Cost(kind, text string) int {
	if kind != inflate.KindCode {
		return len(text)
	}
	n := 0
	for i := 0; i < len(text); {
		r, w := utf8.DecodeRuneInString(text[i:])
		if !unicode.IsSpace(r) {
			n += w
		}
		i += w
	}
	return n
}

// Extent returns the window of one atom at offset in doc, for radius r. For
// prose and data it is [offset-r, offset+r] clamped to the body with both
// edges moved inward to rune boundaries. For code it is the largest enclosing
// block, or else whole lines, whose cost fits 2r (see the package Decisions);
// either way Cost(doc.Kind, text) <= 2r.
func Extent(doc inflate.Document, offset, r int) (Span, error) {
	m, err := byID([]inflate.Document{doc})
	if err != nil {
		return Span{}, err
	}
	if r < 1 {
		return Span{}, fmt.Errorf("compound %q: radius %d, want >= 1", doc.ID, r)
	}
	if err := checkAtoms(m, []Atom{{CompoundID: doc.ID, Offset: offset}}); err != nil {
		return Span{}, err
	}
	if doc.Kind == inflate.KindCode {
		return newCodeDoc(doc.Body).extent(offset, r), nil
	}
	return radialSpan(doc.Body, offset, r), nil
}

// radialSpan is [off-r, off+r] clamped to body, edges snapped inward. off
// must be a rune boundary inside body, r >= 1; nothing overflows.
func radialSpan(body string, off, r int) Span {
	start := off - min(r, off)
	end := off + min(r, len(body)-off)
	return Span{Start: unit.Ceil(body, start), End: unit.Floor(body, end), Shape: Radial}
}

// allowance is the cost one atom may use at radius r: 2r, saturating.
func allowance(r int) int {
	if r > math.MaxInt/2 {
		return math.MaxInt
	}
	return 2 * r
}

// Windows draws the window of every atom at radius r (see [Extent]) and
// merges, per compound, windows that overlap or touch (§5.4): sorted by
// start, a window whose start <= the previous end joins it. The result is
// ordered by compound ID, then start; the windows of a compound do not
// overlap or touch, and every atom lies in exactly one window
// (Start <= Offset <= End). Identical atoms count once (see [Unique]).
//
// Because cost only counts bytes of the text, the cost of a merged window is
// at most the sum of the costs of its parts, each at most 2r.
func Windows(docs []inflate.Document, atoms []Atom, r int) ([]Window, error) {
	if r < 1 {
		if _, err := byID(docs); err != nil {
			return nil, err
		}
		return nil, fmt.Errorf("radius %d, want >= 1", r)
	}
	c, err := NewCutter(docs, atoms)
	if err != nil {
		return nil, err
	}
	return c.Windows(r, nil), nil
}
