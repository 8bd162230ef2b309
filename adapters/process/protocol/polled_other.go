//go:build !linux

package protocol

import (
	"context"
	"io"
	"os"
	"os/exec"
	"time"
)

// outputPipe is cmd's standard output pipe, as os/exec makes it (read
// through the runtime's poller where there is one). w is nil.
func outputPipe(cmd *exec.Cmd) (r io.ReadCloser, w *os.File, err error) {
	r, err = cmd.StdoutPipe()
	return r, nil, err
}

// polledPipe is only used on Linux.
type polledPipe struct{ ctx context.Context }

func newPolledPipe(io.Reader, <-chan struct{}, time.Duration) *polledPipe { return nil }

func (*polledPipe) SetReadDeadline(time.Time) error { return nil }

func (*polledPipe) Read([]byte) (int, error) { return 0, io.EOF }

func servedInput(in io.Reader, _ time.Duration) io.Reader { return in }
