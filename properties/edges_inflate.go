package properties

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// edgesRecipe are the fixed edge cases every inflation and density property
// runs before its generated ones, whatever the seed: where the faults the
// standard's requirements describe are sure to show, so that a
// deterministic implementation gets the same verdict on every seed.
//
//   - empty and tiny documents, a window ending at the document's end;
//   - emoji (astral characters, surrogate pairs in UTF-16) and 2- and
//     3-byte characters at every window edge;
//   - budgets at and around the minimum viable size (150) and MIN_WINDOW_CAP
//     (200), five hits under 750 (150, 151 and 200 keep 5, 4 and 3), below, at and
//     above 600, at the static cap (2500), and budgets the windows fill
//     exactly (a renderer adding markers overruns them);
//   - every constant of §2.1 and §3 at c-1, c and c+1 in ASCII text (so
//     bytes, runes and UTF-16 units agree): hits 499, 500 and 501 apart
//     (MERGE_THRESHOLD), three hits under budgets 449, 450 and 451
//     (MinViableSize), one hit under budgets 149–151, a hit of 2499, 2500
//     and 2501 bytes without budget (the static cap), a 10-byte hit under
//     budgets 1048, 1050 and 1052 (MAX_PADDING);
//   - a single hit, ties in score, a hit longer than the cap, chains of hits past the static cap under a large
//     budget, windows at the cap, at the maximum padding and touching their
//     neighbour with emoji after their edges, several documents.
//
// The hits at MERGE_THRESHOLD c-1, c and c+1 apart sit at the text's 500
// (edgesRecipe) or at an implementation's declared merge_threshold
// (edgesRecipeAt, for the requirements that judge by it).
func edgesRecipe() []suite.Case[inflateRecipe] { return edgesRecipeAt(density.Threshold) }

// edgesRecipeAt is edgesRecipe with the merge threshold's cases at c.
func edgesRecipeAt(c int) []suite.Case[inflateRecipe] {
	ascii := strings.Repeat("abcdefghij", 1000) // 10,000 bytes
	emoji := strings.Repeat("😀", 2500)          // 10,000 bytes, 5,000 UTF-16 units
	mixed := strings.Repeat("aé日😀", 1000)       // 1+2+3+4 bytes a cycle
	one := func(body string, budget int, hits ...inflate.Hit) inflate.Request {
		return request([]inflate.Document{{ID: "doc", Body: body}}, budget, hits...)
	}
	var out []suite.Case[inflateRecipe]
	add := func(name string, req inflate.Request) {
		out = append(out, suite.Case[inflateRecipe]{Name: name, Value: inflateRecipe{Fixed: &req}})
	}
	add("empty document, no hit", one("", -1))
	add("empty document, an empty hit", one("", -1, eh("h", 0, 0, 1)))
	add("tiny document, one hit over all of it", one("abc", -1, eh("h", 0, 3, 1)))
	add("tiny document, budget 1", one("abc", 1, eh("h", 1, 2, 1)))
	add("one hit, no budget", one(ascii, -1, eh("h", 5000, 5010, 1)))
	add("one hit at the document's start", one(ascii, -1, eh("h", 0, 10, 1)))
	add("one hit at the document's end", one(ascii, -1, eh("h", 9990, 10000, 1)))
	add("emoji document, one hit, no budget", one(emoji, -1, eh("h", 4000, 4040, 1)))
	add("emoji document, budget 600", one(emoji, 600, eh("h", 4000, 4100, 1)))
	add("emoji document, three hits, budget 1000", one(emoji, 1000, eh("a", 400, 440, 1), eh("b", 4000, 4040, 0.5), eh("c", 9960, 10000, 0.7)))
	add("emoji document, hits at both ends", one(emoji, -1, eh("a", 0, 8, 1), eh("b", 9992, 10000, 1)))
	add("mixed widths, hits on each width", one(mixed, -1, eh("a", 1000, 1001, 1), eh("b", 2001, 2003, 0.9), eh("c", 4003, 4006, 0.8), eh("d", 7006, 7010, 0.7)))
	add("mixed widths, budget 700", one(mixed, 700, eh("a", 3000, 3010, 1), eh("b", 6000, 6010, 0.5)))
	for _, b := range []int{1, 149, 150, 151, 199, 200, 201, 299, 300, 450, 599, 600, 601, 1200, 2499, 2500, 2501} {
		// One 100-byte hit: under 1200 its window fills the budget exactly
		// (padding (budget-100)/2 each side, when that is at least 50).
		add(fmt.Sprintf("one hit, budget %d", b), one(ascii, b, eh("h", 5000, 5100, 1)))
	}
	add("two hits far apart, budget 1200 filled exactly", one(ascii, 1200, eh("a", 2000, 2100, 1), eh("b", 7000, 7100, 0.5)))
	// A share over MIN_WINDOW_CAP that does not divide: 451/2 is 225, two
	// windows of 450; a share rounded up (226) overruns the budget with
	// windows no reading's floor of 200 excuses (DEN-01).
	add("two hits far apart, budget 451 (a share of 225.5)", one(ascii, 451, eh("a", 2000, 2010, 1), eh("b", 7000, 7010, 0.5)))
	add("three hits, budget 450 (exactly 150 each)", one(ascii, 450, eh("a", 1000, 1010, 1), eh("b", 4000, 4010, 0.5), eh("c", 8000, 8010, 0.2)))
	add("three hits, budget 449 (a squeeze)", one(ascii, 449, eh("a", 1000, 1010, 1), eh("b", 4000, 4010, 0.5), eh("c", 8000, 8010, 0.2)))
	add("three hits, budget 451", one(ascii, 451, eh("a", 1000, 1010, 1), eh("b", 4000, 4010, 0.5), eh("c", 8000, 8010, 0.2)))
	// MinViableSize 150 against MIN_WINDOW_CAP 200 (§3.1 against §3.2):
	// five hits under 750 keep 5 at 150 and 3 at 200; 4 (a size of 151)
	// is neither reading's count.
	add("five hits, budget 750", one(ascii, 750, eh("a", 500, 510, 1), eh("b", 2500, 2510, 0.8), eh("c", 4500, 4510, 0.6), eh("d", 6500, 6510, 0.4), eh("e", 8500, 8510, 0.2)))
	// Seven hits under 6482, each window 926: two of them 100 apart share
	// a window, the rest lie far apart (a fault in a band of window sizes
	// shows here; shrunk, with two hits under 1852).
	add("seven hits, two near, budget 6482", one(ascii, 6482, eh("a", 500, 510, 1), eh("b", 610, 620, 0.9), eh("c", 2000, 2010, 0.8), eh("d", 3500, 3510, 0.7), eh("e", 5000, 5010, 0.6), eh("f", 6500, 6510, 0.5), eh("g", 8000, 8010, 0.4)))
	// Twenty hits without a budget: the static fallback of 2500 caps each
	// window (the reference keeps all twenty) or, read as the budget,
	// squeezes them to 16 (§3.2).
	twenty := make([]inflate.Hit, 20)
	for i := range twenty {
		twenty[i] = eh(fmt.Sprintf("h%02d", i), 200+480*i, 210+480*i, float64(20-i)/20)
	}
	add("twenty hits, no budget", one(ascii, -1, twenty...))
	add("ties: four hits of one score, budget 300", one(ascii, 300, eh("a", 1000, 1010, 0.5), eh("b", 3000, 3010, 0.5), eh("c", 5000, 5010, 0.5), eh("d", 7000, 7010, 0.5)))
	// MERGE_THRESHOLD at c-1, c and c+1: the second hit starts that far
	// after the first ends (c at most 2500: within the 10,000 bytes).
	apart := func(gap int, sa, sb float64) []inflate.Hit {
		return []inflate.Hit{eh("a", 1000, 1100, sa), eh("b", 1100+gap, 1200+gap, sb)}
	}
	add(fmt.Sprintf("hits %d apart", c-1), one(ascii, -1, apart(c-1, 1, 0.5)...))
	add(fmt.Sprintf("hits %d apart, the later scoring higher", c-1), one(ascii, -1, apart(c-1, 0.5, 1)...))
	add(fmt.Sprintf("hits exactly %d apart", c), one(ascii, -1, apart(c, 1, 0.5)...))
	add(fmt.Sprintf("hits %d apart", c+1), one(ascii, -1, apart(c+1, 1, 0.5)...))
	add(fmt.Sprintf("hits %d apart, budget 600", c-1), one(ascii, 600, apart(c-1, 1, 0.5)...))
	add("a chain of hits 400 apart past the cap", one(ascii, -1, eh("a", 1000, 1100, 1), eh("b", 1500, 1600, 0.9), eh("c", 2000, 2100, 0.8), eh("d", 2500, 2600, 0.7), eh("e", 3000, 3100, 0.6), eh("f", 3500, 3600, 0.5)))
	add("a chain of hits 400 apart past the static cap, budget 100000", one(ascii, 100000, eh("a", 1000, 1100, 1), eh("b", 1500, 1600, 0.9), eh("c", 2000, 2100, 0.8), eh("d", 2500, 2600, 0.7), eh("e", 3000, 3100, 0.6), eh("f", 3500, 3600, 0.5)))
	add("a hit longer than the cap", one(ascii, -1, eh("h", 1000, 4000, 1)))
	for _, n := range []int{2499, 2500, 2501} {
		// The static cap of 2500 (§3.2) at c-1, c and c+1: a hit of n
		// bytes alone, no budget.
		add(fmt.Sprintf("a hit of %d, no budget", n), one(ascii, -1, eh("h", 1000, 1000+n, 1)))
	}
	for _, b := range []int{1048, 1050, 1052} {
		// MAX_PADDING 500 (§3.2) at c-1, c and c+1: one 10-byte hit, W = b,
		// floor((W-50)/2) = 499, 500, 501, and the window holds it.
		add(fmt.Sprintf("a 10-byte hit, budget %d (padding %d before the clamp)", b, (b-50)/2), one(ascii, b, eh("h", 5000, 5010, 1)))
	}
	// Emoji after every window edge: a window one character longer than it
	// should be breaks the cap, the maximum padding or its neighbour.
	add("emoji document, a hit longer than the cap", one(emoji, -1, eh("h", 1000, 4000, 1)))
	// "a😀" repeated: 5 bytes, 3 UTF-16 units a cycle. A hit from an emoji
	// past the cap is cut at the cap: in bytes just before an emoji, in
	// UTF-16 between its halves (a window that must be cut back a unit).
	add("a and emoji, a hit from an emoji longer than the cap", one(strings.Repeat("a😀", 2000), -1, eh("h", 1, 9001, 1)))
	// 100 two-byte characters under a budget of 150 characters: whole in
	// any window the budget allows, counted in characters (INF-19); a
	// program capping at 150 bytes while counting characters cuts it.
	add("accented hit of 100 characters, budget 150", one(strings.Repeat("é", 1000), 150, eh("h", 0, 200, 1)))
	add("emoji document, padding at the 500 maximum (budget 1200)", one(emoji, 1200, eh("h", 4000, 4100, 1)))
	add("emoji document, neighbours split the gap (budget 600)", one(emoji, 600, eh("a", 1000, 1100, 1), eh("b", 1260, 1360, 0.5)))
	// A hit nested in a long one, and one that starts 700 after the nested
	// hit's end but inside the long one: merged with the long one's window
	// when MoleculeA of §2.1.3 is the window so far, not when it is the
	// molecule just before (then the windows overlap: INF-03).
	add("a hit nested in a long one, then one inside the long one", one(ascii, -1, eh("a", 1000, 2000, 1), eh("b", 1100, 1200, 0.5), eh("c", 1900, 1950, 0.4)))
	add("nested and identical hits", one(ascii, -1, eh("a", 1000, 1200, 1), eh("b", 1050, 1100, 0.5), eh("c", 1050, 1100, 0.5)))
	add("two documents, budget 900", request([]inflate.Document{{ID: "m-notes", Body: ascii[:3000]}, {ID: "b-code", Body: emoji[:4000]}}, 900,
		inflate.Hit{ID: "a", CompoundID: "m-notes", Start: 2900, End: 3000, Score: 1}, inflate.Hit{ID: "b", CompoundID: "b-code", Start: 0, End: 40, Score: 0.5}))
	return out
}

// request builds an inflation request; a negative budget means none.
func request(docs []inflate.Document, budget int, hits ...inflate.Hit) inflate.Request {
	req := inflate.Request{Documents: docs, Hits: hits}
	if budget >= 0 {
		req.Budget = &budget
	}
	return req
}

// eh is a hit of the edge cases' single document "doc".
func eh(id string, start, end int, score float64) inflate.Hit {
	return inflate.Hit{ID: id, CompoundID: "doc", Start: start, End: end, Score: score}
}
