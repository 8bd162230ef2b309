package specs

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// apartCases are two 100-byte hits whose gap is MERGE_THRESHOLD (500, or
// the value the implementation declared: adapters.MergeThreshold) or more
// (std085 §2.1.3 merges only when `B.start - A.end < MERGE_THRESHOLD`): at
// the threshold itself, one past it, and 100 past it, in ASCII text, so the gap is the
// same in bytes, runes and UTF-16 units, with no budget. The gap of one
// less, which must merge, is INF-04's (its edge case "hits 499 apart", at
// the declared threshold less one: properties' edgesRecipeAt).
func apartCases(t *suite.T, judge func(req inflate.Request, gap int, w inflate.Window)) {
	threshold := t.Config().Int(adapters.MergeThreshold)
	for _, gap := range []int{threshold, threshold + 1, threshold + 100} {
		req := inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", 1000, 1100, 1), hit("b", 1100+gap, 1200+gap, 1)}}
		res := call.MustInflate(t, req)
		for _, w := range res.Windows {
			if len(w.Hits) > 1 {
				judge(req, gap, w)
			}
		}
	}
}

// notMerged (INF-18, the reference's reading): hits 500 or more apart never
// share a window.
func notMerged(t *suite.T) {
	apartCases(t, func(req inflate.Request, gap int, w inflate.Window) {
		t.Errorf("hits %d apart (%s) share window [%d,%d): %v; the reference merges only gaps under MERGE_THRESHOLD %d and never joins windows", gap, describe(req), w.Start, w.End, w.Hits, t.Config().Int(adapters.MergeThreshold))
	})
}

// notMergedAtThreshold (INF-08): hits 500 or more apart share no window
// that no reading could have made by joining windows its padding made
// overlap. §2.1.4 pads the start and the end of a window by the same
// PADDING_CHARS, so two padded windows `gap` apart meet only when the
// padding is gap/2 or more: a window joined from them reaches gap or more
// beyond the two hits in all, unless truncated at its cap (§2.1.5), and
// no cap without a budget is under 1250 (2500 a window, or 2500 the
// budget shared by two hits). A window listing both hits that is shorter
// than 1250 and reaches less than the gap beyond them was merged, at a gap
// §2.1.3 does not merge, under every reading (the `<=` bug). Whether a
// program may join the windows its padding made overlap (windows reaching
// gap/2 or more each side) is the reading INF-18 (REFERENCE) judges.
//
// With a budget the readings of the cap and of truncation differ, but one
// case is the same under all of them (budgetedApart): two empty hits
// exactly MERGE_THRESHOLD apart under a budget of twice the threshold.
func notMergedAtThreshold(t *suite.T) {
	const smallestCap = 2500 / 2
	apartCases(t, func(req inflate.Request, gap int, w inflate.Window) {
		a, b := req.Hits[0], req.Hits[1]
		reach := (a.Start - w.Start) + (w.End - b.End)
		if w.End-w.Start < smallestCap && reach < gap {
			t.Errorf("hits %d apart (%s) share window [%d,%d): %v, which reaches %d beyond them in all: padded windows meet only when each reaches %d, so the window is a merge, and std085 §2.1.3 merges only gaps under MERGE_THRESHOLD %d",
				gap, describe(req), w.Start, w.End, w.Hits, reach, (gap+1)/2, t.Config().Int(adapters.MergeThreshold))
		}
	})
	budgetedApart(t)
}

// budgetedApart (INF-08): two empty hits exactly MERGE_THRESHOLD apart,
// budget twice the threshold, share no window under any reading. Every
// reading shares the budget between the two hits (§3.1's EXPAND: 2 × 150,
// or 2 × 200 under the MIN_WINDOW_CAP reading, fits), so the window is the
// threshold (MIN_WINDOW_CAP is no higher), and the padding is at most half
// of it (§3.1's TargetWindowSize / 2, or less where the hit's length or
// the markers are taken off first). The padded windows therefore reach at
// most the gap's midpoint from either side: they touch at the most, never
// overlap, and no reading that joins overlapping windows joins them. A
// window listing both is a merge of a gap §2.1.3 does not merge (the `<=`
// bug, which fits the merged span of exactly the window into it). Empty
// hits keep the span at the window: any hit length makes the padded
// windows of a program padding half the window overlap. A window listing
// a hit it does not touch misplaced it: that failure follows from INF-05's
// where invariant.Assigned fails the same answer. Judged where the
// declared threshold is 200 or more (below it MIN_PADDING or
// MIN_WINDOW_CAP pads past the midpoint).
func budgetedApart(t *suite.T) {
	const floor = 200 // §3.2 MIN_WINDOW_CAP; above 2 × MIN_PADDING
	threshold := t.Config().Int(adapters.MergeThreshold)
	if threshold < floor {
		return
	}
	budget := 2 * threshold
	req := inflate.Request{Documents: doc(tenK), Budget: &budget,
		Hits: []inflate.Hit{hit("a", 1000, 1000, 1), hit("b", 1000+threshold, 1000+threshold, 1)}}
	res := call.MustInflate(t, req)
	mark := t.Failures()
	for _, w := range res.Windows {
		if len(w.Hits) > 1 {
			t.Errorf("empty hits %d apart (%s) share window [%d,%d): %v; each reading pads at most %d (half the window of %d), so the padded windows do not overlap and the window is a merge, which std085 §2.1.3 makes only for gaps under MERGE_THRESHOLD %d",
				threshold, describe(req), w.Start, w.End, w.Hits, threshold/2, threshold, threshold)
		}
	}
	if t.Failures() > mark {
		// A window listing a hit it does not touch misplaced the hit
		// (INF-05's judgement fails the same answer), not merged it.
		t.ImpliedSince(mark, "INF-05", invariant.Assigned(req, res, t.Unit()) != nil)
	}
}

// padsBothSides: one 10-byte hit in the middle of 10,000 bytes, no budget.
// PADDING_CHARS is 50 at the least (§3.2 MIN_PADDING, "<50>search<50>") in
// every reading: the budget's formula clamps it to [50, 500], and the
// static fallback (no budget) names a window of 2500, not a padding below
// 50. So each side gets 50 or more, or all the document has
// (invariant.LonePadded, INF-12's judgement). A hit left out of the
// windows is INF-05's: the failure follows from INF-05 where
// invariant.Assigned fails the same answer.
func padsBothSides(t *suite.T) {
	budget := 300 // window 300: padding 150, 140 left after the hit on the right
	cases := []struct {
		name   string
		budget *int
		s, e   int
	}{
		{"no budget", nil, 5000, 5010},
		{"budget 300", &budget, 5000, 5010},
		{"20 bytes from the start", nil, 20, 30},
		{"20 bytes from the end", nil, len(tenK) - 30, len(tenK) - 20},
	}
	for _, c := range cases {
		req := inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", c.s, c.e, 1)}, Budget: c.budget}
		res := call.MustInflate(t, req)
		mark := t.Failures()
		if len(res.Windows) != 1 {
			t.Errorf("%s: %d windows for one hit, want 1", c.name, len(res.Windows))
		} else if err := invariant.LonePadded(req, res, t.Unit()); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
		if t.Failures() > mark {
			t.ImpliedSince(mark, "INF-05", invariant.Assigned(req, res, t.Unit()) != nil)
		}
	}
}

// badInflateInput sends malformed requests, each a valid twin with one
// fault added: the twin must be answered and the faulty one refused.
func badInflateInput(t *suite.T) {
	mb := "日本語のテキスト" // 3-byte characters: offset 1 is inside the first one
	astral := "😀😀😀😀" // 4-byte characters: offset 2 is between the halves of a UTF-16 pair
	one := func(body string, hits ...inflate.Hit) inflate.Request {
		return inflate.Request{Documents: doc(body), Hits: hits}
	}
	cases := []refusal[inflate.Request]{
		{"end beyond the document", one("short body", hit("h", 2, 5, 1)), one("short body", hit("h", 2, 50, 1))},
		{"end before start", one(tenK, hit("h", 10, 20, 1)), one(tenK, hit("h", 20, 10, 1))},
		{"negative start", one(tenK, hit("h", 5, 10, 1)), one(tenK, hit("h", -5, 10, 1))},
		{"unknown compound", one(tenK, hit("h", 0, 5, 1)), one(tenK, inflate.Hit{ID: "h", CompoundID: "nowhere", Start: 0, End: 5})},
		{"duplicate hit IDs", one(tenK, hit("h", 0, 5, 1), hit("i", 100, 105, 1)), one(tenK, hit("h", 0, 5, 1), hit("h", 100, 105, 1))},
		{"empty hit ID", one(tenK, hit("h", 0, 5, 1)), one(tenK, hit("", 0, 5, 1))},
		{"invalid UTF-8 body", one("ok ab bad", hit("h", 0, 2, 1)), one("ok \xff\xfe bad", hit("h", 0, 2, 1))},
		{"offset inside a character", one(mb, hit("h", 0, 6, 1)), one(mb, hit("h", 1, 6, 1))},
		{"offset inside an astral character", one(astral, hit("h", 0, 8, 1)), one(astral, hit("h", 2, 8, 1))},
	}
	refuses(t, call.Inflate, cases)
}

// exactWindows checks the reference's choices on hand-derived examples.
// Static plan: cap 2500, padding 200, threshold 500.
func exactWindows(t *suite.T) {
	cases := []struct {
		name string
		req  inflate.Request
		want []span // in output order (score desc, then position)
	}{
		// Gap 1300-1100 = 200 < 500: one span [1000,1400); +200 each side.
		{"merge then pad", inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", 1000, 1100, 1), hit("b", 1300, 1400, 0.5)}},
			[]span{{800, 1600}}},
		// Gap 600: two spans, each padded by 200; the gap's midpoint (1400) is not reached.
		{"no merge", inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", 1000, 1100, 1), hit("b", 1700, 1800, 0.5)}},
			[]span{{800, 1300}, {1500, 2000}}},
		// A 3000-byte hit is cut to its first 2500 bytes; no room is left for padding.
		{"truncate on the right", inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", 1000, 4000, 1)}},
			[]span{{1000, 3500}}},
		// Padding clamps at 0 on the left and is not moved to the right: 60+200.
		{"clamp at the start", inflate.Request{Documents: doc(tenK), Hits: []inflate.Hit{hit("a", 50, 60, 1)}},
			[]span{{0, 260}}},
		// Budget 600, 2 hits: W = 300, padding clamp(floor((300-50)/2), 50, 500) = 125.
		// Gap 150 < 500 but the union (350) exceeds W, so two spans; each 100-byte span
		// gets floor((300-100)/2) = 100 each side: [900,1200) and [1150,1450), which
		// overlap, so they split the gap at 1100 + floor(150/2) = 1175.
		{"neighbours split the gap", inflate.Request{Documents: doc(tenK), Budget: new(600), Hits: []inflate.Hit{hit("a", 1000, 1100, 1), hit("b", 1250, 1350, 0.5)}},
			[]span{{900, 1175}, {1175, 1450}}},
	}
	for _, c := range cases {
		res := call.MustInflate(t, c.req)
		if got := spans(res.Windows); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: windows %v, want %v", c.name, got, c.want)
		}
		if err := invariant.Inside(c.req, res, t.Unit()); err != nil {
			t.Errorf("%s: %v", c.name, err)
		}
	}
}

// describe is a compact form of a request for failure messages.
func describe(req inflate.Request) string {
	var b strings.Builder
	if req.Budget != nil {
		fmt.Fprintf(&b, "budget %d;", *req.Budget)
	}
	for _, h := range req.Hits {
		fmt.Fprintf(&b, " %s %s[%d,%d)", h.ID, h.CompoundID, h.Start, h.End)
	}
	return b.String()
}
