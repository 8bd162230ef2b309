package radial

import (
	"fmt"
	"slices"
	"strings"
)

// The distributed budget of std085-protocol §5.5.
const (
	DirectPercent  = 70 // of a term's share, for the atoms that match the term
	RelatedPercent = 30 // of a term's share, for its related atoms
	RelatedPerTerm = 5  // related atoms served per primary term, at most
)

// Term is one primary query term and how many atoms it brings.
type Term struct {
	Label   string `json:"term"`
	Direct  int    `json:"direct"`  // atoms matching the term itself
	Related int    `json:"related"` // related atoms (synonym ring); only RelatedPerTerm are served
}

// Share is what one term receives, in budget units (see [Cost]).
type Share struct {
	Term       string `json:"term"`
	Total      int    `json:"total"`       // the term's share of the budget
	Direct     int    `json:"direct"`      // direct atoms served
	PerDirect  int    `json:"per_direct"`  // for each direct atom
	Related    int    `json:"related"`     // related atoms served, at most RelatedPerTerm
	PerRelated int    `json:"per_related"` // for each related atom
}

// Used is what the term's atoms receive together.
func (s Share) Used() int { return s.Direct*s.PerDirect + s.Related*s.PerRelated }

// Shares is the outcome of [Split].
type Shares struct {
	Budget int     `json:"budget"`
	Terms  []Share `json:"terms"`  // by label
	Used   int     `json:"used"`   // sum of the terms' Used, <= Budget
	Unused int     `json:"unused"` // Budget - Used: rounding, or no term has atoms
}

// Split distributes budget over the terms of a query (std085-protocol §5.5):
//
//  1. Terms with at least one atom (direct or related) share the budget
//     evenly: each receives Total = floor(budget / terms with atoms). A term
//     with no atoms receives nothing; its share goes to the others.
//  2. Of a term's Total, floor(30%) goes to its related atoms (at most 5
//     counted) and the rest, at least 70%, to its direct atoms.
//  3. A term with no related atoms gives its 30% to its own direct atoms; a
//     term with related but no direct atoms gives its 70% to its related
//     atoms. Nothing is wasted but rounding.
//  4. Each pool is split evenly over its atoms, rounded down to whole bytes.
//
// So the shares never add up to more than budget (MUST), and 70% of the
// budget goes to direct atoms evenly split over the terms. A single-term
// query is the same rule with one term. Terms are reported by label; the
// result does not depend on their order. A negative budget or count, or two
// terms with the same label, is an error.
func Split(budget int, terms []Term) (Shares, error) {
	if budget < 0 {
		return Shares{}, fmt.Errorf("split: budget %d is negative", budget)
	}
	sorted := slices.Clone(terms)
	slices.SortFunc(sorted, func(a, b Term) int { return strings.Compare(a.Label, b.Label) })
	active := 0
	for i, t := range sorted {
		if t.Direct < 0 || t.Related < 0 {
			return Shares{}, fmt.Errorf("split term %q: negative atom count (direct %d, related %d)", t.Label, t.Direct, t.Related)
		}
		if i > 0 && sorted[i-1].Label == t.Label {
			return Shares{}, fmt.Errorf("split term %q: given twice", t.Label)
		}
		if t.Direct > 0 || t.Related > 0 {
			active++
		}
	}
	out := Shares{Budget: budget, Terms: make([]Share, 0, len(sorted))}
	for _, t := range sorted {
		s := Share{Term: t.Label}
		if t.Direct > 0 || t.Related > 0 {
			s.Total = budget / active
			s.Direct = t.Direct
			s.Related = min(t.Related, RelatedPerTerm)
			related := percent(s.Total, RelatedPercent)
			switch {
			case s.Related == 0:
				related = 0
			case s.Direct == 0:
				related = s.Total
			}
			if s.Direct > 0 {
				s.PerDirect = (s.Total - related) / s.Direct
			}
			if s.Related > 0 {
				s.PerRelated = related / s.Related
			}
		}
		out.Terms = append(out.Terms, s)
		out.Used += s.Used()
	}
	out.Unused = budget - out.Used
	return out, nil
}

// percent is floor(n*p/100) for n >= 0 and 0 <= p <= 100, without overflow.
func percent(n, p int) int { return n/100*p + n%100*p/100 }
