package elastic

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
)

// prefix is a stand-in for a fuzzy matcher: exact 1, prefix 0.5.
func prefix(term, label string) (float64, bool) {
	term = strings.ToLower(term)
	switch {
	case label == term:
		return 1, true
	case strings.HasPrefix(label, term):
		return 0.5, true
	}
	return 0, false
}

func TestCensus(t *testing.T) {
	// a: the@0 cat@4 sat@8 the@13 end@17. b: cat@0 catalog@4 cat@12.
	docs := []inflate.Document{
		{ID: "b", Body: "cat catalog Cat"},
		{ID: "a", Body: "The cat sat. THE END"},
	}
	idx, err := radial.Ingest(docs)
	if err != nil {
		t.Fatal(err)
	}
	a := func(id, label string, off int, score float64) radial.Atom {
		return radial.Atom{CompoundID: id, Label: label, Offset: off, Score: score}
	}
	cats := []radial.Atom{a("a", "cat", 4, 1), a("b", "cat", 0, 1), a("b", "cat", 12, 1)}
	tests := []struct {
		name  string
		terms []string
		match Matcher
		want  []radial.Atom
	}{
		{"exact, case-insensitive", []string{"CAT"}, nil, cats},
		{"same atom by two terms counts once", []string{"cat", "Cat"}, nil, cats},
		{"Exact matcher equals nil", []string{"cat"}, Exact, cats},
		{"two terms, canonical order", []string{"the", "cat"}, nil,
			[]radial.Atom{a("a", "the", 0, 1), a("a", "cat", 4, 1), a("a", "the", 13, 1), a("b", "cat", 0, 1), a("b", "cat", 12, 1)}},
		{"no match", []string{"dog"}, nil, nil},
		{"no terms", nil, nil, nil},
		{"pluggable matcher", []string{"cat"}, prefix,
			[]radial.Atom{a("a", "cat", 4, 1), a("b", "cat", 0, 1), a("b", "catalog", 4, 0.5), a("b", "cat", 12, 1)}},
		// "ca" reaches cat at 0.5, "cat" at 1: the best score stays.
		{"best score wins", []string{"ca", "cat"}, prefix,
			[]radial.Atom{a("a", "cat", 4, 1), a("b", "cat", 0, 1), a("b", "catalog", 4, 0.5), a("b", "cat", 12, 1)}},
	}
	for _, tc := range tests {
		for _, terms := range [][]string{tc.terms, reversed(tc.terms)} {
			got, err := Census(idx, terms, tc.match)
			if err != nil || !slices.Equal(got, tc.want) {
				t.Errorf("%s: Census(%q) = %v, %v, want %v", tc.name, terms, got, err, tc.want)
			}
		}
	}
	nan := func(string, string) (float64, bool) { return math.NaN(), true }
	if _, err := Census(idx, []string{"cat"}, nan); err == nil || !strings.Contains(err.Error(), `term "cat"`) {
		t.Errorf("NaN matcher: err = %v, want one naming the term", err)
	}
	if got, err := Census(nil, []string{"cat"}, nil); got != nil || err != nil {
		t.Errorf("nil index: %v, %v, want nothing", got, err)
	}
}

func reversed[T any](s []T) []T {
	out := slices.Clone(s)
	slices.Reverse(out)
	return out
}
