package protocol

import (
	"os"
	"time"
)

// StartTimeoutEnv names the environment variable that sets the default
// wait for "started" (a Go duration such as 2m): for programs that start
// slowly (a JVM, a cold interpreter) or a loaded CI machine, without a
// flag on every command. An explicit Options.StartTimeout wins.
const StartTimeoutEnv = "CTXCONFORM_START_TIMEOUT"

// defaultStartTimeout is 10 s, or what StartTimeoutEnv says when it holds a
// positive duration.
func defaultStartTimeout() time.Duration {
	if d, err := time.ParseDuration(os.Getenv(StartTimeoutEnv)); err == nil && d > 0 {
		return d
	}
	return 10 * time.Second
}
