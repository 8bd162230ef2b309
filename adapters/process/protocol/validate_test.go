package protocol_test

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
)

// TestValidateMessages: the protocol schema accepts well-formed messages
// and names the first violation of malformed ones.
func TestValidateMessages(t *testing.T) {
	s, err := protocol.ProtocolSchema()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		line, err string // err "" means valid
	}{
		{`{"type":"start","protocol":1,"harness":{"name":"ctxconform","version":"0.1.0"}}`, ""},
		{`{"type":"started","protocol":1,"implementation":{"name":"x","version":"1","language":"rust","unit":"runes","standards":["inflate","fuzzy"]}}`, ""},
		{`{"type":"started","protocol":1,"implementation":{"name":"x","version":"1","unit":"chars","standards":[]}}`, `/implementation/unit: "chars" is not one of`},
		{`{"type":"started","protocol":1,"implementation":{"name":"x","version":"1","unit":"bytes","standards":["inflation"]}}`, `/implementation/standards/0: "inflation" is not one of`},
		{`{"type":"started","protocol":2,"implementation":{"name":"x","version":"1","unit":"bytes","standards":[]}}`, "/protocol: want 1, got 2"},
		{`{"type":"started","protocol":1,"implementation":{"version":"1","unit":"bytes","standards":[]}}`, `/implementation: missing required "name"`},
		{`{"type":"request","seq":1,"op":"inflate","request":{"documents":[{"id":"d","body":"b"}],"hits":[],"budget":10}}`, ""},
		{`{"type":"request","seq":1,"op":"inflate","request":{"documents":[],"hits":[],"budget":1.5}}`, "/request/budget: want integer or null, got number 1.5"},
		{`{"type":"request","seq":0,"op":"inflate","request":{"documents":[],"hits":[]}}`, "/seq: 0 is below the minimum 1"},
		{`{"type":"request","seq":1,"op":"nosuch","request":{}}`, `unknown operation "nosuch"`},
		{`{"type":"result","seq":4,"result":{"windows":[]}}`, ""},
		{`{"type":"result","seq":4,"result":[]}`, "/result: want object, got array"},
		{`{"type":"result","seq":4,"result":{},"extra":true}`, `unknown property "extra"`},
		{`{"type":"error","seq":4,"error":{"kind":"invalid_request","message":"bad"}}`, ""},
		{`{"type":"error","error":{"kind":"oops","message":"bad"}}`, `/error/kind: "oops" is not one of`},
		{`{"type":"call","seq":4,"id":"a","prompt":"p","input":"i"}`, ""},
		{`{"type":"call","seq":4,"id":true,"prompt":"p","input":"i"}`, "/id: want string or integer, got boolean"},
		{`{"type":"reply","seq":4,"id":1,"output":"o"}`, ""},
		{`{"type":"reply","seq":4,"id":1,"error":{"message":"429","provider":"openai","status":429,"code":"rate_limit_exceeded"}}`, ""},
		{`{"type":"reply","seq":4,"id":1}`, "matches none of the allowed forms"},
		{`{"type":"reply","seq":4,"id":1,"output":"o","error":{"message":"m"}}`, "matches 2 of the allowed forms"},
		{`{"type":"stop"}`, ""},
		{`{"type":"hello"}`, `unknown message type "hello"`},
		{`[]`, "a message is a JSON object"},
	}
	for _, tt := range tests {
		err := s.Message([]byte(tt.line))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s: %v", tt.line, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s: error %v, want one containing %q", tt.line, err, tt.err)
		}
	}
}

// TestValidatePayloads: each operation's answer schema follows its Go
// type: required fields, types and enumerations.
func TestValidatePayloads(t *testing.T) {
	s, err := protocol.ProtocolSchema()
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		op, which, payload, err string
	}{
		{"inflate", "answer", `{"windows":[{"compound_id":"d","start":0,"end":1,"text":"a","hits":["h"],"score":0.5}],"dropped":["x"]}`, ""},
		{"inflate", "answer", `{"windows":[{"compound_id":"d","start":0,"end":1,"text":"a","hits":["h"]}]}`, `/windows/0: missing required "score"`},
		{"inflate", "answer", `{"windows":[{"compoundId":"d","compound_id":"d","start":0,"end":1,"text":"a","hits":[],"score":1}]}`, `unknown property "compoundId"`},
		{"elastic_radius", "answer", `{"radius":200}`, ""},
		{"elastic_radius", "answer", `{"radius":"200"}`, "/radius: want integer, got string"},
		{"assemble", "answer", `{"results":[{"window":"w","source":"s","start_byte":0,"end_byte":1,"molecules":["m"],"inflation_strategy":"nearby","coherence_score":1,"score":1}]}`, `"nearby" is not one of`},
		{"fuzzy_trigrams", "request", `{"strings":["a"],"pairs":[["a","b","c"]]}`, "3 items, want at most 2"},
		{"densify", "answer", `{"output":"o","status":"ready","attempts":1,"runs":[]}`, ""},
		{"expand_multiplier", "answer", `{"multiplier":2}`, ""},
		{"nosuch", "answer", `{}`, "no answer of operation"},
	}
	for _, tt := range tests {
		err := s.Payload(tt.op, tt.which, []byte(tt.payload))
		switch {
		case tt.err == "" && err != nil:
			t.Errorf("%s %s %s: %v", tt.op, tt.which, tt.payload, err)
		case tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)):
			t.Errorf("%s %s %s: error %v, want one containing %q", tt.op, tt.which, tt.payload, err, tt.err)
		}
	}
}

// TestOpsTable: every standard has operations, names are unique, and the
// table's operations are what the schema lists.
func TestOpsTable(t *testing.T) {
	seen := map[string]bool{}
	for _, op := range protocol.Ops() {
		if seen[op.Name] {
			t.Errorf("operation %q twice", op.Name)
		}
		seen[op.Name] = true
		if got, ok := protocol.Lookup(op.Name); !ok || got.Name != op.Name {
			t.Errorf("Lookup(%q) = %v, %v", op.Name, got.Name, ok)
		}
	}
	if got := len(protocol.Drivable()); got != 8 {
		t.Errorf("%d standards drivable, want all 8", got)
	}
	if ops := protocol.OpsFor("radial"); len(ops) != 3 {
		t.Errorf("radial has %d operations, want 3", len(ops))
	}
}
