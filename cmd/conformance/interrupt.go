package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"
)

// interruptible is the context of a whole run: it ends at the first SIGINT
// or SIGTERM, or when deadline (if positive) has passed, with a cause that
// says which (context.Cause), so that the run stops, marks what it did not
// finish as not run and still writes its reports. A second signal finds the
// default handling restored and ends the process at once.
func interruptible(deadline time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancelCause(context.Background())
	stopDeadline := func() {}
	if deadline > 0 {
		var c context.CancelFunc
		ctx, c = context.WithTimeoutCause(ctx, deadline, fmt.Errorf("the run's --deadline %s passed", deadline))
		stopDeadline = c
	}
	sigs := make(chan os.Signal, 1)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM)
	done := make(chan struct{})
	go func() {
		select {
		case s := <-sigs:
			signal.Stop(sigs)
			cancel(fmt.Errorf("interrupted by %s", sigName(s)))
		case <-done:
		}
	}()
	return ctx, func() {
		signal.Stop(sigs)
		close(done)
		stopDeadline()
		cancel(nil)
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
