//go:build !linux

package protocol

import "os/exec"

// exitedFunc cannot tell, off Linux, whether the process has ended without
// reaping it.
func exitedFunc(*exec.Cmd) func() bool { return nil }
