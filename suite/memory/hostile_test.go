package memory

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/suite"
)

// within runs f and fails the test if it has not returned in a minute (a
// FIFO waited on): generous for a busy machine, and the test ends.
func within(t *testing.T, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { defer close(done); f() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatalf("%s did not return in 60 s (blocked on a FIFO?)", what)
	}
}

// TestHostileDirectory plants what a memory directory someone else wrote
// may hold: links to files and directories outside it, FIFOs named like
// memory files. Nothing outside the directory is written or read, nothing
// blocks, and each is named in a warning or an error.
func TestHostileDirectory(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("links and FIFOs")
	}
	value := `{"A":1}`
	file := hashOf(value) + ".json"
	tests := []struct {
		name  string
		plant func(t *testing.T, dir, outside string)
		warn  string // a part of a warning of Open or an error of Save
		saved bool   // the case is written into the directory
	}{
		{"a link where the temporary file was written", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "INF-03"))
			symlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, "INF-03", file+".tmp"))
		}, "", true},
		{"a link as the memory file", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "INF-03"))
			symlink(t, filepath.Join(outside, "victim"), filepath.Join(dir, "INF-03", file))
		}, "symbolic link, not a file", false},
		{"a link as the requirement's directory", func(t *testing.T, dir, outside string) {
			symlink(t, outside, filepath.Join(dir, "INF-03"))
		}, "symbolic link, not a directory", false},
		{"a link to another requirement's directory", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "DEN-01"))
			symlink(t, "DEN-01", filepath.Join(dir, "INF-03"))
		}, "symbolic link, not a directory", false},
		{"a FIFO as the memory file", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "INF-03"))
			mkfifo(t, filepath.Join(dir, "INF-03", file))
		}, "FIFO, not a file", false},
		{"a FIFO as another memory file", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "INF-03"))
			mkfifo(t, filepath.Join(dir, "INF-03", "0123456789abcdef.json"))
		}, "FIFO, not a file: passed over", true},
		{"a link to /dev/zero as a memory file", func(t *testing.T, dir, outside string) {
			mkdir(t, filepath.Join(dir, "INF-03"))
			symlink(t, "/dev/zero", filepath.Join(dir, "INF-03", "0123456789abcdef.json"))
		}, "symbolic link, not a file: passed over", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			dir, outside := filepath.Join(t.TempDir(), "memory"), t.TempDir()
			mkdir(t, dir)
			if err := os.WriteFile(filepath.Join(outside, "victim"), []byte("precious"), 0o644); err != nil {
				t.Fatal(err)
			}
			tt.plant(t, dir, outside)
			var said []error
			within(t, "Open and Save", func() {
				s, warnings := Open(dir)
				s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, value)})
				said = append(warnings, s.Save()...)
			})
			all := fmt.Sprint(said)
			if tt.warn != "" && !strings.Contains(all, tt.warn) {
				t.Errorf("warnings %v; want one saying %q", said, tt.warn)
			}
			if tt.warn == "" && len(said) > 0 {
				t.Errorf("warnings %v; want none", said)
			}
			if b, err := os.ReadFile(filepath.Join(outside, "victim")); err != nil || string(b) != "precious" {
				t.Errorf("the file outside the memory now holds %q (%v)", b, err)
			}
			if names, _ := filepath.Glob(filepath.Join(outside, "*")); len(names) != 1 {
				t.Errorf("files outside the memory: %v, want only victim", names)
			}
			st, err := os.Lstat(filepath.Join(dir, "INF-03", file))
			if saved := err == nil && st.Mode().IsRegular(); saved != tt.saved {
				t.Errorf("the case written as a file: %v, want %v", saved, tt.saved)
			}
		})
	}
}

// TestNotADirectory: a memory that names a file, a FIFO or a directory
// that cannot be written gives one warning, writes nothing, and Unsaved
// says so (the run then does not claim a case was remembered).
func TestNotADirectory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/proc, FIFOs")
	}
	tmp := t.TempDir()
	plain := filepath.Join(tmp, "file")
	if err := os.WriteFile(plain, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	fifo := filepath.Join(tmp, "fifo")
	mkfifo(t, fifo)
	for _, tt := range []struct{ dir, want string }{
		{plain, "not a directory (file)"},
		{fifo, "not a directory (FIFO)"},
		{"/dev/null", "not a directory (device)"},
		{"/proc", "/proc: cannot write here"},
	} {
		t.Run(tt.dir, func(t *testing.T) {
			var said []error
			var unsaved, changes int
			within(t, "Open and Save", func() {
				s, warnings := Open(tt.dir)
				s.Update([]suite.Report{failed("INF-03", suite.FromGenerated, `{"A":1}`)})
				said = append(warnings, s.Save()...)
				unsaved, changes = s.Unsaved()
			})
			if len(said) != 1 || !strings.Contains(said[0].Error(), tt.want) {
				t.Errorf("warnings %v; want one saying %q", said, tt.want)
			}
			if unsaved != 1 || changes != 1 {
				t.Errorf("Unsaved = %d of %d, want 1 of 1", unsaved, changes)
			}
		})
	}
	if b, _ := os.ReadFile(plain); string(b) != "mine" {
		t.Errorf("the file named as the memory now holds %q", b)
	}
}

func mkdir(t *testing.T, p string) {
	t.Helper()
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
}

func symlink(t *testing.T, target, p string) {
	t.Helper()
	if err := os.Symlink(target, p); err != nil {
		t.Fatal(err)
	}
}

func mkfifo(t *testing.T, p string) {
	t.Helper()
	if err := syscall.Mkfifo(p, 0o644); err != nil {
		t.Skipf("mkfifo: %v", err)
	}
}
