package radial

import (
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// codeDoc is the line structure of a code body (§5.3), computed once per
// document and shared by all its atoms.
type codeDoc struct {
	body   string
	starts []int    // byte offset where each line starts
	prefix []int    // prefix[i] is the cost of lines [0, i)
	indent []int    // indentation width of each line
	blank  []bool   // the line costs nothing (only whitespace)
	braces [][2]int // matched {...} pairs as [first line, last line]; nil unless every brace balances
}

// lineRange is the inclusive range of lines [a, b].
type lineRange struct{ a, b int }

func newCodeDoc(body string) *codeDoc {
	c := &codeDoc{body: body, starts: []int{0}}
	for i := 0; i+1 < len(body); i++ {
		if body[i] == '\n' {
			c.starts = append(c.starts, i+1)
		}
	}
	n := len(c.starts)
	c.prefix = make([]int, n+1)
	c.indent = make([]int, n)
	c.blank = make([]bool, n)
	for i := range n {
		line := body[c.starts[i]:c.end(i)]
		cost := Cost(inflate.KindCode, line)
		c.prefix[i+1] = c.prefix[i] + cost
		c.blank[i] = cost == 0
		c.indent[i] = indentWidth(line)
	}
	var open []int
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{':
			open = append(open, i)
		case '}':
			if len(open) == 0 {
				c.braces = nil
				return c
			}
			o := open[len(open)-1]
			open = open[:len(open)-1]
			c.braces = append(c.braces, [2]int{c.lineOf(o), c.lineOf(i)})
		}
	}
	if len(open) > 0 {
		c.braces = nil
	}
	return c
}

// indentWidth is the width of the leading spaces and tabs of line; a tab
// advances to the next multiple of 8, as Python's tokenizer counts it.
func indentWidth(line string) int {
	w := 0
	for i := 0; i < len(line); i++ {
		switch line[i] {
		case ' ':
			w++
		case '\t':
			w = (w/8 + 1) * 8
		default:
			return w
		}
	}
	return w
}

// end is the byte offset just after line i, its newline included.
func (c *codeDoc) end(i int) int {
	if i+1 < len(c.starts) {
		return c.starts[i+1]
	}
	return len(c.body)
}

// lineOf is the line that holds byte offset off.
func (c *codeDoc) lineOf(off int) int {
	i, found := slices.BinarySearch(c.starts, off)
	if !found {
		i--
	}
	return i
}

func (c *codeDoc) cost(r lineRange) int { return c.prefix[r.b+1] - c.prefix[r.a] }

// closes reports whether line i starts with a closing bracket.
func (c *codeDoc) closes(i int) bool {
	t := strings.TrimLeft(c.body[c.starts[i]:c.end(i)], " \t")
	return t != "" && strings.ContainsRune("})]", rune(t[0]))
}

// blockEnd returns the last line of the indentation block headed by line h:
// the following lines indented deeper than h (blank lines inside, not at the
// end), plus the next line if it has h's indentation and starts with a
// closing bracket. ok is false when no line follows deeper than h.
func (c *codeDoc) blockEnd(h int) (last int, ok bool) {
	last = -1
	j := h + 1
	for ; j < len(c.starts); j++ {
		if c.blank[j] {
			continue
		}
		if c.indent[j] <= c.indent[h] {
			break
		}
		last = j
	}
	if last < 0 {
		return 0, false
	}
	if j < len(c.starts) && c.indent[j] == c.indent[h] && c.closes(j) {
		last = j
	}
	return last, true
}

// blocks returns the candidate blocks around line hit: brace pairs whose
// lines contain it and the indentation blocks that enclose it.
func (c *codeDoc) blocks(hit int) []lineRange {
	var out []lineRange
	for _, p := range c.braces {
		if p[0] <= hit && hit <= p[1] {
			out = append(out, lineRange{p[0], p[1]})
		}
	}
	cur := math.MaxInt
	if !c.blank[hit] {
		cur = c.indent[hit]
		if e, ok := c.blockEnd(hit); ok {
			out = append(out, lineRange{hit, e})
		}
	}
	for j := hit - 1; j >= 0 && cur > 0; j-- {
		if c.blank[j] || c.indent[j] >= cur {
			continue
		}
		cur = c.indent[j]
		if e, ok := c.blockEnd(j); ok && e >= hit {
			out = append(out, lineRange{j, e})
		}
	}
	return out
}

// extent is the code window of the atom at off for radius r: the candidate
// block of largest cost within 2r; else whole lines grown around the hit
// line, one above then one below per round, while the cost stays within 2r;
// else, when the hit line alone costs more than 2r, the radial window.
func (c *codeDoc) extent(off, r int) Span {
	limit := allowance(r)
	hit := c.lineOf(off)
	best, bestCost := lineRange{}, -1
	for _, b := range c.blocks(hit) {
		k := c.cost(b)
		if k > limit {
			continue
		}
		if k > bestCost || k == bestCost && (b.a < best.a || b.a == best.a && b.b < best.b) {
			best, bestCost = b, k
		}
	}
	if bestCost >= 0 {
		return Span{Start: c.starts[best.a], End: c.end(best.b), Shape: Block}
	}
	g := lineRange{hit, hit}
	if c.cost(g) > limit {
		return radialSpan(c.body, off, r)
	}
	for {
		grew := false
		if g.a > 0 && c.cost(lineRange{g.a - 1, g.b}) <= limit {
			g.a--
			grew = true
		}
		if g.b+1 < len(c.starts) && c.cost(lineRange{g.a, g.b + 1}) <= limit {
			g.b++
			grew = true
		}
		if !grew {
			break
		}
	}
	return Span{Start: c.starts[g.a], End: c.end(g.b), Shape: Lines}
}
