package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// secondSignalGrace is how long a second signal waits for the reports of
// what finished: CI runners send SIGINT and SIGTERM milliseconds apart,
// and the reports take far less than this to write.
const secondSignalGrace = 5 * time.Second

// interruptible is the context of a whole run: it ends at the first SIGINT
// or SIGTERM, or when deadline (if positive) has passed, with a cause that
// says which (context.Cause), so that the run stops, marks what it did not
// finish as not run and still writes its reports. stop ends the signal
// handling; the run calls it once its reports are written (it may be
// called again).
//
// A second signal does not end the process at once, which would lose the
// reports the first one promised: it waits for stop, at most
// secondSignalGrace, then exits with status 1 saying the reports may be
// missing. A third signal exits at once.
func interruptible(deadline time.Duration) (context.Context, func()) {
	return interruptibleBy(deadline, os.Stderr, func(code int) { os.Exit(code) })
}

// interruptibleBy is interruptible, saying what it does on stderr and
// ending the process with exit.
func interruptibleBy(deadline time.Duration, stderr io.Writer, exit func(int)) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stopDeadline := func() {}
	if deadline > 0 {
		var c context.CancelFunc
		ctx, c = context.WithTimeoutCause(ctx, deadline, fmt.Errorf("the run's --deadline %s passed", deadline))
		stopDeadline = c
	}
	sigs := make(chan os.Signal, 3)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		var grace <-chan time.Time
		for n := 1; ; {
			select {
			case s := <-sigs:
				switch n {
				case 1:
					cancel(fmt.Errorf("interrupted by %s", sigName(s)))
				case 2:
					fmt.Fprintf(stderr, "conformance: %s again: writing the reports of what finished first (at most %s; a third signal exits at once)\n", sigName(s), secondSignalGrace)
					grace = time.After(secondSignalGrace)
				default:
					fmt.Fprintf(stderr, "conformance: %s a third time: exiting now; the reports may be missing or incomplete\n", sigName(s))
					exit(exitGate)
					return
				}
				n++
			case <-grace:
				select {
				case <-done: // stopped as the grace ended: the reports are written
					return
				default:
				}
				fmt.Fprintf(stderr, "conformance: the reports were not written within %s of the second signal: exiting; they may be missing or incomplete\n", secondSignalGrace)
				exit(exitGate)
				return
			case <-done:
				return
			}
		}
	}()
	var once sync.Once
	return ctx, func() {
		once.Do(func() {
			signal.Stop(sigs)
			close(done)
			stopDeadline()
			cancel(nil)
		})
	}
}

func sigName(s os.Signal) string {
	switch s {
	case os.Interrupt:
		return "SIGINT"
	case syscall.SIGTERM:
		return "SIGTERM"
	}
	return s.String()
}
