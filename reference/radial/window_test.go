package radial

import (
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// span is the part of a Window that the tables compare: [start, end) and the
// offsets of its atoms.
type span struct {
	id         string
	start, end int
	offsets    []int
}

func spans(ws []Window) []span {
	var out []span
	for _, w := range ws {
		s := span{id: w.CompoundID, start: w.Start, end: w.End}
		for _, a := range w.Atoms {
			s.offsets = append(s.offsets, a.Offset)
		}
		out = append(out, s)
	}
	return out
}

func equalSpans(a, b []span) bool {
	return slices.EqualFunc(a, b, func(x, y span) bool {
		return x.id == y.id && x.start == y.start && x.end == y.end && slices.Equal(x.offsets, y.offsets)
	})
}

func at(id string, offsets ...int) []Atom {
	var out []Atom
	for _, o := range offsets {
		out = append(out, Atom{CompoundID: id, Label: "w", Offset: o})
	}
	return out
}

func TestWindowsProse(t *testing.T) {
	ascii := strings.Repeat("abcdefghij", 300) // 3000 bytes
	// "é" is 2 bytes: every even offset is a boundary.
	accents := strings.Repeat("é", 10) // 20 bytes
	// 日 0-2 本 3-5 語 6-8, " " 9, text 10-13, " " 14, 日 15 本 18 語 21, end 24.
	mixed := "日本語 text 日本語"
	docs := []inflate.Document{
		{ID: "ascii", Body: ascii},
		{ID: "acc", Body: accents, Kind: "data"},
		{ID: "mixed", Body: mixed, Kind: "prose"},
		{ID: "twin", Body: ascii},
	}
	tests := []struct {
		name  string
		atoms []Atom
		r     int
		want  []span
	}{
		// std085-protocol §5.4: "position 1000, radius 500 → window [500, 1500]".
		{"§5.4 single", at("ascii", 1000), 500, []span{{"ascii", 500, 1500, []int{1000}}}},
		// §5.4: [500,1500] and [900,1900] overlap → [500,1900].
		{"§5.4 overlap", at("ascii", 1000, 1400), 500, []span{{"ascii", 500, 1900, []int{1000, 1400}}}},
		{"§5.4 overlap, reversed input", at("ascii", 1400, 1000), 500, []span{{"ascii", 500, 1900, []int{1000, 1400}}}},
		// [500,1500] and [1500,2500] touch: start 1500 <= previous end 1500.
		{"touching merge", at("ascii", 1000, 2000), 500, []span{{"ascii", 500, 2500, []int{1000, 2000}}}},
		// [500,1500] and [1501,2501]: 1501 > 1500, a one-byte gap.
		{"one-byte gap", at("ascii", 1000, 2001), 500, []span{{"ascii", 500, 1500, []int{1000}}, {"ascii", 1501, 2501, []int{2001}}}},
		{"three chained", at("ascii", 0, 900, 1800), 500, []span{{"ascii", 0, 2300, []int{0, 900, 1800}}}},
		{"clamped at start", at("ascii", 100), 500, []span{{"ascii", 0, 600, []int{100}}}},
		{"clamped at end", at("ascii", 2900), 500, []span{{"ascii", 2400, 3000, []int{2900}}}},
		{"radius beyond both ends", at("ascii", 1500), math.MaxInt, []span{{"ascii", 0, 3000, []int{1500}}}},
		{"duplicate atom counts once", at("ascii", 1000, 1000), 500, []span{{"ascii", 500, 1500, []int{1000}}}},
		// Raw [1,7]: 1 and 7 fall inside "é", so the edges move inward to 2 and 6.
		{"multi-byte snapped inward", at("acc", 4), 3, []span{{"acc", 2, 6, []int{4}}}},
		{"multi-byte on boundaries", at("acc", 4), 4, []span{{"acc", 0, 8, []int{4}}}},
		// text@10 r5: raw [5,15] → [6,15]; 日本語@15 r5: raw [10,20] → [10,18].
		// Overlap → [6,18] = "語 text 日".
		{"mixed scripts merge", at("mixed", 10, 15), 5, []span{{"mixed", 6, 18, []int{10, 15}}}},
		// Same offsets in two compounds never merge; order is by compound ID.
		{"compounds stay apart", append(at("twin", 1000), at("ascii", 1000)...), 500,
			[]span{{"ascii", 500, 1500, []int{1000}}, {"twin", 500, 1500, []int{1000}}}},
		{"no atoms", nil, 500, nil},
	}
	for _, tc := range tests {
		ws, err := Windows(docs, tc.atoms, tc.r)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		if got := spans(ws); !equalSpans(got, tc.want) {
			t.Errorf("%s: windows %v, want %v", tc.name, got, tc.want)
		}
		for _, w := range ws {
			body := map[string]string{"ascii": ascii, "acc": accents, "mixed": mixed, "twin": ascii}[w.CompoundID]
			if w.Text != body[w.Start:w.End] || w.Cost != w.End-w.Start {
				t.Errorf("%s: window %d-%d text %q cost %d, want body slice and its length", tc.name, w.Start, w.End, w.Text, w.Cost)
			}
		}
	}
	// The mixed-script case, as text.
	ws, _ := Windows(docs, at("mixed", 10, 15), 5)
	if len(ws) != 1 || ws[0].Text != "語 text 日" {
		t.Errorf("mixed windows = %v, want one with text %q", ws, "語 text 日")
	}
}

func TestWindowsScoreAndOrder(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: strings.Repeat("x", 100)}}
	atoms := []Atom{{"d", "b", 50, 0.2}, {"d", "a", 40, 0.7}, {"d", "c", 90, 0.1}}
	ws, err := Windows(docs, atoms, 5)
	if err != nil {
		t.Fatal(err)
	}
	// [35,45] and [45,55] touch and merge; [85,95] stays alone.
	want := []span{{"d", 35, 55, []int{40, 50}}, {"d", 85, 95, []int{90}}}
	if got := spans(ws); !equalSpans(got, want) {
		t.Fatalf("windows %v, want %v", got, want)
	}
	if ws[0].Score != 0.7 || ws[1].Score != 0.1 {
		t.Errorf("scores %v, %v, want 0.7 (max of 0.7, 0.2) and 0.1", ws[0].Score, ws[1].Score)
	}
}

func TestWindowsErrors(t *testing.T) {
	good := inflate.Document{ID: "g", Body: "aé b"} // é is bytes 1-2
	tests := []struct {
		name  string
		docs  []inflate.Document
		atoms []Atom
		r     int
		want  string
	}{
		{"unknown compound", []inflate.Document{good}, []Atom{{"nope", "x", 0, 0}}, 5, `unknown compound "nope"`},
		{"negative offset", []inflate.Document{good}, []Atom{{"g", "x", -1, 0}}, 5, `"x"@g:-1`},
		{"offset at end", []inflate.Document{good}, []Atom{{"g", "x", 5, 0}}, 5, "outside the body [0, 5)"},
		{"offset inside é", []inflate.Document{good}, []Atom{{"g", "x", 2, 0}}, 5, "inside a multi-byte character"},
		{"NaN score", []inflate.Document{good}, []Atom{{"g", "x", 0, math.NaN()}}, 5, `"x"@g:0: score NaN`},
		{"infinite score", []inflate.Document{good}, []Atom{{"g", "x", 0, math.Inf(1)}}, 5, "not finite"},
		{"radius 0", []inflate.Document{good}, at("g", 0), 0, "radius 0"},
		{"negative radius", []inflate.Document{good}, at("g", 0), -3, "radius -3"},
		{"invalid UTF-8", []inflate.Document{{ID: "bad", Body: "\xc3("}}, nil, 5, `compound "bad"`},
		{"duplicate document", []inflate.Document{good, good}, nil, 5, `compound "g": duplicate`},
		{"unknown kind", []inflate.Document{{ID: "k", Body: "x", Kind: "html"}}, nil, 5, `"html"`},
	}
	for _, tc := range tests {
		ws, err := Windows(tc.docs, tc.atoms, tc.r)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v (windows %v), want one containing %s", tc.name, err, ws, tc.want)
		}
	}
	// The error does not depend on input order: the first atom in canonical
	// order (compound, offset) is reported.
	bad := []Atom{{"g", "late", 4, math.NaN()}, {"g", "early", 0, math.NaN()}}
	for _, in := range [][]Atom{bad, {bad[1], bad[0]}} {
		if _, err := Windows([]inflate.Document{good}, in, 5); err == nil || !strings.Contains(err.Error(), `"early"`) {
			t.Errorf("order %v: err = %v, want the atom \"early\"", in, err)
		}
	}
	if _, err := Extent(good, 2, 5); err == nil {
		t.Error("Extent inside a character: no error")
	}
	if _, err := Extent(good, 0, 0); err == nil {
		t.Error("Extent with radius 0: no error")
	}
}

func TestCost(t *testing.T) {
	tests := []struct {
		kind, text string
		want       int
	}{
		{"code", "\t// 日本\n", 8},   // "//" 2 + 日本 6; tab and newline are free
		{"prose", "\t// 日本\n", 11}, // every byte
		{"", "a b", 3},
		{"data", "a b", 3},
		{"code", "a\u00a0b", 2},    // NO-BREAK SPACE is whitespace
		{"code", "\u3000x\r\n", 1}, // IDEOGRAPHIC SPACE too
		{"code", "", 0},
		{"code", "a\xffb", 3}, // an invalid byte is not whitespace and counts once
	}
	for _, tc := range tests {
		if got := Cost(tc.kind, tc.text); got != tc.want {
			t.Errorf("Cost(%q, %q) = %d, want %d", tc.kind, tc.text, got, tc.want)
		}
	}
}
