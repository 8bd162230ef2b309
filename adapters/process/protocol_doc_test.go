package process

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
)

// example is a fenced block of PROTOCOL.md whose info string is
// "json request OP" or "json answer OP".
type example struct {
	op, which string
	body      string
	at        [2]int // the body's byte range in the file
}

var fence = regexp.MustCompile("(?m)^```json (request|answer) ([a-z_]+)\n((?s:.*?))^```$")

// protocolExamples reads the examples of PROTOCOL.md.
func protocolExamples(doc string) []example {
	var out []example
	for _, m := range fence.FindAllStringSubmatchIndex(doc, -1) {
		out = append(out, example{which: doc[m[2]:m[3]], op: doc[m[4]:m[5]], body: doc[m[6]:m[7]], at: [2]int{m[6], m[7]}})
	}
	return out
}

// TestProtocolExamples keeps the per-operation examples of PROTOCOL.md
// true: every operation of the protocol has one example request and one
// answer; each is valid under the operation's schema
// (schema/protocol-v1.schema.json); and each answer is what the reference
// answers to its request, served over the protocol exactly as
// `conformance serve-reference` serves it. With -update the answers are
// rewritten from the reference (the requests are written by hand).
func TestProtocolExamples(t *testing.T) {
	raw, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	sch, err := protocol.ProtocolSchema()
	if err != nil {
		t.Fatal(err)
	}
	examples := protocolExamples(doc)
	requests := map[string]string{}
	answers := map[string]example{}
	for _, ex := range examples {
		if err := sch.Payload(ex.op, ex.which, []byte(ex.body)); err != nil {
			t.Errorf("PROTOCOL.md, the example %s of %s breaks the schema: %v", ex.which, ex.op, err)
		}
		seen := requests
		if ex.which == "answer" {
			if _, dup := answers[ex.op]; dup {
				t.Errorf("PROTOCOL.md: two example answers of %s", ex.op)
			}
			answers[ex.op] = ex
			continue
		}
		if _, dup := seen[ex.op]; dup {
			t.Errorf("PROTOCOL.md: two example requests of %s", ex.op)
		}
		requests[ex.op] = ex.body
	}
	var edits []example // answers to rewrite, in file order
	for _, op := range protocol.Ops() {
		req, ok := requests[op.Name]
		ans, okAns := answers[op.Name]
		if !ok || !okAns {
			t.Errorf("PROTOCOL.md: operation %s has no example request and answer (```json request %s and ```json answer %s)", op.Name, op.Name, op.Name)
			continue
		}
		got, err := served(req, op.Name)
		if err != nil {
			t.Errorf("%s: the reference does not answer the example request: %v", op.Name, err)
			continue
		}
		if same, err := sameJSON([]byte(got), []byte(ans.body)); err != nil || !same {
			if *update {
				ans.body = got
				edits = append(edits, ans)
				continue
			}
			t.Errorf("PROTOCOL.md: the example answer of %s is not the reference's (run: go test ./adapters/process -run TestProtocolExamples -update)\nreference: %s\nerr: %v", op.Name, got, err)
		}
	}
	if *update && len(edits) > 0 {
		var b strings.Builder
		last := 0
		for _, ex := range examples {
			for _, e := range edits {
				if e.at == ex.at {
					b.WriteString(doc[last:ex.at[0]])
					b.WriteString(e.body)
					last = ex.at[1]
				}
			}
		}
		b.WriteString(doc[last:])
		if err := os.WriteFile("PROTOCOL.md", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// served sends req as operation op to the reference over the protocol and
// returns the "result" of its answer, indented as the examples are.
func served(req, op string) (string, error) {
	var in bytes.Buffer
	fmt.Fprintf(&in, "{\"type\":\"start\",\"protocol\":1,\"harness\":{\"name\":\"ctxconform\",\"version\":\"doc\"}}\n")
	var compact bytes.Buffer
	if err := json.Compact(&compact, []byte(req)); err != nil {
		return "", fmt.Errorf("request: %w", err)
	}
	fmt.Fprintf(&in, "{\"type\":\"request\",\"seq\":1,\"op\":%q,\"request\":%s}\n{\"type\":\"stop\"}\n", op, compact.Bytes())
	var out bytes.Buffer
	if err := Serve(context.Background(), reference.New(), &in, &out, ServeOptions{}); err != nil {
		return "", err
	}
	for _, line := range bytes.Split(out.Bytes(), []byte("\n")) {
		var m struct {
			Type   string          `json:"type"`
			Result json.RawMessage `json:"result"`
			Error  json.RawMessage `json:"error"`
		}
		if len(line) == 0 || json.Unmarshal(line, &m) != nil {
			continue
		}
		switch m.Type {
		case "error":
			return "", fmt.Errorf("answered an error: %s", m.Error)
		case "result":
			var b strings.Builder
			if err := pretty(&b, m.Result, ""); err != nil {
				return "", err
			}
			return b.String() + "\n", nil
		}
	}
	return "", fmt.Errorf("no result in %q", out.String())
}

// sameJSON reports whether a and b are the same JSON value (numbers
// compared as written).
func sameJSON(a, b []byte) (bool, error) {
	var x, y any
	for _, p := range []struct {
		raw []byte
		v   *any
	}{{a, &x}, {b, &y}} {
		d := json.NewDecoder(bytes.NewReader(p.raw))
		d.UseNumber()
		if err := d.Decode(p.v); err != nil {
			return false, err
		}
	}
	return reflect.DeepEqual(x, y), nil
}

// pretty writes the JSON value raw as the examples are written: a value
// whose compact form fits the line stays on one line, a longer object or
// array has one member per line, indented by two spaces. Members keep
// their order.
func pretty(b *strings.Builder, raw json.RawMessage, indent string) error {
	var compact bytes.Buffer
	if err := json.Compact(&compact, raw); err != nil {
		return err
	}
	if len(indent)+compact.Len() <= 100 || (compact.Bytes()[0] != '{' && compact.Bytes()[0] != '[') {
		b.Write(spaced(compact.Bytes()))
		return nil
	}
	inner := indent + "  "
	if compact.Bytes()[0] == '[' {
		var items []json.RawMessage
		if err := json.Unmarshal(raw, &items); err != nil {
			return err
		}
		b.WriteString("[\n")
		for i, it := range items {
			b.WriteString(inner)
			if err := pretty(b, it, inner); err != nil {
				return err
			}
			if i < len(items)-1 {
				b.WriteByte(',')
			}
			b.WriteByte('\n')
		}
		b.WriteString(indent + "]")
		return nil
	}
	d := json.NewDecoder(bytes.NewReader(compact.Bytes()))
	if _, err := d.Token(); err != nil { // {
		return err
	}
	b.WriteString("{\n")
	first := true
	for d.More() {
		k, err := d.Token()
		if err != nil {
			return err
		}
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return err
		}
		if !first {
			b.WriteString(",\n")
		}
		first = false
		key, _ := json.Marshal(k)
		fmt.Fprintf(b, "%s%s: ", inner, key)
		if err := pretty(b, v, inner); err != nil {
			return err
		}
	}
	b.WriteString("\n" + indent + "}")
	return nil
}

// spaced is compact JSON with a space after every ':' and ',' outside
// strings, as the hand-written requests are.
func spaced(c []byte) []byte {
	var out []byte
	in := false
	for i := 0; i < len(c); i++ {
		ch := c[i]
		out = append(out, ch)
		switch {
		case in && ch == '\\':
			i++
			if i < len(c) {
				out = append(out, c[i])
			}
		case ch == '"':
			in = !in
		case !in && (ch == ':' || ch == ','):
			out = append(out, ' ')
		}
	}
	return out
}

// declarablesDoc is PROTOCOL.md's list of declarable items, as drawn from
// adapters.Declarables: one row each, with what it takes, why that range,
// the requirements it moves and the text's sentence, quoted.
func declarablesDoc() string {
	var b strings.Builder
	b.WriteString("| item | standard | takes | requirements | why this range (a reading: what each choice is) |\n| --- | --- | --- | --- | --- |\n")
	for _, d := range adapters.Declarables {
		fmt.Fprintf(&b, "| `%s` | %s | %s | %s | %s |\n", d.Name, d.Standard, d.Accepted(), strings.Join(d.Affects, ", "), d.Range)
	}
	b.WriteString("\nThe sentences that name each default, or leave each reading open:\n\n")
	for _, d := range adapters.Declarables {
		fmt.Fprintf(&b, "- `%s`:\n\n  > %s\n\n", d.Name, d.Sentence)
	}
	return b.String()
}

const declarablesBegin, declarablesEnd = "<!-- declarables: generated from adapters.Declarables -->\n", "<!-- /declarables -->"

// TestProtocolDeclarables keeps PROTOCOL.md's list of declarable items,
// the schema's implementation.config and adapters.Declarables in step: the
// list is the one declarablesDoc draws (-update rewrites it), and the
// schema has a property for each item, with its range or its readings, and
// no other.
func TestProtocolDeclarables(t *testing.T) {
	raw, err := os.ReadFile("PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(raw)
	i, j := strings.Index(doc, declarablesBegin), strings.Index(doc, declarablesEnd)
	if i < 0 || j < i {
		t.Fatalf("PROTOCOL.md has no list of declarable items between %q and %q", declarablesBegin, declarablesEnd)
	}
	want := declarablesDoc()
	if got := doc[i+len(declarablesBegin) : j]; got != want {
		if *update {
			doc = doc[:i+len(declarablesBegin)] + want + doc[j:]
			if err := os.WriteFile("PROTOCOL.md", []byte(doc), 0o644); err != nil {
				t.Fatal(err)
			}
		} else {
			t.Errorf("PROTOCOL.md's list of declarable items is not adapters.Declarables' (run: go test ./adapters/process -run TestProtocolDeclarables -update); want:\n%s", want)
		}
	}
	raw, err = protocol.GenerateSchema()
	if err != nil {
		t.Fatal(err)
	}
	var sch struct {
		Defs map[string]struct {
			Properties map[string]json.RawMessage `json:"properties"`
		} `json:"$defs"`
	}
	if err := json.Unmarshal(raw, &sch); err != nil {
		t.Fatal(err)
	}
	var info struct {
		Config struct {
			Properties map[string]struct {
				Minimum *int     `json:"minimum"`
				Maximum *int     `json:"maximum"`
				Enum    []string `json:"enum"`
			} `json:"properties"`
		} `json:"config"`
	}
	props := sch.Defs["adapters.Info"].Properties
	if err := json.Unmarshal(props["config"], &info.Config); err != nil {
		t.Fatalf("schema: adapters.Info.config: %v", err)
	}
	got := info.Config.Properties
	if len(got) != len(adapters.Declarables) {
		t.Errorf("schema: implementation.config has %d items, adapters.Declarables %d", len(got), len(adapters.Declarables))
	}
	for _, d := range adapters.Declarables {
		p, ok := got[d.Name]
		switch {
		case !ok:
			t.Errorf("schema: implementation.config has no %s", d.Name)
		case d.Kind == adapters.KindReading && !reflect.DeepEqual(p.Enum, d.Readings):
			t.Errorf("schema: %s takes %v, adapters.Declarables %v", d.Name, p.Enum, d.Readings)
		case d.Kind == adapters.KindValue && (p.Minimum == nil || p.Maximum == nil || *p.Minimum != d.Min || *p.Maximum != d.Max):
			t.Errorf("schema: %s's range is not [%d, %d]", d.Name, d.Min, d.Max)
		}
	}
}
