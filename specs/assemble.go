package specs

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// Every document in these examples is tenK ("abcdefghij" repeated, ASCII,
// no sentence or line boundary), so window edges never move to a boundary
// and every expectation holds in every unit.

func asmDocs(body string) []assemble.Document {
	return []assemble.Document{{ID: "doc", Body: body}}
}

func asmMol(id string, start, end int, score float64) assemble.Molecule {
	return assemble.Molecule{ID: id, Source: "doc", Start: start, End: end, Score: score}
}

// asmWindow describes an expected window.
type asmWindow struct {
	Start     int               `json:"start_byte"`
	End       int               `json:"end_byte"`
	Mols      []string          `json:"molecules"`
	Strategy  assemble.Strategy `json:"inflation_strategy"`
	Coherence float64           `json:"coherence_score"`
}

func asmBrief(rs []assemble.Result) string {
	var b strings.Builder
	for _, r := range rs {
		fmt.Fprintf(&b, " %s[%d,%d)%v %s %.4f", r.Source, r.Start, r.End, r.Molecules, r.Strategy, r.Coherence)
	}
	return b.String()
}

// asmGapExample: A = [1000,1200), B = [1250,1400) (§3 writes the gap as
// "1201-1249", inclusive; half-open it is [1200,1250), 50 bytes). A, the gap
// and B are 200 + 50 + 150 = 400 bytes. §3 names no budget: max_chars is
// 1000, so the combined window fits with room for any markers and
// separators a program renders within max_chars (ASM-19's reading; with
// max_chars 400, as until issue 37, such a program could not keep the
// window whole).
func asmGapExample(t *suite.T) {
	req := adapters.AssembleRequest{Documents: asmDocs(tenK), MaxChars: 1000,
		Molecules: []assemble.Molecule{asmMol("B", 1250, 1400, 0.5), asmMol("A", 1000, 1200, 1)}}
	ans := call.MustAssemble(t, req)
	mark := t.Failures()
	defer asmImplied(t, mark, req, ans) // after Fatalf too (Goexit runs it)
	if len(ans.Results) != 1 {
		t.Fatalf("%d windows, want A and B combined into one:%s", len(ans.Results), asmBrief(ans.Results))
	}
	// The molecules in any order (the order of the field is ASM-21's, a
	// reference's reading); a window larger than [1000,1400) overruns
	// max_chars, which ASM-04 judges (the protocol contradicts itself on
	// the budget), so the window need only cover [1000,1400).
	r := ans.Results[0]
	if r.Source != "doc" || r.Start > 1000 || r.End < 1400 || !slices.Equal(slices.Sorted(slices.Values(r.Molecules)), []string{"A", "B"}) {
		t.Errorf("window %s[%d,%d) %v, want doc[1000,1400) listing A and B", r.Source, r.Start, r.End, r.Molecules)
	}
	if r.Start >= 0 && r.Start <= 1200 && r.End <= len(tenK) && r.Start <= r.End && r.Window != tenK[r.Start:r.End] {
		t.Errorf("window text is not the body's bytes [%d,%d): the gap [1200,1250) must be %q, got %q", r.Start, r.End, tenK[1200:1250], clipText(r.Window, 1200-r.Start, 50))
	}
}

// clipText is up to n bytes of s from off, never cutting a character: off
// moves back to the start of its character, and into s when outside it (a
// window shorter than the gap's offset quotes "").
func clipText(s string, off, n int) string {
	return clip.Text(s[unit.Floor(s, off):], n)
}

// asmGapCoherence: the gap is 50 bytes, under the default GapLimit 500, so
// the link is gap_fill with pair score 1 − 50/500 = 0.9; no other strategy
// applies (no timestamps, vectors or entities). Two molecules, one pair:
// coherence 0.9. The budget (1000) leaves room, but tenK has no boundary
// within 500 bytes of either edge, so the window stays [1000,1400).
func asmGapCoherence(t *suite.T) {
	req := adapters.AssembleRequest{Documents: asmDocs(tenK), MaxChars: 1000,
		Molecules: []assemble.Molecule{asmMol("A", 1000, 1200, 1), asmMol("B", 1250, 1400, 0.5)}}
	asmExpect(t, "§3 example", req, []asmWindow{{1000, 1400, []string{"A", "B"}, assemble.GapFill, 0.9}})
}

// asmExpect checks the windows (in any order) against want.
func asmExpect(t *suite.T, name string, req adapters.AssembleRequest, want []asmWindow) {
	ans := call.MustAssemble(t, req)
	got := invariant.CanonicalResults(ans.Results)
	ok := len(got) == len(want)
	for i := 0; ok && i < len(got); i++ {
		g, w := got[i], want[i]
		ok = g.Start == w.Start && g.End == w.End && slices.Equal(g.Molecules, w.Mols) && g.Strategy == w.Strategy &&
			math.Abs(g.Coherence-w.Coherence) < 1e-9 && g.Window == tenK[w.Start:w.End]
	}
	if !ok {
		t.Errorf("%s: windows%s, want %s", name, asmBrief(got), jsonenc.Message(want))
	}
}

// asmAdjacentExample: A [100,300) and B [200,400) overlap, C [400,450)
// touches B, D [2000,2100) is far away. Criterion 1: A, B and C are one
// window, which then spans at least [100,450).
func asmAdjacentExample(t *suite.T) {
	req := adapters.AssembleRequest{Documents: asmDocs(tenK), MaxChars: 5000, Molecules: []assemble.Molecule{
		asmMol("D", 2000, 2100, 0.9), asmMol("C", 400, 450, 0.2), asmMol("A", 100, 300, 0.5), asmMol("B", 200, 400, 0.1)}}
	ans := call.MustAssemble(t, req)
	mark := t.Failures()
	defer asmImplied(t, mark, req, ans)
	for _, r := range ans.Results {
		if slices.Contains(r.Molecules, "A") {
			var abc []string
			for _, id := range r.Molecules {
				if id != "D" {
					abc = append(abc, id)
				}
			}
			if !slices.Equal(slices.Sorted(slices.Values(abc)), []string{"A", "B", "C"}) || r.Start > 100 || r.End < 450 {
				t.Errorf("A's window %s[%d,%d) lists %v; want A, B and C (in any order: ASM-21 judges the order) within one window covering [100,450)", r.Source, r.Start, r.End, r.Molecules)
			}
			return
		}
	}
	t.Errorf("no window lists A:%s", asmBrief(ans.Results))
}

// asmStrategies: pairs of 100-byte molecules in tenK with a budget of 10,000
// (every gap fits), default options unless named. Pair scores (see
// assemble's Coherence): adjacent 1; gap_fill 1 − gap/500; temporal
// 1 − |Δt|/3600; semantic the cosine; narrative the Jaccard index of the
// entities. With one pair, coherence is that score; a lone molecule is
// "single" with coherence 1.
func asmStrategies(t *suite.T) {
	const t0 = 1_000_000
	type mol = assemble.Molecule
	a := mol{ID: "A", Source: "doc", Start: 1000, End: 1100, Score: 1}
	b := mol{ID: "B", Source: "doc", Start: 2000, End: 2100, Score: 0.5} // 900 bytes after A: no gap_fill
	with := func(m mol, f func(*mol)) mol { f(&m); return m }
	cases := []struct {
		name string
		a, b mol
		opt  assemble.Options
		want []asmWindow
	}{
		{"adjacent: B starts where A ends", a, with(b, func(m *mol) { m.Start, m.End = 1100, 1200 }), assemble.Options{},
			[]asmWindow{{1000, 1200, []string{"A", "B"}, assemble.Adjacent, 1}}},
		{"gap_fill: a 100-byte gap, 1 − 100/500 = 0.8", a, with(b, func(m *mol) { m.Start, m.End = 1200, 1300 }), assemble.Options{},
			[]asmWindow{{1000, 1300, []string{"A", "B"}, assemble.GapFill, 0.8}}},
		{"temporal: 1000 s apart, 1 − 1000/3600", with(a, func(m *mol) { m.Time = t0 }), with(b, func(m *mol) { m.Time = t0 + 1000 }), assemble.Options{},
			[]asmWindow{{1000, 2100, []string{"A", "B"}, assemble.Temporal, 1 - 1000.0/3600}}},
		{"temporal disabled: only gap_fill enabled", with(a, func(m *mol) { m.Time = t0 }), with(b, func(m *mol) { m.Time = t0 + 1000 }), assemble.Options{Strategy: assemble.GapFill},
			[]asmWindow{{1000, 1100, []string{"A"}, assemble.Single, 1}, {2000, 2100, []string{"B"}, assemble.Single, 1}}},
		// cos([3,4],[4,3]) = 24/25 = 0.96 >= 0.8.
		{"semantic: cosine 0.96", with(a, func(m *mol) { m.Vector = []float64{3, 4} }), with(b, func(m *mol) { m.Vector = []float64{4, 3} }), assemble.Options{},
			[]asmWindow{{1000, 2100, []string{"A", "B"}, assemble.Semantic, 0.96}}},
		// cos([1,0],[0,1]) = 0 < 0.8.
		{"semantic: orthogonal vectors do not join", with(a, func(m *mol) { m.Vector = []float64{1, 0} }), with(b, func(m *mol) { m.Vector = []float64{0, 1} }), assemble.Options{},
			[]asmWindow{{1000, 1100, []string{"A"}, assemble.Single, 1}, {2000, 2100, []string{"B"}, assemble.Single, 1}}},
		// 100,000 s apart (no temporal link); {alice,bob} and {bob,carol}
		// share bob: Jaccard 1/3; time moves forward.
		{"narrative: a shared entity, time forward", with(a, func(m *mol) { m.Time, m.Entities = t0, []string{"alice", "bob"} }),
			with(b, func(m *mol) { m.Time, m.Entities = t0+100_000, []string{"bob", "carol"} }), assemble.Options{},
			[]asmWindow{{1000, 2100, []string{"A", "B"}, assemble.Narrative, 1.0 / 3}}},
		{"narrative: time going back does not join", with(a, func(m *mol) { m.Time, m.Entities = t0+100_000, []string{"alice", "bob"} }),
			with(b, func(m *mol) { m.Time, m.Entities = t0, []string{"bob", "carol"} }), assemble.Options{},
			[]asmWindow{{1000, 1100, []string{"A"}, assemble.Single, 1}, {2000, 2100, []string{"B"}, assemble.Single, 1}}},
	}
	for _, c := range cases {
		req := adapters.AssembleRequest{Documents: asmDocs(tenK), MaxChars: 10000, Options: c.opt, Molecules: []assemble.Molecule{c.b, c.a}}
		asmExpect(t, c.name, req, c.want)
	}
}

// asmGapLimit: A [1000,1100); B 499 bytes later ([1599,1700)) is joined by
// gap filling; 500 bytes later ([1600,1700)) it is not (gap < 500).
func asmGapLimit(t *suite.T) {
	for _, c := range []struct {
		start int
		join  bool
	}{{1599, true}, {1600, false}, {1601, false}} { // gaps 499, 500, 501
		req := adapters.AssembleRequest{Documents: asmDocs(tenK), MaxChars: 10000,
			Molecules: []assemble.Molecule{asmMol("A", 1000, 1100, 1), asmMol("B", c.start, 1700, 0.5)}}
		ans := call.MustAssemble(t, req)
		joined := false
		for _, r := range ans.Results {
			joined = joined || slices.Contains(r.Molecules, "A") && slices.Contains(r.Molecules, "B")
		}
		if joined != c.join {
			t.Errorf("gap of %d bytes: joined %v, want %v:%s", c.start-1100, joined, c.join, asmBrief(ans.Results))
		}
	}
}

func asmReq(docs []assemble.Document, maxChars int, mols ...assemble.Molecule) adapters.AssembleRequest {
	return adapters.AssembleRequest{Documents: docs, MaxChars: maxChars, Molecules: mols}
}

// asmBadInput: each malformed request beside its valid twin.
func asmBadInput(t *suite.T) {
	ok := asmMol("m", 10, 20, 1)
	mb := "日本語のテキスト" // 3-byte characters: offset 1 is inside the first one
	astral := "😀😀😀😀" // 4-byte characters: offset 2 is between the halves of a UTF-16 pair
	vec := func(v ...float64) assemble.Molecule {
		return assemble.Molecule{ID: "m", Source: "doc", Start: 10, End: 20, Vector: v}
	}
	type c = refusal[adapters.AssembleRequest]
	refuses(t, call.Assemble, []c{
		{"max_chars 0", asmReq(asmDocs(tenK), 100, ok), asmReq(asmDocs(tenK), 0, ok)},
		{"max_chars -1", asmReq(asmDocs(tenK), 100, ok), asmReq(asmDocs(tenK), -1, ok)},
		{"duplicate document id", asmReq([]assemble.Document{{ID: "doc", Body: tenK}, {ID: "doc2", Body: "other"}}, 100, ok),
			asmReq([]assemble.Document{{ID: "doc", Body: tenK}, {ID: "doc", Body: "other"}}, 100, ok)},
		{"empty document id", asmReq([]assemble.Document{{ID: "doc", Body: tenK}, {ID: "x", Body: "x"}}, 100, ok),
			asmReq([]assemble.Document{{ID: "doc", Body: tenK}, {ID: "", Body: "x"}}, 100, ok)},
		{"invalid UTF-8 body", asmReq(asmDocs("ok ab bad"), 100, asmMol("m", 0, 2, 1)), asmReq(asmDocs("ok \xff\xfe bad"), 100, asmMol("m", 0, 2, 1))},
		{"duplicate molecule id", asmReq(asmDocs(tenK), 100, ok, asmMol("n", 50, 60, 1)), asmReq(asmDocs(tenK), 100, ok, asmMol("m", 50, 60, 1))},
		{"empty molecule id", asmReq(asmDocs(tenK), 100, ok), asmReq(asmDocs(tenK), 100, asmMol("", 10, 20, 1))},
		{"unknown source", asmReq(asmDocs(tenK), 100, assemble.Molecule{ID: "m", Source: "doc", Start: 0, End: 5}),
			asmReq(asmDocs(tenK), 100, assemble.Molecule{ID: "m", Source: "nowhere", Start: 0, End: 5})},
		{"negative start", asmReq(asmDocs(tenK), 100, asmMol("m", 5, 10, 1)), asmReq(asmDocs(tenK), 100, asmMol("m", -5, 10, 1))},
		{"end before start", asmReq(asmDocs(tenK), 100, asmMol("m", 10, 20, 1)), asmReq(asmDocs(tenK), 100, asmMol("m", 20, 10, 1))},
		{"end beyond the body", asmReq(asmDocs("short body"), 100, asmMol("m", 2, 5, 1)), asmReq(asmDocs("short body"), 100, asmMol("m", 2, 50, 1))},
		{"offset inside a character", asmReq(asmDocs(mb), 100, asmMol("m", 0, 6, 1)), asmReq(asmDocs(mb), 100, asmMol("m", 1, 6, 1))},
		{"offset inside an astral character", asmReq(asmDocs(astral), 100, asmMol("m", 0, 8, 1)), asmReq(asmDocs(astral), 100, asmMol("m", 2, 8, 1))},
		{"NaN score", asmReq(asmDocs(tenK), 100, ok), asmReq(asmDocs(tenK), 100, asmMol("m", 10, 20, math.NaN()))},
		{"infinite vector component", asmReq(asmDocs(tenK), 100, vec(1, 2)), asmReq(asmDocs(tenK), 100, vec(1, math.Inf(1)))},
	})
}

func asmReferenceInput(t *suite.T) {
	withOpt := func(o assemble.Options) adapters.AssembleRequest {
		r := asmReq(asmDocs(tenK), 100, asmMol("m", 10, 20, 1))
		r.Options = o
		return r
	}
	plain := withOpt(assemble.Options{})
	two := func(a, b []float64) adapters.AssembleRequest {
		return asmReq(asmDocs(tenK), 100,
			assemble.Molecule{ID: "a", Source: "doc", Start: 10, End: 20, Vector: a},
			assemble.Molecule{ID: "b", Source: "doc", Start: 30, End: 40, Vector: b})
	}
	entity := func(e string) adapters.AssembleRequest {
		return asmReq(asmDocs(tenK), 100, assemble.Molecule{ID: "m", Source: "doc", Start: 10, End: 20, Entities: []string{e}})
	}
	type c = refusal[adapters.AssembleRequest]
	refuses(t, call.Assemble, []c{
		{"empty range", plain, asmReq(asmDocs(tenK), 100, asmMol("m", 10, 10, 1))},
		{"unknown kind", asmReq([]assemble.Document{{ID: "doc", Body: tenK, Kind: "prose"}}, 100, asmMol("m", 10, 20, 1)),
			asmReq([]assemble.Document{{ID: "doc", Body: tenK, Kind: "poetry"}}, 100, asmMol("m", 10, 20, 1))},
		{"unknown strategy", plain, withOpt(assemble.Options{Strategy: "psychic"})},
		{"vectors of different lengths", two([]float64{1, 0}, []float64{0, 1}), two([]float64{1, 0}, []float64{1, 0, 0})},
		{"empty entity", entity("e"), entity("")},
		{"negative gap_limit", plain, withOpt(assemble.Options{GapLimit: -1})},
		{"negative time_window", plain, withOpt(assemble.Options{TimeWindow: -1})},
		{"semantic_min above 1", withOpt(assemble.Options{SemanticMin: 0.5}), withOpt(assemble.Options{SemanticMin: 1.5})},
	})
	ans, err := call.Assemble(t, asmReq(asmDocs(tenK), 100))
	if err != nil {
		t.Errorf("no molecules: %v; want an empty answer", err)
	} else if len(ans.Results) != 0 {
		t.Errorf("no molecules: %d windows; want none", len(ans.Results))
	}
}
