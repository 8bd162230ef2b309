package invariant

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// MaxPadding is std085 §3.2's MAX_PADDING: no window reaches further than
// this beyond the hits it holds.
const MaxPadding = 500

// MinViable is std085 §3.1's minimum viable window.
const MinViable = 150

// StaticCap is std085 §3.2's static fallback window cap.
const StaticCap = 2500

// MinWindowCap is std085 §3.2's MIN_WINDOW_CAP, "Absolute floor for a
// useful card", which contradicts §3.1's squeeze to windows of 150 within
// the budget: a program may read it as a floor of every window (then the
// windows of a squeeze overrun the budget) or as the minimum viable size
// (then a squeeze keeps floor(B/200)). The checks accept both readings
// where the text contradicts itself (specs/REQUIREMENTS.md, "The audit of
// the readings").
const MinWindowCap = 200

func bodies(req inflate.Request) map[string]string {
	m := make(map[string]string, len(req.Documents))
	for _, d := range req.Documents {
		m[d.ID] = d.Body
	}
	return m
}

func hitsByID(req inflate.Request) map[string]inflate.Hit {
	m := make(map[string]inflate.Hit, len(req.Hits))
	for _, h := range req.Hits {
		m[h.ID] = h
	}
	return m
}

// Inside: every window names a known compound, lies within its body, and its
// text is exactly the body's bytes between its offsets (no markers).
func Inside(req inflate.Request, res inflate.Result, u unit.Unit) error {
	b := bodies(req)
	for i, w := range res.Windows {
		body, ok := b[w.CompoundID]
		if !ok {
			return fmt.Errorf("window %d names unknown compound %q", i, w.CompoundID)
		}
		if w.Start < 0 || w.Start > w.End || w.End > len(body) {
			return fmt.Errorf("window %d of %q spans %s, outside [0,%s]", i, w.CompoundID, adapters.Span(u, body, w.Start, w.End), adapters.At(u, body, len(body)))
		}
		if want := body[w.Start:w.End]; w.Text != want {
			return fmt.Errorf("window %d of %q %s: its text is not the document's text between its offsets: %s", i, w.CompoundID, adapters.Span(u, body, w.Start, w.End), textDiff(w.Text, want))
		}
	}
	return nil
}

// OnRunes: no window edge cuts a multi-byte character.
func OnRunes(req inflate.Request, res inflate.Result, u unit.Unit) error {
	b := bodies(req)
	for i, w := range res.Windows {
		body := b[w.CompoundID]
		for _, off := range []int{w.Start, w.End} {
			if off >= 0 && off <= len(body) && !unit.IsBoundary(body, off) {
				return fmt.Errorf("window %d of %q %s: edge at byte %d cuts a multi-byte character: %s", i, w.CompoundID, adapters.Span(u, body, w.Start, w.End), off, excerpt(body, off))
			}
		}
	}
	return nil
}

// Disjoint: windows of one compound never share a byte (an empty window
// holds none, and an inverted one is Inside's to report).
func Disjoint(req inflate.Request, res inflate.Result, u unit.Unit) error {
	b := bodies(req)
	by := map[string][]inflate.Window{}
	for _, w := range res.Windows {
		if w.Start < w.End {
			by[w.CompoundID] = append(by[w.CompoundID], w)
		}
	}
	for id, ws := range by {
		sort.Slice(ws, func(i, j int) bool { return ws[i].Start < ws[j].Start })
		for i := 1; i < len(ws); i++ {
			if ws[i].Start < ws[i-1].End {
				return fmt.Errorf("windows of %q overlap: %s and %s", id, adapters.Span(u, b[id], ws[i-1].Start, ws[i-1].End), adapters.Span(u, b[id], ws[i].Start, ws[i].End))
			}
		}
	}
	return nil
}

// Assigned: every hit is either listed by exactly one window of its own
// compound, which touches it, or reported dropped — never both, never
// neither — and windows list only hits of the request. A window at its
// cap (AtCap) may list a hit it does not touch: std085 §2.1.5 truncates a
// merged window "strictly at the limit", which can cut a merged hit away,
// and the text keeps that hit in its window; Covered (ctxconform's rule)
// judges those windows.
func Assigned(req inflate.Request, res inflate.Result, u unit.Unit) error {
	hits := hitsByID(req)
	b := bodies(req)
	limit := TextCap(req)
	where := map[string]int{}
	for i, w := range res.Windows {
		if len(w.Hits) == 0 {
			return fmt.Errorf("window %d of %q %s holds no hit", i, w.CompoundID, adapters.Span(u, b[w.CompoundID], w.Start, w.End))
		}
		for _, id := range w.Hits {
			h, ok := hits[id]
			if !ok {
				return fmt.Errorf("window %d lists unknown hit %q", i, id)
			}
			if j, dup := where[id]; dup {
				return fmt.Errorf("hit %q is listed by windows %d and %d", id, j, i)
			}
			where[id] = i
			if h.CompoundID != w.CompoundID {
				return fmt.Errorf("hit %q of %q is listed by window %d of %q", id, h.CompoundID, i, w.CompoundID)
			}
			if body := b[w.CompoundID]; !touches(w, h) && !AtCap(body, w.Start, w.End, limit, u) {
				return fmt.Errorf("hit %q %s is listed by window %d %s, which does not touch it and is shorter than the cap %d: no truncation at the limit (std085 §2.1.5) cut the hit away",
					id, adapters.Span(u, body, h.Start, h.End), i, adapters.Span(u, body, w.Start, w.End), limit)
			}
		}
	}
	dropped := map[string]bool{}
	for _, id := range res.Dropped {
		if _, ok := hits[id]; !ok {
			return fmt.Errorf("dropped list names unknown hit %q", id)
		}
		if i, ok := where[id]; ok {
			return fmt.Errorf("hit %q is both dropped and listed by window %d", id, i)
		}
		if dropped[id] {
			return fmt.Errorf("hit %q is dropped twice", id)
		}
		dropped[id] = true
	}
	for _, h := range req.Hits {
		if _, ok := where[h.ID]; !ok && !dropped[h.ID] {
			return fmt.Errorf("hit %q is neither in a window nor dropped", h.ID)
		}
	}
	return nil
}

func touches(w inflate.Window, h inflate.Hit) bool {
	if h.Start == h.End {
		return w.Start <= h.Start && h.Start <= w.End
	}
	return w.Start < h.End && h.Start < w.End
}

// AtCap reports whether the window [s, e) of body is at the cap limit,
// counted in u: it is that long, or one more character on either side
// would make it longer (a cut at the limit moved back to a character
// boundary). Offsets outside body are never at the cap.
func AtCap(body string, s, e, limit int, u unit.Unit) bool {
	if s < 0 || s > e || e > len(body) {
		return false
	}
	n := u.Len(body[s:e])
	if n >= limit {
		return true
	}
	if e < len(body) && n+u.Len(body[e:unit.Ceil(body, e+1)]) > limit {
		return true
	}
	return s > 0 && n+u.Len(body[unit.Floor(body, s-1):s]) > limit
}

// Covered: every surviving hit is touched by the window that lists it, and
// one no longer than the minimum viable window lies wholly inside the
// windows of its compound (the hit itself is never cut away). The first
// half is Assigned's rule where a window at its cap is not excused: the
// text's truncation "at the limit" may cut a merged hit away, keeping it is
// ctxconform's rule.
func Covered(req inflate.Request, res inflate.Result, u unit.Unit) error {
	hits := hitsByID(req)
	b := bodies(req)
	by := map[string][]inflate.Window{}
	for _, w := range res.Windows {
		by[w.CompoundID] = append(by[w.CompoundID], w)
	}
	for i, w := range res.Windows {
		for _, id := range w.Hits {
			h, ok := hits[id]
			if !ok || h.CompoundID != w.CompoundID {
				continue // Assigned's to report
			}
			if !touches(w, h) {
				body := b[w.CompoundID]
				return fmt.Errorf("hit %q %s is listed by window %d %s, which does not touch it: truncation cut the hit away (std085 §2.1.5 truncates \"at the limit\", and INF-05 allows this of a window at its cap; keeping the hit is ctxconform's rule)",
					id, adapters.Span(u, body, h.Start, h.End), i, adapters.Span(u, body, w.Start, w.End))
			}
			if h.End-h.Start > MinViable {
				continue
			}
			if !covered(by[h.CompoundID], h.Start, h.End) {
				return fmt.Errorf("hit %q %s of %q is not wholly inside its compound's windows", id, adapters.Span(u, b[h.CompoundID], h.Start, h.End), h.CompoundID)
			}
		}
	}
	return nil
}

// WholeUnderCap: where no window of a compound is at its cap (the
// smallest the text allows, TextCap), every hit those windows list that is
// at most the minimum viable size (150) and shorter than that cap lies
// wholly inside them. Merging spans MoleculeA.start to MoleculeB.end,
// padding and the clamp to (0, length) only widen a window or stop it at
// the document's edge, and splitting the gap of overlapping windows leaves
// their union whole; only the truncation "at the limit" (§2.1.5) can cut
// into a hit, which Covered (ROBUST) judges.
func WholeUnderCap(req inflate.Request, res inflate.Result, u unit.Unit) error {
	hits := hitsByID(req)
	b := bodies(req)
	limit := TextCap(req)
	by := map[string][]inflate.Window{}
	capped := map[string]bool{}
	for _, w := range res.Windows {
		by[w.CompoundID] = append(by[w.CompoundID], w)
		if AtCap(b[w.CompoundID], w.Start, w.End, limit, u) {
			capped[w.CompoundID] = true
		}
	}
	for i, w := range res.Windows {
		if capped[w.CompoundID] {
			continue
		}
		for _, id := range w.Hits {
			h, ok := hits[id]
			if !ok || h.CompoundID != w.CompoundID {
				continue // Assigned's to report
			}
			if body := b[h.CompoundID]; h.Start < 0 || h.End > len(body) || u.Len(body[h.Start:h.End]) > min(MinViable, limit-1) {
				continue // a long hit may meet a cap the text allows (as INF-06 judges hits of at most 150)
			}
			if !covered(by[h.CompoundID], h.Start, h.End) {
				return fmt.Errorf("hit %q %s, listed by window %d %s, is not wholly inside the windows of %q, none of which is at the cap %d: no truncation at the limit (std085 §2.1.5) cut it, and merging, padding and clamping never do",
					id, adapters.Span(u, b[h.CompoundID], h.Start, h.End), i, adapters.Span(u, b[w.CompoundID], w.Start, w.End), h.CompoundID, limit)
			}
		}
	}
	return nil
}

func covered(ws []inflate.Window, s, e int) bool {
	sorted := append([]inflate.Window(nil), ws...)
	sort.Slice(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	pos := s
	for _, w := range sorted {
		if w.Start <= pos && pos < w.End {
			pos = w.End
		}
		if pos >= e {
			return true
		}
	}
	return pos >= e
}

// Budget: the windows' lengths, in the implementation's unit, add up to at
// most the budget, counted by their offsets (end - start, what the windows
// are) and by their texts (what is handed on), so a stale text cannot hide
// an overrun. A nil budget imposes nothing.
func Budget(req inflate.Request, res inflate.Result, u unit.Unit) error {
	if req.Budget == nil {
		return nil
	}
	b := bodies(req)
	byOffsets, byText := 0, 0
	for _, w := range res.Windows {
		body := b[w.CompoundID]
		s, e := min(max(w.Start, 0), len(body)), min(max(w.End, 0), len(body))
		if s < e {
			byOffsets += u.Len(body[s:e])
		}
		byText += u.Len(w.Text)
	}
	switch {
	case byOffsets > *req.Budget:
		return fmt.Errorf("windows total %d %s by their offsets (end - start), over the budget of %d (%d windows; their texts total %d)", byOffsets, u, *req.Budget, len(res.Windows), byText)
	case byText > *req.Budget:
		return fmt.Errorf("windows' texts total %d %s, over the budget of %d (%d windows; by their offsets %d)", byText, u, *req.Budget, len(res.Windows), byOffsets)
	}
	return nil
}

// StaticBudget is the request's budget, or §3.2's static fallback of 2500
// read as the budget when there is none.
func StaticBudget(req inflate.Request) int {
	if req.Budget == nil {
		return StaticCap
	}
	return *req.Budget
}

// BudgetOverFloor is Budget as every reading of std085 §3 demands it: the
// windows' total may exceed the budget only when every window is at most
// MinWindowCap long (by its offsets and by its text) and no more hits are
// kept than fit at MinViable (SurvivorCountAt), as §3.2's floor of 200
// makes the windows of a squeeze to 150 do. A window longer than 200 is no
// reading's floor, and a hit beyond floor(budget/150) no reading's
// squeeze keeps (`Results.slice(0, SafeCount)`, at 150 or at 200), so the
// budget holds for them as for the rest.
func BudgetOverFloor(req inflate.Request, res inflate.Result, u unit.Unit) error {
	err := Budget(req, res, u)
	if err == nil {
		return nil
	}
	b := bodies(req)
	for i, w := range res.Windows {
		body := b[w.CompoundID]
		s, e := min(max(w.Start, 0), len(body)), min(max(w.End, 0), len(body))
		n := u.Len(w.Text)
		if s < e {
			n = max(n, u.Len(body[s:e]))
		}
		if n > MinWindowCap {
			return fmt.Errorf("%w; window %d of %q is %d %s long, over MIN_WINDOW_CAP %d, so no reading of std085 §3.2's floor excuses the overrun", err, i, w.CompoundID, n, u, MinWindowCap)
		}
	}
	if kept, fit := len(req.Hits)-len(res.Dropped), SurvivorCountAt(req, MinViable); kept > fit {
		return fmt.Errorf("%w; %d of %d hits are kept where %d fit at MinViableSize %d (floor(%d/%d)): the floor of 200 excuses a squeeze's windows, not a hit more than any squeeze keeps", err, kept, len(req.Hits), fit, MinViable, *req.Budget, MinViable)
	}
	return nil
}

// TextCap is the smallest window cap std085's text allows for req: with a
// budget B and n hits, B/n when every hit fits at the minimum viable size
// and 150 otherwise. With no budget the same for B = 2500: §3.2's "If no
// budget is provided, defaults to 2500 chars" may set the window cap (the
// reference) or the budget itself (StaticBudget), whose caps are smaller.
func TextCap(req inflate.Request) int {
	n := len(req.Hits)
	if n == 0 {
		return 0
	}
	b := StaticBudget(req)
	if n*MinViable > b {
		return MinViable
	}
	return b / n
}

// spanOf is the span of the hits a window lists: from the first start to the
// last end. ok is false when it lists no hit of the request.
func spanOf(w inflate.Window, hits map[string]inflate.Hit) (s, e int, ok bool) {
	for _, id := range w.Hits {
		h, known := hits[id]
		if !known {
			continue
		}
		if !ok || h.Start < s {
			s = h.Start
		}
		if !ok || h.End > e {
			e = h.End
		}
		ok = true
	}
	return s, e, ok
}

// Padded: no window reaches more than MaxPadding beyond the span of its
// hits, counted in the implementation's unit.
func Padded(req inflate.Request, res inflate.Result, u unit.Unit) error {
	hits := hitsByID(req)
	b := bodies(req)
	for i, w := range res.Windows {
		body := b[w.CompoundID]
		s, e, ok := spanOf(w, hits)
		if !ok {
			continue // Assigned reports a window without hits
		}
		s, e = max(s, w.Start), min(e, w.End)
		if w.Start < 0 || s < w.Start || e > len(body) || w.End > len(body) || s > e {
			continue // Inside and Assigned report such windows
		}
		left, right := u.Len(body[w.Start:s]), u.Len(body[e:w.End])
		if left > MaxPadding || right > MaxPadding {
			return fmt.Errorf("window %d of %q %s pads its hits' span %s by %d and %d %s, beyond the maximum %d", i, w.CompoundID, adapters.Span(u, body, w.Start, w.End), adapters.Span(u, body, s, e), left, right, u, MaxPadding)
		}
	}
	return nil
}

// MinPadding is std085 §3.2's MIN_PADDING, the least PADDING_CHARS of
// every reading: the budget's formula clamps the padding to [50, 500], and
// the static fallback names a window of 2500, not a padding below 50.
const MinPadding = 50

// LonePadded is INF-12's judgement (std085 §2.1.4, "Apply PADDING_CHARS
// to the start and end of the window"): the window listing a lone hit
// (the request's only hit, at most MinViable long, under no budget or one
// of at least 300, so that every reading pads it by 50) reaches at least
// MinPadding beyond it on each side, or all the document has there. With
// no window listing the hit it judges nothing: that is Assigned's.
func LonePadded(req inflate.Request, res inflate.Result, u unit.Unit) error {
	if len(req.Hits) != 1 || req.Budget != nil && *req.Budget < 300 {
		return nil
	}
	h := req.Hits[0]
	body, ok := bodies(req)[h.CompoundID]
	if !ok || h.Start < 0 || h.Start > h.End || h.End > len(body) || u.Len(body[h.Start:h.End]) > MinViable {
		return nil
	}
	reach := func(from, to int) int { // units from from to to, negative when to < from
		if to < from {
			return -u.Len(body[to:from])
		}
		return u.Len(body[from:to])
	}
	for i, w := range res.Windows {
		if w.CompoundID != h.CompoundID || !slices.Contains(w.Hits, h.ID) || w.Start < 0 || w.End > len(body) || w.Start > w.End {
			continue // another compound's, or outside the document: Inside's
		}
		want := [2]int{min(MinPadding, u.Len(body[:h.Start])), min(MinPadding, u.Len(body[h.End:]))}
		got := [2]int{reach(w.Start, h.Start), reach(h.End, w.End)}
		if got[0] < want[0] || got[1] < want[1] {
			return fmt.Errorf("window %d %s pads the lone hit %q %s by %d and %d %s, want at least %d and %d (MIN_PADDING, or the document's edge)",
				i, adapters.Span(u, body, w.Start, w.End), h.ID, adapters.Span(u, body, h.Start, h.End), got[0], got[1], u, want[0], want[1])
		}
	}
	return nil
}

// Capped: no window is longer than the static cap when there is no budget.
func Capped(req inflate.Request, res inflate.Result, u unit.Unit) error {
	if req.Budget != nil {
		return nil
	}
	for i, w := range res.Windows {
		if n := u.Len(w.Text); n > StaticCap {
			return fmt.Errorf("window %d of %q is %d %s long, over the cap of %d", i, w.CompoundID, n, u, StaticCap)
		}
	}
	return nil
}

// KeptAllAtFloor: no hit is dropped when every hit fits at MIN_WINDOW_CAP
// (200), what both readings of the viable size (150 or 200) keep; with no
// budget, when every hit fits at 200 in the static fallback of 2500, what
// both readings of the fallback (a window cap or the budget) keep.
func KeptAllAtFloor(req inflate.Request, res inflate.Result) error {
	if req.Budget == nil {
		b := StaticCap
		req.Budget = &b
	}
	return keptAllAt(req, res, MinWindowCap)
}

func keptAllAt(req inflate.Request, res inflate.Result, size int) error {
	if req.Budget != nil && len(req.Hits)*size > *req.Budget {
		return nil
	}
	if len(res.Dropped) > 0 {
		return fmt.Errorf("%d hits fit at %d each within the budget of %s, yet %v were dropped", len(req.Hits), size, budgetText(req.Budget), res.Dropped)
	}
	return nil
}

func budgetText(b *int) string {
	if b == nil {
		return "none"
	}
	return fmt.Sprint(*b)
}

// Canonical returns the windows in a fixed order (compound, start, end),
// each with its hits sorted by ID, for comparing answers whose order of
// windows and of hits inside a window is the implementation's to choose.
func Canonical(ws []inflate.Window) []inflate.Window {
	out := append([]inflate.Window(nil), ws...)
	for i := range out {
		out[i].Hits = slices.Sorted(slices.Values(out[i].Hits))
	}
	sort.SliceStable(out, func(i, j int) bool {
		if out[i].CompoundID != out[j].CompoundID {
			return out[i].CompoundID < out[j].CompoundID
		}
		if out[i].Start != out[j].Start {
			return out[i].Start < out[j].Start
		}
		return out[i].End < out[j].End
	})
	return out
}

// SurvivorCount is how many hits std085 §3.1 keeps: all of them, or
// floor(budget/150) when they do not all fit.
func SurvivorCount(req inflate.Request) int { return SurvivorCountAt(req, MinViable) }

// SurvivorCountAt is how many hits §3.1's squeeze keeps at a minimum viable
// size: all of them, or floor(budget/size) when they do not all fit.
func SurvivorCountAt(req inflate.Request, size int) int {
	n := len(req.Hits)
	if req.Budget == nil || n*size <= *req.Budget {
		return n
	}
	return *req.Budget / size
}

// MergedInOrder is std085 §2.1.3 as every reading of it merges, at the
// MERGE_THRESHOLD threshold (the text's default 500, or what the
// implementation declared: adapters.MergeThreshold): the hits of a
// compound, sorted by start (§2.1.2), are merged when `MoleculeB.start -
// MoleculeA.end < threshold`, where MoleculeA may be read as the molecule before
// B in that order or as the window grown so far (whose end is at least
// its). So a hit must share a window with the one before it when it starts
// less than threshold after the earliest end among the hits that start where that
// one does (the order of hits with equal starts is the sort's, open: the hit
// may share a window with any of them), and hits with equal starts share
// one window, every two of them, unless together their windows' hits span
// more than the smallest cap the text allows. The verdict does not depend
// on the order of the answer's windows or of the hits they list. Whether a hit joins
// an earlier window that reaches further than the hit before it (a hit
// nested in a long one) is where the readings differ: the windows then
// overlap, which INF-03 (ROBUST) judges.
func MergedInOrder(threshold int) func(inflate.Request, inflate.Result, unit.Unit) error {
	return func(req inflate.Request, res inflate.Result, u unit.Unit) error {
		return mergedInOrder(req, res, u, threshold)
	}
}

func mergedInOrder(req inflate.Request, res inflate.Result, u unit.Unit, threshold int) error {
	hits := hitsByID(req)
	limit := TextCap(req)
	bs := bodies(req)
	type listed struct {
		h   inflate.Hit
		win int
	}
	spans := map[int][2]int{}
	by := map[string][]listed{}
	for i, w := range res.Windows {
		s, e, ok := spanOf(w, hits)
		if !ok {
			continue // a window without hits is Assigned's to report
		}
		spans[i] = [2]int{s, e}
		for _, id := range w.Hits {
			if h, ok := hits[id]; ok && h.CompoundID == w.CompoundID {
				by[w.CompoundID] = append(by[w.CompoundID], listed{h, i})
			}
		}
	}
	for _, id := range slices.Sorted(maps.Keys(by)) {
		ls := by[id]
		sort.SliceStable(ls, func(i, j int) bool {
			return ls[i].h.Start < ls[j].h.Start || ls[i].h.Start == ls[j].h.Start && ls[i].h.End < ls[j].h.End
		})
		body := bs[id]
		apart := func(a, b listed, why string) error {
			if a.win == b.win {
				return nil
			}
			sa, sb := spans[a.win], spans[b.win]
			union := max(sa[1], sb[1]) - min(sa[0], sb[0])
			if union > limit {
				return nil
			}
			return fmt.Errorf("compound %q: hits %q %s and %q %s are in windows %d and %d: %s; merged, their windows' hits span %d bytes, within the cap %d",
				id, a.h.ID, adapters.Span(u, body, a.h.Start, a.h.End), b.h.ID, adapters.Span(u, body, b.h.Start, b.h.End), a.win, b.win, why, union, limit)
		}
		for i := 0; i < len(ls); {
			// group is the hits that start where ls[i] does, sorted by end:
			// its first member has the earliest end.
			j := i + 1
			for j < len(ls) && ls[j].h.Start == ls[i].h.Start {
				j++
			}
			group := ls[i:j]
			for a := range group {
				for b := a + 1; b < len(group); b++ {
					if err := apart(group[a], group[b], "they start at the same offset"); err != nil {
						return err
					}
				}
			}
			// Any member of the group may be the one the sort puts just
			// before the next hit, cur: it passes when it shares a window
			// with one of them (or the cap forbids it).
			if j < len(ls) {
				cur := ls[j]
				if gap := cur.h.Start - group[0].h.End; gap < threshold {
					err := apart(group[0], cur, fmt.Sprintf("%d apart in start order, under MERGE_THRESHOLD %d", gap, threshold))
					for _, m := range group[1:] {
						if err != nil && apart(m, cur, "") == nil {
							err = nil
						}
					}
					if err != nil {
						return err
					}
				}
			}
			i = j
		}
	}
	return nil
}
