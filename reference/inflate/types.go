package inflate

// Document is a compound: the parent text that molecules (hits) were cut from.
type Document struct {
	ID   string `json:"id"`
	Body string `json:"body"`
	Kind string `json:"kind,omitempty"` // "prose", "code" or "data"; "" means prose
}

// Bodies maps the documents' IDs to their bodies, the text every offset
// of a request or an answer is counted in.
func Bodies(docs []Document) map[string]string {
	m := make(map[string]string, len(docs))
	for _, d := range docs {
		m[d.ID] = d.Body
	}
	return m
}

// Kinds of document. The empty kind means KindProse.
const (
	KindProse = "prose"
	KindCode  = "code"
	KindData  = "data"
)

// Hit is a search result (a molecule) located by byte offsets [Start, End) in
// its compound's body.
type Hit struct {
	ID         string  `json:"id"`
	CompoundID string  `json:"compound_id"`
	Start      int     `json:"start"`
	End        int     `json:"end"`
	Score      float64 `json:"score"`
}

// Request is one inflation: documents, hits and an optional total budget.
type Request struct {
	Documents []Document `json:"documents"`
	Hits      []Hit      `json:"hits"`
	Budget    *int       `json:"budget,omitempty"` // nil: the static fallback of std085 §3.2
}

// Window is one inflated stretch of a compound: the text around one or more
// hits that the LLM will see.
type Window struct {
	CompoundID string   `json:"compound_id"`
	Start      int      `json:"start"`
	End        int      `json:"end"`
	Text       string   `json:"text"`  // exactly body[Start:End], no markers
	Hits       []string `json:"hits"`  // IDs of the hits assigned to this window, in position order
	Score      float64  `json:"score"` // max score of its hits
}

// Result is the outcome of Inflate.
type Result struct {
	Windows []Window `json:"windows"`
	Dropped []string `json:"dropped,omitempty"` // hit IDs squeezed out by density, sorted
	// Rendered is optional: the exact text the implementation hands the
	// model, markers and separators included ("" when it does not say). When
	// present, the rendering requirement checks it against the budget and
	// the windows.
	Rendered string `json:"rendered,omitempty"`
}
