package invariant

import (
	"reflect"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The inflation predicates on hand-made answers, right and wrong by one at
// each boundary. Every expectation is derived from the predicate's rule (its
// comment, std085's numbers), in the comment beside the case. Bodies are
// ASCII unless said otherwise, so bytes = runes = UTF-16 units.

// infHit is a hit of compound d.
func infHit(id string, s, e int) inflate.Hit {
	return inflate.Hit{ID: id, CompoundID: "d", Start: s, End: e}
}

// infWin is a window of compound d over body, its text the body's bytes
// (clamped to the body, so a window beyond it can be written).
func infWin(body string, s, e int, hits ...string) inflate.Window {
	cs, ce := min(max(s, 0), len(body)), min(max(e, 0), len(body))
	text := ""
	if cs < ce {
		text = body[cs:ce]
	}
	return inflate.Window{CompoundID: "d", Start: s, End: e, Text: text, Hits: hits}
}

// infCase is one answer to judge: want is a piece of the error, "" for none.
type infCase struct {
	name string
	req  inflate.Request
	res  inflate.Result
	want string
}

func checkInf(t *testing.T, pred string, f func(inflate.Request, inflate.Result, unit.Unit) error, cases []infCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(pred+"/"+c.name, func(t *testing.T) {
			wantErr(t, pred, f(c.req, c.res, unit.Bytes), c.want)
		})
	}
}

func infReq(body string, budget *int, hits ...inflate.Hit) inflate.Request {
	return inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}}, Hits: hits, Budget: budget}
}

func windows(ws ...inflate.Window) inflate.Result { return inflate.Result{Windows: ws} }

func TestInside(t *testing.T) {
	body := "abcdefghij" // 10 bytes
	req := infReq(body, nil, infHit("a", 2, 4))
	stale := infWin(body, 0, 3, "a")
	stale.Text = "abd"
	checkInf(t, "Inside", Inside, []infCase{
		// [0, len(body)) is inside: 0 is no negative start, len(body) no end beyond.
		{"the whole body", req, windows(infWin(body, 0, 10, "a")), ""},
		// start = end is an empty window, not an inverted one.
		{"empty", req, windows(infWin(body, 5, 5, "a")), ""},
		{"unknown compound", req, windows(inflate.Window{CompoundID: "e", Hits: []string{"a"}}), "unknown compound"},
		{"negative start", req, windows(infWin(body, -1, 5, "a")), "outside"},
		{"end beyond the body", req, windows(infWin(body, 5, 11, "a")), "outside"},
		{"inverted", req, windows(infWin(body, 5, 4, "a")), "outside"},
		{"text not the body's", req, windows(stale), "not the document's text"},
	})
}

func TestOnRunes(t *testing.T) {
	body := "abécd" // é is bytes [2,4)
	req := infReq(body, nil, infHit("a", 0, 1))
	checkInf(t, "OnRunes", OnRunes, []infCase{
		{"edges on characters", req, windows(infWin(body, 0, 4, "a")), ""},
		{"end inside é", req, windows(infWin(body, 0, 3, "a")), "cuts a multi-byte character"},
		// An offset outside the body is Inside's to report.
		{"end beyond the body", req, windows(infWin(body, 0, 9, "a")), ""},
	})
}

func TestDisjoint(t *testing.T) {
	body := strings.Repeat("x", 20)
	req := infReq(body, nil, infHit("a", 0, 1), infHit("b", 6, 7))
	checkInf(t, "Disjoint", Disjoint, []infCase{
		// [0,5) and [5,10) share no byte: 5 is the first one's end.
		{"touching", req, windows(infWin(body, 5, 10, "b"), infWin(body, 0, 5, "a")), ""},
		{"sharing byte 5", req, windows(infWin(body, 5, 10, "b"), infWin(body, 0, 6, "a")), "overlap"},
		{"equal starts", req, windows(infWin(body, 0, 10, "b"), infWin(body, 0, 5, "a")), "overlap"},
		// An empty window holds no byte, wherever it lies and whichever
		// window is listed first.
		{"empty window at another's start", req, windows(infWin(body, 5, 10, "b"), infWin(body, 5, 5, "a")), ""},
		{"empty window at another's start, listed first", req, windows(infWin(body, 5, 5, "a"), infWin(body, 5, 10, "b")), ""},
		{"empty window inside another", req, windows(infWin(body, 0, 10, "b"), infWin(body, 3, 3, "a")), ""},
	})
}

func TestAssigned(t *testing.T) {
	body := strings.Repeat("x", 100) // no budget: the cap 2500/n is never reached
	two := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}, {ID: "e", Body: body}},
		Hits: []inflate.Hit{infHit("a", 2, 4), {ID: "b", CompoundID: "e", Start: 2, End: 4}}}
	one := func(h inflate.Hit) inflate.Request { return infReq(body, nil, h) }
	checkInf(t, "Assigned", Assigned, []infCase{
		{"listed", one(infHit("a", 2, 4)), windows(infWin(body, 0, 10, "a")), ""},
		{"window without hits", one(infHit("a", 2, 4)), inflate.Result{Windows: []inflate.Window{infWin(body, 0, 10)}, Dropped: []string{"a"}}, "holds no hit"},
		{"unknown hit", one(infHit("a", 2, 4)), windows(infWin(body, 0, 10, "a", "zz")), "unknown hit"},
		{"hit of another compound", two, inflate.Result{Windows: []inflate.Window{infWin(body, 0, 10, "a", "b")}}, `hit "b" of "e" is listed by window 0 of "d"`},
		{"neither listed nor dropped", one(infHit("a", 2, 4)), inflate.Result{}, "neither in a window nor dropped"},
		{"dropped", one(infHit("a", 2, 4)), inflate.Result{Dropped: []string{"a"}}, ""},
		// An empty hit at offset p is touched by a window with start <= p <= end.
		{"empty hit at the window's end", one(infHit("z", 5, 5)), windows(infWin(body, 0, 5, "z")), ""},
		{"empty hit at the window's start", one(infHit("z", 5, 5)), windows(infWin(body, 5, 10, "z")), ""},
		{"empty hit past the window's end", one(infHit("z", 6, 6)), windows(infWin(body, 0, 5, "z")), "does not touch it"},
		// A hit [s,e) is touched by [ws,we) when they share a byte: ws < e and s < we.
		{"hit just left of the window", one(infHit("a", 0, 5)), windows(infWin(body, 5, 10, "a")), "does not touch it"},
		{"hit just right of the window", one(infHit("a", 10, 15)), windows(infWin(body, 5, 10, "a")), "does not touch it"},
		{"hit sharing the window's first byte", one(infHit("a", 0, 6)), windows(infWin(body, 5, 10, "a")), ""},
		{"hit sharing the window's last byte", one(infHit("a", 9, 15)), windows(infWin(body, 5, 10, "a")), ""},
	})
}

// TestAtCap: a window is at the cap when it is that long, or when one more
// character on either side would make it longer than the cap.
func TestAtCap(t *testing.T) {
	ten, eleven := "abcdefghij", "abcdefghijk"
	left := "é" + "xxxxxxxx" // é is bytes [0,2): 10 bytes
	tests := []struct {
		name        string
		body        string
		s, e, limit int
		u           unit.Unit
		want        bool
	}{
		{"the whole body at the cap", ten, 0, 10, 10, unit.Bytes, true},
		{"empty at a cap of 0", ten, 3, 3, 0, unit.Bytes, true},
		{"over the cap", ten, 0, 10, 9, unit.Bytes, true},
		// 9 long, cap 10: one more byte on the right makes 10, not over it.
		{"one short, room on the right", eleven, 0, 9, 10, unit.Bytes, false},
		// 9 long, cap 10, on [2,11): the byte on the left makes 10 again.
		{"one short, room on the left", eleven, 2, 11, 10, unit.Bytes, false},
		{"one short, a byte on each side", eleven, 1, 10, 10, unit.Bytes, false},
		// 8 bytes [2,10), cap 9: é on the left is 2 bytes, 10 > 9.
		{"é on the left, in bytes", left, 2, 10, 9, unit.Bytes, true},
		// In runes é counts 1: 8+1 = 9, not over 9.
		{"é on the left, in runes", left, 2, 10, 9, unit.Runes, false},
		{"negative start", ten, -1, 3, 1, unit.Bytes, false},
		{"inverted", ten, 4, 3, 0, unit.Bytes, false},
		{"end beyond the body", ten, 0, 11, 5, unit.Bytes, false},
	}
	for _, tt := range tests {
		if got := AtCap(tt.body, tt.s, tt.e, tt.limit, tt.u); got != tt.want {
			t.Errorf("%s: AtCap(%q, %d, %d, %d, %s) = %v, want %v", tt.name, tt.body, tt.s, tt.e, tt.limit, tt.u, got, tt.want)
		}
	}
}

func TestCovered(t *testing.T) {
	body := strings.Repeat("x", 300)
	two := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}, {ID: "e", Body: body}},
		Hits: []inflate.Hit{infHit("a", 2, 4), {ID: "b", CompoundID: "e", Start: 50, End: 60}}}
	checkInf(t, "Covered", Covered, []infCase{
		{"inside its window", infReq(body, nil, infHit("a", 0, 5)), windows(infWin(body, 0, 10, "a")), ""},
		// [5,15) is covered by [0,10) and [10,20) together.
		{"across two windows", infReq(body, nil, infHit("a", 5, 15), infHit("b", 12, 13)),
			windows(infWin(body, 10, 20, "b"), infWin(body, 0, 10, "a")), ""},
		// MinViable 150: a hit of 150 bytes must be wholly inside, [0,149) is not.
		{"150 bytes, one cut away", infReq(body, nil, infHit("a", 0, 150)), windows(infWin(body, 0, 149, "a")), "not wholly inside"},
		// A hit longer than 150 may be cut.
		{"151 bytes, one cut away", infReq(body, nil, infHit("a", 0, 151)), windows(infWin(body, 0, 150, "a")), ""},
		{"not touched", infReq(body, nil, infHit("a", 20, 30)), windows(infWin(body, 0, 10, "a")), "does not touch it"},
		// A hit of another compound is Assigned's to report.
		{"hit of another compound", two, windows(infWin(body, 0, 10, "a", "b")), ""},
	})
}

// TestWholeUnderCap: under the cap (2500 without a budget for one hit, 150
// for a budget of 150) a listed hit of at most 150 is wholly inside its
// compound's windows; a window at its cap may cut it (INF-06's).
func TestWholeUnderCap(t *testing.T) {
	body := strings.Repeat("x", 300)
	checkInf(t, "WholeUnderCap", WholeUnderCap, []infCase{
		{"inside its window", infReq(body, nil, infHit("a", 250, 300)), windows(infWin(body, 50, 300, "a")), ""},
		// The clamp one short of the end: [250,300) cut at 299.
		{"cut at the document's end", infReq(body, nil, infHit("a", 250, 300)), windows(infWin(body, 50, 299, "a")), "not wholly inside"},
		{"across two windows", infReq(body, nil, infHit("a", 5, 15), infHit("b", 12, 13)),
			windows(infWin(body, 10, 20, "b"), infWin(body, 0, 10, "a")), ""},
		// Budget 150, one hit: the window [0,150) is at its cap.
		{"at the cap", infReq(body, new(150), infHit("a", 100, 200)), windows(infWin(body, 0, 150, "a")), ""},
		{"under the cap", infReq(body, new(150), infHit("a", 100, 200)), windows(infWin(body, 0, 149, "a")), "not wholly inside"},
		// A hit longer than 150 is left to INF-06.
		{"151 bytes, one cut away", infReq(body, nil, infHit("a", 0, 151)), windows(infWin(body, 0, 150, "a")), ""},
	})
}

// TestBudgetClamps: offsets outside the body count only the body's part.
func TestBudgetClamps(t *testing.T) {
	body := strings.Repeat("ab", 150) // 300 bytes
	checkInf(t, "Budget", Budget, []infCase{
		{"negative start counts from 0", infReq(body, new(10), infHit("a", 0, 1)), windows(infWin(body, -5, 10, "a")), ""},
		{"end beyond counts to the end", infReq(body, new(10), infHit("a", 295, 296)), windows(infWin(body, 290, 310, "a")), ""},
		{"the body's last 10", infReq(body, new(10), infHit("a", 295, 296)), windows(infWin(body, 290, 300, "a")), ""},
		{"two windows of 5", infReq(body, new(10), infHit("a", 0, 1), infHit("b", 9, 10)), windows(infWin(body, 0, 5, "a"), infWin(body, 5, 10, "b")), ""},
		{"two windows of 5, budget 9", infReq(body, new(9), infHit("a", 0, 1), infHit("b", 9, 10)), windows(infWin(body, 0, 5, "a"), infWin(body, 5, 10, "b")), "total 10"},
	})
}

// TestBudgetOverFloor: over the budget is excused only when no window is
// longer than MIN_WINDOW_CAP (200), by its offsets or by its text, and no
// more hits are kept than fit at 150.
func TestBudgetOverFloor(t *testing.T) {
	body := strings.Repeat("ab", 300) // 600 bytes
	stale := func(w inflate.Window, text string) inflate.Window { w.Text = text; return w }
	checkInf(t, "BudgetOverFloor", BudgetOverFloor, []infCase{
		{"within the budget", infReq(body, new(300), infHit("a", 0, 1)), windows(infWin(body, 0, 300, "a")), ""},
		// 200 + 200 > 300, every window at most 200, 2 = floor(300/150)
		// hits kept: excused (a squeeze to 150 under a floor of 200).
		{"windows of 200 and 200", infReq(body, new(300), infHit("a", 0, 1), infHit("b", 250, 251)),
			windows(infWin(body, 0, 200, "a"), infWin(body, 200, 400, "b")), ""},
		{"a window of 201", infReq(body, new(300), infHit("a", 0, 1), infHit("b", 250, 251)),
			windows(infWin(body, 0, 201, "a"), infWin(body, 201, 400, "b")), "over MIN_WINDOW_CAP 200"},
		// 150 + 150 > 299, but floor(299/150) = 1: a hit more than any
		// squeeze keeps.
		{"a hit more than fit at 150", infReq(body, new(299), infHit("a", 0, 1), infHit("b", 250, 251)),
			windows(infWin(body, 0, 150, "a"), infWin(body, 150, 300, "b")), "2 of 2 hits are kept where 1 fit"},
		{"a hit kept under a budget of 100", infReq(body, new(100), infHit("a", 0, 1)), windows(infWin(body, 0, 150, "a")), "1 of 1 hits are kept where 0 fit"},
		{"offsets of 201, no text", infReq(body, new(100), infHit("a", 0, 1)), windows(stale(infWin(body, 0, 201, "a"), "")), "over MIN_WINDOW_CAP 200"},
		{"offsets of 100, a text of 201", infReq(body, new(100), infHit("a", 0, 1)), windows(stale(infWin(body, 0, 100, "a"), body[:201])), "over MIN_WINDOW_CAP 200"},
		// [100,300) is 200 long wherever it starts.
		{"200 from 100", infReq(body, new(150), infHit("a", 100, 101)), windows(infWin(body, 100, 300, "a")), ""},
		// [0,100) is 100 long, not the body's 600.
		{"100 of 600", infReq(body, new(150), infHit("a", 0, 1)), windows(infWin(body, 0, 100, "a")), ""},
		{"negative start", infReq(body, new(100), infHit("a", 0, 1)), windows(infWin(body, -5, 100, "a")), ""},
		{"end beyond the body", infReq(body, new(50), infHit("a", 560, 561)), windows(infWin(body, 550, 650, "a")), ""},
	})
}

// TestTextCap: B/n when n hits fit at 150 each, else 150; 2500 stands for
// B without a budget.
func TestTextCap(t *testing.T) {
	hits := func(n int) []inflate.Hit {
		hs := make([]inflate.Hit, n)
		for i := range hs {
			hs[i] = infHit(string(rune('a'+i)), i, i+1)
		}
		return hs
	}
	tests := []struct {
		name   string
		budget *int
		n      int
		want   int
	}{
		{"no hits", nil, 0, 0},
		{"one hit, no budget", nil, 1, 2500},
		{"3 hits under 1000", new(1000), 3, 333},
		{"10 hits under 1500 (10·150 = 1500 fits)", new(1500), 10, 150},
		{"10 hits under 1000 (squeezed)", new(1000), 10, 150},
		{"17 hits, no budget (17·150 = 2550 > 2500)", nil, 17, 150},
	}
	for _, tt := range tests {
		req := inflate.Request{Budget: tt.budget, Hits: hits(tt.n)}
		if got := TextCap(req); got != tt.want {
			t.Errorf("%s: TextCap = %d, want %d", tt.name, got, tt.want)
		}
	}
}

func TestPadded(t *testing.T) {
	body := strings.Repeat("x", 2000)
	one := func(s, e int) inflate.Request { return infReq(body, nil, infHit("a", s, e)) }
	checkInf(t, "Padded", Padded, []infCase{
		// MAX_PADDING 500 on each side is allowed, 501 is not.
		{"500 each side", one(1000, 1100), windows(infWin(body, 500, 1600, "a")), ""},
		{"501 on the left", one(1000, 1100), windows(infWin(body, 499, 1100, "a")), "pads its hits' span"},
		{"501 on the right", one(1000, 1100), windows(infWin(body, 1000, 1601, "a")), "pads its hits' span"},
		{"600 on the right", one(1000, 1100), windows(infWin(body, 1000, 1700, "a")), "pads its hits' span"},
		// The span is clamped to the window: [50,100) pads 600 on the right.
		{"hit starting before the window", one(0, 100), windows(infWin(body, 50, 700, "a")), "pads its hits' span"},
		{"hit beyond the window on both sides", one(0, 1000), windows(infWin(body, 400, 500, "a")), ""},
		// A window without hits, outside the body, or not touching its hit
		// is for Assigned and Inside to report.
		{"window without hits", one(0, 10), inflate.Result{Windows: []inflate.Window{infWin(body, 0, 600)}}, ""},
		{"window beyond the body", one(1000, 1100), windows(infWin(body, 1000, 2100, "a")), ""},
		{"window before the body", one(0, 100), windows(infWin(body, -1, 100, "a")), ""},
		{"600 on the right from the body's start", one(0, 100), windows(infWin(body, 0, 700, "a")), "pads its hits' span"},
		{"hit not touched", one(0, 10), windows(infWin(body, 20, 600, "a")), ""},
		// The body's end: [1400,2000) pads [1950,2000) by 550 on the left.
		{"at the body's end", one(1950, 2000), windows(infWin(body, 1400, 2000, "a")), "pads its hits' span"},
		{"an empty hit", one(1700, 1700), windows(infWin(body, 1100, 1700, "a")), "pads its hits' span"},
		// An unknown hit adds nothing to the span: [1000,1100) pads by 0.
		{"unknown hit listed", one(1000, 1100), windows(infWin(body, 1000, 1100, "a", "zz")), ""},
	})
}

func TestCapped(t *testing.T) {
	body := strings.Repeat("x", 3000)
	one := infReq(body, nil, infHit("a", 0, 1))
	checkInf(t, "Capped", Capped, []infCase{
		{"2500", one, windows(infWin(body, 0, 2500, "a")), ""},
		{"2501", one, windows(infWin(body, 0, 2501, "a")), "over the cap of 2500"},
		{"2501 under a budget", infReq(body, new(100), infHit("a", 0, 1)), windows(infWin(body, 0, 2501, "a")), ""},
	})
}

// TestKeptAllAtFloor: no hit dropped when n·200 fits the budget (2500
// without one).
func TestKeptAllAtFloor(t *testing.T) {
	body := strings.Repeat("x", 100)
	n := func(k int) []inflate.Hit {
		hs := make([]inflate.Hit, k)
		for i := range hs {
			hs[i] = infHit(string(rune('a'+i)), i, i+1)
		}
		return hs
	}
	dropA := inflate.Result{Dropped: []string{"a"}}
	pred := func(req inflate.Request, res inflate.Result, _ unit.Unit) error { return KeptAllAtFloor(req, res) }
	checkInf(t, "KeptAllAtFloor", pred, []infCase{
		{"2 hits under 400, none dropped", infReq(body, new(400), n(2)...), inflate.Result{}, ""},
		{"2 hits under 400, one dropped", infReq(body, new(400), n(2)...), dropA, "yet [a] were dropped"},
		{"2 hits under 399, one dropped", infReq(body, new(399), n(2)...), dropA, ""},
		{"12 hits, no budget, one dropped", infReq(body, nil, n(12)...), dropA, "yet [a] were dropped"},
		{"13 hits, no budget, one dropped", infReq(body, nil, n(13)...), dropA, ""},
	})
}

// TestCanonical: compound, then start, then end; windows of one place keep
// their order (a stable sort).
func TestCanonical(t *testing.T) {
	w := func(c string, s, e int, hit string) inflate.Window {
		return inflate.Window{CompoundID: c, Start: s, End: e, Hits: []string{hit}}
	}
	tests := []struct {
		name     string
		in, want []inflate.Window
	}{
		{"compound first", []inflate.Window{w("b", 0, 1, "x"), w("a", 5, 6, "y")}, []inflate.Window{w("a", 5, 6, "y"), w("b", 0, 1, "x")}},
		{"then start", []inflate.Window{w("d", 5, 8, "x"), w("d", 0, 10, "y")}, []inflate.Window{w("d", 0, 10, "y"), w("d", 5, 8, "x")}},
		{"then end", []inflate.Window{w("d", 0, 10, "x"), w("d", 0, 8, "y")}, []inflate.Window{w("d", 0, 8, "y"), w("d", 0, 10, "x")}},
		{"one place", []inflate.Window{w("d", 0, 2, "x"), w("d", 0, 2, "y")}, []inflate.Window{w("d", 0, 2, "x"), w("d", 0, 2, "y")}},
	}
	for _, tt := range tests {
		if got := Canonical(tt.in); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Canonical = %v, want %v", tt.name, got, tt.want)
		}
	}
}

// TestMergedInOrder: no budget unless named, so the cap is 2500/n.
func TestMergedInOrder(t *testing.T) {
	body := strings.Repeat("x", 4000)
	req := func(budget *int, hs ...inflate.Hit) inflate.Request { return infReq(body, budget, hs...) }
	a, b := infHit("a", 0, 10), infHit("b", 100, 110)
	checkInf(t, "MergedInOrder", MergedInOrder(500), []infCase{
		{"one window", req(nil, a, b), windows(infWin(body, 0, 110, "a", "b")), ""},
		{"90 apart, two windows", req(nil, a, b), windows(infWin(body, 0, 10, "a"), infWin(body, 100, 110, "b")), "90 apart in start order"},
		// MERGE_THRESHOLD: `B.start - A.end < 500` merges 499, not 500.
		{"499 apart", req(nil, a, infHit("b", 509, 519)), windows(infWin(body, 0, 10, "a"), infWin(body, 509, 519, "b")), "499 apart"},
		{"500 apart", req(nil, a, infHit("b", 510, 520)), windows(infWin(body, 0, 10, "a"), infWin(body, 510, 520, "b")), ""},
		// Budget 300, 2 hits: cap 150. Merged, [0,10) and [140,150) span
		// 150, within it; [0,10) and [141,151) span 151, over it.
		{"union at the cap", req(new(300), a, infHit("b", 140, 150)), windows(infWin(body, 0, 10, "a"), infWin(body, 140, 150, "b")), "span 150 bytes, within the cap 150"},
		{"union over the cap", req(new(300), a, infHit("b", 141, 151)), windows(infWin(body, 0, 10, "a"), infWin(body, 141, 151, "b")), ""},
		// [0,160) holds [100,110): merged they span 160 > 150.
		{"nested, over the cap", req(new(300), infHit("a", 0, 160), b), windows(infWin(body, 0, 160, "a"), infWin(body, 100, 110, "b")), ""},
		// Budget 450, 3 hits: cap 150. a [100,110) lies between z [0,10) and
		// b [200,210) of another window spanning [0,210): 210 > 150 either way.
		{"a window spanning both sides", req(new(450), infHit("a", 100, 110), infHit("z", 0, 10), infHit("b", 200, 210)),
			windows(infWin(body, 100, 110, "a"), infWin(body, 0, 210, "z", "b")), ""},
		// The gap is from the hit before: b [520,530) is 510 after a (no
		// merge), c [1000,1010) 470 after b, and merged they span 1010 <= 3333.
		{"470 after the hit before", req(new(10000), a, infHit("b", 520, 530), infHit("c", 1000, 1010)),
			windows(infWin(body, 0, 530, "a", "b"), infWin(body, 1000, 1010, "c")), "470 apart"},
		// An unknown hit adds nothing to a window's span: [1000,1010) and
		// [1100,1110) merged span 110, within the cap 150 of budget 300.
		{"unknown hit listed", req(new(300), infHit("a", 1000, 1010), infHit("b", 1100, 1110)),
			windows(infWin(body, 1000, 1010, "a", "zz"), infWin(body, 1100, 1110, "b")), "90 apart"},
		// Equal starts share one window unless the cap forbids it.
		{"equal starts apart", req(nil, a, infHit("b", 0, 20)), windows(infWin(body, 0, 10, "a"), infWin(body, 0, 20, "b")), "start at the same offset"},
		// q [0,50) and p [0,100) start together; r [580,600) is 530 after
		// the earliest end (q's), 480 after p's: some order of the equal
		// starts puts q just before r, so r need not join them (cap 833).
		{"earliest end of equal starts, listed q p", req(nil, infHit("p", 0, 100), infHit("q", 0, 50), infHit("r", 580, 600)),
			windows(infWin(body, 0, 100, "q", "p"), infWin(body, 580, 600, "r")), ""},
		{"earliest end of equal starts, listed p q", req(nil, infHit("p", 0, 100), infHit("q", 0, 50), infHit("r", 580, 600)),
			windows(infWin(body, 0, 100, "p", "q"), infWin(body, 580, 600, "r")), ""},
		// x [0,5), y [0,10) and w [0,10) start together (cap 625): x and y
		// can share a window ([0,10) merged), so they must, though w lies
		// between them in the sort and its window spans to 3010.
		{"every two of equal starts", req(nil, infHit("x", 0, 5), infHit("y", 0, 10), infHit("w", 0, 10), infHit("v", 3000, 3010)),
			windows(infWin(body, 0, 5, "x"), infWin(body, 0, 3010, "w", "v"), infWin(body, 0, 10, "y")), "start at the same offset"},
	})
	// A declared MERGE_THRESHOLD of 400 (adapters.MergeThreshold): 399
	// apart must merge, 400 and 450 need not (under the default they must).
	apart := func(gap int) inflate.Request { return req(nil, a, infHit("b", 10+gap, 20+gap)) }
	two := func(gap int) inflate.Result {
		return windows(infWin(body, 0, 10, "a"), infWin(body, 10+gap, 20+gap, "b"))
	}
	checkInf(t, "MergedInOrder at 400", MergedInOrder(400), []infCase{
		{"399 apart", apart(399), two(399), "399 apart in start order, under MERGE_THRESHOLD 400"},
		{"400 apart", apart(400), two(400), ""},
		{"450 apart", apart(450), two(450), ""},
	})
	checkInf(t, "MergedInOrder at 500", MergedInOrder(500), []infCase{
		{"450 apart", apart(450), two(450), "450 apart in start order, under MERGE_THRESHOLD 500"},
	})
	// a [0,10) alone, b [0,10) with d [2000,2010) (cap 625: apart, 2010 >
	// 625), c [100,110) 90 after both: it may join b's window, whose span
	// with it is 2010 > 625, so c alone passes, whichever window comes first
	// (c would have to share a's only if the sort put a just before it).
	hs := []inflate.Hit{infHit("a", 0, 10), infHit("b", 0, 10), infHit("c", 100, 110), infHit("d", 2000, 2010)}
	wa, wbd, wc := infWin(body, 0, 10, "a"), infWin(body, 0, 2010, "b", "d"), infWin(body, 100, 110, "c")
	checkInf(t, "MergedInOrder", MergedInOrder(500), []infCase{
		{"next hit may join any equal start, a first", req(nil, hs...), windows(wa, wbd, wc), ""},
		{"next hit may join any equal start, b first", req(nil, hs...), windows(wbd, wa, wc), ""},
		// With a and b in one window, c 90 after them must join it.
		{"next hit joins none", req(nil, hs...), windows(infWin(body, 0, 10, "a", "b"), wc, infWin(body, 2000, 2010, "d")), "90 apart"},
	})
}

func TestLonePadded(t *testing.T) {
	body := strings.Repeat("x", 1000)
	one := func(budget *int, s, e int) inflate.Request { return infReq(body, budget, infHit("a", s, e)) }
	b299, b300 := 299, 300
	checkInf(t, "LonePadded", LonePadded, []infCase{
		// MIN_PADDING 50 on each side, or all the body has: 49 is short.
		{"50 each side", one(nil, 500, 510), windows(infWin(body, 450, 560, "a")), ""},
		{"49 on the left", one(nil, 500, 510), windows(infWin(body, 451, 560, "a")), "by 49 and 50 bytes, want at least 50 and 50"},
		{"49 on the right", one(nil, 500, 510), windows(infWin(body, 450, 559, "a")), "by 50 and 49 bytes"},
		{"the body's edges, 20 and 30", one(nil, 20, 970), windows(infWin(body, 0, 1000, "a")), ""},
		{"clamped one short of the end", one(nil, 980, 990), windows(infWin(body, 930, 999, "a")), "by 50 and 9 bytes, want at least 50 and 10"},
		{"a window cutting the hit", one(nil, 997, 1000), windows(infWin(body, 947, 999, "a")), "by 50 and -1 bytes, want at least 50 and 0"},
		// A budget of 300 pads a hit of 10 by 145 in every reading; under
		// 300, or with a hit over 150, or with two hits, nothing is judged.
		{"budget 300", one(&b300, 500, 510), windows(infWin(body, 451, 560, "a")), "want at least 50 and 50"},
		{"budget 299", one(&b299, 500, 510), windows(infWin(body, 451, 560, "a")), ""},
		{"a hit of 151", one(nil, 500, 651), windows(infWin(body, 500, 651, "a")), ""},
		{"a hit of 150", one(nil, 500, 650), windows(infWin(body, 500, 650, "a")), "by 0 and 0 bytes"},
		{"two hits", infReq(body, nil, infHit("a", 500, 510), infHit("b", 600, 610)), windows(infWin(body, 500, 610, "a", "b")), ""},
		// No window listing the hit is Assigned's; one outside the body Inside's.
		{"no window", one(nil, 500, 510), windows(), ""},
		{"a window of another hit", one(nil, 500, 510), windows(infWin(body, 500, 510, "z")), ""},
		{"a window beyond the body", one(nil, 980, 990), windows(infWin(body, 930, 1001, "a")), ""},
	})
}
