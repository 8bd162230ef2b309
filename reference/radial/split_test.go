package radial

import (
	"math"
	"slices"
	"strings"
	"testing"
)

func TestSplit(t *testing.T) {
	tests := []struct {
		name   string
		budget int
		terms  []Term
		want   []Share
		unused int
	}{
		// One term is the degenerate case: Total = 10000; related floor(30%)
		// = 3000 over 5 → 600; direct 7000 over 4 → 1750.
		{"single term", 10000, []Term{{"a", 4, 5}},
			[]Share{{"a", 10000, 4, 1750, 5, 600}}, 0},
		// Two terms with atoms: 5000 each. a: 1500 related /5 = 300, 3500
		// direct /4 = 875. b has no related atoms: all 5000 to its 2 direct.
		{"no related atoms keeps the 30%", 10000, []Term{{"b", 2, 0}, {"a", 4, 5}},
			[]Share{{"a", 5000, 4, 875, 5, 300}, {"b", 5000, 2, 2500, 0, 0}}, 0},
		// b has no atoms: a and c share 1000, 500 each. a: related 150 /2 =
		// 75, direct 350 /3 = 116 (348). c: 7 related, 5 served: 150 /5 = 30;
		// direct 350 /1. Used 348+150+350+150 = 998.
		{"term without atoms gives way", 1000, []Term{{"a", 3, 2}, {"b", 0, 0}, {"c", 1, 7}},
			[]Share{{"a", 500, 3, 116, 2, 75}, {"b", 0, 0, 0, 0, 0}, {"c", 500, 1, 350, 5, 30}}, 2},
		// A term with a single related atom and no direct one has atoms: two
		// terms share 100, 50 each. a has no related atoms: 50 to its one
		// direct. b has no direct atoms: 50 to its one related.
		{"one related atom counts", 100, []Term{{"a", 1, 0}, {"b", 0, 1}},
			[]Share{{"a", 50, 1, 50, 0, 0}, {"b", 50, 0, 0, 1, 50}}, 0},
		// No direct atoms: the whole share goes to the 3 related: 999/3.
		{"related only", 999, []Term{{"a", 0, 3}},
			[]Share{{"a", 999, 0, 0, 3, 333}}, 0},
		// 7 bytes, 1 term: related floor(2.1) = 2 over 1; direct 5 over 2 = 2.
		// Used 2+4 = 6.
		{"rounding down", 7, []Term{{"a", 2, 1}},
			[]Share{{"a", 7, 2, 2, 1, 2}}, 1},
		// 3 terms share 10: 3 each (1 lost); related floor(0.9) = 0, direct 3.
		{"tiny budget", 10, []Term{{"c", 1, 1}, {"b", 1, 1}, {"a", 1, 1}},
			[]Share{{"a", 3, 1, 3, 1, 0}, {"b", 3, 1, 3, 1, 0}, {"c", 3, 1, 3, 1, 0}}, 1},
		{"zero budget", 0, []Term{{"a", 2, 2}},
			[]Share{{"a", 0, 2, 0, 2, 0}}, 0},
		{"no term has atoms", 500, []Term{{"a", 0, 0}},
			[]Share{{"a", 0, 0, 0, 0, 0}}, 500},
		{"no terms", 500, nil, []Share{}, 500},
		// floor(30% of MaxInt) computed without overflow: MaxInt = 9223372036854775807,
		// 30% floored = 2767011611056432742; direct the rest, 6456360425798343065.
		{"huge budget", math.MaxInt, []Term{{"a", 1, 1}},
			[]Share{{"a", math.MaxInt, 1, 6456360425798343065, 1, 2767011611056432742}}, 0},
	}
	for _, tc := range tests {
		got, err := Split(tc.budget, tc.terms)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if !slices.Equal(got.Terms, tc.want) || got.Unused != tc.unused || got.Budget != tc.budget {
			t.Errorf("%s: Split = %+v, want terms %+v, unused %d", tc.name, got, tc.want, tc.unused)
		}
		if got.Used+got.Unused != tc.budget || got.Used > tc.budget {
			t.Errorf("%s: used %d + unused %d != budget %d", tc.name, got.Used, got.Unused, tc.budget)
		}
	}
}

// TestSplitSeventyThirty checks the ratio itself over a range of budgets:
// with direct and related atoms present, related atoms get floor(30%) of each
// term's share, never more, and the shares never pass the budget.
func TestSplitSeventyThirty(t *testing.T) {
	for budget := 0; budget <= 3000; budget += 7 {
		for n := 1; n <= 4; n++ {
			var terms []Term
			for i := range n {
				terms = append(terms, Term{Label: string(rune('a' + i)), Direct: i + 1, Related: 6 - i})
			}
			s, err := Split(budget, terms)
			if err != nil {
				t.Fatal(err)
			}
			if s.Used > budget {
				t.Fatalf("budget %d, %d terms: used %d", budget, n, s.Used)
			}
			for _, sh := range s.Terms {
				if sh.Total != budget/n {
					t.Fatalf("budget %d: term %s total %d, want %d", budget, sh.Term, sh.Total, budget/n)
				}
				if rel := sh.Related * sh.PerRelated; rel*10 > sh.Total*3 {
					t.Fatalf("budget %d: term %s related get %d of %d, above 30%%", budget, sh.Term, rel, sh.Total)
				}
				if sh.Related > RelatedPerTerm {
					t.Fatalf("term %s serves %d related atoms", sh.Term, sh.Related)
				}
				// Lower bounds, by hand from §5.5: term i (a, b, ...) has i+1
				// direct and 6-i related atoms, of which min(6-i, 5) are
				// served; the related pool is floor(30% of Total), the
				// direct pool the rest, and each is split evenly, rounded
				// down: less than one byte per atom is lost.
				i := int(sh.Term[0] - 'a')
				if sh.Direct != i+1 || sh.Related != min(6-i, 5) {
					t.Fatalf("budget %d: term %s serves %d direct and %d related atoms, want %d and %d", budget, sh.Term, sh.Direct, sh.Related, i+1, min(6-i, 5))
				}
				relPool := sh.Total * 3 / 10
				if rel := sh.Related * sh.PerRelated; rel <= relPool-sh.Related {
					t.Fatalf("budget %d: term %s related get %d of %d, below floor(30%%) = %d less rounding", budget, sh.Term, rel, sh.Total, relPool)
				}
				dirPool := sh.Total - relPool
				if dir := sh.Direct * sh.PerDirect; dir > dirPool || dir <= dirPool-sh.Direct {
					t.Fatalf("budget %d: term %s direct get %d of %d, want the 70%% pool %d less under a byte an atom", budget, sh.Term, dir, sh.Total, dirPool)
				}
			}
		}
	}
}

func TestSplitErrors(t *testing.T) {
	tests := []struct {
		name   string
		budget int
		terms  []Term
		want   string
	}{
		{"negative budget", -1, nil, "budget -1"},
		{"negative direct", 10, []Term{{"a", -1, 0}}, `term "a": negative`},
		{"negative related", 10, []Term{{"a", 1, -2}}, `term "a": negative`},
		{"duplicate term", 10, []Term{{"a", 1, 0}, {"a", 2, 0}}, `term "a": given twice`},
	}
	for _, tc := range tests {
		if _, err := Split(tc.budget, tc.terms); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want one containing %s", tc.name, err, tc.want)
		}
	}
}

// TestSplitConstants: std085-protocol §5.5, "**70%** → Direct query atoms
// (evenly split)", "**30%** → Related/nearby atoms (5 per primary term via
// synonym ring)".
func TestSplitConstants(t *testing.T) {
	if DirectPercent != 70 || RelatedPercent != 30 || RelatedPerTerm != 5 {
		t.Errorf("DirectPercent %d, RelatedPercent %d, RelatedPerTerm %d; want 70, 30, 5 (§5.5)", DirectPercent, RelatedPercent, RelatedPerTerm)
	}
}
