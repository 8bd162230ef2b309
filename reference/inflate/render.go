package inflate

// Marker is what Render puts where text was left out.
const Marker = "..."

// Render returns the window's text as the LLM sees it: Marker before it if the
// window starts after the beginning of its document, and after it if it ends
// before the document's end (bodyLen is the document's length in bytes).
// Markers are presentation: they do not count against the budget.
func (w Window) Render(bodyLen int) string {
	s := w.Text
	if w.Start > 0 {
		s = Marker + s
	}
	if w.End < bodyLen {
		s += Marker
	}
	return s
}
