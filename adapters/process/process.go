package process

import (
	"context"
	"io"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
)

// Adapter is an implementation in another process, driven over the
// protocol. It implements every operation interface of package adapters
// that the implementation declares, and besides:
//
//   - Close sends "stop" and kills the implementation if it has not exited
//     2 s later.
//   - Stderr is the tail of its standard error (Options.StderrKeep bytes),
//     with a line marking each restart; Restarts counts the restarts after
//     faults.
//   - Undriven lists the standards it declared that this version of the
//     protocol cannot drive (reported as not implemented).
//   - Capabilities lists the protocol capabilities in use; SelfTimes says
//     whether it times "bench" requests on its own clock.
//
// It is safe for concurrent use; requests are sent one at a time. The
// machinery lives in adapters/process/protocol.
type Adapter = protocol.Adapter

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
	// every one ("documents" and "bench"), an empty non-nil list none (the
	// protocol as version 1 programs without capabilities speak it).
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

// Exec starts argv as the implementation under test (see Command) and
// completes the start handshake.
func Exec(ctx context.Context, argv []string, opts Options) (*Adapter, error) {
	return protocol.Exec(ctx, argv, protocol.Options(opts))
}

// New launches an implementation and completes the start handshake: it
// must answer "start" with "started" and a usable description of itself.
func New(ctx context.Context, launch Launcher, opts Options) (*Adapter, error) {
	return protocol.New(ctx, func(ctx context.Context, stderr io.Writer) (*protocol.Process, error) {
		p, err := launch(ctx, stderr)
		return (*protocol.Process)(p), err
	}, protocol.Options(opts))
}

// Process is one running implementation as a Launcher started it.
type Process struct {
	Stdin  io.WriteCloser // its standard input: the harness's messages
	Stdout io.Reader      // its standard output: its messages
	Kill   func()         // ends it at once, with any children it started
	Wait   func() error   // waits until it has ended; the error says how (nil: exit status 0)
	// Exited reports, without waiting or reaping, whether its own process
	// has ended (its output may stay open, held by a child); nil when the
	// launcher cannot tell.
	Exited func() bool
}

// A Launcher starts a fresh implementation, sending what it writes to its
// standard error to stderr. The adapter calls it once at the start and again
// after every crash.
type Launcher func(ctx context.Context, stderr io.Writer) (*Process, error)

// Command launches the program argv[0] with arguments argv[1:], as a process
// of its own (in its own process group, so that killing it also ends any
// child it started).
func Command(argv ...string) Launcher { return launcher(protocol.Command(argv...)) }

// InProcess launches a Go adapter behind the protocol without starting a
// program: Serve runs in a goroutine on pipes. It is how ctxconform tests the
// protocol against the reference, and how a Go implementation can check that
// it speaks the protocol.
func InProcess(a adapters.Adapter, opts ServeOptions) Launcher {
	return launcher(protocol.InProcess(a, protocol.ServeOptions(opts)))
}

func launcher(l protocol.Launcher) Launcher {
	return func(ctx context.Context, stderr io.Writer) (*Process, error) {
		p, err := l(ctx, stderr)
		return (*Process)(p), err
	}
}

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
// a as it reads it (a request's provider calls read their own replies),
// and returns at "stop" or at the end of in.
// `conformance serve-reference` is Serve on the reference.
func Serve(ctx context.Context, a adapters.Adapter, in io.Reader, out io.Writer, opts ServeOptions) error {
	return protocol.Serve(ctx, a, in, out, protocol.ServeOptions(opts))
}
