//go:build linux

package protocol

import (
	"context"
	"io"
	"math"
	"os"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"
)

// outputPipe connects cmd's standard output to a pipe whose reading end
// stays out of the runtime's poller (it is blocking): the session waits on
// it with ppoll (polledPipe). The caller closes w once cmd has started and
// r once it has been waited for.
func outputPipe(cmd *exec.Cmd) (r io.ReadCloser, w *os.File, err error) {
	var fds [2]int
	if err := syscall.Pipe2(fds[:], syscall.O_CLOEXEC); err != nil {
		return nil, nil, os.NewSyscallError("pipe2", err)
	}
	w = os.NewFile(uintptr(fds[1]), "|1")
	cmd.Stdout = w
	return os.NewFile(uintptr(fds[0]), "|0"), w, nil
}

// pollSlice is the longest single wait of a polledPipe: how late it sees
// its context end, a deadline moved into the past or the session killed.
const pollSlice = 10 * time.Millisecond

// noDeadline is polledPipe.deadline when there is none.
const noDeadline = math.MaxInt64

// polledPipe reads a blocking pipe (outputPipe) with a read deadline: it
// waits for input with ppoll, a blocking system call, then reads what is
// there. Read through the runtime's poller, each line cost a failed read,
// a park, the scheduler's epoll_wait and a wake-up; here it costs two
// system calls in the reading goroutine. A wait is cut in slices of at
// most pollSlice, so that the end of ctx, a deadline set meanwhile from
// another goroutine (SetReadDeadline is safe for concurrent use) or a kill
// (stop) is seen: no goroutine, timer or context.AfterFunc per read. The
// waits keep the goroutine's processor where there are several
// (wait_linux.go).
type polledPipe struct {
	f        *os.File
	rc       syscall.RawConn
	stop     <-chan struct{}
	epoch    time.Time
	deadline atomic.Int64    // since epoch, or noDeadline
	ctx      context.Context // when not nil, its end is a deadline passed (set by the reader)

	spin time.Duration // how long a Read first looks without sleeping (spinWait)

	// A wait's arguments and results, here so that it allocates nothing.
	wait    func(fd uintptr)
	timeout time.Duration
	spinFor time.Duration
	ready   bool
	errno   syscall.Errno
}

// newPolledPipe is a polledPipe on out when out is a blocking pipe of this
// process (outputPipe's), else nil. Each Read first spins for at most
// spin.
func newPolledPipe(out io.Reader, stop <-chan struct{}, spin time.Duration) *polledPipe {
	f, ok := out.(*os.File)
	if !ok || f.SetReadDeadline(time.Time{}) == nil {
		return nil // not a file, or one the poller serves: read that way
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return nil
	}
	p := &polledPipe{f: f, rc: rc, stop: stop, epoch: time.Now(), spin: spin}
	p.deadline.Store(noDeadline)
	p.wait = p.ppoll
	return p
}

// SetReadDeadline sets the time after which Read fails with
// os.ErrDeadlineExceeded; the zero time sets none.
func (p *polledPipe) SetReadDeadline(t time.Time) error {
	if t.IsZero() {
		p.deadline.Store(noDeadline)
	} else {
		p.deadline.Store(int64(t.Sub(p.epoch)))
	}
	return nil
}

// Read waits until the pipe has input (or its writer has closed it) and
// reads it.
func (p *polledPipe) Read(b []byte) (int, error) {
	for spin := p.spin; ; spin = 0 {
		select {
		case <-p.stop:
			return 0, os.ErrClosed
		default:
		}
		if p.ctx != nil && p.ctx.Err() != nil {
			return 0, os.ErrDeadlineExceeded // readBy says why
		}
		wait := pollSlice
		if d := p.deadline.Load(); d != noDeadline {
			left := time.Duration(d) - time.Since(p.epoch)
			if left <= 0 {
				return 0, os.ErrDeadlineExceeded
			}
			wait = min(wait, left)
		}
		p.timeout, p.spinFor = wait, min(spin, wait)
		p.ready, p.errno = false, 0
		if err := p.rc.Control(p.wait); err != nil {
			return 0, err
		}
		switch {
		case p.errno == syscall.EINTR:
		case p.errno != 0:
			return 0, os.NewSyscallError("ppoll", p.errno)
		case p.ready:
			return p.f.Read(b) // input is there: this read does not block
		}
	}
}

func (p *polledPipe) ppoll(fd uintptr) {
	if p.ready, p.errno = spinWait(fd, p.spinFor); p.ready || p.errno != 0 {
		return
	}
	p.ready, p.errno = ppoll(fd, p.timeout, rawWaits)
}
