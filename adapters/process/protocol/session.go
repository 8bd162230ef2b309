package protocol

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"sync"
	"time"
)

// session is one running process of the implementation.
//
// Its output is read in one of two ways. When it is a pipe that takes a
// read deadline (a program's standard output: a polledPipe on Linux, else
// the runtime's poller), the request's own goroutine
// reads the answer (readBy): handing each line from a reader goroutine to
// the request's over a channel woke a second thread per round trip, which
// on a busy machine was a large part of a small request's cost. Otherwise
// (an in-process pipe, a launcher's own reader) a reader goroutine reads
// every line into in. Either way, eof is closed when reading has ended and
// readErr says why.
type session struct {
	proc     *Process
	mark     int64         // stderr position when it started
	r        *bufio.Reader // its output
	maxLine  int
	direct   deadliner     // non-nil: lines are read by the request's goroutine
	polled   *polledPipe   // direct, when it is a polledPipe: it sees a context's end itself
	in       chan []byte   // its lines, from the reader goroutine (not direct)
	eof      chan struct{} // closed when reading has ended; readErr says why
	readErr  error
	endOnce  sync.Once
	stop     chan struct{} // closed by kill
	stopOnce sync.Once
	reap     chan struct{} // closed by release (direct only)
	reapOnce sync.Once
	exited   chan struct{} // closed when Wait has returned
	exitErr  error
	wmu      sync.Mutex // one write at a time
	caps     []string   // capabilities in use, from its "started"
	single   bool       // declared single_instance in its "started"
	docs     *sentDocs  // what it holds (capability "documents")
}

// deadliner is a reader that takes a read deadline (*os.File on a pipe).
type deadliner interface {
	SetReadDeadline(time.Time) error
}

var (
	errTooLong = errors.New("line too long")
	// errTooLongEnded is errTooLong when the line's newline was read too.
	errTooLongEnded = fmt.Errorf("%w (read to its end)", errTooLong)
	errTimeout      = errors.New("timed out")
)

func newSession(proc *Process, mark int64, maxLine, docBytes int, spin time.Duration) *session {
	s := &session{proc: proc, mark: mark, r: bufio.NewReaderSize(proc.Stdout, 1<<20), maxLine: maxLine,
		eof: make(chan struct{}), stop: make(chan struct{}), reap: make(chan struct{}), exited: make(chan struct{}),
		docs: newSentDocs(docBytes)}
	if p := newPolledPipe(proc.Stdout, s.stop, spin); p != nil {
		s.direct, s.polled = p, p
		s.r.Reset(p) // the same buffer
	} else if d, ok := proc.Stdout.(deadliner); ok && d.SetReadDeadline(time.Time{}) == nil {
		s.direct = d
	} else {
		s.in = make(chan []byte)
		go func() {
			for {
				line, err := s.read()
				if err != nil {
					return
				}
				select {
				case s.in <- line:
				case <-s.stop:
					return
				}
			}
		}()
	}
	go func() {
		// Wait closes the output: only once nothing more is to be read
		// from it (the reader goroutine reads to the end; a direct
		// session's output is not read between requests, so a kill or
		// release says when).
		if s.direct != nil {
			select {
			case <-s.eof:
			case <-s.stop:
			case <-s.reap:
			}
		} else {
			<-s.eof
		}
		s.exitErr = proc.Wait()
		close(s.exited)
	}()
	return s
}

// read reads the next line; an error ends the reading for good (eof).
func (s *session) read() ([]byte, error) {
	line, err := readLine(s.r, s.maxLine)
	if err != nil {
		s.end(err)
	}
	return line, err
}

// end records why reading ended and closes eof; a flood of output kills
// the process.
func (s *session) end(err error) {
	s.endOnce.Do(func() {
		s.readErr = err
		if errors.Is(err, errTooLong) {
			s.kill()
		}
		close(s.eof)
	})
}

// readBy reads the next line of a direct session in the caller's
// goroutine, giving up at deadline (os.ErrDeadlineExceeded) or when ctx
// ends (ctx.Err()). A session given up on this way is out of step: the
// caller kills it.
func (s *session) readBy(ctx context.Context, deadline time.Time) ([]byte, error) {
	if err := s.direct.SetReadDeadline(deadline); err != nil {
		s.end(err)
		return nil, err
	}
	if err := ctx.Err(); err != nil {
		return nil, err // checked after setting the deadline: see watch
	}
	if s.polled != nil {
		s.polled.ctx = ctx
		defer func() { s.polled.ctx = nil }()
	}
	line, err := readLine(s.r, s.maxLine)
	switch {
	case err == nil:
		return line, nil
	case errors.Is(err, os.ErrDeadlineExceeded):
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
	s.end(err)
	return nil, err
}

// watch makes ctx's end interrupt a readBy of a direct session (its read
// deadline is moved to the past); stop undoes it. A polledPipe needs no
// watching: readBy hands it the context, which it looks at between waits.
func (s *session) watch(ctx context.Context) (stop func() bool) {
	if s.direct == nil || s.polled != nil || ctx.Done() == nil {
		return func() bool { return true }
	}
	return context.AfterFunc(ctx, func() { _ = s.direct.SetReadDeadline(time.Unix(1, 0)) })
}

// lines is a channel that carries the next line: the reader goroutine's,
// or for a direct session a read started now (for waiting on a line and
// something else at once: provider replies, the start timer). Its errors
// close eof.
func (s *session) lines() <-chan []byte {
	if s.direct == nil {
		return s.in
	}
	ch := make(chan []byte, 1)
	if err := s.direct.SetReadDeadline(time.Time{}); err != nil {
		s.end(err)
		return ch
	}
	go func() {
		if line, err := s.read(); err == nil {
			ch <- line
		}
	}()
	return ch
}

// next waits for the next line, the end of the output, the timer or ctx.
// A nil tick waits without a time limit.
func (s *session) next(ctx context.Context, tick <-chan time.Time) (line []byte, err error) {
	select {
	case line = <-s.lines():
		return line, nil
	case <-s.eof:
		if s.readErr == nil {
			return nil, io.EOF
		}
		return nil, s.readErr
	case <-tick:
		return nil, errTimeout
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// release lets the process be waited for although its output was not read
// to the end (a direct session that is stopped or has failed: what it
// still writes is of no interest).
func (s *session) release() {
	s.reapOnce.Do(func() { close(s.reap) })
}

// kill ends the process; the reader and the reaper finish on their own.
func (s *session) kill() {
	s.stopOnce.Do(func() {
		close(s.stop)
		s.proc.Kill()
	})
}
