package protocol

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// SchemaID is the $id of the protocol's JSON Schema; the file is
// adapters/process/schema/protocol-v1.schema.json in the repository.
const SchemaID = "https://github.com/ctxconform/ctxconform/adapters/process/schema/protocol-v1.schema.json"

// Schema is a JSON Schema document with the validator of the subset of
// draft 2020-12 it uses.
type Schema struct {
	doc map[string]any
}

var (
	protocolOnce   sync.Once
	protocolSchema *Schema
	protocolErr    error
)

// ProtocolSchema is the schema of every message and of every operation's
// request and answer, built from the Go types the messages are encoded from
// (the file in schema/ is a copy kept in step by a test).
func ProtocolSchema() (*Schema, error) {
	protocolOnce.Do(func() {
		var raw []byte
		raw, protocolErr = GenerateSchema()
		if protocolErr == nil {
			protocolSchema, protocolErr = ParseSchema(raw)
		}
	})
	return protocolSchema, protocolErr
}

// ParseSchema reads a schema document.
func ParseSchema(raw []byte) (*Schema, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var doc map[string]any
	if err := d.Decode(&doc); err != nil {
		return nil, fmt.Errorf("schema: %w", err)
	}
	return &Schema{doc: doc}, nil
}

// Message validates one protocol line against the definition of its type.
func (s *Schema) Message(line []byte) error {
	v, err := decodeValue(line)
	if err != nil {
		return err
	}
	obj, ok := v.(map[string]any)
	if !ok {
		return fmt.Errorf("a message is a JSON object, not %s", kindOf(v))
	}
	t, _ := obj["type"].(string)
	if t == TypeRequest || t == TypeBench {
		// Straight to the operation's variant: trying every variant of the
		// oneOf would validate a large request once per operation.
		op, _ := obj["op"].(string)
		if _, ok := s.def(t + "." + op); !ok {
			return fmt.Errorf("/op: unknown operation %q", op)
		}
		return s.Validate("#/$defs/"+t+"."+op, v)
	}
	if _, ok := s.def(t); !ok {
		return fmt.Errorf("/type: unknown message type %q", t)
	}
	return s.Validate("#/$defs/"+t, v)
}

// Payload validates the request or answer ("request" or "answer") of the
// operation op.
func (s *Schema) Payload(op, which string, raw []byte) error {
	ops, _ := s.doc["x-ops"].(map[string]any)
	o, _ := ops[op].(map[string]any)
	ref, _ := o[which].(string)
	if ref == "" {
		return fmt.Errorf("the schema has no %s of operation %q", which, op)
	}
	v, err := decodeValue(raw)
	if err != nil {
		return err
	}
	return s.Validate(ref, v)
}

// Validate checks the decoded JSON value v (numbers as json.Number) against
// the schema at the local reference ref ("#/$defs/NAME").
func (s *Schema) Validate(ref string, v any) error {
	return s.validate(map[string]any{"$ref": ref}, v, "")
}

// ValidateRoot checks v against the document's root schema.
func (s *Schema) ValidateRoot(v any) error {
	return s.validate(s.doc, v, "")
}

func decodeValue(raw []byte) (any, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	d.UseNumber()
	var v any
	if err := d.Decode(&v); err != nil {
		return nil, fmt.Errorf("not JSON: %v", err)
	}
	return v, nil
}

// GenerateSchema builds the protocol's schema document from the message
// envelope and the operation table.
func GenerateSchema() ([]byte, error) {
	g := &schemaGen{defs: map[string]any{}}
	obj := func(required []string, props map[string]any) map[string]any {
		return map[string]any{"type": "object", "properties": props, "required": required, "additionalProperties": false}
	}
	typ := func(t string) map[string]any { return map[string]any{"const": t, "description": "message type"} }
	str := map[string]any{"type": "string"}
	seq := map[string]any{"$ref": "#/$defs/seq"}
	g.defs["seq"] = map[string]any{"type": "integer", "minimum": 1,
		"description": "request number, chosen by the harness, echoed in every message about that request"}
	g.defs["id"] = map[string]any{"type": []any{"string", "integer"},
		"description": "provider call number, chosen by the implementation, echoed in the reply"}
	var capNames []any
	for _, c := range Capabilities() {
		capNames = append(capNames, c)
	}
	g.defs["capabilities"] = map[string]any{"type": "array", "items": map[string]any{"enum": capNames},
		"description": `optional extensions: "documents" (documents travel once per session), "bench" (the implementation times an operation); used only when the harness offers one and the implementation declares it`}
	caps := map[string]any{"$ref": "#/$defs/capabilities"}
	refs := map[string]any{"type": "array", "items": str,
		"description": `capability "documents": the refs of the request's documents, in order; they fill its "documents" field, sent as null`}
	g.defs["start"] = withDesc(obj([]string{"type", "protocol"}, map[string]any{
		"type":         typ(TypeStart),
		"protocol":     map[string]any{"const": Protocol},
		"harness":      obj([]string{"name", "version"}, map[string]any{"name": str, "version": str}),
		"capabilities": caps,
	}), `harness → implementation, first line: answer with "started"; capabilities lists what the harness offers`)
	g.defs["started"] = withDesc(obj([]string{"type", "protocol", "implementation"}, map[string]any{
		"type":           typ(TypeStarted),
		"protocol":       map[string]any{"const": Protocol},
		"implementation": g.schemaOf(reflect.TypeFor[adapters.Info]()),
		"capabilities":   caps,
		"single_instance": map[string]any{"type": "boolean",
			"description": "true: the implementation cannot run twice at once (a fixed port, a lock): the harness starts one instance, whatever --jobs asks"},
	}), `implementation → harness: who it is, what its offsets count, which standards it implements, which offered capabilities it uses, whether it can run only once at a time`)
	g.defs["documents"] = withDesc(obj([]string{"type"}, map[string]any{
		"type": typ(TypeDocuments),
		"add": map[string]any{"type": "array", "items": obj([]string{"ref", "id", "body"}, map[string]any{
			"ref": str, "id": str, "body": str, "kind": str,
		}), "description": "documents to keep under their refs for the rest of the session"},
		"drop": map[string]any{"type": "array", "items": str, "description": "refs to forget, before adding"},
	}), `harness → implementation (capability "documents"): store documents for later requests; no answer`)
	var requests, benches []any
	opsDoc := map[string]any{}
	for _, op := range ops {
		reqRef := g.schemaOf(op.Request)
		ansRef := g.schemaOf(op.Answer)
		name := "request." + op.Name
		g.defs[name] = withDesc(obj([]string{"type", "seq", "op", "request"}, map[string]any{
			"type":      typ(TypeRequest),
			"seq":       seq,
			"op":        map[string]any{"const": op.Name},
			"request":   reqRef,
			"documents": refs,
		}), "harness → implementation: one "+op.Name+" operation")
		requests = append(requests, map[string]any{"$ref": "#/$defs/" + name})
		if !op.Calls {
			bname := TypeBench + "." + op.Name
			g.defs[bname] = withDesc(obj([]string{"type", "seq", "op", "request", "iterations"}, map[string]any{
				"type":       typ(TypeBench),
				"seq":        seq,
				"op":         map[string]any{"const": op.Name},
				"request":    reqRef,
				"documents":  refs,
				"warmup":     map[string]any{"type": "integer", "minimum": 0, "description": "untimed runs first"},
				"iterations": map[string]any{"type": "integer", "minimum": 1, "description": "timed runs"},
			}), `harness → implementation (capability "bench"): run `+op.Name+` warmup times, then iterations times on your own clock; answer with the last answer and "bench"`)
			benches = append(benches, map[string]any{"$ref": "#/$defs/" + bname})
		}
		var stds []any
		for _, s := range op.Standards {
			stds = append(stds, string(s))
		}
		opsDoc[op.Name] = map[string]any{
			"standards": stds,
			"request":   reqRef["$ref"],
			"answer":    ansRef["$ref"],
			"calls":     op.Calls,
		}
	}
	g.defs["request"] = map[string]any{"oneOf": requests, "description": "harness → implementation: one operation; op names the request's type (x-ops)"}
	g.defs["bench"] = map[string]any{"oneOf": benches, "description": `harness → implementation (capability "bench"): time one operation; op names the request's type (x-ops)`}
	g.defs["result"] = withDesc(obj([]string{"type", "seq", "result"}, map[string]any{
		"type":   typ(TypeResult),
		"seq":    seq,
		"result": map[string]any{"type": "object", "description": "the operation's answer (x-ops names its schema)"},
		"bench": obj([]string{"iterations", "elapsed_ns"}, map[string]any{
			"iterations":      map[string]any{"type": "integer", "minimum": 1, "description": "the timed iterations (the bench message's)"},
			"elapsed_ns":      map[string]any{"type": "integer", "minimum": 0, "description": "nanoseconds they took on the implementation's clock"},
			"allocated_bytes": map[string]any{"type": "integer", "minimum": 0, "description": "bytes allocated meanwhile, when the runtime can tell"},
			"clock":           map[string]any{"type": "string", "description": "the clock read, for the report"},
			"resolution_ns":   map[string]any{"type": "integer", "minimum": 1, "description": "the clock's resolution in nanoseconds (default 1000); a time under it is marked, not read as a measurement"},
		}),
	}), `implementation → harness: the answer to request seq; to a bench message, the last iteration's answer with "bench", the time taken`)
	errBody := obj([]string{"message"}, map[string]any{
		"kind":    map[string]any{"enum": []any{KindInvalid, KindNotImplemented, KindInternal}, "description": "default invalid_request"},
		"message": str,
	})
	g.defs["error"] = withDesc(obj([]string{"type", "error"}, map[string]any{
		"type":  typ(TypeError),
		"seq":   seq,
		"error": errBody,
	}), "implementation → harness: request seq is refused (invalid_request), not provided (not_implemented) or failed (internal); without seq: start refused")
	g.defs["call"] = withDesc(obj([]string{"type", "seq", "id", "prompt", "input"}, map[string]any{
		"type":   typ(TypeCall),
		"seq":    seq,
		"id":     map[string]any{"$ref": "#/$defs/id"},
		"prompt": str,
		"input":  str,
	}), "implementation → harness, while working on request seq: one language-model call")
	provErr := obj([]string{"message"}, map[string]any{
		"kind":     map[string]any{"enum": []any{KindCanceled}, "description": "set when the harness gave up on the call"},
		"message":  str,
		"provider": str,
		"status":   map[string]any{"type": "integer", "description": "HTTP status; absent when the call had none"},
		"type":     str,
		"code":     str,
	})
	reply := obj([]string{"type", "seq", "id"}, map[string]any{
		"type":   typ(TypeReply),
		"seq":    seq,
		"id":     map[string]any{"$ref": "#/$defs/id"},
		"output": str,
		"error":  provErr,
	})
	reply["oneOf"] = []any{map[string]any{"required": []any{"output"}}, map[string]any{"required": []any{"error"}}}
	g.defs["reply"] = withDesc(reply, "harness → implementation: the model's output, or the provider's error verbatim")
	g.defs["stop"] = withDesc(obj([]string{"type"}, map[string]any{"type": typ(TypeStop)}),
		"harness → implementation: exit now (standard input closes after it)")
	var all []any
	for _, t := range []string{TypeStart, TypeStarted, TypeDocuments, "request", TypeBench, TypeResult, TypeError, TypeCall, TypeReply, TypeStop} {
		all = append(all, map[string]any{"$ref": "#/$defs/" + t})
	}
	doc := map[string]any{
		"$schema":     "https://json-schema.org/draft/2020-12/schema",
		"$id":         SchemaID,
		"title":       fmt.Sprintf("ctxconform process protocol, version %d: one message (one line of JSON)", Protocol),
		"description": "See adapters/process/PROTOCOL.md. x-ops maps each operation to the schemas of its request and answer.",
		"oneOf":       all,
		"x-ops":       opsDoc,
		"$defs":       g.defs,
	}
	return jsonenc.Indented(doc)
}

func withDesc(m map[string]any, d string) map[string]any {
	m["description"] = d
	return m
}

// schemaGen derives schemas from Go types as encoding/json encodes them.
type schemaGen struct {
	defs map[string]any
}

var (
	textMarshaler = reflect.TypeFor[encoding.TextMarshaler]()
	jsonMarshaler = reflect.TypeFor[json.Marshaler]()
)

// enums are string types whose values are known.
var enums = map[reflect.Type][]any{
	reflect.TypeFor[unit.Unit]():         {string(unit.Bytes), string(unit.Runes), string(unit.UTF16)},
	reflect.TypeFor[adapters.Standard](): standardNames(),
	reflect.TypeFor[assemble.Strategy](): {string(assemble.Adjacent), string(assemble.GapFill), string(assemble.Temporal),
		string(assemble.Semantic), string(assemble.Narrative), string(assemble.Single)},
}

// configSchema is implementation.config: one property for each of
// adapters.Declarables, with its range or its readings.
func configSchema() map[string]any {
	props := map[string]any{}
	for _, d := range adapters.Declarables {
		desc := fmt.Sprintf("%s, %s: %s", d.Standard, d.Accepted(), d.Sentence)
		if d.Kind == adapters.KindReading {
			var rs []any
			for _, r := range d.Readings {
				rs = append(rs, r)
			}
			props[d.Name] = map[string]any{"enum": rs, "description": desc}
			continue
		}
		props[d.Name] = map[string]any{"type": "integer", "minimum": d.Min, "maximum": d.Max, "description": desc}
	}
	return map[string]any{"type": "object", "properties": props, "additionalProperties": false,
		"description": "what the implementation declares of the texts' defaults and open readings; an item left out is the text's default"}
}

func standardNames() []any {
	var out []any
	for _, s := range adapters.Standards() {
		out = append(out, string(s))
	}
	return out
}

func (g *schemaGen) schemaOf(t reflect.Type) map[string]any {
	if vals, ok := enums[t]; ok {
		return map[string]any{"enum": vals}
	}
	if t == reflect.TypeFor[adapters.Config]() {
		return nullable(configSchema())
	}
	switch {
	case t == reflect.TypeFor[time.Time]():
		return map[string]any{"type": "string", "format": "date-time"}
	case t.Implements(jsonMarshaler) || reflect.PointerTo(t).Implements(jsonMarshaler):
		return map[string]any{}
	case t.Implements(textMarshaler) || reflect.PointerTo(t).Implements(textMarshaler):
		return map[string]any{"type": "string"}
	}
	switch t.Kind() {
	case reflect.Bool:
		return map[string]any{"type": "boolean"}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return map[string]any{"type": "integer"}
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return map[string]any{"type": "integer", "minimum": 0}
	case reflect.Float32, reflect.Float64:
		return map[string]any{"type": "number"}
	case reflect.String:
		return map[string]any{"type": "string"}
	case reflect.Pointer:
		return nullable(g.schemaOf(t.Elem()))
	case reflect.Slice:
		if t.Elem().Kind() == reflect.Uint8 {
			return map[string]any{"type": []any{"string", "null"}, "contentEncoding": "base64"}
		}
		return map[string]any{"type": []any{"array", "null"}, "items": g.schemaOf(t.Elem())}
	case reflect.Array:
		return map[string]any{"type": "array", "items": g.schemaOf(t.Elem()), "minItems": t.Len(), "maxItems": t.Len()}
	case reflect.Map:
		return map[string]any{"type": []any{"object", "null"}, "additionalProperties": g.schemaOf(t.Elem())}
	case reflect.Struct:
		return g.structRef(t)
	}
	return map[string]any{} // interfaces and the like: anything
}

func nullable(s map[string]any) map[string]any {
	switch t := s["type"].(type) {
	case string:
		out := clone(s)
		out["type"] = []any{t, "null"}
		return out
	case []any:
		for _, x := range t {
			if x == "null" {
				return s
			}
		}
		out := clone(s)
		out["type"] = append(append([]any(nil), t...), "null")
		return out
	}
	if len(s) == 0 {
		return s
	}
	return map[string]any{"anyOf": []any{s, map[string]any{"type": "null"}}}
}

func clone(m map[string]any) map[string]any {
	out := make(map[string]any, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// structRef defines a struct type in $defs (named package.Type) and refers
// to it.
func (g *schemaGen) structRef(t reflect.Type) map[string]any {
	name := defName(t)
	if t.Name() == "" {
		name = fmt.Sprintf("anonymous%d", len(g.defs))
	}
	ref := map[string]any{"$ref": "#/$defs/" + name}
	if _, done := g.defs[name]; done {
		return ref
	}
	g.defs[name] = map[string]any{} // placeholder against recursion
	props := map[string]any{}
	var required []string
	g.fields(t, props, &required)
	sort.Strings(required)
	def := map[string]any{"type": "object", "properties": props, "additionalProperties": false}
	if len(required) > 0 {
		def["required"] = required
	}
	g.defs[name] = def
	return ref
}

// defName is a struct type's name in $defs: package.Type, where the types
// of this package keep the name of the package that published the schema
// (process), so that moving the machinery under internal/ left the
// published schema as it was.
func defName(t reflect.Type) string {
	if t.PkgPath() == reflect.TypeFor[Message]().PkgPath() {
		return "process." + t.Name()
	}
	return t.String()
}

func (g *schemaGen) fields(t reflect.Type, props map[string]any, required *[]string) {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, opts, _ := strings.Cut(tag, ",")
		if name == "-" && opts == "" {
			continue
		}
		if f.Anonymous && name == "" {
			ft := f.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			if ft.Kind() == reflect.Struct {
				g.fields(ft, props, required)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		var s map[string]any
		if hasOpt(opts, "string") {
			s = map[string]any{"type": "string"}
		} else {
			s = g.schemaOf(f.Type)
		}
		if hasOpt(opts, "omitempty") || hasOpt(opts, "omitzero") {
			if f.Type.Kind() == reflect.Pointer || f.Type.Kind() == reflect.Slice || f.Type.Kind() == reflect.Map {
				s = nullable(s)
			}
		} else {
			*required = append(*required, name)
		}
		props[name] = s
	}
}

func hasOpt(opts, want string) bool {
	for _, o := range strings.Split(opts, ",") {
		if o == want {
			return true
		}
	}
	return false
}
