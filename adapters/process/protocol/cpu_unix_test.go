//go:build unix

package protocol_test

import (
	"syscall"
	"time"
)

// cpuTime is the processor time (user and system) this process has used
// (who = syscall.RUSAGE_SELF), or its children that have ended and been
// waited for (syscall.RUSAGE_CHILDREN).
func cpuTime(who int) time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(who, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

const (
	self     = syscall.RUSAGE_SELF
	children = syscall.RUSAGE_CHILDREN
)
