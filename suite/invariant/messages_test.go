package invariant

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestMessages: a failure leads to the bug: offsets in the implementation's
// unit with bytes in brackets, the place where texts differ (also at their
// end), windows side by side with the difference marked, and never an
// internal placeholder.
func TestMessages(t *testing.T) {
	// "é" is 2 bytes and 1 utf16 unit: byte offsets past it differ from utf16 ones.
	body := "ééé hello world, the end of it"
	req := inflate.Request{
		Documents: []inflate.Document{{ID: "d", Body: body}},
		Hits:      []inflate.Hit{{ID: "h1", CompoundID: "d", Start: 7, End: 12, Score: 1}, {ID: "h2", CompoundID: "d", Start: 13, End: 18, Score: 0.5}},
	}
	win := func(s, e int, hits ...string) inflate.Window {
		return inflate.Window{CompoundID: "d", Start: s, End: e, Text: body[s:e], Hits: hits, Score: 1}
	}
	stale := win(0, len(body), "h1", "h2")
	stale.Text = body[:len(body)-1] + "T"
	tests := []struct {
		name string
		err  error
		want []string
	}{
		{"inside: difference at the end", Inside(req, inflate.Result{Windows: []inflate.Window{stale}}, unit.UTF16),
			[]string{"first difference at byte 32", "end of i|T", "[bytes 0,33)"}},
		{"inside: beyond the end", Inside(req, inflate.Result{Windows: []inflate.Window{{CompoundID: "d", Start: 7, End: 40}}}, unit.UTF16),
			[]string{"outside [0,30 [bytes 33]]"}},
		{"on runes", OnRunes(req, inflate.Result{Windows: []inflate.Window{{CompoundID: "d", Start: 1, End: 12}}}, unit.Bytes),
			[]string{"edge at byte 1 cuts", `"|ééé`}},
		{"side by side", SameWindows(req, unit.UTF16, []inflate.Window{win(6, 18, "h1", "h2")}, []inflate.Window{win(6, 20, "h1", "h2")}, "want", "got"),
			[]string{"window 0 differs", "end      ≠ 15 [bytes 18]", "17 [bytes 20]", "at the ends"}},
		{"missing window", SameWindows(req, unit.UTF16, []inflate.Window{win(6, 18, "h1", "h2")}, nil, "want", "got"),
			[]string{"(none)", "want: 1 windows, got: 0"}},
		{"dropped twice", Assigned(req, inflate.Result{Windows: []inflate.Window{win(6, 12, "h1")}, Dropped: []string{"h2", "h2"}}, unit.UTF16),
			[]string{`hit "h2" is dropped twice`}},
		{"merged without hits", MergedInOrder(500)(req, inflate.Result{Windows: []inflate.Window{win(6, 12), win(13, 18, "h2")}}, unit.UTF16), nil},
		{"merged", MergedInOrder(500)(req, inflate.Result{Windows: []inflate.Window{win(6, 12, "h1"), win(13, 18, "h2")}}, unit.UTF16),
			[]string{"[4,9) [bytes 7,12)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.want == nil {
				if tt.err != nil {
					t.Fatalf("error %v, want none", tt.err)
				}
				return
			}
			if tt.err == nil {
				t.Fatal("no error")
			}
			msg := tt.err.Error()
			for _, w := range tt.want {
				if !strings.Contains(msg, w) {
					t.Errorf("message lacks %q:\n%s", w, msg)
				}
			}
			if strings.Contains(msg, "-1") {
				t.Errorf("message shows a placeholder -1:\n%s", msg)
			}
		})
	}
}

// TestCanonicalIgnoresOpenOrder: the order of windows and of hits inside a
// window is open; canonical lists compare equal whatever it was.
func TestCanonicalIgnoresOpenOrder(t *testing.T) {
	req := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: "abcdefgh"}}}
	a := []inflate.Window{{CompoundID: "d", Start: 0, End: 2, Hits: []string{"x", "y", "z"}}, {CompoundID: "d", Start: 4, End: 6, Hits: []string{"w"}}}
	b := []inflate.Window{{CompoundID: "d", Start: 4, End: 6, Hits: []string{"w"}}, {CompoundID: "d", Start: 0, End: 2, Hits: []string{"z", "x", "y"}}}
	if err := SameWindows(req, unit.Bytes, Canonical(a), Canonical(b), "a", "b"); err != nil {
		t.Errorf("canonical lists differ: %v", err)
	}
	if err := SameWindows(req, unit.Bytes, a, b, "a", "b"); err == nil {
		t.Error("lists as given compare equal: the reference's own order would go unchecked")
	}
}

// TestSameUpToTies: fuzzy answers compare tier by tier; the order inside a
// tier and which tied matches a limit keeps are open.
func TestSameUpToTies(t *testing.T) {
	m := func(id, tier string, sim float32) adapters.SearchMatch {
		return adapters.SearchMatch{ID: id, Label: id, Tier: tier, Similarity: sim}
	}
	a, b := m("a", adapters.TierExact, 1), m("b", adapters.TierExact, 1)
	p := m("p", adapters.TierPrefix, 0.5)
	x, y := m("x", adapters.TierTrigram, 0.4), m("y", adapters.TierTrigram, 0.4)
	pool := []adapters.SearchMatch{a, b, p, x, y}
	tests := []struct {
		name      string
		want, got []adapters.SearchMatch
		ok        bool
	}{
		{"same", pool, pool, true},
		{"ties swapped", pool, []adapters.SearchMatch{b, a, p, y, x}, true},
		{"limit keeps the other tie", pool[:4], []adapters.SearchMatch{a, b, p, y}, true},
		{"tiers out of order", pool, []adapters.SearchMatch{a, p, b, x, y}, false},
		{"one missing", pool, pool[:4], false},
		{"one twice", pool, []adapters.SearchMatch{a, a, p, x, y}, false},
		{"other similarity", pool, []adapters.SearchMatch{a, b, p, x, m("y", adapters.TierTrigram, 0.5)}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := SameUpToTies(pool, tt.want, tt.got)
			if (err == nil) != tt.ok {
				t.Errorf("SameUpToTies = %v, want ok %v", err, tt.ok)
			}
		})
	}
}
