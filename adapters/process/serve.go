package process

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// ServeOptions configure Serve.
type ServeOptions struct {
	// Standards, if set, limits what is declared in "started" to these
	// (among those a provides and the protocol can drive).
	Standards []adapters.Standard
}

// Serve speaks the protocol as the implementation side, for the in-process
// adapter a: it answers "start" with a's description, runs each request on
// a (in a goroutine of its own, so that provider calls and their replies
// can cross while it works), and returns at "stop" or at the end of in.
// `conformance serve-reference` is Serve on the reference.
func Serve(ctx context.Context, a adapters.Adapter, in io.Reader, out io.Writer, opts ServeOptions) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	srv := &server{a: a, out: out, calls: map[callKey]chan Message{}}
	srv.info = a.Info()
	srv.info.Standards = nil
	for _, s := range adapters.Provided(a) {
		if len(OpsFor(s)) == 0 {
			continue
		}
		if len(opts.Standards) > 0 && !slices.Contains(opts.Standards, s) {
			continue
		}
		srv.info.Standards = append(srv.info.Standards, s)
	}
	var wg sync.WaitGroup
	defer wg.Wait()
	r := bufio.NewReaderSize(in, 1<<20)
	for {
		line, err := readLine(r, 1<<30)
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		m, err := Decode(line)
		if err != nil {
			srv.write(Message{Type: TypeError, Error: &ErrorBody{Kind: KindInvalid, Message: err.Error()}})
			continue
		}
		switch m.Type {
		case TypeStart:
			if m.Protocol != Protocol {
				srv.write(Message{Type: TypeError, Error: &ErrorBody{Kind: KindInvalid,
					Message: fmt.Sprintf("this implementation speaks protocol %d, not %d", Protocol, m.Protocol)}})
				continue
			}
			info := srv.info
			srv.write(Message{Type: TypeStarted, Protocol: Protocol, Implementation: &info})
		case TypeStop:
			// Let requests already read finish and answer (a harness sends
			// stop after its last answer; a script may not wait), then stop.
			finished := make(chan struct{})
			go func() { wg.Wait(); close(finished) }()
			select {
			case <-finished:
			case <-time.After(stopGrace):
			}
			cancel()
			return nil
		case TypeRequest:
			wg.Add(1)
			go func() {
				defer wg.Done()
				srv.request(ctx, m)
			}()
		case TypeReply:
			srv.deliver(m)
		default:
			srv.write(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: KindInvalid,
				Message: fmt.Sprintf("an implementation does not accept %q messages", m.Type)}})
		}
	}
}

// stopGrace is how long Serve lets running requests finish after "stop".
const stopGrace = 5 * time.Second

type callKey struct {
	seq int64
	id  string
}

type server struct {
	a    adapters.Adapter
	info adapters.Info
	wmu  sync.Mutex
	out  io.Writer

	cmu    sync.Mutex
	calls  map[callKey]chan Message
	nextID atomic.Int64
}

func (s *server) write(m Message) {
	line, err := Encode(m)
	if err != nil {
		line, _ = Encode(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: KindInternal, Message: "encode answer: " + err.Error()}})
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, _ = s.out.Write(line)
}

func (s *server) request(ctx context.Context, m Message) {
	fail := func(kind, msg string) {
		s.write(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: kind, Message: msg}})
	}
	op, ok := Lookup(m.Op)
	if !ok {
		fail(KindNotImplemented, fmt.Sprintf("unknown operation %q", m.Op))
		return
	}
	if !slices.ContainsFunc(op.Standards, s.info.Implements) {
		fail(KindNotImplemented, fmt.Sprintf("%s is not declared", m.Op))
		return
	}
	var p densify.Provider
	if op.Calls {
		p = &remote{s: s, seq: m.Seq}
	}
	ans, err := op.Call(ctx, s.a, m.Request, p)
	switch {
	case errors.Is(err, adapters.ErrNotImplemented):
		fail(KindNotImplemented, err.Error())
	case errors.Is(err, adapters.ErrFault):
		fail(KindInternal, err.Error())
	case err != nil:
		fail(KindInvalid, err.Error())
	default:
		raw, err := json.Marshal(ans)
		if err != nil {
			fail(KindInternal, "encode result: "+err.Error())
			return
		}
		s.write(Message{Type: TypeResult, Seq: m.Seq, Result: raw})
	}
}

func (s *server) deliver(m Message) {
	s.cmu.Lock()
	ch, ok := s.calls[callKey{m.Seq, string(m.ID)}]
	delete(s.calls, callKey{m.Seq, string(m.ID)})
	s.cmu.Unlock()
	if ok {
		ch <- m // buffered: never blocks
	}
}

// remote is the provider of a served request: each call goes to the
// harness as a "call" message and waits for its "reply".
type remote struct {
	s   *server
	seq int64
}

func (r *remote) Complete(ctx context.Context, prompt, input string) (string, error) {
	id := json.RawMessage(fmt.Sprint(r.s.nextID.Add(1)))
	key := callKey{r.seq, string(id)}
	ch := make(chan Message, 1)
	r.s.cmu.Lock()
	r.s.calls[key] = ch
	r.s.cmu.Unlock()
	r.s.write(Message{Type: TypeCall, Seq: r.seq, ID: id, Prompt: &prompt, Input: &input})
	select {
	case <-ctx.Done():
		r.s.cmu.Lock()
		delete(r.s.calls, key)
		r.s.cmu.Unlock()
		return "", ctx.Err()
	case m := <-ch:
		if m.Output != nil {
			return *m.Output, nil
		}
		if m.Error.Kind == KindCanceled {
			return "", fmt.Errorf("harness: %s: %w", m.Error.Message, context.Canceled)
		}
		f := adapters.ProviderFault{Provider: m.Error.Provider, Status: m.Error.Status, Type: m.Error.Type, Code: m.Error.Code, Message: m.Error.Message}
		return "", f.Err()
	}
}
