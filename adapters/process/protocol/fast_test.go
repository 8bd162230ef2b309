package protocol

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// TestSplitHead: the head is found only where it is the real one; every
// other line goes the ordinary way (ok false), never misread.
func TestSplitHead(t *testing.T) {
	cases := []struct {
		line string
		ok   bool
		seq  int64
	}{
		{`{"type":"result","seq":3,"result":{"windows":[]}}`, true, 3},
		{`{"type":"result","seq":3,"bench":{"iterations":1,"elapsed_ns":5},"result":{}}`, true, 3},
		{`{"type":"result","result":{"windows":[]},"seq":3}`, false, 0},                          // seq after the payload: head lacks it, but decodes (seq 0)
		{`{"type":"result","seq":3,"x":{"a":1,"result":{}},"result":{}}`, false, 0},              // the first marker is nested: unbalanced head
		{`{"type":"result","seq":3,"error":{"message":"\",\"result\":{"},"result":{}}`, true, 3}, // escaped quotes are not the marker
		{`{"type":"result","seq":3,"result":[1]}`, false, 0},                                     // not an object
		{`{"result":{}}`, false, 0},
		{`not json,"result":{}`, false, 0},
	}
	for _, c := range cases {
		m, ok := splitHead([]byte(c.line), "result")
		if ok && m.Seq == 0 {
			ok = false // as the callers: a head without seq is not used
		}
		if ok != c.ok || m.Seq != c.seq && c.ok {
			t.Errorf("%s: ok %v seq %d, want %v %d", c.line, ok, m.Seq, c.ok, c.seq)
		}
	}
	line := []byte(`{"type":"request","seq":1,"op":"inflate","documents":["d1"],"request":{"documents":null,"hits":[{"id":"h","compound_id":"a","start":0,"end":1,"score":1}]}}`)
	v, err := decodePayload(line, "request", reflect.TypeFor[inflate.Request]())
	if err != nil {
		t.Fatal(err)
	}
	if req := v.Elem().Interface().(inflate.Request); len(req.Hits) != 1 || req.Hits[0].CompoundID != "a" {
		t.Errorf("decoded %+v", req)
	}
}

// TestPlainHead: the heads plainHead reads mean to it what they mean to
// encoding/json, and the others it leaves to the general way.
func TestPlainHead(t *testing.T) {
	cases := []struct {
		head string
		ok   bool
	}{
		{`{"type":"request","seq":1,"op":"fuzzy_trigrams"`, true},
		{`{"type":"request","seq":123456789012345678,"op":"inflate"`, true},
		{`{"type":"result","seq":42`, true},
		{`{"type":"result","seq":0`, true},
		{`{"type":"result","seq":1234567890123456789`, false},        // 19 digits: may overflow
		{`{"type":"result","seq":07`, false},                         // not JSON
		{`{"type":"result","seq":-7`, false},                         // not a seq this package writes
		{`{"type":"result","seq":7.0`, false},                        // a number of another shape
		{`{"type":"result","seq":7,"bench":{"iterations":1}`, false}, // more fields
		{`{"type":"request","seq":1,"op":"nonesuch"`, false},
		{`{"type":"request","seq":1,"op":"fuzzy_tri\u0067rams"`, false}, // an escape
		{`{"type":"request","seq":1,"op":"fuzzy_trigrams","x":"y"`, false},
		{`{"type":"re\u0071uest","seq":1`, false},
		{`{"type":"call","seq":1`, false},
		{`{"seq":1,"type":"result"`, false},
		{`{"type":"result", "seq":1`, false},
		{`{"Type":"result","seq":1`, false},
		{`{"type":"result"`, false},
		{`{"type":"result","seq":`, false},
		{``, false},
	}
	for _, c := range cases {
		got, ok := plainHead([]byte(c.head))
		if ok != c.ok {
			t.Errorf("%s: ok %v, want %v", c.head, ok, c.ok)
			continue
		}
		if !ok {
			continue
		}
		var want Message
		if err := json.Unmarshal([]byte(c.head+"}"), &want); err != nil {
			t.Fatalf("%s: %v", c.head, err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, encoding/json reads %+v", c.head, got, want)
		}
	}
}
