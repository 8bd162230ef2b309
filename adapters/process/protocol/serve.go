package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// ServeOptions configure Serve.
type ServeOptions struct {
	// Standards, if set, limits what is declared in "started" to these
	// (among those a provides and the protocol can drive).
	Standards []adapters.Standard
	// Capabilities, if not nil, limits the capabilities declared in
	// "started" (among those the harness offers) to these; an empty
	// non-nil list declares none, as a version 1 program without them.
	Capabilities []string
	// Spin is how long Serve keeps looking for the next message before it
	// sleeps, when its input is a pipe and the machine has more than one
	// processor: a message that comes meanwhile is read without a wake-up
	// (tens of microseconds on a virtual machine), at the price of a
	// processor kept busy while the harness works. Zero: it sleeps at once.
	Spin time.Duration
}

// Serve speaks the protocol as the implementation side, for the in-process
// adapter a: it answers "start" with a's description, runs each request on
// a in its read loop (no hand-over between goroutines, which on a busy
// machine was a round-trip's largest cost; a request's provider calls read
// their replies themselves, see replyInline), and returns at "stop" or at
// the end of in.
// `conformance serve-reference` is Serve on the reference.
//
// Serve holds the harness to the bounds the harness holds a program to
// (limits.go): a line longer than MaxLine, documents beyond
// MaxSessionDocuments a session, a bench of more than MaxIterations are
// refused with an "error" message, and the session goes on.
func Serve(ctx context.Context, a adapters.Adapter, in io.Reader, out io.Writer, opts ServeOptions) error {
	return serve(ctx, a, in, out, opts, serveLimits)
}

func serve(ctx context.Context, a adapters.Adapter, in io.Reader, out io.Writer, opts ServeOptions, lim limits) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	srv := &server{a: a, out: out, calls: map[callKey]chan Message{}, held: newHeldDocs(lim.documents), maxLine: lim.line, maxIterations: lim.iterations, token: make(chan struct{}, 1)}
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
	srv.r = bufio.NewReaderSize(servedInput(in, opts.Spin), 1<<20)
	for {
		line, err := srv.next()
		if err == io.EOF {
			return nil
		}
		if errors.Is(err, errTooLong) {
			srv.write(Message{Type: TypeError, Error: &ErrorBody{Kind: KindInvalid,
				Message: fmt.Sprintf("a line longer than %d bytes (the protocol's bound): refused unread", srv.maxLine)}})
			continue
		}
		if err != nil {
			return fmt.Errorf("read: %w", err)
		}
		// A request is routed by its head and decoded from the line once
		// (fast.go); anything else is read the ordinary way.
		m, whole := splitHead(line, "request")
		if !whole || m.Seq <= 0 || m.Op == "" || !(m.Type == TypeRequest || m.Type == TypeBench && m.Iterations > 0 && m.Warmup >= 0) {
			whole = false
			if m, err = Decode(line); err != nil {
				srv.write(Message{Type: TypeError, Seq: max(m.Seq, 0), Error: &ErrorBody{Kind: KindInvalid, Message: err.Error()}})
				continue
			}
		}
		switch m.Type {
		case TypeStart:
			if m.Protocol != Protocol {
				srv.write(Message{Type: TypeError, Error: &ErrorBody{Kind: KindInvalid,
					Message: fmt.Sprintf("this implementation speaks protocol %d, not %d", Protocol, m.Protocol)}})
				continue
			}
			info := srv.info
			var caps []string
			for _, c := range m.Capabilities {
				if slices.Contains(Capabilities(), c) && (opts.Capabilities == nil || slices.Contains(opts.Capabilities, c)) {
					caps = append(caps, c)
				}
			}
			srv.write(Message{Type: TypeStarted, Protocol: Protocol, Implementation: &info, Capabilities: caps})
		case TypeDocuments:
			if err := srv.held.apply(m); err != nil {
				srv.write(Message{Type: TypeError, Error: &ErrorBody{Kind: KindInvalid, Message: err.Error()}})
			}
		case TypeStop:
			// Requests read before it have been answered: they run in line.
			return nil
		case TypeRequest, TypeBench:
			// The documents are looked up now, in message order: a later
			// "documents" message may drop them.
			var docs []inflate.Document
			if len(m.Documents) > 0 {
				if docs, err = srv.held.resolve(m.Documents); err != nil {
					srv.write(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: KindInternal, Message: err.Error()}})
					continue
				}
			}
			if !whole {
				line = nil
			}
			srv.request(ctx, m, docs, line)
		case TypeReply:
			srv.deliver(m)
		default:
			srv.write(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: KindInvalid,
				Message: fmt.Sprintf("an implementation does not accept %q messages", m.Type)}})
		}
	}
}

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

	held          *heldDocs // documents sent under refs; read and written by Serve's loop only
	maxLine       int       // the longest line read (MaxLine)
	maxIterations int       // the most iterations or warmup runs of a bench (MaxIterations)

	// Read by Serve's loop, and by a request's provider calls while they
	// wait for their replies; lines that are not replies are queued for
	// the loop.
	r      *bufio.Reader
	token  chan struct{} // held by the call reading a line
	queued [][]byte
}

// next is the next line for Serve's loop: a queued one first.
func (s *server) next() ([]byte, error) {
	if len(s.queued) > 0 {
		line := s.queued[0]
		s.queued = s.queued[1:]
		if line == nil {
			return nil, errTooLong
		}
		return line, nil
	}
	return s.readLine()
}

// readLine reads one line of at most maxLine bytes; the rest of a longer
// one is read and dropped, and errTooLong returned.
func (s *server) readLine() ([]byte, error) {
	line, err := readLine(s.r, s.maxLine)
	if err == errTooLong { // not read to its end
		for {
			if _, err := s.r.ReadSlice('\n'); err != bufio.ErrBufferFull {
				break
			}
		}
	}
	return line, err
}

// replyInline waits for the reply ch is registered for, reading lines
// itself: the calls of a request run in line may be several at once, so
// each reads one line at a time while it holds the token, delivers any
// reply to its caller and queues any other line for Serve's loop.
func (s *server) replyInline(ctx context.Context, ch chan Message) (Message, error) {
	for {
		select {
		case m := <-ch:
			return m, nil
		case <-ctx.Done():
			return Message{}, ctx.Err()
		case s.token <- struct{}{}:
		}
		select {
		case m := <-ch:
			<-s.token
			return m, nil
		default:
		}
		line, err := s.readLine()
		if errors.Is(err, errTooLong) {
			s.queued = append(s.queued, nil) // for Serve's loop to refuse
			<-s.token
			continue
		}
		if err != nil {
			<-s.token
			return Message{}, fmt.Errorf("harness: no reply to a provider call: %w", err)
		}
		if m, err := Decode(line); err == nil && m.Type == TypeReply {
			s.deliver(m)
		} else {
			s.queued = append(s.queued, line)
		}
		<-s.token
	}
}

func (s *server) write(m Message) {
	buf := scratch()
	defer buf.free()
	line, err := appendMessage(buf.b, m)
	if err != nil {
		line, _ = Encode(Message{Type: TypeError, Seq: m.Seq, Error: &ErrorBody{Kind: KindInternal, Message: "encode answer: " + err.Error()}})
	} else {
		buf.b = line
	}
	s.writeLine(line)
}

// writeLine writes one whole line, in one Write (one system call on a
// program's standard output).
func (s *server) writeLine(line []byte) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	_, _ = s.out.Write(line)
}

// request answers m; line, when not nil, is the whole message to decode
// its request from (m was read from its head).
func (s *server) request(ctx context.Context, m Message, docs []inflate.Document, line []byte) {
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
	var ans any
	var timing *Timing
	var req any
	var err error
	if line != nil {
		req, err = op.decodeLine(line, docs)
	} else {
		req, err = op.Decode(m.Request, docs)
	}
	switch {
	case err != nil:
	case m.Type == TypeBench && max(m.Iterations, m.Warmup) > s.maxIterations:
		err = fmt.Errorf("bench of %d iterations after %d warmup runs: at most %d of each (the protocol's bound)", m.Iterations, m.Warmup, s.maxIterations)
	case m.Type == TypeBench:
		ans, timing, err = bench(ctx, op, s.a, req, m.Warmup, m.Iterations)
	default:
		ans, err = op.call(ctx, s.a, req, p)
	}
	switch {
	case errors.Is(err, adapters.ErrNotImplemented):
		fail(KindNotImplemented, err.Error())
	case errors.Is(err, adapters.ErrFault):
		fail(KindInternal, err.Error())
	case err != nil:
		fail(KindInvalid, err.Error())
	case timing == nil && m.Seq > 0:
		// The result is encoded straight after the line's head, in the
		// buffer written: no second buffer, no copy.
		buf := scratch()
		defer buf.free()
		head := appendPlainHead(buf.b, TypeResult, m.Seq, "", "result")
		line, err := appendCompact(head, ans)
		if err != nil {
			fail(KindInternal, "encode result: "+err.Error())
			return
		}
		buf.b = line
		if bytes.IndexByte(line[len(head):], '\n') >= 0 {
			s.write(Message{Type: TypeResult, Seq: m.Seq, Result: line[len(head):]}) // compacted there
			return
		}
		buf.b = append(line, '}', '\n')
		s.writeLine(buf.b)
	default:
		buf := scratch()
		defer buf.free()
		raw, err := appendCompact(buf.b, ans)
		if err != nil {
			fail(KindInternal, "encode result: "+err.Error())
			return
		}
		buf.b = raw
		s.write(Message{Type: TypeResult, Seq: m.Seq, Result: raw, Bench: timing})
	}
}

// bench runs op on a warmup times, then iterations times on this process's
// clock, and answers with the last answer and the time taken, with the
// bytes the Go runtime allocated meanwhile (of the whole process: the
// server does nothing else during a bench).
func bench(ctx context.Context, op Op, a adapters.Adapter, req any, warmup, iterations int) (any, *Timing, error) {
	if op.Calls {
		return nil, nil, fmt.Errorf("%s cannot be benchmarked: it calls the harness: %w", op.Name, adapters.ErrNotImplemented)
	}
	var ans any
	var err error
	for range warmup {
		if ans, err = op.call(ctx, a, req, nil); err != nil {
			return nil, nil, err
		}
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	for range iterations {
		if ans, err = op.call(ctx, a, req, nil); err != nil {
			return nil, nil, err
		}
	}
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)
	allocated := int64(after.TotalAlloc - before.TotalAlloc)
	return ans, &Timing{Iterations: iterations, ElapsedNS: elapsed.Nanoseconds(), AllocatedBytes: &allocated, Clock: "go time.Now (monotonic)"}, nil
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
	m, err := r.s.replyInline(ctx, ch)
	if err != nil {
		r.s.cmu.Lock()
		delete(r.s.calls, key)
		r.s.cmu.Unlock()
		return "", err
	}
	return r.answer(m)
}

// answer is what the reply m says.
func (r *remote) answer(m Message) (string, error) {
	if m.Output != nil {
		return *m.Output, nil
	}
	if m.Error.Kind == KindCanceled {
		return "", fmt.Errorf("harness: %s: %w", m.Error.Message, context.Canceled)
	}
	f := adapters.ProviderFault{Provider: m.Error.Provider, Status: m.Error.Status, Type: m.Error.Type, Code: m.Error.Code, Message: m.Error.Message}
	return "", f.Err()
}
