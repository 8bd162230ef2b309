package radial

import (
	"math"
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

// closeFirst has a lone "}" in a string, before any "{": brace blocks are
// off as soon as it is read.
const closeFirst = "def f(x):\n    print(\"}\")\n    return x\n"

// strayOpen has a lone "{" in a string (L0) and a balanced pair below it:
// every brace does not balance, so the pair L1-L3 is no candidate either.
// All lines have indentation 0, so there are no indentation blocks.
//
//	L0  s = "{"       5  s1 =1 "{"3
//	L1  func f() {    8  func4 f()3 {1
//	L2  return 1      7
//	L3  }             1
const strayOpen = "s = \"{\"\nfunc f() {\nreturn 1\n}\n"

// braceDoc: a brace block with a line above and below it, no indentation.
//
//	L0  a             1
//	L1  func f() {    8
//	L2  return 1      7
//	L3  }             1
//	L4  b             1
//
// The block L1-L3 costs 16.
const braceDoc = "a\nfunc f() {\nreturn 1\n}\nb\n"

// oneSpace is indented by single spaces: the innermost enclosing header has
// indentation 1, the outer one 0.
//
//	L0  def f(x):      8  def3 f(x):5
//	L1   if x:         4  if2 x:2
//	L2    return x     7  return6 x1
const oneSpace = "def f(x):\n if x:\n  return x\n"

// closers has no braces; its closing brackets sit at the indentation of the
// lines they close.
//
//	L0  x = [           3  x1 =1 [1
//	L1      foo(        4
//	L2          1,      2
//	L3      )           1
//	L4  ]               1
//
// Around L3 the only indentation block is L0-L4 (11): L1, at L3's own
// indentation, does not enclose L3.
const closers = "x = [\n    foo(\n        1,\n    )\n]\n"

// crossing has a brace pair L0-L2 and an indentation block L1-L3 that cross,
// each of cost 3 (every line costs 1).
//
//	L0  {
//	L1  a
//	L2    }
//	L3    c
const crossing = "{\na\n  }\n  c\n"

// ragged has a brace pair L0-L3 (7) whose body is not indented throughout:
// the indentation block of its header ends at L1 (5).
//
//	L0  f() {     4  f()3 {1
//	L1    x       1
//	L2  y         1
//	L3  }         1
const ragged = "f() {\n  x\ny\n}\n"

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
		// A "}" before any "{" turns brace blocks off; the indentation block
		// L0-L2 is found: def3 f(x):5 = 8, print("}") = 10, return6 x1 = 7.
		{"lone closing brace, indentation block", closeFirst, "return", 100, Block, closeFirst, 25},
		// The pair L1-L3 does not count while L0's "{" stays open: no block,
		// so lines grow to the whole file (21 <= 200).
		{"lone opening brace turns the pair off", strayOpen, "return", 100, Lines, strayOpen, 21},
		// A brace pair holds the lines of its own braces: from L1 (the "{"
		// line) and from L3 (the "}" line) the block L1-L3 fits 16 exactly.
		{"hit on the opening brace's line", braceDoc, "func", 8, Block, "func f() {\nreturn 1\n}\n", 16},
		{"hit on the closing brace's line", braceDoc, "}", 8, Block, "func f() {\nreturn 1\n}\n", 16},
		// The hit line heads a block of its own: "if" L7-L8 (12 + 20 = 32)
		// fits 32; greet (57) does not.
		{"py: hit line heads the block", pySrc, "if self.name", 16, Block,
			"        if self.name:\n            return \"hi \" + self.name\n", 32},
		// From L2 the enclosing headers are L1 (indentation 1; block L1-L2,
		// 11) and then L0 (indentation 0; L0-L2, 19): the wider fits 200.
		{"header at indentation 1, then 0", oneSpace, "return", 100, Block, oneSpace, 19},
		// L1 has L3's indentation, so it encloses nothing of L3; L0-L4 costs
		// 11 > 8. Lines from L3 (1): up L2 (3), down L4 (4), up L1 (8); L0
		// would make 11.
		{"a sibling header does not enclose", closers, ")", 4, Lines,
			"    foo(\n        1,\n    )\n]\n", 8},
		// Equal costs (3 and 3): the earlier start wins, L0-L2.
		{"crossing blocks of equal cost", crossing, "a", 2, Block, "{\na\n  }\n", 3},
		// The candidates are the pair L0-L3 (7) and the indentation block
		// L0-L1 (5); the larger fits 8.
		{"largest of two blocks with one start", ragged, "x", 4, Block, ragged, 7},
		// 2r overflows int: the allowance saturates at MaxInt, so the dict
		// block (18) still fits (the only candidate around L12).
		{"py: radius MaxInt", pySrc, "alpha", math.MaxInt, Block,
			"TABLE = {\n    \"alpha\": 1,\n}\n", 18},
		// L9 alone costs 4 = 2r: it fits, as lines; L8 (16) and L10 (1)
		// would pass 4.
		{"go: hit line fits exactly", goSrc, "s += i", 2, Lines, "\t\ts += i\n", 4},
		// From L3 (9): up L2 would make 28; down L4 makes 10 = 2r, then the
		// blank L5 is free (10); then L2 (29) and L6 (28) do not fit.
		{"go: lines grow down to exactly 2r", goSrc, "return a", 5, Lines, "\treturn a + b\n}\n\n", 10},
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
		if c := Cost("code", got); c != tc.cost || tc.r <= math.MaxInt/2 && c > 2*tc.r {
			t.Errorf("%s: cost %d, want %d (and <= 2r)", tc.name, c, tc.cost)
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
	// The window's atoms come by offset ("s += i" before "return s"), though
	// the lines of "return s" start before the block of "s += i".
	if a := ws[0].Atoms; a[0].Label != "s += i" || a[1].Label != "return s" {
		t.Errorf("window atoms %v, want \"s += i\" then \"return s\" (by offset)", a)
	}
	// The cutter costs the same union: [L7, L12] holds [L8, L10], 33.
	c, err := NewCutter(docs, []Atom{atom("return s"), atom("s += i")})
	if err != nil {
		t.Fatal(err)
	}
	if got := c.Cost(25, nil, math.MaxInt); got != 33 {
		t.Errorf("Cutter.Cost = %d, want 33 (lines L7-L12, which hold the for block)", got)
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
// when the last line is a single byte; it ends after its newline, the last
// one at the end of the body.
func TestCodeLines(t *testing.T) {
	for _, tt := range []struct {
		body       string
		want, ends []int
	}{
		{"", []int{0}, []int{0}},
		{"ab", []int{0}, []int{2}},
		{"ab\n", []int{0}, []int{3}},
		{"ab\nc", []int{0, 3}, []int{3, 4}},
		{"ab\ncd\n", []int{0, 3}, []int{3, 6}},
		{"\n\nx", []int{0, 1, 2}, []int{1, 2, 3}},
	} {
		c := newCodeDoc(tt.body)
		if !slices.Equal(c.starts, tt.want) {
			t.Errorf("lines of %q start at %v, want %v", tt.body, c.starts, tt.want)
		}
		var ends []int
		for i := range c.starts {
			ends = append(ends, c.end(i))
		}
		if !slices.Equal(ends, tt.ends) {
			t.Errorf("lines of %q end at %v, want %v", tt.body, ends, tt.ends)
		}
	}
}

// TestIndentWidth: spaces count one, a tab advances to the next multiple of
// 8 (Python's tokenizer), and the first other byte ends the indentation.
func TestIndentWidth(t *testing.T) {
	for _, tt := range []struct {
		line string
		want int
	}{
		{"", 0},
		{"x", 0},
		{"  x", 2},
		{"\tx", 8},
		{"   \tx", 8},       // 3, then the tab goes to 8
		{"\t  x", 10},       // 8, then 2 spaces
		{"        \tx", 16}, // 8 spaces, then the tab goes to 16
		{"\t\t", 16},        // a whitespace-only line
		{"  x\ty", 2},       // a tab after the text is not indentation
	} {
		if got := indentWidth(tt.line); got != tt.want {
			t.Errorf("indentWidth(%q) = %d, want %d", tt.line, got, tt.want)
		}
	}
}
