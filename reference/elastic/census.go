package elastic

import (
	"fmt"
	"math"
	"strings"

	"github.com/ctxconform/ctxconform/reference/radial"
)

// Matcher says whether an index label matches a query term, and how well
// (higher is better). Labels are lower case (radial.Ingest).
type Matcher func(term, label string) (score float64, ok bool)

// Exact matches a label equal to the lower-cased term, with score 1: the
// `LOWER(atom_label) = LOWER(term)` of std105 §3.1.
func Exact(term, label string) (float64, bool) {
	if strings.ToLower(term) == label {
		return 1, true
	}
	return 0, false
}

// Census is phase 1 of std105 §2.3: the atoms of idx whose labels match any
// of terms. A nil match means Exact. An atom matched by several terms (or
// labels) appears once with its best score. The atoms come in canonical
// order (compound ID, offset, label); the result does not depend on the
// order of terms. A matcher score that is NaN or infinite is an error.
func Census(idx *radial.Index, terms []string, match Matcher) ([]radial.Atom, error) {
	var found []radial.Atom
	if match == nil {
		for _, t := range terms {
			for _, a := range idx.Lookup(t) {
				a.Score = 1
				found = append(found, a)
			}
		}
		return radial.Unique(found), nil
	}
	labels := idx.Labels()
	for _, t := range terms {
		for _, l := range labels {
			s, ok := match(t, l)
			if !ok {
				continue
			}
			if math.IsNaN(s) || math.IsInf(s, 0) {
				return nil, fmt.Errorf("census term %q: matcher scored label %q %v", t, l, s)
			}
			for _, a := range idx.Lookup(l) {
				a.Score = s
				found = append(found, a)
			}
		}
	}
	return radial.Unique(found), nil
}
