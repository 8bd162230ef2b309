package safefile_test

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/internal/bounded"
	"github.com/ctxconform/ctxconform/internal/safefile"
)

// TestReadWrite plants a link out of the directory, a link inside it, a
// FIFO and /dev/zero where a file is read or written: each is refused,
// nothing outside is changed, and nothing waits (a minute's deadline).
func TestReadWrite(t *testing.T) {
	old := syscall.Umask(0o022)
	t.Cleanup(func() { syscall.Umask(old) })
	outside := filepath.Join(t.TempDir(), "victim")
	if err := os.WriteFile(outside, []byte("precious"), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name  string
		plant func(p string) error
		read  string // a part of ReadFile's error; "" for the content
		write string // a part of WriteFile's error; "" for none
	}{
		{"missing", func(string) error { return nil }, "no such file", ""},
		{"regular", func(p string) error { return os.WriteFile(p, []byte("old"), 0o600) }, "", ""},
		{"too large", func(p string) error { return os.WriteFile(p, make([]byte, 11), 0o644) }, "larger than 10 bytes", ""},
		{"link out", func(p string) error { return os.Symlink(outside, p) }, "symbolic link, not a regular file", "symbolic link, not a regular file"},
		{"link in", func(p string) error {
			os.WriteFile(filepath.Join(filepath.Dir(p), "other"), []byte("x"), 0o644)
			return os.Symlink("other", p)
		}, "symbolic link, not a regular file", "symbolic link, not a regular file"},
		{"link to /dev/zero", func(p string) error { return os.Symlink("/dev/zero", p) }, "symbolic link", "symbolic link"},
		{"FIFO", func(p string) error { return syscall.Mkfifo(p, 0o644) }, "FIFO, not a regular file", "FIFO, not a regular file"},
		{"directory", func(p string) error { return os.Mkdir(p, 0o755) }, "directory, not a regular file", "directory, not a regular file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir := t.TempDir()
			p := filepath.Join(dir, "f.json")
			if err := tt.plant(p); err != nil {
				t.Skip(err)
			}
			done := make(chan struct{})
			var rerr, werr error
			var got []byte
			go func() {
				defer close(done)
				got, rerr = safefile.ReadFile(dir, "f.json", "a test file", 10)
				werr = safefile.WriteFile(dir, "f.json", []byte("new"))
			}()
			select {
			case <-done:
			case <-time.After(60 * time.Second):
				t.Fatal("ReadFile or WriteFile waited a minute")
			}
			switch {
			case tt.read == "" && (rerr != nil || string(got) != "old"):
				t.Errorf("ReadFile = %q, %v; want old", got, rerr)
			case tt.read != "" && (rerr == nil || !strings.Contains(rerr.Error(), tt.read)):
				t.Errorf("ReadFile error %v, want %q", rerr, tt.read)
			}
			if tt.read == "larger than 10 bytes" && !bounded.IsTooLarge(rerr) {
				t.Errorf("ReadFile error %v is not a TooLargeError", rerr)
			}
			if tt.read == "no such file" && !errors.Is(rerr, fs.ErrNotExist) {
				t.Errorf("ReadFile error %v is not ErrNotExist", rerr)
			}
			switch {
			case tt.write == "":
				if b, _ := os.ReadFile(p); werr != nil || string(b) != "new" {
					t.Errorf("WriteFile: %v; the file holds %q, want new", werr, b)
				}
				if st, err := os.Stat(p); err != nil || st.Mode().Perm() != 0o644 {
					t.Errorf("mode %v (%v), want 0644 under umask 022 (as os.Create's files)", st.Mode(), err)
				}
			case werr == nil || !strings.Contains(werr.Error(), tt.write):
				t.Errorf("WriteFile error %v, want %q", werr, tt.write)
			}
			if b, _ := os.ReadFile(outside); string(b) != "precious" {
				t.Errorf("the file outside now holds %q", b)
			}
			if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
				t.Errorf("temporary files left: %v", left)
			}
		})
	}
	for _, name := range []string{"", ".", "..", "a/b"} {
		if err := safefile.WriteFile(t.TempDir(), name, nil); err == nil {
			t.Errorf("WriteFile(%q) wrote", name)
		}
	}
}
