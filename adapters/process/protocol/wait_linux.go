//go:build linux

package protocol

import (
	"io"
	"os"
	"runtime"
	"syscall"
	"time"
	"unsafe"
)

// Both ends of a session spend most of it waiting for the other's next
// line. A wait through the runtime's system call path lets the runtime
// hand the waiting thread's processor to another thread once the wait
// outlasts a tick of its monitor, and take it back when the line comes;
// over the whole suite that cost more than the waits themselves (a round
// trip after some work by the harness: 45–70 µs that way, 30–37 µs
// without). So waits keep their processor (raw system calls), in slices
// of at most pollSlice. A raw wait is cut short by any signal, so the
// runtime's preemption and its stopping of the world still reach the
// waiting goroutine at once. With one processor (GOMAXPROCS=1) waits go
// the ordinary way: a raw one would hold up every other goroutine, such
// as the one draining the program's standard error, for a whole slice.

// rawWaits says whether waits keep their processor.
var rawWaits = runtime.GOMAXPROCS(0) > 1

// pollFd is struct pollfd of poll(2).
type pollFd struct {
	fd      int32
	events  int16
	revents int16
}

const pollIn = 0x1 // POLLIN

// ppoll waits at most timeout for fd to have input (or its writer to
// close it); raw keeps the thread's processor.
func ppoll(fd uintptr, timeout time.Duration, raw bool) (ready bool, errno syscall.Errno) {
	pfd := pollFd{fd: int32(fd), events: pollIn}
	ts := syscall.NsecToTimespec(int64(timeout))
	call := syscall.Syscall6
	if raw {
		call = syscall.RawSyscall6
	}
	n, _, errno := call(syscall.SYS_PPOLL, uintptr(unsafe.Pointer(&pfd)), 1, uintptr(unsafe.Pointer(&ts)), 0, 0, 0)
	return errno == 0 && n > 0, errno
}

// spinning says whether a wait may first look for input without
// sleeping (spinWait): there must be another processor for the program
// waited on to run on meanwhile.
var spinning = rawWaits && runtime.NumCPU() > 1

// spinWait looks at fd for input without sleeping, for at most spin,
// giving way (sched_yield) between looks to any other thread that wants
// this processor. It saves the other side's wake-up when the input comes
// soon: a sleeping thread is woken with an interrupt, and on a virtual
// machine an idle processor takes tens of microseconds to come back.
// ready reports input (or the writer's end); errno a failed look.
func spinWait(fd uintptr, spin time.Duration) (ready bool, errno syscall.Errno) {
	if spin <= 0 || !spinning {
		return false, 0
	}
	start := time.Now()
	for {
		if ready, errno = ppoll(fd, 0, true); ready || errno != 0 {
			return ready, errno
		}
		if time.Since(start) >= spin {
			return false, 0
		}
		syscall.RawSyscall(syscall.SYS_SCHED_YIELD, 0, 0, 0)
	}
}

// servedInput is how Serve reads in: when in is a blocking file (a
// program's standard input, as a harness starts it) and waits may keep
// their processor, a rawInput that first spins for spin; otherwise in as
// it is.
func servedInput(in io.Reader, spin time.Duration) io.Reader {
	f, ok := in.(*os.File)
	if !ok || !rawWaits || f.SetReadDeadline(time.Time{}) == nil {
		return in // not a file, or one the runtime's poller serves
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return in
	}
	r := &rawInput{f: f, rc: rc, spin: spin}
	r.wait = func(fd uintptr) {
		if r.ready, r.errno = spinWait(fd, r.spin); r.ready || r.errno != 0 {
			return
		}
		r.ready, r.errno = ppoll(fd, pollSlice, true)
	}
	return r
}

// rawInput is a blocking file read once a raw wait has seen input.
type rawInput struct {
	f     *os.File
	rc    syscall.RawConn
	spin  time.Duration // how long a wait first looks without sleeping
	wait  func(fd uintptr)
	ready bool
	errno syscall.Errno
}

func (r *rawInput) Read(b []byte) (int, error) {
	for {
		if err := r.rc.Control(r.wait); err != nil {
			return 0, err
		}
		switch {
		case r.ready:
			return r.f.Read(b) // input is there (or the end): this read does not block
		case r.errno != 0 && r.errno != syscall.EINTR:
			return r.f.Read(b) // the ordinary blocking read, which reports what is wrong
		}
	}
}
