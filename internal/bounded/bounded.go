// Package bounded reads the files the binary is given with a limit on
// their size. A file is named on the command line by a person or a CI
// script, and a mistake there (/dev/zero, a FIFO that never ends, a
// multi-gigabyte log passed for a small JSON file) must end in a clear
// error naming the file and the limit, never in the whole file read into
// memory: --ack /dev/zero once took the harness to 3.6 GB in 20 s.
//
// A regular file larger than its limit is refused from its size, before a
// byte is read; anything else is read up to the limit and refused at the
// first byte past it. Each kind of file has its limit below, far above
// what the harness writes or a person types.
package bounded

import (
	"errors"
	"fmt"
	"io"
	"os"
)

// The limits, in bytes, of the files the binary reads.
const (
	// Replay is a replay file: a case and its last calls (at most 1 MiB
	// of calls, suite.maxCallBytes).
	Replay = 32 << 20
	// Expectations is an expectations file: a list of known failures.
	Expectations = 8 << 20
	// Acks is a history's acknowledgements file: a line per change.
	Acks = 8 << 20
	// Report is a JSON report (conformance merge): every result of a run
	// with the replays of its failures.
	Report = 64 << 20
	// Results is a file of benchmark results (Go benchmark format).
	Results = 256 << 20
)

// TooLargeError is a file or stream longer than its limit.
type TooLargeError struct {
	What  string // what the file was to be, e.g. "a replay file"
	Limit int64
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("larger than %s, the most %s may hold: not read (is it the right file?)", size(e.Limit), e.What)
}

// size writes n in MiB when it is a whole number of them, else in bytes.
func size(n int64) string {
	if n >= 1<<20 && n%(1<<20) == 0 {
		return fmt.Sprintf("%d MiB", n>>20)
	}
	return fmt.Sprintf("%d bytes", n)
}

// ReadFile reads the file at path, of at most limit bytes; what names the
// kind of file in the error ("a replay file"). Every error names the path.
func ReadFile(path, what string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err // *fs.PathError: names the path
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
		return nil, fmt.Errorf("%s: %w", path, &TooLargeError{What: what, Limit: limit})
	}
	b, err := ReadAll(f, what, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Open opens the file at path for reading as a stream of at most limit
// bytes (Reader): a regular file over the limit is refused at once.
func Open(path, what string, limit int64) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if fi, err := f.Stat(); err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, &TooLargeError{What: what, Limit: limit})
	}
	return readCloser{Reader(f, what, limit), f}, nil
}

type readCloser struct {
	io.Reader
	io.Closer
}

// Check refuses a regular file at path larger than limit, from its size;
// for files another reader opens (benchfmt.Files), which must stop at
// its own bounds on anything else.
func Check(path, what string, limit int64) error {
	if fi, err := os.Stat(path); err == nil && fi.Mode().IsRegular() && fi.Size() > limit {
		return fmt.Errorf("%s: %w", path, &TooLargeError{What: what, Limit: limit})
	}
	return nil
}

// ReadAll reads r to its end, at most limit bytes.
func ReadAll(r io.Reader, what string, limit int64) ([]byte, error) {
	return io.ReadAll(Reader(r, what, limit))
}

// Reader reads r up to limit bytes; a read past them fails with a
// *TooLargeError. For a stream decoded as it is read (a JSON decoder, a
// line scanner).
func Reader(r io.Reader, what string, limit int64) io.Reader {
	return &reader{r: r, left: limit, err: &TooLargeError{What: what, Limit: limit}}
}

type reader struct {
	r    io.Reader
	left int64 // bytes still allowed; -1 once one more was read
	err  error
}

func (l *reader) Read(p []byte) (int, error) {
	if l.left < 0 {
		return 0, l.err
	}
	if int64(len(p)) > l.left+1 {
		p = p[:l.left+1] // one byte more than allowed says whether there is more
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	if l.left < 0 {
		return n - 1, l.err
	}
	return n, err
}

// IsTooLarge reports whether err is a file over its limit.
func IsTooLarge(err error) bool {
	var t *TooLargeError
	return errors.As(err, &t)
}
