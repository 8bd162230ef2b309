package invariant

import (
	"math"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The assembly predicates on hand-made answers. Bodies are ASCII unless
// said otherwise; every expectation follows from the Validation Criteria
// (std085 protocol §3) and the predicate's comment.

func asmM(id string, s, e int) assemble.Molecule {
	return assemble.Molecule{ID: id, Source: "doc", Start: s, End: e, Score: 1}
}

// asmR is a result over body's bytes [s,e), labelled as the reference would
// not care: only the predicates that read them look at label and coherence.
func asmR(body string, s, e int, mols ...string) assemble.Result {
	text := ""
	if 0 <= s && s <= e && e <= len(body) {
		text = body[s:e]
	}
	return assemble.Result{Window: text, Source: "doc", Start: s, End: e, Molecules: mols, Coherence: 1}
}

func asmAns(rs ...assemble.Result) adapters.AssembleAnswer {
	return adapters.AssembleAnswer{Results: rs}
}

type asmCase struct {
	name string
	req  adapters.AssembleRequest
	ans  adapters.AssembleAnswer
	want string // a piece of the error, "" for none
}

func checkAsm(t *testing.T, pred string, f func(adapters.AssembleRequest, adapters.AssembleAnswer) error, cases []asmCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(pred+"/"+c.name, func(t *testing.T) {
			wantErr(t, pred, f(c.req, c.ans), c.want)
		})
	}
}

func asmRequest(body string, maxChars int, mols ...assemble.Molecule) adapters.AssembleRequest {
	return adapters.AssembleRequest{Documents: []assemble.Document{{ID: "doc", Body: body}}, MaxChars: maxChars, Molecules: mols}
}

// TestAssembleCriteria: each criterion's predicate fails its own fault and
// leaves the others' to theirs.
func TestAssembleCriteria(t *testing.T) {
	body := strings.Repeat("abcdefghij", 50) // 500 bytes
	// A [10,20) and B [20,30) touch; C [100,110) is apart.
	req := asmRequest(body, 1000, asmM("A", 10, 20), asmM("B", 20, 30), asmM("C", 100, 110))
	good := asmAns(asmR(body, 10, 30, "A", "B"), asmR(body, 100, 110, "C"))
	// V1 broken: A and B touch but are listed by two results.
	v1 := asmAns(asmR(body, 10, 20, "A"), asmR(body, 20, 30, "B"), asmR(body, 100, 110, "C"))
	// V3 broken: the windows [10,30) and [25,110) overlap.
	v3 := asmAns(asmR(body, 10, 30, "A", "B"), asmR(body, 25, 110, "C"))
	outOfRange := func(coh float64) adapters.AssembleAnswer {
		a := asmAns(asmR(body, 10, 30, "A", "B"), asmR(body, 100, 110, "C"))
		a.Results[1].Coherence = coh
		return a
	}
	// V2 broken first (A outside [30,40)), then an unknown molecule: a
	// V2 fault, which AssembleCombined leaves to AssembleFilled.
	v2 := asmAns(asmR(body, 30, 40, "A", "zz"), asmR(body, 100, 110, "C"))

	// At the body's edges: D [0,10) and E [10,20) of a 20-byte body touch,
	// listed apart, and both windows' texts are stale. The texts are
	// AssembleFilled's; V1 is still broken.
	short := "abcdefghijabcdefghij"
	edges := asmRequest(short, 100, asmM("D", 0, 10), asmM("E", 10, 20))
	stale := asmAns(asmR(short, 0, 10, "D"), asmR(short, 10, 20, "E"))
	stale.Results[0].Window, stale.Results[1].Window = "XXXXXXXXXX", "YYYYYYYYYY"

	checkAsm(t, "AssembleCombined", AssembleCombined, []asmCase{
		{"right", req, good, ""},
		{"touching molecules in two results", req, v1, "V1 "},
		{"overlapping windows (V3)", req, v3, ""},
		{"coherence 1.5 (AssembleCoherent's)", req, outOfRange(1.5), ""},
		{"coherence NaN (AssembleCoherent's)", req, outOfRange(math.NaN()), ""},
		{"a molecule outside its window (V2)", req, v2, ""},
		{"stale texts at the body's edges", edges, stale, "V1 "},
		// An empty window's text is "" however stale: what is left is a
		// result listing nothing, a malformed answer.
		{"empty window listing nothing, stale text", req, asmAns(assemble.Result{Window: "x", Source: "doc", Start: 5, End: 5}), "lists no molecules"},
	})
	checkAsm(t, "AssembleOrdered", AssembleOrdered, []asmCase{
		{"right", req, good, ""},
		{"overlapping windows", req, v3, "V3 "},
		{"touching molecules in two results (V1)", req, v1, ""},
	})
}

func TestAssembleListOrder(t *testing.T) {
	body := strings.Repeat("abcdefghij", 50)
	req := asmRequest(body, 1000, asmM("A", 10, 20), asmM("B", 20, 30), asmM("A2", 10, 20), asmM("L", 10, 25))
	checkAsm(t, "AssembleListOrder", AssembleListOrder, []asmCase{
		{"in byte order", req, asmAns(asmR(body, 10, 30, "A", "L", "B")), ""},
		{"B before A", req, asmAns(asmR(body, 10, 30, "B", "A")), `lists molecule "A"`},
		// Same start: the shorter first.
		{"L before A", req, asmAns(asmR(body, 10, 30, "L", "A")), `lists molecule "A"`},
		// Equal ranges may come in either order.
		{"equal ranges", req, asmAns(asmR(body, 10, 30, "A2", "A", "B")), ""},
		{"unknown molecule", req, asmAns(asmR(body, 10, 30, "B", "zz", "A")), ""},
	})
}

func TestAssembleOnRunes(t *testing.T) {
	body := "日本語" // 9 bytes, characters at 0, 3, 6
	req := asmRequest(body, 100, asmM("A", 0, 3))
	checkAsm(t, "AssembleOnRunes", AssembleOnRunes, []asmCase{
		{"on characters", req, asmAns(asmR(body, 0, 9, "A")), ""},
		{"end inside the first", req, asmAns(asmR(body, 0, 1, "A")), "edge at byte 1"},
		{"start inside, end at the body's end", req, asmAns(asmR(body, 1, 9, "A")), "edge at byte 1"},
		{"empty, inside a character", req, asmAns(asmR(body, 1, 1, "A")), "edge at byte 1"},
		// Outside the body: AssembleFilled's to report.
		{"end beyond the body", req, asmAns(asmR(body, 1, 10, "A")), ""},
		{"inverted", req, asmAns(asmR(body, 4, 1, "A")), ""},
	})
	checkAsm(t, "AssembleFilled", AssembleFilled, []asmCase{
		{"on characters", req, asmAns(asmR(body, 0, 9, "A")), ""},
		// An edge inside a character is AssembleOnRunes's.
		{"end inside the first", req, asmAns(asmR(body, 0, 1, "A")), ""},
		{"start inside, end at the body's end", req, asmAns(asmR(body, 1, 9, "A")), ""},
		{"empty, inside a character", req, asmAns(asmR(body, 1, 1, "A")), ""},
		{"end beyond the body", req, asmAns(asmR(body, 0, 10, "A")), "outside"},
	})
}

func TestAssembleFilled(t *testing.T) {
	body := strings.Repeat("abcdefghij", 50)
	req := asmRequest(body, 1000, asmM("A", 10, 20), asmM("B", 20, 30))
	stale := asmR(body, 10, 30, "A", "B")
	stale.Window = strings.Repeat(" ", 20)
	checkAsm(t, "AssembleFilled", AssembleFilled, []asmCase{
		{"right", req, asmAns(asmR(body, 10, 30, "A", "B")), ""},
		// A repeat or an order out of bytes is AssembleOrdered's and
		// AssembleListOrder's.
		{"A listed twice", req, asmAns(asmR(body, 10, 30, "A", "B", "A")), ""},
		{"B before A", req, asmAns(asmR(body, 10, 30, "B", "A")), ""},
		{"text not the body's", req, asmAns(stale), "V2 "},
		{"B outside", req, asmAns(asmR(body, 10, 25, "A", "B")), "V2 "},
	})
}

func TestAssembleBudget(t *testing.T) {
	body := strings.Repeat("é", 50) // 100 bytes, 50 runes
	req := asmRequest(body, 40, asmM("A", 0, 2))
	ans := asmAns(asmR(body, 0, 20), asmR(body, 40, 60)) // 20 + 20 bytes, 10 + 10 runes
	for _, c := range []struct {
		max  int
		u    unit.Unit
		fail bool
	}{{40, unit.Bytes, false}, {39, unit.Bytes, true}, {20, unit.Runes, false}, {19, unit.Runes, true}} {
		req.MaxChars = c.max
		if err := AssembleBudget(req, ans, c.u); (err != nil) != c.fail {
			t.Errorf("max_chars %d in %s: %v, want failed %v", c.max, c.u, err, c.fail)
		}
	}
}

func TestAssembleCoherent(t *testing.T) {
	for _, c := range []struct {
		coh  float64
		fail bool
	}{{0, false}, {0.5, false}, {1, false}, {-0.1, true}, {1.5, true}, {math.NaN(), true}} {
		ans := asmAns(assemble.Result{Source: "doc", Coherence: c.coh})
		if err := AssembleCoherent(ans); (err != nil) != c.fail {
			t.Errorf("coherence %v: %v, want failed %v", c.coh, err, c.fail)
		}
	}
}

// TestAssembleMoleculeBytes: the union of the molecules' ranges per source.
func TestAssembleMoleculeBytes(t *testing.T) {
	body := strings.Repeat("abcdefghij", 50)
	two := func(ms ...assemble.Molecule) adapters.AssembleRequest {
		r := asmRequest(body, 1000, ms...)
		r.Documents = append(r.Documents, assemble.Document{ID: "other", Body: "é" + body})
		return r
	}
	other := assemble.Molecule{ID: "O", Source: "other", Start: 0, End: 12} // é + 10 bytes: 12 bytes, 11 runes
	tests := []struct {
		name  string
		req   adapters.AssembleRequest
		u     unit.Unit
		bytes int
	}{
		{"one", two(asmM("A", 10, 20)), unit.Bytes, 10},
		{"overlapping: [0,10) ∪ [5,15)", two(asmM("A", 0, 10), asmM("B", 5, 15)), unit.Bytes, 15},
		{"nested: [0,20) ∪ [5,10)", two(asmM("A", 0, 20), asmM("B", 5, 10)), unit.Bytes, 20},
		{"touching: [0,10) ∪ [10,20)", two(asmM("A", 0, 10), asmM("B", 10, 20)), unit.Bytes, 20},
		{"apart: [0,10) and [20,25), unsorted", two(asmM("B", 20, 25), asmM("A", 0, 10)), unit.Bytes, 15},
		{"nested then apart", two(asmM("A", 0, 20), asmM("B", 5, 10), asmM("C", 30, 35)), unit.Bytes, 25},
		{"two sources, in bytes", two(asmM("A", 0, 10), other), unit.Bytes, 22},
		{"two sources, in runes", two(asmM("A", 0, 10), other), unit.Runes, 21},
	}
	for _, tt := range tests {
		if got := AssembleMoleculeBytes(tt.req, tt.u); got != tt.bytes {
			t.Errorf("%s: %d, want %d", tt.name, got, tt.bytes)
		}
	}
}

func TestAssembleListedAll(t *testing.T) {
	body := strings.Repeat("abcdefghij", 50)
	// A and B: 20 bytes of molecules.
	req := func(max int) adapters.AssembleRequest {
		return asmRequest(body, max, asmM("A", 0, 10), asmM("B", 100, 110))
	}
	onlyA := asmAns(asmR(body, 0, 10, "A"))
	for _, c := range []struct {
		max  int
		fail bool
	}{{20, true}, {19, false}} {
		if err := AssembleListedAll(req(c.max), onlyA, unit.Bytes); (err != nil) != c.fail {
			t.Errorf("max_chars %d, B not listed: %v, want failed %v", c.max, err, c.fail)
		}
	}
	if err := AssembleListedAll(req(20), asmAns(asmR(body, 0, 10, "A"), asmR(body, 100, 110, "B")), unit.Bytes); err != nil {
		t.Errorf("both listed: %v", err)
	}
}

// TestAssembleDocumented: coherence within 1e-9 of the definition's, and
// its label. A [1000,1100) and B [2000,2100) are 900 bytes apart (no
// adjacency, no gap fill: the default gap limit is 500) and 3600 s apart,
// the default time window: temporal joins them (|Δt| <= window) with pair
// score 1 − 3600/3600 = 0, so coherence 0.
func TestAssembleDocumented(t *testing.T) {
	body := strings.Repeat("abcdefghij", 300)
	const t0 = 1_000_000
	a, b := asmM("A", 1000, 1100), asmM("B", 2000, 2100)
	a.Time, b.Time = t0, t0+3600
	req := asmRequest(body, 10000, a, b)
	r := func(coh float64, label assemble.Strategy, mols ...string) adapters.AssembleAnswer {
		res := asmR(body, 1000, 2100, mols...)
		res.Coherence, res.Strategy = coh, label
		return asmAns(res)
	}
	checkAsm(t, "AssembleDocumented", AssembleDocumented, []asmCase{
		{"exact", req, r(0, assemble.Temporal, "A", "B"), ""},
		{"1e-9 off", req, r(1e-9, assemble.Temporal, "A", "B"), ""},
		{"2e-9 off", req, r(2e-9, assemble.Temporal, "A", "B"), "coherence_score"},
		{"wrong label", req, r(0, assemble.GapFill, "A", "B"), `inflation_strategy "gap_fill"`},
		{"unknown molecule", req, r(0, assemble.Temporal, "A", "zz"), `unknown molecule "zz"`},
	})
}
