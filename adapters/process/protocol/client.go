package protocol

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Options configure the process adapter. Zero fields take their defaults.
type Options struct {
	// RequestTimeout is the longest the implementation may stay silent while
	// it works on a request: from the request (or the harness's last reply to
	// a provider call) to its next message. Past it the implementation is
	// killed, the request is errored, and the next request restarts it.
	// Default 10 s.
	RequestTimeout time.Duration
	// StartTimeout is the longest wait for "started". Default 10 s, or the
	// duration in $CTXCONFORM_START_TIMEOUT.
	StartTimeout time.Duration
	// MaxLine is the longest line accepted from the implementation; a longer
	// one is a fault (it floods its output). Default 64 MiB.
	MaxLine int
	// Validate checks every message, in both directions, against the
	// protocol's JSON Schemas (schema/protocol-v1.schema.json); a violation
	// by the implementation is a fault.
	Validate bool
	// StderrKeep is how many bytes of the implementation's standard error
	// are kept for the report. Default 64 KiB.
	StderrKeep int
	// Offer is the capabilities the harness offers in "start"; nil offers
	// every one (Capabilities), an empty non-nil list none (the protocol
	// as version 1 programs without capabilities speak it).
	Offer []string
	// DocumentBytes is how many bytes of documents a session is asked to
	// hold at most (capability "documents"); past it the least recently
	// used are dropped. Default 256 MiB.
	DocumentBytes int
	// Spin is how long the harness keeps looking for the implementation's
	// next line before it sleeps (Linux, more than one processor): a quick
	// answer is then read without a wake-up. Default 100 µs; negative:
	// none.
	Spin time.Duration
}

func (o Options) withDefaults() Options {
	if o.RequestTimeout <= 0 {
		o.RequestTimeout = 10 * time.Second
	}
	if o.StartTimeout <= 0 {
		o.StartTimeout = defaultStartTimeout()
	}
	if o.MaxLine <= 0 {
		o.MaxLine = MaxLine
	}
	if o.StderrKeep <= 0 {
		o.StderrKeep = 64 << 10
	}
	if o.Offer == nil {
		o.Offer = Capabilities()
	}
	if o.DocumentBytes <= 0 {
		o.DocumentBytes = MaxSessionDocuments
	}
	switch {
	case o.Spin == 0:
		o.Spin = 100 * time.Microsecond
	case o.Spin < 0:
		o.Spin = 0
	}
	return o
}

// Adapter is an implementation in another process, driven over the
// protocol. It is safe for concurrent use; requests are sent one at a time.
type Adapter struct {
	launch  Launcher
	opts    Options
	schemas *Schema // nil unless opts.Validate
	stderr  *tail

	mu       sync.Mutex
	info     adapters.Info
	caps     []string // capabilities in use: declared by the implementation and offered
	undriven []adapters.Standard
	single   bool     // declared single_instance in "started"
	cur      *session // nil after a fault: the next request restarts
	seq      int64
	starts   int
	closed   bool
}

// Exec starts argv as the implementation under test (see Command) and
// completes the start handshake.
func Exec(ctx context.Context, argv []string, opts Options) (*Adapter, error) {
	if len(argv) == 0 {
		return nil, errors.New("exec adapter: no command given (conformance run --adapter exec -- ./my-impl args...)")
	}
	return New(ctx, Command(argv...), opts)
}

// New launches an implementation and completes the start handshake: it
// must answer "start" with "started" and a usable description of itself.
func New(ctx context.Context, launch Launcher, opts Options) (*Adapter, error) {
	opts = opts.withDefaults()
	a := &Adapter{launch: launch, opts: opts, stderr: newTail(opts.StderrKeep)}
	if opts.Validate {
		s, err := ProtocolSchema()
		if err != nil {
			return nil, err
		}
		a.schemas = s
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	s, info, err := a.start(ctx)
	if err != nil {
		return nil, fmt.Errorf("the implementation did not start: %w%s", err, a.stderrNote(0))
	}
	a.cur = s
	a.caps = s.caps
	a.single = s.single
	for _, std := range info.Standards {
		if len(OpsFor(std)) == 0 {
			a.undriven = append(a.undriven, std)
		}
	}
	declared := info.Standards
	info.Standards = nil
	for _, std := range declared {
		if !slices.Contains(a.undriven, std) {
			info.Standards = append(info.Standards, std)
		}
	}
	a.info = info
	return a, nil
}

// Info is what the implementation said in "started", less the standards
// this version of the protocol cannot drive (see Undriven).
func (a *Adapter) Info() adapters.Info { return a.info }

// Capabilities lists the capabilities in use: those the implementation
// declared in "started" that the harness offered.
func (a *Adapter) Capabilities() []string { return slices.Clone(a.caps) }

// SingleInstance reports whether the implementation declared in "started"
// that it cannot run twice at once (single_instance): the harness then
// starts no second instance of it, whatever --jobs asks.
func (a *Adapter) SingleInstance() bool { return a.single }

// SelfTimes reports whether the implementation answers "bench" messages,
// so that calls made with adapters.WithSelfTiming are timed on its clock.
func (a *Adapter) SelfTimes() bool { return slices.Contains(a.caps, CapBench) }

// OutOfProcess says that the implementation runs in another process: its
// memory cannot be measured from here.
func (a *Adapter) OutOfProcess() bool { return true }

// Undriven lists standards the implementation declared that the protocol
// has no operation for yet; they are reported as not implemented.
func (a *Adapter) Undriven() []adapters.Standard { return slices.Clone(a.undriven) }

// Stderr is what the implementation wrote to its standard error (the last
// Options.StderrKeep bytes), with a line marking each restart.
func (a *Adapter) Stderr() string { return a.stderr.String() }

// Restarts is how many times the implementation was started again after a
// fault.
func (a *Adapter) Restarts() int {
	a.mu.Lock()
	defer a.mu.Unlock()
	return max(a.starts-1, 0)
}

// Close sends "stop", closes the implementation's standard input and waits
// briefly for it to exit before killing it.
func (a *Adapter) Close() error {
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return nil
	}
	a.closed = true
	s := a.cur
	a.cur = nil
	if s == nil {
		return nil
	}
	line, _ := Encode(Message{Type: TypeStop})
	_ = a.send(s, line, time.Second)
	_ = s.proc.Stdin.Close()
	s.release()
	select {
	case <-s.exited:
	case <-time.After(2 * time.Second):
		s.kill()
		return errors.New("the implementation did not exit within 2s of stop; killed")
	}
	return nil
}

// Rejection is an implementation's "error" answer of kind invalid_request:
// it refused the request. Whether it was right to is for the checks to say.
type Rejection struct {
	Op      string
	Seq     int64
	Message string
}

func (r *Rejection) Error() string {
	return fmt.Sprintf("%s seq %d rejected: %s", r.Op, r.Seq, r.Message)
}

// roundTrip sends req as op and decodes the answer as Ans. p answers the
// provider calls of operations that make them.
func roundTrip[Ans any](ctx context.Context, a *Adapter, op Op, req any, p densify.Provider) (Ans, error) {
	got, err := a.do(ctx, op, req, p)
	if err != nil {
		return *new(Ans), err
	}
	var ans *Ans // the decoder's own value, handed on by its address
	if got.line != nil {
		v, err := decodePayload(got.line, "result", reflect.TypeFor[Ans]())
		if err != nil {
			return *new(Ans), adapters.Fault("%s: result does not decode as %s: %v", op.Name, op.Answer, err)
		}
		ans = v.Interface().(*Ans)
	} else {
		ans = new(Ans)
		if err := json.Unmarshal(got.raw, ans); err != nil {
			return *ans, adapters.Fault("%s: result does not decode as %s: %v", op.Name, op.Answer, err)
		}
	}
	if op.sane != nil {
		if err := op.sane(req, ans, a.info.Unit); err != nil {
			return *ans, err
		}
	}
	return *ans, nil
}

// do sends one request and waits for its answer, restarting the
// implementation first if an earlier request left it dead or out of step.
func (a *Adapter) do(ctx context.Context, op Op, req any, p densify.Provider) (answer, error) {
	if !a.declares(op) {
		return answer{}, fmt.Errorf("%s: %w", op.Name, adapters.ErrNotImplemented)
	}
	timing := adapters.SelfTimingFrom(ctx)
	if timing != nil && (!a.SelfTimes() || op.Calls) {
		timing = nil // not honoured: an ordinary call, timing.Done stays false
	}
	var docs []inflate.Document
	hasDocs := false
	if slices.Contains(a.caps, CapDocuments) {
		req, docs, hasDocs = splitDocuments(req)
	}
	// The lines are written from scratch buffers, forgotten once sent.
	payloadBuf, preBuf := scratch(), scratch()
	defer func() { payloadBuf.free(); preBuf.free() }()
	payload, err := marshal(payloadBuf.b, op.Name, req)
	if err != nil {
		return answer{}, err
	}
	payloadBuf.b = payload
	a.mu.Lock()
	defer a.mu.Unlock()
	if a.closed {
		return answer{}, fmt.Errorf("%s: the adapter is closed", op.Name)
	}
	if a.cur == nil {
		s, info, err := a.start(ctx)
		if err != nil {
			// %w: a restart cut short by the request's context is a fault
			// that says the context ended, as the request itself would be.
			return answer{}, fmt.Errorf("%w: %s: restart after a fault failed: %w%s", adapters.ErrFault, op.Name, err, a.stderrNote(0))
		}
		if d := infoDiffers(info, a.info, a.undriven); d != "" {
			s.kill()
			return answer{}, adapters.Fault("%s: after a restart the implementation describes itself differently: %s", op.Name, d)
		}
		a.cur = s
	}
	s := a.cur
	// A requirement numbers its own requests (adapters.WithSequence), so
	// that its messages say the same whichever instance runs it.
	seq, numbered := adapters.NextSeq(ctx)
	if !numbered {
		a.seq++
		seq = a.seq
	}
	m := Message{Type: TypeRequest, Seq: seq, Op: op.Name, Request: payload}
	if timing != nil {
		m.Type, m.Warmup, m.Iterations = TypeBench, timing.Warmup, max(timing.Iterations, 1)
	}
	var pre []byte // the "documents" message that goes first
	if hasDocs {
		if m.Documents, err = s.docs.refs(docs); err != nil {
			return answer{}, fmt.Errorf("%s request not sent: %w", op.Name, err)
		}
		if dm, ok := s.docs.message(); ok {
			if pre, err = appendDocuments(preBuf.b, dm); err != nil {
				return answer{}, fmt.Errorf("harness bug: encode documents: %v", err)
			}
			preBuf.b = pre
			if err := a.check(pre); err != nil {
				return answer{}, fmt.Errorf("harness bug: its documents message breaks the schema: %v", err)
			}
		}
	}
	// The request follows its documents message in the same buffer: one
	// write, so the implementation wakes once for both lines.
	out, err := appendMessage(preBuf.b[:len(pre)], m)
	if err != nil {
		return answer{}, fmt.Errorf("harness bug: encode %s request: %v", op.Name, err)
	}
	preBuf.b = out
	if err := a.check(out[len(pre):]); err != nil {
		return answer{}, fmt.Errorf("harness bug: its %s request breaks the schema: %v", op.Name, err)
	}
	sent := time.Now()
	got, broken, err := a.exchange(ctx, s, op, seq, out, p, timing != nil, a.schemas == nil)
	wall := time.Since(sent) // the exchange, on the harness's clock
	if broken {
		s.kill()
		a.cur = nil
	}
	if err == nil && timing != nil {
		bt := got.bench
		if bt == nil {
			return answer{}, adapters.Fault("%s seq %d: the answer to a bench message has no \"bench\" timing", op.Name, seq)
		}
		if bt.Iterations != m.Iterations {
			return answer{}, adapters.Fault("%s seq %d: bench asked for %d iterations, the implementation timed %d", op.Name, seq, m.Iterations, bt.Iterations)
		}
		res, err := checkTiming(bt, wall)
		if err != nil {
			return answer{}, adapters.Fault("%s seq %d: the answer to a bench message: %v", op.Name, seq, err)
		}
		timing.Done, timing.Timed, timing.Elapsed, timing.Clock = true, bt.Iterations, time.Duration(bt.ElapsedNS), bt.Clock
		timing.Resolution = res
		if bt.AllocatedBytes != nil {
			timing.AllocatedBytes, timing.HasBytes = *bt.AllocatedBytes, true
		}
	}
	return got, err
}

// answer is a result as exchange read it: its payload raw, or (read by the
// fast path, fast.go) the whole line to decode it from; with the timing of
// a bench.
type answer struct {
	raw   json.RawMessage
	line  []byte
	bench *Timing
}

func (a *Adapter) declares(op Op) bool {
	for _, s := range op.Standards {
		if a.info.Implements(s) {
			return true
		}
	}
	return false
}

// infoDiffers names the field in which a restarted implementation describes
// itself otherwise than before (see adapters.Info.Differs), or is "".
func infoDiffers(now, before adapters.Info, undriven []adapters.Standard) string {
	var stds []adapters.Standard
	for _, s := range now.Standards {
		if !slices.Contains(undriven, s) {
			stds = append(stds, s)
		}
	}
	now.Standards = stds
	return now.Differs(before)
}

// exchange sends lines (a request, after the "documents" message that
// goes first, if any) and reads until the request's answer, answering
// provider calls on the way. broken says the implementation is dead or out
// of step and must be killed.
// timed says the request is a bench, whose answer must carry its timing;
// fast allows the fast path (fast.go) for the result.
func (a *Adapter) exchange(ctx context.Context, s *session, op Op, seq int64, lines []byte, p densify.Provider, timed, fast bool) (got answer, broken bool, err error) {
	what := func() string { return fmt.Sprintf("%s seq %d", op.Name, seq) }
	fault := func(format string, args ...any) error {
		return adapters.Fault("%s: %s%s", what(), fmt.Sprintf(format, args...), a.stderrNote(s.mark))
	}
	fail := func(format string, args ...any) (answer, bool, error) { return answer{}, true, fault(format, args...) }
	canceled := func() (answer, bool, error) {
		return answer{}, true, fmt.Errorf("%w: %s: no answer before the check's deadline: %w", adapters.ErrFault, what(), ctx.Err())
	}
	timeout := a.opts.RequestTimeout
	tooLate := func() (answer, bool, error) {
		note := a.exitedNote(s)
		if note == "" {
			note = "; killed"
		}
		got, broken, err := fail("no message for %s (the request timeout)%s", timeout, note)
		return got, broken, timedOut{err}
	}
	if err := a.send(s, lines, timeout); err != nil {
		return fail("%v", a.ended(s, err))
	}
	// A direct session is read here while no provider call is pending
	// (readBy); otherwise lines come through a channel (s.lines), waited
	// for with the replies of the pending calls.
	defer s.watch(ctx)()
	deadline := time.Now().Add(timeout)
	var calls callScope
	defer calls.end()
	var replies chan Message
	pending := 0
	var in <-chan []byte // a line being read through a channel
	var timer *time.Timer
	// reply sends a provider's reply (an error ends the request, the
	// implementation broken).
	reply := func(r Message) error {
		out, err := Encode(r)
		if err != nil {
			return fault("harness could not encode a provider reply: %v", err)
		}
		if err := a.check(out); err != nil {
			return fmt.Errorf("harness bug: its reply breaks the schema: %v", err)
		}
		if err := a.send(s, out, timeout); err != nil {
			return fault("%v", a.ended(s, err))
		}
		deadline = time.Now().Add(timeout)
		return nil
	}
	for {
		var line []byte
		if s.direct != nil && pending == 0 && in == nil {
			var err error
			line, err = s.readBy(ctx, deadline)
			switch {
			case err == nil:
			case ctx.Err() != nil:
				return canceled()
			case errors.Is(err, os.ErrDeadlineExceeded):
				return tooLate()
			default:
				return fail("%v", a.ended(s, err))
			}
		} else {
			if in == nil {
				in = s.lines()
			}
			var tick <-chan time.Time
			if pending == 0 {
				if timer == nil {
					timer = time.NewTimer(time.Until(deadline))
					defer timer.Stop()
				} else {
					timer.Reset(time.Until(deadline))
				}
				tick = timer.C
			}
			select {
			case <-ctx.Done():
				return canceled()
			case <-tick:
				return tooLate()
			case r := <-replies:
				pending--
				if err := reply(r); err != nil {
					return answer{}, true, err
				}
				continue
			case <-s.eof:
				return fail("%v", a.ended(s, s.readErr))
			case line = <-in:
				in = nil
			}
		}
		if fast {
			// A bench's answer goes this way too when its timing is in
			// the head, as appendMessage writes it (the payload last).
			if m, ok := splitHead(line, "result"); ok && m.Type == TypeResult && m.Seq == seq && (!timed || m.Bench != nil) {
				return answer{line: line, bench: m.Bench}, false, nil
			}
		}
		m, err := Decode(line)
		if err != nil {
			return fail("malformed message: %v", err)
		}
		if err := a.check(line); err != nil {
			return fail("protocol violation: %v", err)
		}
		switch m.Type {
		case TypeResult, TypeError, TypeCall:
		default:
			return fail("sent a %q message while a request was pending", m.Type)
		}
		if m.Seq != seq {
			return fail("answered seq %d (%s) while seq %d was pending", m.Seq, m.Type, seq)
		}
		switch m.Type {
		case TypeResult:
			if a.schemas != nil {
				if err := a.schemas.Payload(op.Name, "answer", m.Result); err != nil {
					return fail("protocol violation in the result: %v", err)
				}
			}
			return answer{raw: m.Result, bench: m.Bench}, false, nil
		case TypeError:
			return answer{}, false, a.answerError(op, seq, m.Error)
		case TypeCall:
			if !op.Calls || p == nil {
				return fail("made a provider call during %s, which has no provider", op.Name)
			}
			if replies == nil {
				replies = make(chan Message)
			}
			callCtx := calls.context(ctx)
			if quickProvider(p) {
				// A provider that answers at once (the harness's model)
				// is asked here: a goroutine per call would cost more
				// than the call.
				if err := reply(providerReply(callCtx, p, seq, m)); err != nil {
					return answer{}, true, err
				}
				continue
			}
			pending++
			go askProvider(callCtx, p, seq, m, replies)
		}
	}
}

// callScope is the context of a request's provider calls, made at the
// first call (most requests make none), canceled when the request ends.
type callScope struct {
	ctx  context.Context
	stop context.CancelFunc
}

func (c *callScope) context(parent context.Context) context.Context {
	if c.ctx == nil {
		c.ctx, c.stop = context.WithCancel(parent)
	}
	return c.ctx
}

func (c *callScope) end() {
	if c.stop != nil {
		c.stop()
	}
}

// askProvider asks p the call m makes on a goroutine of its own and sends
// the reply to replies, unless ctx ends first.
func askProvider(ctx context.Context, p densify.Provider, seq int64, m Message, replies chan<- Message) {
	r := providerReply(ctx, p, seq, m)
	select {
	case replies <- r:
	case <-ctx.Done():
	}
}

// providerReply asks p the call m makes and is the reply to send.
func providerReply(ctx context.Context, p densify.Provider, seq int64, m Message) Message {
	r := Message{Type: TypeReply, Seq: seq, ID: m.ID}
	if out, err := p.Complete(ctx, *m.Prompt, *m.Input); err != nil {
		r.Error = providerError(err)
	} else {
		r.Output = &out
	}
	return r
}

// quickProvider reports whether p answers without waiting on anything
// (it says so with an Immediate method returning true).
func quickProvider(p densify.Provider) bool {
	q, ok := p.(interface{ Immediate() bool })
	return ok && q.Immediate()
}

// answerError turns an "error" answer into the error the checks see.
func (a *Adapter) answerError(op Op, seq int64, body *ErrorBody) error {
	msg := clip.Line(body.Message, clip.MaxMessage) // one line, safe on a terminal, as Info.Shown
	switch body.Kind {
	case "", KindInvalid:
		return &Rejection{Op: op.Name, Seq: seq, Message: msg}
	case KindNotImplemented:
		return fmt.Errorf("%s seq %d: %s: %w", op.Name, seq, msg, adapters.ErrNotImplemented)
	case KindInternal:
		return adapters.Fault("%s seq %d: the implementation reports an internal error: %s", op.Name, seq, msg)
	}
	return adapters.Fault("%s seq %d: error of unknown kind %q: %s", op.Name, seq, clip.Text(body.Kind, 40), msg)
}

// providerError describes a failed provider call for the implementation:
// a densify.ProviderError keeps its fields (adapters.FaultOf), a call the
// harness gave up on is of kind "canceled".
func providerError(err error) *ErrorBody {
	if errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return &ErrorBody{Kind: KindCanceled, Message: err.Error()}
	}
	f := adapters.FaultOf(err)
	return &ErrorBody{Message: f.Message, Provider: f.Provider, Status: f.Status, Type: f.Type, Code: f.Code}
}

// check validates one line against the protocol schema when asked to.
func (a *Adapter) check(line []byte) error {
	if a.schemas == nil {
		return nil
	}
	return a.schemas.Message(line)
}

// start launches the implementation and completes the handshake.
func (a *Adapter) start(ctx context.Context) (*session, adapters.Info, error) {
	s, info, err := a.launchSession(ctx)
	if err == nil && a.cur == nil && a.starts > 1 && !slices.Equal(s.caps, a.caps) {
		s.kill()
		return nil, info, fmt.Errorf("after a restart the implementation declares capabilities %v, before %v", s.caps, a.caps)
	}
	return s, info, err
}

// launchSession starts the program and completes the handshake.
func (a *Adapter) launchSession(ctx context.Context) (*session, adapters.Info, error) {
	a.starts++
	if a.starts > 1 {
		fmt.Fprintf(a.stderr, "\n--- ctxconform: restart %d ---\n", a.starts-1)
	}
	mark := a.stderr.mark()
	proc, err := a.launch(ctx, a.stderr)
	if err != nil {
		return nil, adapters.Info{}, err
	}
	s := newSession(proc, mark, a.opts.MaxLine, a.opts.DocumentBytes, a.opts.Spin)
	info, err := a.handshake(ctx, s)
	if err != nil {
		s.kill()
		return nil, info, err
	}
	return s, info, nil
}

func (a *Adapter) handshake(ctx context.Context, s *session) (adapters.Info, error) {
	line, err := Encode(Message{Type: TypeStart, Protocol: Protocol, Harness: &Peer{Name: "ctxconform", Version: reference.Version}, Capabilities: a.opts.Offer})
	if err != nil {
		return adapters.Info{}, err
	}
	if err := a.send(s, line, a.opts.StartTimeout); err != nil {
		return adapters.Info{}, a.ended(s, err)
	}
	timer := time.NewTimer(a.opts.StartTimeout)
	defer timer.Stop()
	line, err = s.next(ctx, timer.C)
	switch {
	case err == errTimeout:
		return adapters.Info{}, fmt.Errorf(`no "started" within %s%s`, a.opts.StartTimeout, a.exitedNote(s))
	case err == ctx.Err() && err != nil:
		return adapters.Info{}, err
	case err != nil:
		return adapters.Info{}, a.ended(s, err)
	}
	m, err := Decode(line)
	if err != nil {
		return adapters.Info{}, fmt.Errorf("answered start with a malformed message: %v", err)
	}
	if m.Type == TypeStarted && m.Implementation != nil {
		// Before the schema, which refuses the same, so that the message
		// names the item and what it accepts.
		if err := m.Implementation.Config.Validate(); err != nil {
			return adapters.Info{}, err
		}
	}
	if err := a.check(line); err != nil {
		return adapters.Info{}, fmt.Errorf("protocol violation: %v", err)
	}
	switch {
	case m.Type == TypeError:
		return adapters.Info{}, fmt.Errorf("refused to start: %s", clip.Line(m.Error.Message, clip.MaxMessage))
	case m.Type != TypeStarted:
		return adapters.Info{}, fmt.Errorf(`answered start with %q, want "started"`, m.Type)
	case m.Protocol != Protocol:
		return adapters.Info{}, fmt.Errorf("speaks protocol %d; this harness speaks %d", m.Protocol, Protocol)
	}
	info := m.Implementation.Shown() // the program's strings enter the harness here and in answerError
	if err := info.Validate(); err != nil {
		return info, err
	}
	for _, c := range m.Capabilities {
		if slices.Contains(a.opts.Offer, c) && !slices.Contains(s.caps, c) {
			s.caps = append(s.caps, c)
		}
	}
	slices.Sort(s.caps)
	s.single = m.SingleInstance
	return info, nil
}

// send writes line, giving up (the implementation does not read) after
// timeout.
func (a *Adapter) send(s *session, line []byte, timeout time.Duration) error {
	// A pipe to a process takes a write deadline: written here, a request
	// costs no goroutine and no hand-over (on a busy machine, the larger
	// part of a small round-trip's cost).
	if w, ok := s.proc.Stdin.(interface{ SetWriteDeadline(time.Time) error }); ok {
		if written, err := s.writeBy(w, line, timeout); written {
			return err
		}
	}
	done := make(chan error, 1)
	go func() {
		s.wmu.Lock()
		defer s.wmu.Unlock()
		_, err := s.proc.Stdin.Write(line)
		done <- err
	}()
	t := time.NewTimer(timeout)
	defer t.Stop()
	select {
	case err := <-done:
		return err
	case <-t.C:
		return fmt.Errorf("did not read its standard input for %s", timeout)
	}
}

// writeBy writes line with a deadline timeout from now; written is false
// when the deadline cannot be set (nothing was written).
func (s *session) writeBy(w interface{ SetWriteDeadline(time.Time) error }, line []byte, timeout time.Duration) (written bool, err error) {
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if w.SetWriteDeadline(time.Now().Add(timeout)) != nil {
		return false, nil
	}
	if _, err := s.proc.Stdin.Write(line); err != nil {
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return true, fmt.Errorf("did not read its standard input for %s", timeout)
		}
		return true, err
	}
	return true, nil
}

// ended explains why the conversation stopped: the reader's or writer's
// error, and how the process ended if it did.
func (a *Adapter) ended(s *session, err error) error {
	if errors.Is(err, errTooLong) {
		return fmt.Errorf("wrote a line longer than %d bytes (flooding its output); killed", a.opts.MaxLine)
	}
	s.release()
	select {
	case <-s.exited:
		if s.exitErr == nil {
			return errors.New("exited (status 0) before answering")
		}
		return fmt.Errorf("exited: %v", s.exitErr)
	case <-time.After(time.Second):
	}
	if err == io.EOF {
		return errors.New("closed its standard output")
	}
	return err
}

// exitedNote says, after a wait for the program that timed out, whether
// its own process had exited while its standard output stayed open (held
// by a process it started): then it was not silent but gone, and the note
// gives its exit status. "" when it is still running or the launcher
// cannot tell.
func (a *Adapter) exitedNote(s *session) string {
	if s.proc.Exited == nil || !s.proc.Exited() {
		return ""
	}
	status := "exit status unknown"
	s.release() // let Wait reap it, though its output is still open
	select {
	case <-s.exited:
		switch {
		case s.exitErr == nil || errors.Is(s.exitErr, exec.ErrWaitDelay):
			status = "exit status 0"
		default:
			status = s.exitErr.Error()
		}
	case <-time.After(3 * time.Second): // Wait waits out WaitDelay for the child's stderr
	}
	return fmt.Sprintf(": the program exited (%s) while its standard output stayed open, held by a process it started", status)
}

// stderrHead and stderrTail are how many first and last lines of standard
// error a fault message quotes.
const stderrHead, stderrTail = 6, 8

// stderrNote is the tail of standard error since mark, as a suffix for a
// fault message.
func (a *Adapter) stderrNote(mark int64) string {
	t := a.stderr.since(mark, stderrHead, stderrTail)
	if strings.TrimSpace(t) == "" {
		return ""
	}
	return "\nstderr:\n  " + strings.ReplaceAll(t, "\n", "\n  ")
}

// readLine reads one line of at most max bytes (newline excluded). A last
// line without a newline is returned with a nil error; the next call
// returns io.EOF.
//
// A long line is gathered as the reader's fragments and copied once into a
// slice of its exact length, so reading n bytes holds about n (2n at the
// final copy), and a line over max is dropped after max bytes: growing one
// slice by append would leave the discarded arrays of every doubling to
// the garbage collector, and a program flooding its output drove the
// harness's resident memory to several times max.
func readLine(r *bufio.Reader, max int) ([]byte, error) {
	var frags [][]byte
	n := 0
	for {
		frag, err := r.ReadSlice('\n')
		n += len(frag)
		if n > max+1 {
			// The fragments (max bytes) are garbage now. Collected at
			// once, they are not still held when the program, started
			// again, floods again: without this, each further long line
			// could add another max to the peak before the collector
			// ran. A flood is rare and ends the session; its cost is one
			// collection.
			frags = nil
			runtime.GC()
			if err != bufio.ErrBufferFull {
				return nil, errTooLongEnded
			}
			return nil, errTooLong
		}
		switch {
		case err == bufio.ErrBufferFull:
			frags = append(frags, bytes.Clone(frag)) // frag is the reader's buffer, reused by the next read
			continue
		case err == nil || err == io.EOF && n > 0:
			line := make([]byte, 0, n)
			for _, f := range frags {
				line = append(line, f...)
			}
			return append(line, frag...), nil
		}
		return nil, err
	}
}

// timedOut is a fault that is a request's silence past its timeout: its
// message is the fault's, and it is adapters.ErrTimeout as well as
// adapters.ErrFault.
type timedOut struct{ error }

func (e timedOut) Unwrap() error        { return e.error }
func (e timedOut) Is(target error) bool { return target == adapters.ErrTimeout }
