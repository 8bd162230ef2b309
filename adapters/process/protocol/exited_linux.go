//go:build linux

package protocol

import (
	"bytes"
	"os"
	"os/exec"
	"strconv"
)

// exitedFunc reports whether cmd's own process has ended, without waiting
// for it or reaping it: a child that has exited and is not yet waited for
// is a zombie (state Z in /proc/PID/stat). A program whose process exited
// while a process it started still holds its standard output never
// closes it: this tells the harness it is gone, not silent.
func exitedFunc(cmd *exec.Cmd) func() bool {
	if cmd.Process == nil {
		return nil
	}
	path := "/proc/" + strconv.Itoa(cmd.Process.Pid) + "/stat"
	return func() bool {
		b, err := os.ReadFile(path) // a line of a few hundred bytes
		if err != nil {
			return os.IsNotExist(err)
		}
		// pid (comm) state ...: comm may hold anything, the state follows
		// its last ')'.
		i := bytes.LastIndexByte(b, ')')
		if i < 0 || i+2 >= len(b) {
			return false
		}
		state := b[i+2]
		return state == 'Z' || state == 'X'
	}
}
