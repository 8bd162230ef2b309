package specs

import (
	"fmt"
	"reflect"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
)

// minPadding: one short hit at 5000 in 10,000 bytes, alone under budgets
// from exactly enough to plenty.
func minPadding(t *suite.T) {
	// MIN_PADDING 50 (§3.2) at its boundary: the minimum viable window,
	// budget 150 (where the reference's padding is exactly 50: <50>hit<50>
	// with a hit of up to 50), and 151, with a 10-byte hit; a 50-byte hit
	// under 200; a 10-byte hit under 1000. Each leaves at least 50 each
	// side in every reading of §3.1–3.2 and §2.1.5: the reference's padding
	// clamp(floor((W-50)/2), 50, 500) as much as the text's literal W/2
	// truncated on the right at W (a 50-byte hit at exactly 150 would get
	// only 25 on its right that way, so it is not among them). ASCII text:
	// bytes = runes = UTF-16 units.
	//
	// A hit that no window holds is not judged here: keeping it is DEN-02's
	// and DEN-11's, and one fault fails one requirement.
	cases := []struct{ length, budget int }{{10, 150}, {10, 151}, {50, 200}, {10, 1000}}
	judged := 0
	for _, c := range cases {
		req := inflate.Request{Documents: doc(tenK), Budget: new(c.budget), Hits: []inflate.Hit{hit("a", 5000, 5000+c.length, 1)}}
		res := call.MustInflate(t, req)
		i := slices.IndexFunc(res.Windows, func(w inflate.Window) bool { return slices.Contains(w.Hits, "a") })
		if i < 0 {
			t.Notef("budget %d: no window holds the hit (%d windows): not judged here (DEN-02, DEN-11)", c.budget, len(res.Windows))
			continue
		}
		judged++
		if w := res.Windows[i]; w.Start > 4950 || w.End < 5050+c.length {
			t.Errorf("budget %d: window [%d,%d) pads hit [5000,%d) by %d and %d, want at least 50 each", c.budget, w.Start, w.End, 5000+c.length, 5000-w.Start, w.End-5000-c.length)
		}
	}
	if judged == 0 {
		t.Skipf("no window held the hit under any budget: nothing to judge (DEN-02 and DEN-11 judge that)")
	}
}

// badBudget: a zero or negative budget, each beside its twin with a budget
// of 1000.
func badBudget(t *suite.T) {
	req := func(b int) inflate.Request {
		return inflate.Request{Documents: doc(tenK), Budget: new(b), Hits: []inflate.Hit{hit("a", 5000, 5010, 1)}}
	}
	var cases []refusal[inflate.Request]
	for _, b := range []int{0, -1, -150} {
		cases = append(cases, refusal[inflate.Request]{fmt.Sprintf("budget %d", b), req(1000), req(b)})
	}
	refuses(t, call.Inflate, cases)
}

// exactSqueeze: hits h0..h9 of 10 bytes at 900·i, budget 1000, scored in
// no order of position or of the request (below), so that keeping the best
// is told from keeping the last or the first. 10·150 > 1000, so keep
// floor(1000/150) = 6, the best scores: h3 1.0, h1 0.9, h7 0.8, h5 0.7,
// h9 0.6, h4 0.5. W = floor(1000/6) = 166; padding = clamp(floor((166-50)/2),
// 50, 500) = 58. Each window: [900i-58, 900i+10+58), 126 bytes, inside the
// document (i >= 1, 900·9+68 < 10,000); spans are 890 apart, so no merge
// and no gap split. Output by score: h3 first. Dropped, sorted by ID: h0
// (0.3), h2 (0.1), h6 (0.2), h8 (0.4).
func exactSqueeze(t *suite.T) {
	scores := [10]float64{0.3, 0.9, 0.1, 1.0, 0.5, 0.7, 0.2, 0.8, 0.4, 0.6}
	req := inflate.Request{Documents: doc(tenK), Budget: new(1000)}
	for i, score := range scores {
		req.Hits = append(req.Hits, hit("h"+string(rune('0'+i)), 900*i, 900*i+10, score))
	}
	res := call.MustInflate(t, req)
	var want []span
	for _, i := range []int{3, 1, 7, 5, 9, 4} {
		want = append(want, span{900*i - 58, 900*i + 68})
	}
	if got := spans(res.Windows); !reflect.DeepEqual(got, want) {
		t.Errorf("windows %v, want %v", got, want)
	}
	if want := []string{"h0", "h2", "h6", "h8"}; !reflect.DeepEqual(res.Dropped, want) {
		t.Errorf("dropped %v, want %v", res.Dropped, want)
	}
}
