package protocol

import (
	"bytes"
	"encoding/json"
	"reflect"
	"sync"
)

// Reading a message whose payload (a request's "request", a result's
// "result") is then decoded as the operation's type costs four passes over
// the payload with encoding/json: the message is checked and decoded with
// the payload kept raw, then the payload is checked and decoded again. For
// results that carry window texts and the suite's thousands of requests,
// that was a fifth of the protocol's cost. The fast path decodes only the
// head of the line (the fields before the payload) to route the message,
// then the whole line once, straight into the operation's type.

// splitHead decodes the fields of line before its top-level field key
// (`,"key":` followed by an object) as a Message; ok is false when line has
// no such field or its head is not a complete object, and the caller reads
// the line the ordinary way. The bare bytes `,"key":` cannot occur inside a
// JSON string (its quotes would be escaped), and a cut inside a nested
// object leaves the head unbalanced, so a head that decodes is the real one.
func splitHead(line []byte, key string) (head Message, ok bool) {
	var buf [16]byte
	marker := append(append(append(buf[:0], ',', '"'), key...), '"', ':')
	i := bytes.Index(line, marker)
	if i <= 0 {
		return head, false
	}
	rest := bytes.TrimLeft(line[i+len(marker):], " \t\r\n")
	if len(rest) == 0 || rest[0] != '{' {
		return head, false
	}
	h := append(line[:i:i], '}')
	if quickDecode(h, reflect.ValueOf(&head)) {
		return head, true
	}
	head = Message{}
	if json.Unmarshal(h, &head) != nil {
		return Message{}, false
	}
	return head, true
}

// envelopes holds, per payload type, a struct type with one field of that
// type under the payload's key, to decode a whole line into: a map per key
// of the two the protocol has, looked up by the type alone (a key of both
// would be allocated at every lookup), and one for any other.
var (
	envelopes                         sync.Map // [2]any{key, reflect.Type} → reflect.Type
	requestEnvelopes, resultEnvelopes sync.Map // reflect.Type → reflect.Type
)

// decodePayload decodes the field key of the message line into a new value
// of type t and returns it.
func decodePayload(line []byte, key string, t reflect.Type) (reflect.Value, error) {
	m, k := &envelopes, any(nil)
	switch key {
	case "request":
		m, k = &requestEnvelopes, t
	case "result":
		m, k = &resultEnvelopes, t
	default:
		k = [2]any{key, t}
	}
	env, ok := m.Load(k)
	if !ok {
		env, _ = m.LoadOrStore(k, reflect.StructOf([]reflect.StructField{
			{Name: "Payload", Type: reflect.PointerTo(t), Tag: reflect.StructTag(`json:"` + key + `"`)},
		}))
	}
	v := reflect.New(env.(reflect.Type))
	out := reflect.New(t)
	v.Elem().Field(0).Set(out)
	if quickDecode(line, v) {
		return out, nil
	}
	v = reflect.New(env.(reflect.Type)) // quick.go gave up: decode afresh
	out = reflect.New(t)
	v.Elem().Field(0).Set(out)
	if err := json.Unmarshal(line, v.Interface()); err != nil {
		return reflect.Value{}, err
	}
	return out, nil
}
