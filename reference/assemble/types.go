package assemble

// Document is one source (a compound) whose body the molecules point into. It
// has the same fields as inflate.Document, so either converts to the other.
type Document struct {
	ID   string `json:"id"`
	Body string `json:"body"`
	Kind string `json:"kind,omitempty"` // KindProse, KindCode or KindData; "" means prose
}

// Kinds of document: they choose the boundaries a window's edges move to.
const (
	KindProse = "prose" // sentence boundaries
	KindCode  = "code"  // line boundaries
	KindData  = "data"  // record (line) boundaries
)

// Molecule is one retrieved fragment: the byte range [Start, End) of the body
// of document Source, with the signals the strategies compare.
type Molecule struct {
	ID       string    `json:"id"`
	Source   string    `json:"source"`
	Start    int       `json:"start_byte"`
	End      int       `json:"end_byte"`
	Time     int64     `json:"timestamp,omitempty"` // unix seconds; 0 means unknown
	Vector   []float64 `json:"vector,omitempty"`    // embedding; empty means unknown
	Entities []string  `json:"entities,omitempty"`  // named entities or tags; a set
	Score    float64   `json:"score"`               // retrieval score; higher is better
}

// Strategy names why molecules were joined into one window.
type Strategy string

// The strategies, in cascade order (strongest first), and the label of a
// window made of one molecule.
const (
	Adjacent  Strategy = "adjacent"  // ranges overlap or touch
	GapFill   Strategy = "gap_fill"  // a gap shorter than Options.GapLimit, filled from the body (§3)
	Temporal  Strategy = "temporal"  // timestamps at most Options.TimeWindow apart
	Semantic  Strategy = "semantic"  // cosine of the vectors at least Options.SemanticMin
	Narrative Strategy = "narrative" // a shared entity and time that does not go back
	Single    Strategy = "single"    // label only: a window of exactly one molecule
)

// cascade lists the joining strategies, strongest first. A link's tier is its
// index here.
var cascade = [...]Strategy{Adjacent, GapFill, Temporal, Semantic, Narrative}

// tier is the strength rank of s: Single -1, then cascade order.
func tier(s Strategy) int {
	for i, c := range cascade {
		if c == s {
			return i
		}
	}
	return -1
}

// Result is one assembled window: the protocol's InflationResult.
type Result struct {
	Window    string   `json:"window"`     // exactly body[Start:End] of Source
	Source    string   `json:"source"`     // document ID
	Start     int      `json:"start_byte"` // byte offset, inclusive
	End       int      `json:"end_byte"`   // byte offset, exclusive
	Molecules []string `json:"molecules"`  // IDs in byte order (start, end, id)
	Strategy  Strategy `json:"inflation_strategy"`
	Coherence float64  `json:"coherence_score"` // in [0, 1]; see Coherence
	Score     float64  `json:"score"`           // highest score of its molecules
}
