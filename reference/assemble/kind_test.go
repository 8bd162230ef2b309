package assemble

import (
	"strings"
	"testing"
)

func TestKinds(t *testing.T) {
	prose := "First one. The cat sat on the mat. Last one."
	code := "func a() {\n\tx := 1\n\ty := 2\n}\n"
	data := "id,name\n1,ann\n2,bob\n"
	kv := "k=alpha; v=omega\n" // alpha [2,7), omega [11,16), 17 bytes
	multi := "Él dijo. 日本語 es difícil. Fin."
	far500 := strings.Repeat("x", 500) + "mm" + strings.Repeat("y", 500)
	far501 := strings.Repeat("x", 501) + "mm" + strings.Repeat("y", 501)
	at := func(body, sub string) int { s, _ := span(body, sub); return s }
	end := func(body, sub string) int { _, e := span(body, sub); return e }
	tests := []struct {
		name string
		doc  Document
		mols []Molecule
		max  int
		opt  Options
		want []Result
	}{
		{
			name: "prose extends to sentence", doc: Document{ID: "p", Body: prose, Kind: KindProse},
			mols: []Molecule{molOf("m", "p", prose, "cat sat", 1)}, max: 100,
			want: []Result{{"The cat sat on the mat.", "p", at(prose, "The"), end(prose, "mat."), []string{"m"}, Single, 1, 1}},
		},
		{
			name: "empty kind is prose", doc: Document{ID: "p", Body: prose},
			mols: []Molecule{molOf("m", "p", prose, "cat sat", 1)}, max: 100,
			want: []Result{{"The cat sat on the mat.", "p", at(prose, "The"), end(prose, "mat."), []string{"m"}, Single, 1, 1}},
		},
		{
			// the start boundary is 4 bytes back, the end 15 forward: limit 5 allows only the start.
			name: "extend limit per edge", doc: Document{ID: "p", Body: prose},
			mols: []Molecule{molOf("m", "p", prose, "cat sat", 1)}, max: 100, opt: Options{ExtendLimit: 5},
			want: []Result{{"The cat sat", "p", at(prose, "The"), end(prose, "cat sat"), []string{"m"}, Single, 1, 1}},
		},
		{
			name: "code extends to line", doc: Document{ID: "c", Body: code, Kind: KindCode},
			mols: []Molecule{molOf("m", "c", code, "x := 1", 1)}, max: 100,
			want: []Result{{"\tx := 1\n", "c", at(code, "\tx"), end(code, "x := 1\n"), []string{"m"}, Single, 1, 1}},
		},
		{
			// 6 bytes + 1 left: the start edge ("\t") goes first, then nothing is left for "\n".
			name: "left edge first, all or nothing", doc: Document{ID: "c", Body: code, Kind: KindCode},
			mols: []Molecule{molOf("m", "c", code, "x := 1", 1)}, max: 7,
			want: []Result{{"\tx := 1", "c", at(code, "\tx"), end(code, "x := 1"), []string{"m"}, Single, 1, 1}},
		},
		{
			// "x\nab\n", m = "b" [3,4): the line start 2 is 1 byte back, the
			// body's end 5 one byte forward; ExtendLimit 1 reaches both.
			name: "extend limit 1", doc: Document{ID: "c", Body: "x\nab\n", Kind: KindCode},
			mols: []Molecule{mol("m", "c", 3, 4, 1)}, max: 100, opt: Options{ExtendLimit: 1},
			want: []Result{{"ab\n", "c", 2, 5, []string{"m"}, Single, 1, 1}},
		},
		{
			// "ab\n", m = [0,2), budget 3: 1 byte left, and the right edge costs
			// exactly 1 (to the body's end 3): a cost equal to what is left fits.
			name: "right edge costing exactly the budget left", doc: Document{ID: "c", Body: "ab\n", Kind: KindCode},
			mols: []Molecule{mol("m", "c", 0, 2, 1)}, max: 3,
			want: []Result{{"ab\n", "c", 0, 3, []string{"m"}, Single, 1, 1}},
		},
		{
			// The default ExtendLimit is 500 bytes per edge. m = [500,502) of
			// 500 x's, "mm", 500 y's: body start and end are exactly 500 away.
			name: "default extend limit reaches 500 bytes", doc: Document{ID: "c", Body: far500, Kind: KindCode},
			mols: []Molecule{mol("m", "c", 500, 502, 1)}, max: 10000,
			want: []Result{{far500, "c", 0, 1002, []string{"m"}, Single, 1, 1}},
		},
		{
			// ... and not 501: 501 x's, "mm", 501 y's leave both edges where they are.
			name: "default extend limit stops at 501 bytes", doc: Document{ID: "c", Body: far501, Kind: KindCode},
			mols: []Molecule{mol("m", "c", 501, 503, 1)}, max: 10000,
			want: []Result{{"mm", "c", 501, 503, []string{"m"}, Single, 1, 1}},
		},
		{
			name: "data extends to record", doc: Document{ID: "t", Body: data, Kind: KindData},
			mols: []Molecule{molOf("m", "t", data, "ann", 1)}, max: 100,
			want: []Result{{"1,ann\n", "t", at(data, "1,ann"), end(data, "ann\n"), []string{"m"}, Single, 1, 1}},
		},
		{
			name: "extension never reaches a neighbour", doc: Document{ID: "k", Body: kv, Kind: KindCode},
			mols: []Molecule{mol("alpha", "k", 2, 7, 0.9), mol("omega", "k", 11, 16, 0.1)}, max: 100,
			opt: Options{GapLimit: 1},
			want: []Result{
				{"k=alpha", "k", 0, 7, []string{"alpha"}, Single, 1, 0.9},
				{"omega\n", "k", 11, 17, []string{"omega"}, Single, 1, 0.1},
			},
		},
		{
			name: "prose boundaries around multi-byte text", doc: Document{ID: "u", Body: multi},
			mols: []Molecule{molOf("m", "u", multi, "語 es", 1)}, max: 100,
			want: []Result{{"日本語 es difícil.", "u", at(multi, "日本"), end(multi, "difícil."), []string{"m"}, Single, 1, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := mustWindows(t, []Document{tt.doc}, tt.mols, tt.max, tt.opt)
			sameResults(t, got, tt.want)
		})
	}
}

func TestMultiByte(t *testing.T) {
	body := "café 日本語 text" // é is 2 bytes, each CJK character 3
	docs := []Document{{ID: "u", Body: body}}
	off := Options{ExtendLimit: noExtend}
	tests := []struct {
		name string
		mols []Molecule
		max  int
		want []Result
	}{
		{"one molecule", []Molecule{molOf("m", "u", body, "日本", 1)}, 6,
			[]Result{{"日本", "u", 6, 12, []string{"m"}, Single, 1, 1}}},
		// café = [0,5), 語 = [12,15): gap [5,12) = " 日本" = 7 bytes.
		{"gap filled across characters", []Molecule{molOf("a", "u", body, "café", 1), molOf("b", "u", body, "語", 0)}, 100,
			[]Result{{"café 日本語", "u", 0, 15, []string{"a", "b"}, GapFill, 1 - 7.0/500, 1}}},
		{"budget counts bytes", []Molecule{molOf("m", "u", body, "日本語", 1)}, 8, []Result{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			sameResults(t, mustWindows(t, docs, tt.mols, tt.max, off), tt.want)
		})
	}
}
