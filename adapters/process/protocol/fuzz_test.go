package protocol_test

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// FuzzDecode feeds hostile lines to the message decoder and the schema
// validator: neither may panic, and a line that decodes must survive
// encoding and decoding again unchanged.
func FuzzDecode(f *testing.F) {
	for _, s := range []string{
		`{"type":"start","protocol":1}`,
		`{"type":"started","protocol":1,"implementation":{"name":"x","version":"1","unit":"utf16","standards":["inflate"]}}`,
		`{"type":"result","seq":3,"result":{"windows":[]}}`,
		`{"type":"error","seq":3,"error":{"kind":"internal","message":"boom"}}`,
		`{"type":"call","seq":1,"id":"c1","prompt":"p","input":"i"}`,
		`{"type":"reply","seq":1,"id":7,"output":""}`,
		`{"type":"request","seq":1,"op":"inflate","request":{"documents":null,"hits":[]}}`,
		`{"type":"result","seq":-1,"result":[]}`,
		`{"type":"call","seq":1,"id":1.5,"prompt":"p","input":"i"}`,
		`{"type":"result","seq":1e3,"result":{}}`,
		`[1,2,3]`, `"started"`, `{`, ``, "\xff\xfe", `{"type":"stop","type":"start"}`,
		`{"type":"result","seq":1,"result":{"windows":[{"start":"0"}]}}`,
	} {
		f.Add([]byte(s))
	}
	schema, err := protocol.ProtocolSchema()
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, line []byte) {
		_ = schema.Message(line)
		m, err := protocol.Decode(line)
		if err != nil {
			return
		}
		out, err := protocol.Encode(m)
		if err != nil {
			t.Fatalf("decoded %q but cannot encode it: %v", line, err)
		}
		again, err := protocol.Decode(out)
		if err != nil {
			t.Fatalf("re-encoded %q as %q, which does not decode: %v", line, out, err)
		}
		if a, b := comparable(m), comparable(again); !reflect.DeepEqual(a, b) {
			t.Fatalf("round trip changed the message:\n%+v\nthen\n%+v", a, b)
		}
	})
}

// comparable is m as encoding leaves it: raw JSON compacted, and empty
// lists, which omitempty drops, as none.
func comparable(m protocol.Message) protocol.Message {
	raw := func(r json.RawMessage) json.RawMessage {
		if len(r) == 0 {
			return nil
		}
		var b bytes.Buffer
		if json.Compact(&b, r) != nil {
			return r
		}
		return b.Bytes()
	}
	m.Request, m.Result, m.ID = raw(m.Request), raw(m.Result), raw(m.ID)
	if len(m.Capabilities) == 0 {
		m.Capabilities = nil
	}
	if len(m.Documents) == 0 {
		m.Documents = nil
	}
	if len(m.Add) == 0 {
		m.Add = nil
	}
	if len(m.Drop) == 0 {
		m.Drop = nil
	}
	return m
}

// served is one reference behind the protocol (Serve on pipes), shared by
// the fuzz iterations.
var served = sync.OnceValues(func() (*protocol.Adapter, error) {
	return protocol.New(context.Background(), protocol.InProcess(reference.New(), protocol.ServeOptions{}), protocol.Options{})
})

// FuzzReferenceThroughProtocol compares the reference with itself through
// the protocol on arbitrary inflation requests: the same windows, or an
// error on both sides.
func FuzzReferenceThroughProtocol(f *testing.F) {
	f.Add("abcdefghij abcdefghij", 2, 5, 0, 100, -1)
	f.Add("文脈検索の窓", 3, 9, 0, 6, 150)
	f.Add("😀 emoji 👩‍💻 text", 0, 4, 5, 9, 0)
	f.Add("short", 4, 2, 0, 1, 1000)
	f.Add("", 0, 0, 0, 0, 150)
	f.Fuzz(func(t *testing.T, body string, s1, e1, s2, e2, budget int) {
		a, err := served()
		if err != nil {
			t.Fatal(err)
		}
		req := inflate.Request{
			Documents: []inflate.Document{{ID: "d", Body: body}},
			Hits: []inflate.Hit{
				{ID: "a", CompoundID: "d", Start: s1, End: e1, Score: 0.5},
				{ID: "b", CompoundID: "d", Start: s2, End: e2, Score: 0.7},
			},
		}
		if budget >= 0 {
			req.Budget = &budget
		}
		want, wantErr := inflate.Inflate(req)
		got, gotErr := a.Inflate(context.Background(), req)
		if errors.Is(gotErr, adapters.ErrFault) {
			t.Fatalf("fault through the protocol: %v", gotErr)
		}
		if !utf8.ValidString(body) {
			if !errors.Is(gotErr, protocol.ErrInexpressible) {
				t.Fatalf("invalid UTF-8 body: error %v, want ErrInexpressible", gotErr)
			}
			return
		}
		if (wantErr != nil) != (gotErr != nil) {
			t.Fatalf("in process: %v; through the protocol: %v", wantErr, gotErr)
		}
		if wantErr == nil && !reflect.DeepEqual(normal(want), normal(got)) {
			t.Fatalf("in process %+v\nthrough the protocol %+v", want, got)
		}
	})
}

func normal(r inflate.Result) inflate.Result {
	if len(r.Dropped) == 0 {
		r.Dropped = nil
	}
	if r.Windows == nil {
		r.Windows = []inflate.Window{}
	}
	return r
}

// scripted launches an implementation that completes the handshake and
// then answers every request with the line given.
func scripted(answer []byte) protocol.Launcher {
	return func(ctx context.Context, stderr io.Writer) (*protocol.Process, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		done := make(chan struct{})
		go func() {
			defer close(done)
			defer outW.Close()
			sc := bufio.NewScanner(inR)
			sc.Buffer(make([]byte, 1<<20), 1<<24)
			for sc.Scan() {
				var m protocol.Message
				if json.Unmarshal(sc.Bytes(), &m) != nil {
					return
				}
				var line []byte
				switch m.Type {
				case protocol.TypeStart:
					line = []byte(`{"type":"started","protocol":1,"implementation":{"name":"s","version":"1","unit":"utf16","standards":["inflate","density","densify"]}}`)
				case protocol.TypeRequest:
					line = []byte(strings.ReplaceAll(string(answer), "SEQ", fmt.Sprint(m.Seq)))
				default:
					return
				}
				if _, err := outW.Write(append(line, '\n')); err != nil {
					return
				}
			}
		}()
		return &protocol.Process{
			Stdin:  inW,
			Stdout: outR,
			Kill: func() {
				inW.CloseWithError(errors.New("killed"))
				outR.CloseWithError(errors.New("killed"))
				inR.Close()
			},
			Wait: func() error { <-done; return nil },
		}, nil
	}
}

// FuzzHostileAnswers sends hostile answers to the client: it must return
// (an answer, a rejection or a fault), never panic or hang.
func FuzzHostileAnswers(f *testing.F) {
	for _, s := range []string{
		`{"type":"result","seq":SEQ,"result":{"windows":[{"compound_id":"d","start":0,"end":3,"text":"abc","hits":["h"],"score":1}]}}`,
		`{"type":"result","seq":SEQ,"result":{"windows":[{"compound_id":"d","start":-1,"end":99}]}}`,
		`{"type":"result","seq":SEQ,"result":{"windows":[{"compound_id":"d","start":1,"end":2}]}}`,
		`{"type":"result","seq":SEQ,"result":{"windows":"no"}}`,
		`{"type":"error","seq":SEQ,"error":{"kind":"weird","message":"?"}}`,
		`{"type":"error","seq":SEQ,"error":{"message":"bad hit"}}`,
		`{"type":"call","seq":SEQ,"id":1,"prompt":"p","input":"i"}`,
		`{"type":"started","protocol":1}`,
		`{"type":"result","seq":0,"result":{}}`,
		`not json at all`,
		`{"type":"result","seq":SEQ,"result":{"windows":[{"compound_id":"d","start":2,"end":1}]}}`,
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, answer []byte) {
		if len(answer) > 1<<16 || strings.ContainsAny(string(answer), "\n") {
			return
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		a, err := protocol.New(ctx, scripted(answer), protocol.Options{RequestTimeout: time.Second})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		// "d" is "a😀b": 4 UTF-16 units, 6 bytes.
		req := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: "a😀b"}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 1, Score: 1}}}
		res, err := adapters.InBytes(a).(adapters.Inflater).Inflate(ctx, req)
		if err == nil {
			for _, w := range res.Windows {
				if w.Start < 0 || w.End > len(req.Documents[0].Body) {
					t.Fatalf("answer %q passed with a window [%d,%d) outside the document", answer, w.Start, w.End)
				}
			}
		}
		if ctx.Err() != nil {
			t.Fatalf("answer %q: the client did not return in time", answer)
		}
	})
}
