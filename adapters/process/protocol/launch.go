package protocol

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

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
func Command(argv ...string) Launcher {
	return func(ctx context.Context, stderr io.Writer) (*Process, error) {
		if len(argv) == 0 {
			return nil, errors.New("no command to run")
		}
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Stderr = stderr
		cmd.WaitDelay = time.Second // a grandchild holding stderr open must not block Wait
		setGroup(cmd)
		stdin, err := cmd.StdinPipe()
		if err != nil {
			return nil, err
		}
		stdout, w, err := outputPipe(cmd)
		if err != nil {
			return nil, err
		}
		widen(stdin)
		widen(stdout)
		err = cmd.Start()
		if w != nil {
			w.Close() // the program's end, now its own
		}
		if err != nil {
			stdout.Close()
			return nil, fmt.Errorf("start %s: %w", argv[0], err)
		}
		return &Process{
			Stdin:  stdin,
			Stdout: stdout,
			Kill:   func() { killGroup(cmd) },
			Exited: exitedFunc(cmd),
			Wait: func() error {
				err := cmd.Wait()
				stdout.Close() // not cmd's to close when outputPipe made it
				return err
			},
		}, nil
	}
}

// InProcess launches a Go adapter behind the protocol without starting a
// program: Serve runs in a goroutine on pipes. It is how ctxconform tests the
// protocol against the reference, and how a Go implementation can check that
// it speaks the protocol.
func InProcess(a adapters.Adapter, opts ServeOptions) Launcher {
	return func(ctx context.Context, stderr io.Writer) (*Process, error) {
		inR, inW := io.Pipe()
		outR, outW := io.Pipe()
		ctx, cancel := context.WithCancel(context.WithoutCancel(ctx))
		done := make(chan error, 1)
		go func() {
			err := Serve(ctx, a, inR, outW, opts)
			if err != nil {
				fmt.Fprintf(stderr, "serve: %v\n", err)
			}
			outW.Close()
			inR.Close()
			done <- err
		}()
		var once sync.Once
		var result error
		return &Process{
			Stdin:  inW,
			Stdout: outR,
			Kill: func() {
				cancel()
				inW.CloseWithError(errors.New("killed"))
				outR.CloseWithError(errors.New("killed"))
			},
			Wait: func() error {
				once.Do(func() { result = <-done })
				return result
			},
		}, nil
	}
}
