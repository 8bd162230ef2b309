package protocol

import (
	"bytes"
	"encoding/json"
	"testing"
)

// TestEncodePayload: a request or result payload is written whole, on one
// line, whether it came compact or with newlines in it (then compacted).
func TestEncodePayload(t *testing.T) {
	for _, raw := range []string{`{"a":1}`, "{\n  \"a\": 1\n}", `{}`} {
		for _, m := range []Message{
			{Type: TypeRequest, Seq: 1, Op: "inflate", Request: json.RawMessage(raw)},
			{Type: TypeResult, Seq: 2, Result: json.RawMessage(raw)},
		} {
			line, err := Encode(m)
			if err != nil {
				t.Fatalf("Encode(%s): %v", raw, err)
			}
			if bytes.Count(line, []byte("\n")) != 1 || line[len(line)-1] != '\n' {
				t.Fatalf("Encode(%s) = %q: not one line", raw, line)
			}
			got, err := Decode(line)
			if err != nil {
				t.Fatalf("Decode(%q): %v", line, err)
			}
			var want, have bytes.Buffer
			_ = json.Compact(&want, []byte(raw))
			_ = json.Compact(&have, append(got.Request, got.Result...))
			if want.String() != have.String() {
				t.Errorf("Encode(%s) = %q: payload %s, want %s", raw, line, have.String(), want.String())
			}
		}
	}
}
