package specs

import (
	"strings"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// tenK is a 10,000-byte ASCII document: "abcdefghij" repeated, so every
// offset is a character boundary and every expected offset is easy to check
// by hand.
var tenK = strings.Repeat("abcdefghij", 1000)

// doc is the single document most examples use.
func doc(body string) []inflate.Document {
	return []inflate.Document{{ID: "doc", Body: body}}
}

func hit(id string, start, end int, score float64) inflate.Hit {
	return inflate.Hit{ID: id, CompoundID: "doc", Start: start, End: end, Score: score}
}

type span struct {
	Start int `json:"start"`
	End   int `json:"end"`
}

// String is the span as the protocol writes a window's offsets.
func (s span) String() string { return jsonenc.Message(s) }

func spans(ws []inflate.Window) []span {
	out := make([]span, len(ws))
	for i, w := range ws {
		out[i] = span{w.Start, w.End}
	}
	return out
}
