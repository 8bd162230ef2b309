package jsonenc

import (
	"fmt"

	"github.com/ctxconform/ctxconform/internal/clip"
)

// messageBytes is how much of a value a message quotes: enough for a
// request of a few hits or an answer of a few windows; the replay file
// holds the whole.
const messageBytes = 400

// Message is v as a verdict's message shows it: compact JSON, the protocol's
// field names (the contract's and the reference's types carry the protocol's
// JSON tags), clipped on a character edge past 400 bytes with the full size
// said. Messages never show Go syntax ({Windows:[…), which an implementer
// writing in another language cannot read against what their program sent.
func Message(v any) string {
	b, err := CompactAny(v) // a NaN a program or a generator produced is shown, as "NaN"
	if err != nil {
		return fmt.Sprintf("(a %T that is not JSON: %v)", v, err)
	}
	if len(b) <= messageBytes {
		return string(b)
	}
	return fmt.Sprintf("%s (%d bytes)", clip.Text(b, messageBytes), len(b))
}
