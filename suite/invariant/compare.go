package invariant

import (
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// SameWindows compares two lists of windows position by position: compound,
// offsets, hits (in their listed order), score. The first difference is
// shown side by side, each answer in its own column under its name (an, bn:
// "want"/"got", or "first answer"/"shuffled request"), offsets in the
// implementation's unit with bytes in brackets, the differing fields marked
// with "≠" and an excerpt of the document at a differing edge.
//
// Comparisons of what a standard fixes pass canonical lists (Canonical):
// their order of windows and of hits inside a window is the
// implementation's to choose; the reference's own order is compared only at
// REFERENCE level, with the lists as given.
func SameWindows(req inflate.Request, u unit.Unit, a, b []inflate.Window, an, bn string) error {
	bs := bodies(req)
	for i := range max(len(a), len(b)) {
		if i < len(a) && i < len(b) && sameWindow(a[i], b[i]) {
			continue
		}
		var wa, wb *inflate.Window
		if i < len(a) {
			wa = &a[i]
		}
		if i < len(b) {
			wb = &b[i]
		}
		head := fmt.Sprintf("window %d differs (%s: %d windows, %s: %d)", i, an, len(a), bn, len(b))
		return fmt.Errorf("%s\n%s", head, sideBySide(bs, u, wa, wb, an, bn))
	}
	return nil
}

func sameWindow(a, b inflate.Window) bool {
	return a.CompoundID == b.CompoundID && a.Start == b.Start && a.End == b.End && a.Score == b.Score && slices.Equal(a.Hits, b.Hits)
}

// sideBySide shows two windows (either may be missing) field by field.
func sideBySide(bs map[string]string, u unit.Unit, a, b *inflate.Window, an, bn string) string {
	type row struct{ name, a, b string }
	show := func(w *inflate.Window, f func(inflate.Window, string) string) string {
		if w == nil {
			return "(none)"
		}
		return f(*w, bs[w.CompoundID])
	}
	rows := []row{
		{"compound", show(a, func(w inflate.Window, _ string) string { return w.CompoundID }), show(b, func(w inflate.Window, _ string) string { return w.CompoundID })},
		{"start", show(a, func(w inflate.Window, body string) string { return adapters.At(u, body, w.Start) }), show(b, func(w inflate.Window, body string) string { return adapters.At(u, body, w.Start) })},
		{"end", show(a, func(w inflate.Window, body string) string { return adapters.At(u, body, w.End) }), show(b, func(w inflate.Window, body string) string { return adapters.At(u, body, w.End) })},
		{"hits", show(a, func(w inflate.Window, _ string) string { return fmt.Sprint(w.Hits) }), show(b, func(w inflate.Window, _ string) string { return fmt.Sprint(w.Hits) })},
		{"score", show(a, func(w inflate.Window, _ string) string { return fmt.Sprint(w.Score) }), show(b, func(w inflate.Window, _ string) string { return fmt.Sprint(w.Score) })},
	}
	wide := max(len(an), 8)
	for _, r := range rows {
		wide = max(wide, len(r.a))
	}
	var sb strings.Builder
	fmt.Fprintf(&sb, "  %-8s   %-*s   %s\n", "", wide, an, bn)
	for _, r := range rows {
		mark := " "
		if r.a != r.b {
			mark = "≠"
		}
		fmt.Fprintf(&sb, "  %-8s %s %-*s   %s\n", r.name, mark, wide, r.a, r.b)
	}
	if a != nil && b != nil && a.CompoundID == b.CompoundID {
		body := bs[a.CompoundID]
		switch {
		case a.Start != b.Start:
			fmt.Fprintf(&sb, "  at the starts: %s: %s, %s: %s", an, excerpt(body, a.Start), bn, excerpt(body, b.Start))
		case a.End != b.End:
			fmt.Fprintf(&sb, "  at the ends: %s: %s, %s: %s", an, excerpt(body, a.End), bn, excerpt(body, b.End))
		}
	}
	return strings.TrimRight(sb.String(), "\n")
}
