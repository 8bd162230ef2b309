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
	if head, ok := plainHead(line[:i]); ok {
		return head, true
	}
	h := append(line[:i:i], '}')
	slow := new(Message) // only here: a head read by reflection is allocated
	if quickDecode(h, reflect.ValueOf(slow)) {
		return *slow, true
	}
	*slow = Message{}
	if json.Unmarshal(h, slow) != nil {
		return Message{}, false
	}
	return *slow, true
}

// plainHeadTypes are the types of message plainHead reads.
var plainHeadTypes = [...]string{TypeRequest, TypeResult}

// plainHead reads the commonest heads (h, without its closing brace) as
// this package writes them, {"type":"T","seq":N} and {"type":"T","seq":N,"op":"O"}
// with T "request" or "result", N of at most 18 digits and O a known
// operation, byte for byte, without reflection or allocation (the strings
// are the constants'); ok is false for any other head, which splitHead
// decodes the general way. Such a head means the same to encoding/json.
func plainHead(h []byte) (m Message, ok bool) {
	const typeKey, seqKey, opKey = `{"type":"`, `","seq":`, `,"op":"`
	rest, found := bytes.CutPrefix(h, []byte(typeKey))
	q := bytes.IndexByte(rest, '"')
	if !found || q < 0 {
		return Message{}, false
	}
	for _, t := range plainHeadTypes {
		if string(rest[:q]) == t {
			m.Type = t
		}
	}
	if rest, found = bytes.CutPrefix(rest[q:], []byte(seqKey)); !found || m.Type == "" {
		return Message{}, false
	}
	n := 0
	for n < len(rest) && n < 18 && '0' <= rest[n] && rest[n] <= '9' {
		m.Seq = m.Seq*10 + int64(rest[n]-'0')
		n++
	}
	if n == 0 || n > 1 && rest[0] == '0' || n < len(rest) && '0' <= rest[n] && rest[n] <= '9' {
		return Message{}, false // none, a leading zero (not JSON), or too many digits
	}
	if rest = rest[n:]; len(rest) == 0 {
		return m, true
	}
	if rest, found = bytes.CutPrefix(rest, []byte(opKey)); !found || len(rest) == 0 || bytes.IndexByte(rest, '"') != len(rest)-1 {
		return Message{}, false
	}
	op, known := Lookup(string(rest[:len(rest)-1]))
	if !known {
		return Message{}, false
	}
	m.Op = op.Name
	return m, true
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
	v = reflect.New(env.(reflect.Type)) // go-json refused it: decode afresh
	out = reflect.New(t)
	v.Elem().Field(0).Set(out)
	if err := json.Unmarshal(line, v.Interface()); err != nil {
		return reflect.Value{}, err
	}
	return out, nil
}
