// Package safefile reads and writes the files the binary keeps in a
// directory on someone's behalf (the golden vectors, badges, a benchmark
// history) when that directory may hold what someone else put there: a
// link to a file elsewhere, a FIFO, a device. A file is read only when it
// is a regular file inside the directory, opened without waiting (a FIFO
// never blocks the reader) and read up to a limit; a file is written
// under a new name in the directory (created exclusively, with the mode
// the umask leaves of 0644) and renamed over a regular file only, so no
// link planted in the directory is written through.
package safefile

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"

	"github.com/ctxconform/ctxconform/internal/bounded"
)

// Kind names what a file is, for a message: "symbolic link", "FIFO".
func Kind(m fs.FileMode) string {
	switch {
	case m&fs.ModeSymlink != 0:
		return "symbolic link"
	case m&fs.ModeNamedPipe != 0:
		return "FIFO"
	case m&fs.ModeDevice != 0:
		return "device"
	case m&fs.ModeSocket != 0:
		return "socket"
	case m.IsDir():
		return "directory"
	case m.IsRegular():
		return "file"
	}
	return "special file"
}

// NotRegularError is a file that is a link, FIFO, device or directory
// where a regular file was expected.
type NotRegularError struct {
	Path string
	Mode fs.FileMode
}

func (e *NotRegularError) Error() string {
	return fmt.Sprintf("%s: a %s, not a regular file: not read or replaced", e.Path, Kind(e.Mode))
}

// ReadFile reads the regular file name of directory dir, of at most limit
// bytes (what names the kind of file in the error). A link that leads
// out of dir, a FIFO, a device or a directory is refused, never followed,
// waited on or read; a missing file is an error satisfying
// errors.Is(err, fs.ErrNotExist).
func ReadFile(dir, name, what string, limit int64) ([]byte, error) {
	root, err := os.OpenRoot(dir)
	if err != nil {
		return nil, err
	}
	defer root.Close()
	path := filepath.Join(dir, name)
	// A link is refused even when it stays in dir (os.Root would follow
	// it); one swapped in after this check cannot lead out of dir, and the
	// open does not wait (O_NONBLOCK) whatever it names.
	if st, err := root.Lstat(name); err != nil {
		return nil, err
	} else if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	f, err := root.OpenFile(name, os.O_RDONLY|syscall.O_NONBLOCK|syscall.O_NOFOLLOW, 0)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &NotRegularError{Path: path, Mode: st.Mode()}
	}
	if st.Size() > limit {
		return nil, fmt.Errorf("%s: %w", path, &bounded.TooLargeError{What: what, Limit: limit})
	}
	b, err := bounded.ReadAll(f, what, limit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// WriteFile writes data as the file name of directory dir: under a new
// name first (created exclusively, mode 0644 less the umask), then
// renamed to name, which must be missing or a regular file. name is a
// file name, not a path.
func WriteFile(dir, name string, data []byte) error {
	if name == "" || name == "." || name == ".." || filepath.Base(name) != name {
		return fmt.Errorf("%q: not a file name", name)
	}
	root, err := os.OpenRoot(dir)
	if err != nil {
		return err
	}
	defer root.Close()
	path := filepath.Join(dir, name)
	if st, err := root.Lstat(name); err == nil && !st.Mode().IsRegular() {
		return &NotRegularError{Path: path, Mode: st.Mode()}
	} else if err != nil && !errors.Is(err, fs.ErrNotExist) {
		return err
	}
	tmp, f, err := Create(root, name)
	if err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	_, err = f.Write(data)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = root.Rename(tmp, name)
	}
	if err != nil {
		root.Remove(tmp)
		return fmt.Errorf("%s: %w", path, err)
	}
	return nil
}

// Create creates a new file in root beside name, under a name no one
// could have planted (random, created exclusively, no link followed), with
// mode 0644 less the umask; the caller writes it and renames it to name.
func Create(root *os.Root, name string) (string, *os.File, error) {
	var b [8]byte
	rand.Read(b[:])
	tmp := filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+"-"+hex.EncodeToString(b[:])+".tmp")
	f, err := root.OpenFile(tmp, os.O_WRONLY|os.O_CREATE|os.O_EXCL|syscall.O_NOFOLLOW, 0o644)
	return tmp, f, err
}
