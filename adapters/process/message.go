package process

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"

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
)

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
	Protocol       int             `json:"protocol,omitempty"`       // start, started
	Harness        *Peer           `json:"harness,omitempty"`        // start
	Implementation *adapters.Info  `json:"implementation,omitempty"` // started
	Seq            int64           `json:"seq,omitempty"`            // request, result, error, call, reply
	Op             string          `json:"op,omitempty"`             // request
	Request        json.RawMessage `json:"request,omitempty"`        // request
	Result         json.RawMessage `json:"result,omitempty"`         // result
	Error          *ErrorBody      `json:"error,omitempty"`          // error, reply
	ID             json.RawMessage `json:"id,omitempty"`             // call, reply: chosen by the implementation, echoed
	Prompt         *string         `json:"prompt,omitempty"`         // call
	Input          *string         `json:"input,omitempty"`          // call
	Output         *string         `json:"output,omitempty"`         // reply
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
	if err := json.Unmarshal(line, &m); err != nil {
		var syn *json.SyntaxError
		if errors.As(err, &syn) {
			return m, fmt.Errorf("not JSON: %v (%q)", err, clip.Text(line, 120))
		}
		return m, fmt.Errorf("malformed message: %v (%q)", err, clip.Text(line, 120))
	}
	switch m.Type {
	case TypeStart, TypeStop:
	case TypeStarted:
		if m.Implementation == nil {
			return m, errors.New(`"started" without "implementation"`)
		}
	case TypeRequest:
		if m.Seq <= 0 || m.Op == "" || !isObject(m.Request) {
			return m, errors.New(`"request" needs a positive "seq", an "op" and a "request" object`)
		}
	case TypeResult:
		if m.Seq <= 0 || !isObject(m.Result) {
			return m, errors.New(`"result" needs a positive "seq" and a "result" object`)
		}
	case TypeError:
		if m.Error == nil {
			return m, errors.New(`"error" without an "error" object`)
		}
	case TypeCall:
		if m.Seq <= 0 || !validID(m.ID) || m.Prompt == nil || m.Input == nil {
			return m, errors.New(`"call" needs a positive "seq", an "id" (string or integer), a "prompt" and an "input"`)
		}
	case TypeReply:
		if m.Seq <= 0 || !validID(m.ID) || (m.Output == nil) == (m.Error == nil) {
			return m, errors.New(`"reply" needs a positive "seq", an "id", and either "output" or "error"`)
		}
	case "":
		return m, fmt.Errorf("message without a type: %q", clip.Text(line, 120))
	default:
		return m, fmt.Errorf("unknown message type %q", m.Type)
	}
	return m, nil
}

// Encode writes m as one line, newline included.
func Encode(m Message) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(m); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
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
