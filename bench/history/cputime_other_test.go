//go:build !unix

package history_test

import "time"

// cpuTime is unknown here: cpu-budget/op reads 0.
func cpuTime() time.Duration { return 0 }
