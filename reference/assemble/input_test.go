package assemble

import (
	"math"
	"strings"
	"testing"
)

func TestBadInput(t *testing.T) {
	body := "abc日本def" // 日 = [3,6), 本 = [6,9), 12 bytes
	ok := []Document{{ID: "d", Body: body}}
	good := mol("good", "d", 0, 3, 1)
	tests := []struct {
		name string
		docs []Document
		mols []Molecule
		max  int
		opt  Options
		want []string // substrings of the error
	}{
		{"zero budget", ok, []Molecule{good}, 0, Options{}, []string{"max_chars 0"}},
		{"negative budget", ok, []Molecule{good}, -5, Options{}, []string{"max_chars -5"}},
		{"unknown source", ok, []Molecule{mol("m1", "nope", 0, 1, 0)}, 10, Options{}, []string{`"m1"`, `unknown source "nope"`}},
		{"end beyond body", ok, []Molecule{mol("m2", "d", 0, 13, 0)}, 10, Options{}, []string{`"m2"`, "end_byte 13 beyond"}},
		{"negative start", ok, []Molecule{mol("m3", "d", -1, 2, 0)}, 10, Options{}, []string{`"m3"`, "negative"}},
		{"end before start", ok, []Molecule{mol("m4", "d", 5, 2, 0)}, 10, Options{}, []string{`"m4"`, "before start_byte"}},
		{"empty range", ok, []Molecule{mol("m5", "d", 3, 3, 0)}, 10, Options{}, []string{`"m5"`, "empty range"}},
		{"start inside character", ok, []Molecule{mol("m6", "d", 4, 9, 0)}, 10, Options{}, []string{`"m6"`, "start_byte 4 cuts"}},
		{"end inside character", ok, []Molecule{mol("m7", "d", 0, 5, 0)}, 10, Options{}, []string{`"m7"`, "end_byte 5 cuts"}},
		{"duplicate molecule", ok, []Molecule{good, mol("good", "d", 9, 12, 0)}, 10, Options{}, []string{`"good"`, "duplicate"}},
		{"empty molecule id", ok, []Molecule{mol("", "d", 0, 1, 0)}, 10, Options{}, []string{"empty id"}},
		{"NaN score", ok, []Molecule{mol("m8", "d", 0, 1, math.NaN())}, 10, Options{}, []string{`"m8"`, "score NaN"}},
		{"infinite score", ok, []Molecule{mol("m9", "d", 0, 1, math.Inf(1))}, 10, Options{}, []string{`"m9"`, "not finite"}},
		{"NaN vector", ok, []Molecule{mol("v1", "d", 0, 1, 0).vec(1, math.NaN())}, 10, Options{}, []string{`"v1"`, "vector[1]"}},
		{"vector lengths differ", ok, []Molecule{mol("v2", "d", 0, 1, 0).vec(1, 2), mol("v3", "d", 9, 12, 0).vec(1, 2, 3)}, 10, Options{},
			[]string{`"v3"`, "3 dimensions", `"v2"`, "has 2"}},
		{"empty entity", ok, []Molecule{mol("e1", "d", 0, 1, 0).ent("x", "")}, 10, Options{}, []string{`"e1"`, "entities[1]"}},
		{"invalid UTF-8", []Document{{ID: "bad", Body: "ab\xffc"}}, nil, 10, Options{}, []string{`"bad"`, "UTF-8", "at 2"}},
		{"duplicate document", []Document{{ID: "d", Body: "x"}, {ID: "d", Body: "y"}}, nil, 10, Options{}, []string{`"d"`, "duplicate"}},
		{"empty document id", []Document{{ID: "", Body: "x"}}, nil, 10, Options{}, []string{"empty id"}},
		{"unknown kind", []Document{{ID: "d", Body: "x", Kind: "text"}}, nil, 10, Options{}, []string{`"d"`, `kind "text"`}},
		{"unknown strategy", ok, nil, 10, Options{Strategy: "single"}, []string{`strategy "single"`}},
		{"negative gap limit", ok, nil, 10, Options{GapLimit: -1}, []string{"gap_limit -1"}},
		{"negative time window", ok, nil, 10, Options{TimeWindow: -1}, []string{"time_window -1"}},
		{"semantic min above 1", ok, nil, 10, Options{SemanticMin: 1.5}, []string{"semantic_min 1.5"}},
		{"semantic min NaN", ok, nil, 10, Options{SemanticMin: math.NaN()}, []string{"semantic_min NaN"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Windows(tt.docs, tt.mols, tt.max, tt.opt)
			if err == nil {
				t.Fatalf("no error; got %+v", res)
			}
			for _, w := range tt.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q lacks %q", err, w)
				}
			}
			if res != nil {
				t.Errorf("results %+v alongside an error", res)
			}
			if tt.opt == (Options{}) {
				if cerr := Check(tt.docs, tt.mols, tt.max, nil); cerr == nil {
					t.Errorf("Check accepted the same bad input")
				}
			}
		})
	}
}

// TestBadInputOrder checks that the error names the same molecule whatever
// the input order.
func TestBadInputOrder(t *testing.T) {
	docs := []Document{{ID: "d", Body: "abcdef"}}
	mols := []Molecule{mol("z", "d", 0, 9, 0), mol("a", "d", 4, 2, 0)}
	_, e1 := Windows(docs, mols, 10, Options{})
	_, e2 := Windows(docs, []Molecule{mols[1], mols[0]}, 10, Options{})
	if e1 == nil || e2 == nil || e1.Error() != e2.Error() || !strings.Contains(e1.Error(), `"a"`) {
		t.Errorf("errors differ or do not name the first molecule by id: %v / %v", e1, e2)
	}
}
