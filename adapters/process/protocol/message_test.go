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

// TestEncodePlain: a plain request or result (written without the encoder)
// is the line encoding/json writes with the payload last, as is every
// message near it that is not plain.
func TestEncodePlain(t *testing.T) {
	raw := json.RawMessage(`{"strings":["a\"b","é"],"n":[1,2.5]}`)
	for _, m := range []Message{
		{Type: TypeRequest, Seq: 1, Op: "fuzzy_trigrams", Request: raw},
		{Type: TypeRequest, Seq: 1 << 60, Op: "inflate", Request: raw},
		{Type: TypeResult, Seq: 7, Result: raw},
		{Type: TypeResult, Seq: 0, Result: raw},
		{Type: TypeResult, Seq: -3, Result: raw},
		{Type: TypeRequest, Seq: 2, Op: "Fuzzy\"", Request: raw},
		{Type: TypeRequest, Seq: 2, Op: "inflate", Request: raw, Documents: []string{"d1"}},
		{Type: TypeBench, Seq: 2, Op: "inflate", Request: raw, Warmup: 1, Iterations: 3},
		{Type: TypeResult, Seq: 2, Result: raw, Bench: &Timing{Iterations: 3, ElapsedNS: 9}},
		{Type: TypeCall, Seq: 2, ID: json.RawMessage(`1`), Prompt: new(string), Input: new(string)},
	} {
		got, err := Encode(m)
		if err != nil {
			t.Fatalf("Encode(%+v): %v", m, err)
		}
		head, key, payload := m, "request", m.Request
		if m.Result != nil {
			key, payload = "result", m.Result
		}
		head.Request, head.Result = nil, nil
		want, err := json.Marshal(head)
		if err != nil {
			t.Fatal(err)
		}
		if payload != nil {
			want = append(want[:len(want)-1], `,"`+key+`":`+string(payload)+`}`...)
		}
		if string(got) != string(want)+"\n" {
			t.Errorf("Encode(%+v) = %s, encoding/json writes %s", m, got, want)
		}
	}
}
