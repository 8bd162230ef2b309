package protocol

// The bounds of a session, the same on both sides: the harness holds a
// program to them (Options' defaults) and Serve holds the harness to them,
// refusing beyond them with an "error" message rather than holding
// whatever it is sent.
const (
	// MaxLine is the longest line either side reads, newline excluded.
	MaxLine = 64 << 20
	// MaxSessionDocuments is how many bytes of documents (id, body and
	// kind) a session holds under refs (capability "documents").
	MaxSessionDocuments = 256 << 20
	// MaxIterations is the most warmup or timed iterations one "bench"
	// message asks: the harness asks testing.B's b.N, which never exceeds
	// 1e9.
	MaxIterations = 1_000_000_000
)

// limits are the bounds Serve applies; tests lower them.
type limits struct {
	line, documents, iterations int
}

var serveLimits = limits{line: MaxLine, documents: MaxSessionDocuments, iterations: MaxIterations}

// docSize is what a document counts against MaxSessionDocuments.
func docSize(id, body, kind string) int { return len(id) + len(body) + len(kind) }
