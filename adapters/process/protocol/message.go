package protocol

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"strconv"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/clip"
)

// Protocol is the version of the protocol this package speaks. The harness
// sends it in "start"; an implementation that answers another version is
// refused.
const Protocol = 1

// Message types, the value of a message's "type" field.
const (
	TypeStart   = "start"   // harness → implementation: first line, asks for "started"
	TypeStarted = "started" // implementation → harness: who it is
	TypeRequest = "request" // harness → implementation: one operation
	TypeResult  = "result"  // implementation → harness: the operation's answer
	TypeError   = "error"   // implementation → harness: the operation refused or failed
	TypeCall    = "call"    // implementation → harness: a provider (LLM) call
	TypeReply   = "reply"   // harness → implementation: the provider's answer
	TypeStop    = "stop"    // harness → implementation: exit now

	// With the capability "documents": documents travel once per session.
	TypeDocuments = "documents" // harness → implementation: store (and drop) documents; no answer
	// With the capability "bench": the implementation times an operation.
	TypeBench = "bench" // harness → implementation: run one operation many times on your own clock
)

// Capabilities an implementation may declare in "started" (and the harness
// offers in "start"). A capability is used only when both sides name it;
// a program that declares none speaks version 1 as it always did.
const (
	// CapDocuments: requests refer to documents sent once per session in
	// "documents" messages, by the refs listed in the request's "documents".
	CapDocuments = "documents"
	// CapBench: the implementation answers "bench" messages.
	CapBench = "bench"
)

// Capabilities lists every capability this harness offers.
func Capabilities() []string { return []string{CapDocuments, CapBench} }

// Error kinds, the "kind" of an error message.
const (
	KindInvalid        = "invalid_request" // the request breaks the standard's input rules (the default)
	KindNotImplemented = "not_implemented" // the operation is not provided
	KindInternal       = "internal"        // the implementation failed; the harness reports it as errored
	KindCanceled       = "canceled"        // reply only: the harness gave up on the call
)

// Message is one line of the protocol, in either direction. Which fields are
// set depends on Type; the JSON Schema (schema/protocol-v1.schema.json) says
// exactly which.
type Message struct {
	Type           string          `json:"type"`
	Protocol       int             `json:"protocol,omitempty"`        // start, started
	Harness        *Peer           `json:"harness,omitempty"`         // start
	Implementation *adapters.Info  `json:"implementation,omitempty"`  // started
	Seq            int64           `json:"seq,omitempty"`             // request, result, error, call, reply
	Op             string          `json:"op,omitempty"`              // request
	Request        json.RawMessage `json:"request,omitempty"`         // request
	Result         json.RawMessage `json:"result,omitempty"`          // result
	Error          *ErrorBody      `json:"error,omitempty"`           // error, reply
	ID             json.RawMessage `json:"id,omitempty"`              // call, reply: chosen by the implementation, echoed
	Prompt         *string         `json:"prompt,omitempty"`          // call
	Input          *string         `json:"input,omitempty"`           // call
	Output         *string         `json:"output,omitempty"`          // reply
	Capabilities   []string        `json:"capabilities,omitempty"`    // start (offered), started (used)
	SingleInstance bool            `json:"single_instance,omitempty"` // started: cannot run twice at once
	Documents      []string        `json:"documents,omitempty"`       // request, bench: refs filling request.documents
	Add            []StoredDoc     `json:"add,omitempty"`             // documents: to store under their refs
	Drop           []string        `json:"drop,omitempty"`            // documents: refs to forget first
	Warmup         int             `json:"warmup,omitempty"`          // bench: untimed runs first
	Iterations     int             `json:"iterations,omitempty"`      // bench: timed runs
	Bench          *Timing         `json:"bench,omitempty"`           // result of a bench: the time taken
}

// StoredDoc is one document of a "documents" message: a document of a
// request (id, body, kind) under the ref the harness chose for it. The ref
// names this exact document for the rest of the session (or until dropped);
// requests list refs instead of carrying the documents.
type StoredDoc struct {
	Ref  string `json:"ref"`
	ID   string `json:"id"`
	Body string `json:"body"`
	Kind string `json:"kind,omitempty"`
}

// Timing is what an implementation reports for a "bench" message: the
// timed iterations (after the warm-up) took ElapsedNS nanoseconds of its
// own clock, and allocated AllocatedBytes bytes when its runtime can tell
// (absent otherwise).
type Timing struct {
	Iterations     int    `json:"iterations"`
	ElapsedNS      int64  `json:"elapsed_ns"`
	AllocatedBytes *int64 `json:"allocated_bytes,omitempty"`
	// Clock names the clock read, for the report (e.g. "process.hrtime.bigint").
	Clock string `json:"clock,omitempty"`
	// ResolutionNS is the clock's resolution, when the program states it
	// (DefaultResolution otherwise).
	ResolutionNS *int64 `json:"resolution_ns,omitempty"`
}

// Peer names the harness in "start".
type Peer struct {
	Name    string `json:"name"`
	Version string `json:"version"`
}

// ErrorBody is the error of an "error" message (an operation refused or
// failed) or of a "reply" (a provider call failed). The provider fields are
// those of densify.ProviderError, passed on verbatim so the implementation
// classifies the real text.
type ErrorBody struct {
	Kind     string `json:"kind,omitempty"`
	Message  string `json:"message"`
	Provider string `json:"provider,omitempty"`
	Status   int    `json:"status,omitempty"`
	Type     string `json:"type,omitempty"`
	Code     string `json:"code,omitempty"`
}

// Decode reads one line as a message. It checks what every message needs
// whatever its direction: a JSON object with a known type, and the fields
// that type cannot do without.
func Decode(line []byte) (Message, error) {
	var m Message
	line = bytes.TrimRight(line, "\r\n")
	if len(bytes.TrimSpace(line)) == 0 {
		return m, errors.New("empty line")
	}
	if t := bytes.TrimLeft(line, " \t"); t[0] != '{' {
		if json.Valid(line) {
			return m, fmt.Errorf("not a JSON object: %q", clip.Text(line, 120))
		}
		return m, fmt.Errorf("not JSON: %q", clip.Text(line, 120))
	}
	if quickDecode(line, reflect.ValueOf(&m)) {
		return m, checkMessage(m, line)
	}
	m = Message{}
	if err := json.Unmarshal(line, &m); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return m, fmt.Errorf("not JSON: %v (%q)", err, clip.Text(line, 120))
		}
		var typ *json.UnmarshalTypeError
		if errors.As(err, &typ) && typ.Field != "" {
			// In the protocol's terms: the field and what it must hold,
			// not Go's struct and type.
			return m, fmt.Errorf("field %q: %s is not %s (%q)", typ.Field, typ.Value, jsonKind(typ.Type), clip.Text(line, 120))
		}
		// The caller says it is a malformed message.
		return m, fmt.Errorf("%v (%q)", err, clip.Text(line, 120))
	}
	return m, checkMessage(m, line)
}

// jsonKind says what JSON a Go type holds, for a message.
func jsonKind(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		bits := t.Bits()
		return fmt.Sprintf("an integer in [%d, %d]", int64(-1)<<(bits-1), uint64(1)<<(bits-1)-1)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("an integer in [0, %d]", uint64(1)<<(t.Bits()-1)*2-1)
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.Struct, reflect.Map:
		return "an object"
	}
	return "of the kind the protocol gives it"
}

// checkMessage checks the fields m's type cannot do without.
func checkMessage(m Message, line []byte) error {
	switch m.Type {
	case TypeStart, TypeStop:
	case TypeDocuments:
		for _, d := range m.Add {
			if d.Ref == "" {
				return errors.New(`"documents" adds a document without a "ref"`)
			}
		}
	case TypeBench:
		if m.Seq <= 0 || m.Op == "" || !isObject(m.Request) || m.Iterations <= 0 || m.Warmup < 0 {
			return errors.New(`"bench" needs a positive "seq", an "op", a "request" object and positive "iterations"`)
		}
	case TypeStarted:
		if m.Implementation == nil {
			return errors.New(`"started" without "implementation"`)
		}
	case TypeRequest:
		if m.Seq <= 0 || m.Op == "" || !isObject(m.Request) {
			return errors.New(`"request" needs a positive "seq", an "op" and a "request" object`)
		}
	case TypeResult:
		if m.Seq <= 0 || !isObject(m.Result) {
			return errors.New(`"result" needs a positive "seq" and a "result" object`)
		}
		if m.Bench != nil && (m.Bench.Iterations <= 0 || m.Bench.ElapsedNS < 0) {
			return errors.New(`"result" of a bench needs positive "iterations" and a non-negative "elapsed_ns"`)
		}
	case TypeError:
		if m.Error == nil {
			return errors.New(`"error" without an "error" object`)
		}
	case TypeCall:
		if m.Seq <= 0 || !validID(m.ID) || m.Prompt == nil || m.Input == nil {
			return errors.New(`"call" needs a positive "seq", an "id" (string or integer), a "prompt" and an "input"`)
		}
	case TypeReply:
		if m.Seq <= 0 || !validID(m.ID) || (m.Output == nil) == (m.Error == nil) {
			return errors.New(`"reply" needs a positive "seq", an "id", and either "output" or "error"`)
		}
	case "":
		return fmt.Errorf("message without a type: %q", clip.Text(line, 120))
	default:
		return fmt.Errorf("unknown message type %q", m.Type)
	}
	return nil
}

// Encode writes m as one line, newline included.
func Encode(m Message) ([]byte, error) { return appendMessage(nil, m) }

// appendMessage appends m as one line, newline included, to dst. A request
// or result payload is copied in as it is (it is already compact JSON:
// encoding/json would scan and compact it again, which costs as much as
// encoding it).
func appendMessage(dst []byte, m Message) ([]byte, error) {
	raw, key := payloadOf(&m)
	if raw != nil && bytes.IndexByte(raw, '\n') >= 0 {
		m.Request, m.Result = nil, nil
		if key == "request" {
			m.Request = raw
		} else {
			m.Result = raw
		}
		raw = nil
	}
	if raw != nil && plainMessage(&m) {
		// What the encoder would write, without reflection and without
		// copying m into an interface.
		dst = appendPlainHead(dst, m.Type, m.Seq, m.Op, key)
		dst = append(dst, raw...)
		return append(dst, '}', '\n'), nil
	}
	start := len(dst)
	dst, err := appendCompact(dst, m)
	if err != nil {
		return nil, err
	}
	if raw != nil {
		dst = dst[:len(dst)-1] // the closing brace
		if len(dst)-start > 1 {
			dst = append(dst, ',')
		}
		dst = append(dst, '"')
		dst = append(dst, key...)
		dst = append(dst, `":`...)
		dst = append(dst, raw...)
		dst = append(dst, '}')
	}
	return append(dst, '\n'), nil
}

// plainMessage reports whether m (its payload taken out) has only a type,
// a positive seq and maybe an op, both names that JSON writes as they are:
// a plain request or result, most of the protocol's lines.
func plainMessage(m *Message) bool {
	return m.Seq > 0 && plainName(m.Type) && (m.Op == "" || plainName(m.Op)) &&
		m.Protocol == 0 && m.Harness == nil && m.Implementation == nil && m.Bench == nil &&
		m.Error == nil && m.ID == nil && m.Prompt == nil && m.Input == nil && m.Output == nil &&
		m.Capabilities == nil && m.Documents == nil && m.Add == nil && m.Drop == nil &&
		m.Warmup == 0 && m.Iterations == 0
}

// appendPlainHead appends the line of a plain message (plainMessage) up to
// its payload: {"type":"T","seq":N[,"op":"O"],"key":
func appendPlainHead(dst []byte, typ string, seq int64, op, key string) []byte {
	dst = append(dst, `{"type":"`...)
	dst = append(dst, typ...)
	dst = append(dst, `","seq":`...)
	dst = strconv.AppendInt(dst, seq, 10)
	if op != "" {
		dst = append(dst, `,"op":"`...)
		dst = append(dst, op...)
		dst = append(dst, '"')
	}
	dst = append(dst, ',', '"')
	dst = append(dst, key...)
	return append(dst, `":`...)
}

// plainName reports whether s is a non-empty run of lower-case letters,
// digits and underscores (as the protocol's types and operations are).
func plainName(s string) bool {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

// payloadOf takes the request or result payload out of m, with its key.
func payloadOf(m *Message) (json.RawMessage, string) {
	switch {
	case m.Request != nil && m.Result == nil:
		raw := m.Request
		m.Request = nil
		return raw, "request"
	case m.Result != nil && m.Request == nil:
		raw := m.Result
		m.Result = nil
		return raw, "result"
	}
	return nil, ""
}

func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{'
}

// validID accepts a JSON string or integer.
func validID(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	if len(t) == 0 {
		return false
	}
	if t[0] == '"' {
		var s string
		return json.Unmarshal(t, &s) == nil
	}
	var n json.Number
	if json.Unmarshal(t, &n) != nil {
		return false
	}
	_, err := n.Int64()
	return err == nil
}
