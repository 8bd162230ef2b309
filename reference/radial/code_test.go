package radial

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// goSrc, line by line, with the cost of each line (non-whitespace bytes)
// counted by hand:
//
//	L0  package demo                  11
//	L1                                 0
//	L2  func add(a, b int) int {      19  func4 add(a,6 b1 int)4 int3 {1
//	L3  	return a + b                  9
//	L4  }                              1
//	L5                                 0
//	L6  func loop(n int) int {        18  func4 loop(n6 int)4 int3 {1
//	L7  	s := 0                        4
//	L8  	for i := 0; i < n; i++ {     16  for3 i1 :=2 0;2 i1 <1 n;2 i++3 {1
//	L9  		s += i                      4
//	L10 	}                             1
//	L11 	return s                      7
//	L12 }                              1
//
// Blocks: add = L2-L4 (29), loop = L6-L12 (51), for = L8-L10 (21).
const goSrc = "package demo\n\nfunc add(a, b int) int {\n\treturn a + b\n}\n\n" +
	"func loop(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n"

// pySrc, line by line, with costs:
//
//	L0  import os                              8
//	L1                                          0
//	L2  class Greeter:                         13
//	L3      def __init__(self, name):          23  def3 __init__(self,14 name):6
//	L4          self.name = name               14
//	L5                                          0
//	L6      def greet(self):                   15
//	L7          if self.name:                  12
//	L8              return "hi " + self.name   20  return6 "hi3 "1 +1 self.name9
//	L9          return "hi"                    10
//	L10                                         0
//	L11 TABLE = {                               7
//	L12     "alpha": 1,                        10
//	L13 }                                       1
//
// Indentation blocks around L8: if = L7-L8 (32), greet = L6-L9 (57), class =
// L2-L9 (107; the blank L10 is not part of it). The dict is both a brace
// block and an indentation block (its closing "}" line attached): L11-L13 (18).
const pySrc = "import os\n\nclass Greeter:\n    def __init__(self, name):\n        self.name = name\n\n" +
	"    def greet(self):\n        if self.name:\n            return \"hi \" + self.name\n        return \"hi\"\n\n" +
	"TABLE = {\n    \"alpha\": 1,\n}\n"

// noIndent has braces but no indentation: only brace matching finds its block.
const noIndent = "func f() {\nreturn 1\n}\n"

// unbalanced has a lone "{" in a string: brace blocks are off, indentation
// blocks still work.
const unbalanced = "def f(x):\n    print(\"{\")\n    return x\n"

func TestExtentCode(t *testing.T) {
	tests := []struct {
		name  string
		src   string
		hit   string // the atom is at the first occurrence of hit
		r     int
		shape Shape
		want  string
		cost  int
	}{
		{"go: function fits (29 <= 30)", goSrc, "return a", 15, Block,
			"func add(a, b int) int {\n\treturn a + b\n}\n", 29},
		// 29 > 28: lines. L3 (9) + L2 (19) = 28; L4 would make 29; the blank
		// L1 is free; L0 (11) does not fit.
		{"go: function one byte too big", goSrc, "return a", 14, Lines,
			"\nfunc add(a, b int) int {\n\treturn a + b\n", 28},
		{"go: outer function fits (51 <= 60)", goSrc, "s += i", 30, Block,
			"func loop(n int) int {\n\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n", 51},
		{"go: only the for block fits (21 <= 50 < 51)", goSrc, "s += i", 25, Block,
			"\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n", 21},
		// 21 > 20: L9 (4) + L8 (16) = 20; L10 would make 21.
		{"go: lines around the hit", goSrc, "s += i", 10, Lines,
			"\tfor i := 0; i < n; i++ {\n\t\ts += i\n", 20},
		// L9 alone costs 4 > 2: the radial rule, [off-1, off+1].
		{"go: hit line too big", goSrc, "s += i", 1, Radial, "\ts", 1},
		// L0 is in no block; lines grow to the whole file (91 <= 200).
		{"go: top level, whole file", goSrc, "package", 100, Lines, goSrc, 91},
		{"py: method fits (57 <= 60)", pySrc, "return \"hi \"", 30, Block,
			"    def greet(self):\n        if self.name:\n            return \"hi \" + self.name\n        return \"hi\"\n", 57},
		{"py: if block (32 <= 40 < 57)", pySrc, "return \"hi \"", 20, Block,
			"        if self.name:\n            return \"hi \" + self.name\n", 32},
		{"py: class (107 <= 120)", pySrc, "return \"hi \"", 60, Block,
			pySrc[strings.Index(pySrc, "class"):strings.Index(pySrc, "\nTABLE")], 107},
		// L8 alone costs 20 > 10: radial [off-5, off+5] = 5 spaces + "retur".
		{"py: hit line too big", pySrc, "return \"hi \"", 5, Radial, "     retur", 5},
		{"py: dict as a block (18 <= 20)", pySrc, "alpha", 10, Block,
			"TABLE = {\n    \"alpha\": 1,\n}\n", 18},
		// 18 > 16: L12 (10); L11 would make 17; L13 makes 11.
		{"py: dict one byte too big", pySrc, "alpha", 8, Lines,
			"    \"alpha\": 1,\n}\n", 11},
		// func4 f()3 {1 = 8, return6 1 = 7, } = 1: 16.
		{"braces without indentation", noIndent, "return", 100, Block, noIndent, 16},
		// def3 f(x):5 = 8, print("{") = 10, return6 x1 = 7: 25.
		{"unbalanced braces, indentation block", unbalanced, "return", 100, Block, unbalanced, 25},
	}
	for _, tc := range tests {
		off := strings.Index(tc.src, tc.hit)
		doc := inflate.Document{ID: "src", Body: tc.src, Kind: "code"}
		s, err := Extent(doc, off, tc.r)
		if err != nil {
			t.Errorf("%s: %v", tc.name, err)
			continue
		}
		got := tc.src[s.Start:s.End]
		if s.Shape != tc.shape || got != tc.want {
			t.Errorf("%s: %s %q, want %s %q", tc.name, s.Shape, got, tc.shape, tc.want)
		}
		if c := Cost("code", got); c != tc.cost || c > 2*tc.r {
			t.Errorf("%s: cost %d, want %d (and <= 2r = %d)", tc.name, c, tc.cost, 2*tc.r)
		}
		if s.Start > off || off > s.End {
			t.Errorf("%s: window [%d,%d) misses the hit at %d", tc.name, s.Start, s.End, off)
		}
		if s.Shape != Radial && s.Start > 0 && tc.src[s.Start-1] != '\n' {
			t.Errorf("%s: window starts at %d, not at a line start", tc.name, s.Start)
		}
	}
}

func TestWindowsCode(t *testing.T) {
	docs := []inflate.Document{{ID: "go", Body: goSrc, Kind: "code"}}
	atom := func(hit string) Atom {
		return Atom{CompoundID: "go", Label: hit, Offset: strings.Index(goSrc, hit)}
	}
	// r=25 (allowance 50): "s += i" → the for block L8-L10; "return s" is in
	// no block that fits (loop costs 51), so lines grow from L11: L10, L12,
	// L9, L8, L7 (cost 33); L6 would make 51. [L7, L12] holds [L8, L10]: one
	// window of cost 33.
	ws, err := Windows(docs, []Atom{atom("return s"), atom("s += i")}, 25)
	if err != nil {
		t.Fatal(err)
	}
	want := "\ts := 0\n\tfor i := 0; i < n; i++ {\n\t\ts += i\n\t}\n\treturn s\n}\n"
	if len(ws) != 1 || ws[0].Text != want || ws[0].Cost != 33 || len(ws[0].Atoms) != 2 {
		t.Fatalf("windows %+v, want one window %q of cost 33 with both atoms", ws, want)
	}
	// r=30 (allowance 60): add (29) and loop (51) are separate blocks; the
	// blank L5 between them keeps them apart. Together 80 <= 2·2·30.
	ws, err = Windows(docs, []Atom{atom("return a"), atom("s += i")}, 30)
	if err != nil {
		t.Fatal(err)
	}
	if len(ws) != 2 || ws[0].Cost != 29 || ws[1].Cost != 51 || ws[0].End >= ws[1].Start {
		t.Fatalf("windows %+v, want add (29) then loop (51), apart", ws)
	}
}

// TestCodeLines: a line starts after every newline but a final one, even
// when the last line is a single byte.
func TestCodeLines(t *testing.T) {
	for _, tt := range []struct {
		body string
		want []int
	}{
		{"", []int{0}},
		{"ab", []int{0}},
		{"ab\n", []int{0}},
		{"ab\nc", []int{0, 3}},
		{"ab\ncd\n", []int{0, 3}},
		{"\n\nx", []int{0, 1, 2}},
	} {
		if got := newCodeDoc(tt.body).starts; !slices.Equal(got, tt.want) {
			t.Errorf("lines of %q start at %v, want %v", tt.body, got, tt.want)
		}
	}
}
