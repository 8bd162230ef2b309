package specs

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// Documents in these examples are ASCII unless a case says otherwise, so the
// expectations hold in every unit.

func radDocs(kind, body string) []inflate.Document {
	return []inflate.Document{{ID: "doc", Body: body, Kind: kind}}
}

func radAtom(label string, off int) radial.Atom {
	return radial.Atom{CompoundID: "doc", Label: label, Offset: off}
}

func radBrief(ws []radial.Window) string {
	var b strings.Builder
	for _, w := range ws {
		fmt.Fprintf(&b, " %s[%d,%d] cost %d %s", w.CompoundID, w.Start, w.End, w.Cost, jsonenc.Message(w.Atoms))
	}
	return b.String()
}

// radOverlapExample: tenK is prose. [offset − r, offset + r]:
// 1000 ± 500 = [500,1500], 1400 ± 500 = [900,1900]; 900 <= 1500, so one
// window [500,1900]. With atoms at 1000 and 2000: [500,1500] and
// [1500,2500] (2000 ± 500) touch (1500 <= 1500) and merge into [500,2500].
// A lone atom's window is exact under every reading; a merged one is one
// window holding at least the union: exactly the union is the example's
// side ("Merged window [500, 1900]"), growing it on is step 3's ("Continue
// radiating outward as unified molecule"), which RAD-08 (SHOULD) judges.
//
// One fault, one failure (issue 37): a merged case is judged only when
// the lone windows it joins are the example's (a wrong lone window makes
// every window holding it wrong; the lone case reports it). A lone window
// that does not reach the radius on each side breaks RAD-06's judgement
// too, and windows of one compound that overlap or touch, unmerged,
// RAD-02's: each failure records which (radOverlapImplied).
func radOverlapExample(t *suite.T) {
	cases := []struct {
		name   string
		atoms  []radial.Atom
		want   []invariant.RadialSpan
		merged bool // the want is the union, which a window may exceed
	}{
		{"atom A alone", []radial.Atom{radAtom("a", 1000)}, []invariant.RadialSpan{{Compound: "doc", Start: 500, End: 1500}}, false},
		{"atom B alone", []radial.Atom{radAtom("b", 1400)}, []invariant.RadialSpan{{Compound: "doc", Start: 900, End: 1900}}, false},
		{"atom C alone", []radial.Atom{radAtom("c", 2000)}, []invariant.RadialSpan{{Compound: "doc", Start: 1500, End: 2500}}, false},
		{"A and B overlap", []radial.Atom{radAtom("b", 1400), radAtom("a", 1000)}, []invariant.RadialSpan{{Compound: "doc", Start: 500, End: 1900}}, true},
		{"touching windows", []radial.Atom{radAtom("c", 2000), radAtom("a", 1000)}, []invariant.RadialSpan{{Compound: "doc", Start: 500, End: 2500}}, true},
	}
	wrongAlone := map[string]bool{} // labels of the atoms whose lone window failed
	for _, c := range cases {
		if c.merged && slices.ContainsFunc(c.atoms, func(a radial.Atom) bool { return wrongAlone[a.Label] }) {
			t.Logf("%s: not judged, a lone window it joins is already wrong", c.name)
			continue
		}
		req := adapters.RadialWindowsRequest{Documents: radDocs(inflate.KindProse, tenK), Atoms: c.atoms, Radius: 500}
		// Only the spans: the text is RAD-01's, the atoms a window lists
		// RAD-31's.
		ans := call.MustRadialWindows(t, req)
		got := invariant.RadialSpans(ans.Windows)
		if slices.Equal(got, c.want) {
			continue
		}
		if c.merged && len(got) == 1 && got[0].Compound == c.want[0].Compound && got[0].Start <= c.want[0].Start && got[0].End >= c.want[0].End {
			continue // grown past the union: RAD-08's to judge
		}
		what := "want"
		if c.merged {
			what = "want one window holding at least"
		} else {
			wrongAlone[c.atoms[0].Label] = true
		}
		t.Errorf("%s: windows%s, %s %v", c.name, radBrief(ans.Windows), what, c.want)
		radOverlapImplied(t, req, ans, c.merged)
	}
}

// radOverlapImplied records, for the failure just recorded about ans (the
// answer to req), whether RAD-02's judgement fails ans too (windows of one
// compound overlap or touch), and, for a lone atom's request, RAD-06's
// (its one window reaches the radius on each side, clamped to the
// document).
func radOverlapImplied(t *suite.T, req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer, merged bool) {
	t.ImpliedBy("RAD-02", invariant.RadialMerged(ans) != nil)
	if merged {
		return
	}
	a := req.Atoms[0]
	w, err := invariant.SingleWindow(req, ans, a)
	t.ImpliedBy("RAD-06", err == nil && invariant.RadialReach(req.Documents[0], a, req.Radius, w, t.Unit()) != nil)
}

// radNonSpace counts the bytes of an ASCII text that are not space, tab,
// newline or carriage return.
func radNonSpace(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if !strings.ContainsRune(" \t\n\r", rune(s[i])) {
			n++
		}
	}
	return n
}

// radCodeCost: "if x {\n\ty = 1\n}\n" (16 bytes) holds 8 non-whitespace bytes:
// i f x { / y = 1 / }. Its atom "y" is at 8; radius 100 lets any window hold
// the whole text. As prose the whole text (radius 100 reaches both ends) costs
// 16. Whatever code window is chosen, its cost is its non-whitespace bytes.
//
// One fault, one failure (issue 37): more windows than atoms that
// overlap, unmerged, break RAD-02's judgement too; a prose window short of
// the whole text, the lone atom of its document, RAD-06's (it reaches the
// radius on each side, clamped); a wrong cost RAD-04's (the same cost
// rule on every window). Each failure records which.
func radCodeCost(t *suite.T) {
	const src = "if x {\n\ty = 1\n}\n"
	docs := []inflate.Document{{ID: "code", Body: src, Kind: inflate.KindCode}, {ID: "prose", Body: src, Kind: inflate.KindProse}}
	atoms := []radial.Atom{{CompoundID: "code", Label: "y", Offset: 8}, {CompoundID: "prose", Label: "y", Offset: 8}}
	req := adapters.RadialWindowsRequest{Documents: docs, Radius: 100, Atoms: atoms}
	ans := call.MustRadialWindows(t, req)
	if len(ans.Windows) != 2 {
		t.Errorf("%d windows for two atoms in two documents:%s", len(ans.Windows), radBrief(ans.Windows))
		t.ImpliedBy("RAD-02", invariant.RadialMerged(ans) != nil)
		return
	}
	for _, w := range ans.Windows {
		want := len(w.Text)
		if w.CompoundID == "code" {
			want = radNonSpace(w.Text)
			if w.Text == src && want != 8 {
				t.Fatalf("internal: hand count of %q is 8, radNonSpace says %d", src, want)
			}
		} else if w.Text != src {
			t.Errorf("prose window [%d,%d] %q, want the whole 16-byte text (radius 100)", w.Start, w.End, w.Text)
			t.ImpliedBy("RAD-06", invariant.RadialReach(docs[1], atoms[1], req.Radius, w, t.Unit()) != nil)
		}
		if w.Cost != want {
			t.Errorf("%s window %q costs %d, want %d", w.CompoundID, w.Text, w.Cost, want)
			t.ImpliedBy("RAD-04", invariant.RadialCost(req, ans, t.Unit(), nil) != nil)
		}
	}
}

// radGo, line by line, with each line's non-whitespace bytes counted by hand:
//
//	L0  package calc                  7+4 = 11
//	L1                                0
//	L2  // Sum adds the values.       2+3+4+3+7 = 19
//	L3  func Sum(xs []int) int {      4+6+6+3+1 = 20   ("func" "Sum(xs" "[]int)" "int" "{")
//	L4  	total := 0                    5+2+1 = 8
//	L5  	for _, x := range xs {        3+2+1+2+5+2+1 = 16
//	L6  		total += x                  5+2+1 = 8
//	L7  	}                             1
//	L8  	return total                  6+5 = 11
//	L9  }                             1
//
// The function is L3–L9: 20+8+16+8+1+11+1 = 65; the for block L5–L7: 25.
const radGo = "package calc\n\n// Sum adds the values.\nfunc Sum(xs []int) int {\n\ttotal := 0\n" +
	"\tfor _, x := range xs {\n\t\ttotal += x\n\t}\n\treturn total\n}\n"

// radPy, with costs:
//
//	L0  def mean(values):                        3+13 = 16
//	L1      if not values:                       2+3+7 = 12
//	L2          return 0.0                       6+3 = 9
//	L3      return sum(values) / len(values)     6+11+1+11 = 29
//	L4                                           0
//	L5  print(mean([1, 2]))                      14+4 = 18
//
// The function is L0–L3: 66; the if block L1–L2: 21.
const radPy = "def mean(values):\n    if not values:\n        return 0.0\n    return sum(values) / len(values)\n\nprint(mean([1, 2]))\n"

func radLines(src string, from, to int) string {
	lines := strings.SplitAfter(src, "\n")
	return strings.Join(lines[from:to+1], "")
}

// radCodeWindow is the window of the atom at the first occurrence of hit in
// src (a code document) at radius r.
func radCodeWindow(t *suite.T, src, hit string, r int) (radial.Window, bool) {
	label, _, _ := strings.Cut(hit, " ")
	a := radAtom(label, strings.Index(src, hit))
	req := adapters.RadialWindowsRequest{Documents: radDocs(inflate.KindCode, src), Atoms: []radial.Atom{a}, Radius: r}
	ans := call.MustRadialWindows(t, req)
	if len(ans.Windows) != 1 {
		t.Errorf("atom %s, radius %d: %d windows, want 1:%s", jsonenc.Message(a), r, len(ans.Windows), radBrief(ans.Windows))
		// Windows of one compound that overlap, unmerged: RAD-02's fault.
		t.ImpliedBy("RAD-02", invariant.RadialMerged(ans) != nil)
		return radial.Window{}, false
	}
	return ans.Windows[0], true
}

// radTrim is a block's text from its first to its last non-blank
// character: what "function/block boundaries" bound, whatever else of its
// lines (indentation, the line break) a window takes.
func radTrim(block string) string { return strings.TrimSpace(block) }

// radCodeBlocks: the innermost function or block enclosing the atom must be
// in its window, whole, when it fits in 2r. Any window that holds an outer
// block holds it too, so this is what every reading of "expand to
// function/block boundaries where possible" asks: which block (the largest
// that fits, RAD-22), whole lines (RAD-07) and the bound 2r (RAD-05) are
// other requirements'. The innermost blocks, costed by hand above: the Go
// for block (25) around "total += x", the Python if block (21) around
// "return 0.0"; each at a radius where its function fits too and one where
// it does not.
func radCodeBlocks(t *suite.T) {
	cases := []struct {
		name, src, hit string
		r              int
		block          string // must lie inside the window
	}{
		{"Go for block in a function that fits (25, 65 <= 66)", radGo, "total += x", 33, radLines(radGo, 5, 7)},
		{"Go for block alone (25 <= 40 < 65)", radGo, "total += x", 20, radLines(radGo, 5, 7)},
		{"Python if block in a function that fits (21, 66 <= 66)", radPy, "return 0.0", 33, radLines(radPy, 1, 2)},
		{"Python if block alone (21 <= 30 < 66)", radPy, "return 0.0", 15, radLines(radPy, 1, 2)},
	}
	for _, c := range cases {
		w, ok := radCodeWindow(t, c.src, c.hit, c.r)
		if !ok {
			continue
		}
		if !strings.Contains(w.Text, radTrim(c.block)) {
			t.Errorf("%s: window %q does not hold the whole block %q", c.name, w.Text, radTrim(c.block))
		}
	}
}

// radCodeExact: the reference takes the enclosing block of largest cost
// that fits 2r; if none fits, whole lines grow around the atom's line (one
// above, then one below, per round) while they fit; if the line alone does
// not fit, the radial window [offset − r, offset + r].
func radCodeExact(t *suite.T) {
	off := strings.Index(radGo, "total += x")
	cases := []struct {
		name, src, hit string
		r              int
		want           string
	}{
		// Candidates: for (25) and function (65); 65 <= 66. The comment L2
		// is outside the function.
		{"Go: the function", radGo, "total += x", 33, radLines(radGo, 3, 9)},
		// 65 > 64: the for block (25), not lines.
		{"Go: one byte short, the for block", radGo, "total += x", 32, radLines(radGo, 5, 7)},
		// L6 costs 8 > 6: radial [off−3, off+3] = "\n\t\t" + "tot".
		{"Go: line too long, radial", radGo, "total += x", 3, radGo[off-3 : off+3]},
		{"Python: the function", radPy, "return 0.0", 33, radLines(radPy, 0, 3)},
		{"Python: the if block", radPy, "return 0.0", 15, radLines(radPy, 1, 2)},
		// 21 > 20, no block fits: L2 (9); adding L1 makes 21, L3 makes 38.
		{"Python: lines", radPy, "return 0.0", 10, radLines(radPy, 2, 2)},
	}
	for _, c := range cases {
		if w, ok := radCodeWindow(t, c.src, c.hit, c.r); ok && w.Text != c.want {
			t.Errorf("%s (radius %d): window %q, want %q", c.name, c.r, w.Text, c.want)
		}
	}
}

func radShare(s radial.Shares, term string) (radial.Share, bool) {
	for _, x := range s.Terms {
		if x.Term == term {
			return x, true
		}
	}
	return radial.Share{}, false
}

// radSplitExample: §5.5 on a multi-term query whose readings agree. Two
// terms, each with 2 direct atoms and 5 (or 8, 5 served) related atoms,
// budget 10,000. Read per term (each term's share split 70/30, the
// reference) or pooled (70% of the budget over all 4 direct atoms, 30% over
// all served related atoms), each direct atom gets 7,000 / 4 = 1,750 and the
// related atoms 3,000 in all, up to rounding down. How the 30% is divided
// among them the text does not say ("evenly" is said of the 70%): 600 or 300
// each is the reference's (RAD-32, RAD-24). A split that hands out more
// than the budget, or a term twice, breaks RAD-11's judgement too: each
// failing answer records whether it does (one fault, one failure).
func radSplitExample(t *suite.T) {
	for _, related := range []int{5, 8} {
		req := adapters.RadialSplitRequest{Budget: 10000, Terms: []radial.Term{
			{Label: "radius", Direct: 2, Related: related}, {Label: "window", Direct: 2, Related: related}}}
		ans := call.MustRadialSplit(t, req)
		mark := t.Failures()
		relatedTotal, servedRelated := 0, 0
		for _, term := range []string{"radius", "window"} {
			s, ok := radShare(ans.Shares, term)
			if !ok {
				t.Errorf("%d related: no share for the term %q", related, term)
				continue
			}
			if s.Direct != 2 || s.PerDirect != 1750 {
				t.Errorf("%d related, term %q: %d direct × %d; want 2 × 1750 (70%% of 10,000 over 4 direct atoms)", related, term, s.Direct, s.PerDirect)
			}
			relatedTotal += s.Related * s.PerRelated
			servedRelated += s.Related
		}
		if relatedTotal > 3000 || relatedTotal < 3000-servedRelated {
			t.Errorf("%d related atoms per term: the related atoms receive %d in all, want 30%% of 10,000 = 3000 (up to rounding down, one per atom)", related, relatedTotal)
		}
		if t.Failures() > mark {
			t.ImpliedSince(mark, "RAD-11", invariant.SplitWithin(req, ans) != nil)
		}
	}
}

// radSplitSingleTerm: the reference applies §5.5 to a query of one term too
// ("For multi-term queries" leaves a single term open) and splits the 30%
// evenly. Budget 10,000, one term with 4 direct atoms: 70% = 7,000 / 4 =
// 1,750 each; 30% = 3,000 over 5 related atoms = 600 each; with 8 related
// atoms only 5 are served, still 600 each.
func radSplitSingleTerm(t *suite.T) {
	for _, related := range []int{5, 8} {
		req := adapters.RadialSplitRequest{Budget: 10000, Terms: []radial.Term{{Label: "radius", Direct: 4, Related: related}}}
		ans := call.MustRadialSplit(t, req)
		s, ok := radShare(ans.Shares, "radius")
		if !ok {
			t.Errorf("%d related: no share for the term", related)
			continue
		}
		if s.Direct != 4 || s.PerDirect != 1750 || s.Related != 5 || s.PerRelated != 600 {
			t.Errorf("%d related: %d direct × %d, %d related × %d; want 4 × 1750, 5 × 600", related, s.Direct, s.PerDirect, s.Related, s.PerRelated)
		}
	}
}

// radSplitDecisions, hand-derived:
//
// Budget 9,000; alpha 3 direct + 2 related, beta 2 + 0, gamma 0 + 7, delta
// 0 + 0. Three terms have atoms: 3,000 each; delta nothing.
// alpha: 30% = 900 / 2 = 450 per related; 2,100 / 3 = 700 per direct.
// beta: no related, all 3,000 / 2 = 1,500 per direct.
// gamma: no direct, all 3,000 to 5 served related = 600 each.
//
// Budget 1,000; a 3 + 1, b 1 + 0: 500 each. a: floor(30% of 500) = 150 to
// its related atom; 350 / 3 = 116 per direct (348). b: 500. Used 998.
func radSplitDecisions(t *suite.T) {
	cases := []struct {
		budget int
		terms  []radial.Term
		want   []radial.Share
		used   int
	}{
		{9000, []radial.Term{{Label: "gamma", Related: 7}, {Label: "alpha", Direct: 3, Related: 2}, {Label: "delta"}, {Label: "beta", Direct: 2}},
			[]radial.Share{
				{Term: "alpha", Total: 3000, Direct: 3, PerDirect: 700, Related: 2, PerRelated: 450},
				{Term: "beta", Total: 3000, Direct: 2, PerDirect: 1500},
				{Term: "delta"},
				{Term: "gamma", Total: 3000, Related: 5, PerRelated: 600},
			}, 9000},
		{1000, []radial.Term{{Label: "b", Direct: 1}, {Label: "a", Direct: 3, Related: 1}},
			[]radial.Share{
				{Term: "a", Total: 500, Direct: 3, PerDirect: 116, Related: 1, PerRelated: 150},
				{Term: "b", Total: 500, Direct: 1, PerDirect: 500},
			}, 998},
	}
	for _, c := range cases {
		ans := call.MustRadialSplit(t, adapters.RadialSplitRequest{Budget: c.budget, Terms: c.terms})
		for _, w := range c.want {
			if g, ok := radShare(ans.Shares, w.Term); !ok || g != w {
				t.Errorf("budget %d, term %q: %s, want %s", c.budget, w.Term, jsonenc.Message(g), jsonenc.Message(w))
			}
		}
		if ans.Shares.Used != c.used || ans.Shares.Unused != c.budget-c.used {
			t.Errorf("budget %d: used %d, unused %d; want %d and %d", c.budget, ans.Shares.Used, ans.Shares.Unused, c.used, c.budget-c.used)
		}
	}
}

// radIngestWords: "Radial windows merge; Radial atoms." has words at 0
// (Radial), 7 (windows), 15 (merge), 22 (Radial) and 29 (atoms).
func radIngestWords(t *suite.T) {
	const body = "Radial windows merge; Radial atoms."
	ans := call.MustRadialIngest(t, adapters.RadialIngestRequest{Documents: radDocs(inflate.KindProse, body)})
	for _, w := range []struct {
		word string
		off  int
	}{{"Radial", 0}, {"windows", 7}, {"merge", 15}, {"Radial", 22}, {"atoms", 29}} {
		found := false
		for _, a := range ans.Atoms {
			found = found || a.CompoundID == "doc" && a.Offset == w.off && strings.EqualFold(a.Label, w.word)
		}
		if !found {
			t.Errorf("no atom %q at %d; atoms %s", w.word, w.off, jsonenc.Message(ans.Atoms))
		}
	}
}

// radIngestExact: "Café_au-lait x2 日本語 don't". Café is bytes 0–4 (é is
// two bytes), _ at 5, au 6–7, - at 8, lait 9–12, x2 14–15, 日本語 17–25
// (three bytes each), don 27–29, ' at 30, t 31. The offsets are bytes
// whatever the adapter counts: the harness converts its answer (words end
// where they end in every unit).
func radIngestExact(t *suite.T) {
	const body = "Café_au-lait x2 日本語 don't"
	ans := call.MustRadialIngest(t, adapters.RadialIngestRequest{Documents: radDocs(inflate.KindProse, body)})
	want := []radial.Atom{radAtom("café", 0), radAtom("au", 6), radAtom("lait", 9), radAtom("x2", 14), radAtom("日本語", 17), radAtom("don", 27), radAtom("t", 31)}
	if got := radial.Unique(ans.Atoms); !slices.Equal(got, want) {
		t.Errorf("atoms %s, want %s", jsonenc.Message(got), jsonenc.Message(want))
	}
}

func radBadInput(t *suite.T) {
	mb := "日本語のテキスト" // 3-byte characters: offset 1 is inside the first one
	astral := "😀😀😀😀" // 4-byte characters: offset 2 is between the halves of a UTF-16 pair
	prose := radDocs(inflate.KindProse, tenK)
	win := func(docs []inflate.Document, r int, atoms ...radial.Atom) adapters.RadialWindowsRequest {
		return adapters.RadialWindowsRequest{Documents: docs, Atoms: atoms, Radius: r}
	}
	two := func(a, b string) []inflate.Document {
		return []inflate.Document{{ID: a, Body: tenK}, {ID: b, Body: "other"}}
	}
	type wc = refusal[adapters.RadialWindowsRequest]
	refuses(t, call.RadialWindows, []wc{
		{"windows, unknown compound", win(prose, 10, radAtom("a", 1)), win(prose, 10, radial.Atom{CompoundID: "nowhere", Label: "a", Offset: 1})},
		{"windows, offset at the end of the body", win(radDocs("", "short"), 10, radAtom("a", 4)), win(radDocs("", "short"), 10, radAtom("a", 5))},
		{"windows, negative offset", win(prose, 10, radAtom("a", 1)), win(prose, 10, radAtom("a", -1))},
		{"windows, offset inside a character", win(radDocs("", mb), 10, radAtom("a", 0)), win(radDocs("", mb), 10, radAtom("a", 1))},
		{"windows, offset inside an astral character", win(radDocs("", astral), 10, radAtom("a", 0)), win(radDocs("", astral), 10, radAtom("a", 2))},
		{"windows, invalid UTF-8 body", win(radDocs("", "ok ab bad"), 10, radAtom("a", 0)), win(radDocs("", "ok \xff\xfe bad"), 10, radAtom("a", 0))},
		{"windows, radius 0", win(prose, 1, radAtom("a", 10)), win(prose, 0, radAtom("a", 10))},
		{"windows, negative radius", win(prose, 5, radAtom("a", 10)), win(prose, -5, radAtom("a", 10))},
		{"windows, empty document ID", win(two("doc", "x"), 10), win(two("doc", ""), 10)},
		{"windows, duplicate document IDs", win(two("doc", "doc2"), 10, radAtom("a", 1)), win(two("doc", "doc"), 10, radAtom("a", 1))},
		{"windows, NaN score", win(prose, 10, radial.Atom{CompoundID: "doc", Label: "a", Offset: 1, Score: 1}),
			win(prose, 10, radial.Atom{CompoundID: "doc", Label: "a", Offset: 1, Score: math.NaN()})},
	})
	ingest := func(docs []inflate.Document) adapters.RadialIngestRequest {
		return adapters.RadialIngestRequest{Documents: docs}
	}
	type ic = refusal[adapters.RadialIngestRequest]
	refuses(t, call.RadialIngest, []ic{
		{"ingest, invalid UTF-8 body", ingest(radDocs("", "ok ab bad")), ingest(radDocs("", "ok \xff\xfe bad"))},
		{"ingest, duplicate document IDs", ingest(two("doc", "doc2")), ingest(two("doc", "doc"))},
		{"ingest, empty document ID", ingest(two("doc", "x")), ingest(two("doc", ""))},
	})
	split := func(budget int, terms ...radial.Term) adapters.RadialSplitRequest {
		return adapters.RadialSplitRequest{Budget: budget, Terms: terms}
	}
	type sc = refusal[adapters.RadialSplitRequest]
	refuses(t, call.RadialSplit, []sc{
		{"split, negative budget", split(100, radial.Term{Label: "a", Direct: 1}), split(-1, radial.Term{Label: "a", Direct: 1})},
		{"split, negative direct count", split(100, radial.Term{Label: "a", Direct: 1}), split(100, radial.Term{Label: "a", Direct: -1})},
		{"split, negative related count", split(100, radial.Term{Label: "a", Direct: 1, Related: 2}), split(100, radial.Term{Label: "a", Direct: 1, Related: -2})},
		{"split, a term given twice", split(100, radial.Term{Label: "a", Direct: 1}, radial.Term{Label: "b", Direct: 2}),
			split(100, radial.Term{Label: "a", Direct: 1}, radial.Term{Label: "a", Direct: 2})},
	})
}
