//go:build linux

package protocol

import "syscall"

// pipeBytes is the capacity asked of the pipes to and from a program.
// Linux's default, 64 KiB, made a message of documents or window texts
// cross in many turns, each waking both processes; an unprivileged process
// may ask for up to /proc/sys/fs/pipe-max-size (1 MiB by default).
const pipeBytes = 1 << 20

// fSetPipeSz is F_SETPIPE_SZ (F_LINUX_SPECIFIC_BASE + 7).
const fSetPipeSz = 1024 + 7

// widen asks for a pipe of pipeBytes behind f (an end of a pipe, as
// os/exec returns them); the default stays when it cannot be had.
func widen(f any) {
	sc, ok := f.(interface {
		SyscallConn() (syscall.RawConn, error)
	})
	if !ok {
		return
	}
	rc, err := sc.SyscallConn()
	if err != nil {
		return
	}
	_ = rc.Control(func(fd uintptr) {
		_, _, _ = syscall.Syscall(syscall.SYS_FCNTL, fd, fSetPipeSz, pipeBytes)
	})
}
