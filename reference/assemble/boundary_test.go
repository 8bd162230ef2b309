package assemble

import (
	"math"
	"reflect"
	"testing"
)

func TestBoundaries(t *testing.T) {
	// A0 .1 ' '2 B3 !4 \t5 C6 ?7 \n8 D9 ;10 ' '11 E12 .13 F14; 15 bytes.
	body := "A. B!\tC?\nD; E.F"
	tests := []struct {
		kind         string
		starts, ends []int
	}{
		// starts: 0, after "\n" (9), after ". " (3) and "!\t" (6); not after "; " (12).
		// ends: after ". " (2), "!\t" (5), "?\n" (8), after "\n" (9), body end; not ".F" (14).
		{KindProse, []int{0, 3, 6, 9}, []int{2, 5, 8, 9, 15}},
		{"", []int{0, 3, 6, 9}, []int{2, 5, 8, 9, 15}},
		{KindCode, []int{0, 9}, []int{9, 15}},
		{KindData, []int{0, 9}, []int{9, 15}},
	}
	for _, tt := range tests {
		var starts, ends []int
		for p := 0; p <= len(body); p++ {
			if isStart(tt.kind, body, p) {
				starts = append(starts, p)
			}
			if p > 0 && isEnd(tt.kind, body, p) {
				ends = append(ends, p)
			}
		}
		if !reflect.DeepEqual(starts, tt.starts) || !reflect.DeepEqual(ends, tt.ends) {
			t.Errorf("kind %q: starts %v ends %v; want %v %v", tt.kind, starts, ends, tt.starts, tt.ends)
		}
	}
	// Edges: nearest boundary within the limit, or the edge itself.
	edges := []struct {
		name      string
		got, want int
	}{
		{"left from 12 (prose)", leftEdge(KindProse, body, 12, 10), 9},
		{"left from 12, limit 2", leftEdge(KindProse, body, 12, 2), 12},
		{"left from 12, limit 3", leftEdge(KindProse, body, 12, 3), 9},
		{"left on a boundary", leftEdge(KindProse, body, 6, 10), 6},
		{"right from 10 (prose)", rightEdge(KindProse, body, 10, 10), 15},
		{"right from 10, limit 4", rightEdge(KindProse, body, 10, 4), 10},
		{"right from 3 (code)", rightEdge(KindCode, body, 3, 100), 9},
		{"right from 3 (prose)", rightEdge(KindProse, body, 3, 100), 5},
		{"right, limit near MaxInt", rightEdge(KindProse, body, 10, math.MaxInt), 15},
		{"left, limit near MaxInt", leftEdge(KindProse, body, 12, math.MaxInt), 9},
		// "? Q.": "? " ends a sentence, so "Q." starts one at 2, the first
		// offset that can follow two bytes; 1 (after "?") is no start.
		{"left to a sentence start at 2", leftEdge(KindProse, "? Q.", 3, 10), 2},
	}
	for _, e := range edges {
		if e.got != e.want {
			t.Errorf("%s = %d, want %d", e.name, e.got, e.want)
		}
	}
}

func TestMoreCases(t *testing.T) {
	d := []Document{{ID: "d", Body: alnum}}
	tests := []struct {
		name string
		docs []Document
		mols []Molecule
		max  int
		opt  Options
		want []Result
	}{
		{
			// Same time is "not going back": joined, Jaccard 1.
			name: "narrative with equal times", docs: d,
			mols: []Molecule{mol("a", "d", 0, 3, 1).at(50).ent("x"), mol("b", "d", 20, 23, 1).at(50).ent("x")}, max: 36,
			opt:  Options{Strategy: Narrative, ExtendLimit: noExtend},
			want: []Result{{alnum[:23], "d", 0, 23, []string{"a", "b"}, Narrative, 1, 1}},
		},
		{
			// Blocks 6, 14 left: the gap_fill link (2) goes first, 12 < 14 left for temporal.
			name: "stronger link first even if the weaker one would fit alone", docs: d, max: 20,
			opt:  Options{GapLimit: 10, ExtendLimit: noExtend},
			mols: []Molecule{mol("a", "d", 0, 2, 0.9), mol("b", "d", 4, 6, 0.1).at(100), mol("c", "d", 20, 22, 0.5).at(100)},
			want: []Result{
				{"abcdef", "d", 0, 6, []string{"a", "b"}, GapFill, 0.8, 0.9},
				{"uv", "d", 20, 22, []string{"c"}, Single, 1, 0.5},
			},
		},
		{
			// "x\nyz\n": z's line starts at 2 where x's window ends: extending would touch it.
			name: "extension stops one byte short of a neighbour", docs: []Document{{ID: "c", Body: "x\nyz\n", Kind: KindCode}},
			mols: []Molecule{mol("x", "c", 0, 2, 0.9), mol("z", "c", 3, 4, 0.1)}, max: 100, opt: Options{GapLimit: 1},
			want: []Result{
				{"x\n", "c", 0, 2, []string{"x"}, Single, 1, 0.9},
				{"z\n", "c", 3, 5, []string{"z"}, Single, 1, 0.1},
			},
		},
		{
			// "xy\nz\n": x's line ends at 3 where z's window starts: extending would touch it.
			name: "right extension stops one byte short", docs: []Document{{ID: "c", Body: "xy\nz\n", Kind: KindCode}},
			mols: []Molecule{mol("x", "c", 0, 1, 0.9), mol("z", "c", 3, 4, 0.1)}, max: 100, opt: Options{GapLimit: 1},
			want: []Result{
				{"x", "c", 0, 1, []string{"x"}, Single, 1, 0.9},
				{"z\n", "c", 3, 5, []string{"z"}, Single, 1, 0.1},
			},
		},
		{
			// Links of gap_fill: gap 1 (score 0.9) goes before gap 5 (0.5); of 5 bytes
			// left, 4 remain, too few for the second (which alone would have fit).
			name: "higher pair score first within a tier", docs: d, max: 11,
			opt:  Options{GapLimit: 10, ExtendLimit: noExtend},
			mols: []Molecule{mol("a", "d", 0, 2, 0), mol("b", "d", 7, 9, 0), mol("c", "d", 10, 12, 0)},
			want: []Result{
				{"ab", "d", 0, 2, []string{"a"}, Single, 1, 0},
				{"hijkl", "d", 7, 12, []string{"b", "c"}, GapFill, 0.9, 0},
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sameResults(t, mustWindows(t, tt.docs, tt.mols, tt.max, tt.opt), tt.want)
		})
	}
}
