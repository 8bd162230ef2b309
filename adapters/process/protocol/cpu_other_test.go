//go:build !unix

package protocol_test

import "time"

// cpuTime is not measured here.
func cpuTime(int) time.Duration { return 0 }

const (
	self     = 0
	children = 1
)
