package assemble

import "testing"

func TestBudget(t *testing.T) {
	two := []Document{{ID: "d1", Body: alnum}, {ID: "d2", Body: alnum}}
	ab := []Document{{ID: "b", Body: alnum}, {ID: "a", Body: alnum}}
	d := []Document{{ID: "d", Body: alnum}}
	off := Options{ExtendLimit: noExtend}
	tests := []struct {
		name string
		docs []Document
		mols []Molecule
		max  int
		opt  Options
		want []Result
	}{
		{
			name: "higher score kept", docs: two, max: 15, opt: off,
			mols: []Molecule{mol("y", "d2", 0, 10, 0.8), mol("x", "d1", 0, 10, 0.9)},
			want: []Result{{alnum[:10], "d1", 0, 10, []string{"x"}, Single, 1, 0.9}},
		},
		{
			name: "equal scores: source id decides", docs: ab, max: 10, opt: off,
			mols: []Molecule{mol("y", "b", 0, 10, 0.5), mol("x", "a", 0, 10, 0.5)},
			want: []Result{{alnum[:10], "a", 0, 10, []string{"x"}, Single, 1, 0.5}},
		},
		{
			name: "equal scores in one source: start decides", docs: d, max: 10, opt: Options{GapLimit: 1, ExtendLimit: noExtend},
			mols: []Molecule{mol("late", "d", 20, 30, 0.5), mol("early", "d", 0, 10, 0.5)},
			want: []Result{{alnum[:10], "d", 0, 10, []string{"early"}, Single, 1, 0.5}},
		},
		{
			name: "block too big is skipped, smaller one kept", docs: two, max: 10, opt: off,
			mols: []Molecule{mol("big", "d1", 0, 20, 0.9), mol("small", "d2", 0, 5, 0.1)},
			want: []Result{{alnum[:5], "d2", 0, 5, []string{"small"}, Single, 1, 0.1}},
		},
		{
			name: "exact fit", docs: d, max: 36, opt: off,
			mols: []Molecule{mol("all", "d", 0, 36, 0)},
			want: []Result{{alnum, "d", 0, 36, []string{"all"}, Single, 1, 0}},
		},
		{
			name: "one byte short drops the block", docs: d, max: 35, opt: off,
			mols: []Molecule{mol("all", "d", 0, 36, 0)},
			want: []Result{},
		},
		{
			// Overlapping a [0,10), b [5,20) form one 20-byte block: never split.
			name: "overlap block dropped whole", docs: d, max: 19, opt: off,
			mols: []Molecule{mol("a", "d", 0, 10, 1), mol("b", "d", 5, 20, 0)},
			want: []Result{},
		},
		{
			// Blocks 2+2+2 = 6, 4 left: gap_fill (tier 1, gap 2) is accepted before
			// temporal (tier 2, gap 14); 2 left < 14.
			name: "gap fill accepted before temporal", docs: d, max: 10, opt: Options{GapLimit: 10, ExtendLimit: noExtend},
			mols: []Molecule{mol("a", "d", 0, 2, 0.9), mol("b", "d", 4, 6, 0.1).at(100), mol("c", "d", 20, 22, 0.5).at(100)},
			want: []Result{
				{"abcdef", "d", 0, 6, []string{"a", "b"}, GapFill, 0.8, 0.9},
				{"uv", "d", 20, 22, []string{"c"}, Single, 1, 0.5},
			},
		},
		{
			// 16 left: gap 2 then gap 14 both fit: (0.8 + 1)/2.
			name: "both links fit", docs: d, max: 22, opt: Options{GapLimit: 10, ExtendLimit: noExtend},
			mols: []Molecule{mol("a", "d", 0, 2, 0.9), mol("b", "d", 4, 6, 0.1).at(100), mol("c", "d", 20, 22, 0.5).at(100)},
			want: []Result{{alnum[:22], "d", 0, 22, []string{"a", "b", "c"}, Temporal, 0.9, 0.9}},
		},
		{
			// b [10,20) is dropped (score 0, no room); a and c are then neighbours:
			// gap 20 >= GapLimit 10 and no other signal, so not joined.
			name: "dropped block leaves neighbours unjoined", docs: d, max: 20, opt: Options{GapLimit: 10, ExtendLimit: noExtend},
			mols: []Molecule{mol("a", "d", 0, 10, 2), mol("b", "d", 10, 20, 0), mol("c", "d", 30, 36, 1)},
			want: []Result{
				{alnum[:10], "d", 0, 10, []string{"a"}, Single, 1, 2},
				{alnum[30:], "d", 30, 36, []string{"c"}, Single, 1, 1},
			},
		},
		{
			name: "no molecules", docs: d, max: 1, mols: nil, want: []Result{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustWindows(t, tt.docs, tt.mols, tt.max, tt.opt)
			if got == nil {
				t.Fatal("nil result; want an empty, non-nil slice")
			}
			sameResults(t, got, tt.want)
		})
	}
}
