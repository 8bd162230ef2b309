package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestBoundedReads is issue 24's third command: every file the binary
// reads has a limit. An endless device and a (sparse) regular file one
// byte over the limit end in exit 2 naming the file and the limit, within
// bounded memory (the child's peak resident set, from wait4's rusage).
func TestBoundedReads(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("/dev/zero and rusage's maxrss in KiB")
	}
	dir := t.TempDir()
	huge := func(name string, size int64) string {
		p := filepath.Join(dir, name)
		f, err := os.Create(p)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Truncate(size + 1); err != nil {
			t.Fatal(err)
		}
		f.Close()
		return p
	}
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"run --expectations /dev/zero", []string{"run", "--run", "^INF-01$", "--expectations", "/dev/zero"}, "/dev/zero: larger than 8 MiB, the most an expectations file may hold"},
		{"run --expectations huge", []string{"run", "--run", "^INF-01$", "--expectations", huge("e.json", 8<<20)}, "e.json: larger than 8 MiB"},
		{"replay /dev/zero", []string{"replay", "/dev/zero"}, "/dev/zero: larger than 32 MiB, the most a replay file may hold"},
		{"replay huge", []string{"replay", huge("r.json", 32<<20)}, "r.json: larger than 32 MiB"},
		{"history --ack /dev/zero", []string{"history", "--ack", "/dev/zero", dir}, "/dev/zero: larger than 8 MiB, the most an acknowledgements file may hold"},
		{"merge huge", []string{"merge", huge("m.json", 64<<20)}, "m.json: larger than 64 MiB, the most a JSON report may hold"},
		{"compare huge", []string{"compare", huge("a.txt", 256<<20), huge("b.txt", 256<<20)}, "a.txt: larger than 256 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cmd := exec.Command(os.Args[0], tt.args...)
			cmd.Env = append(os.Environ(), asEnv+"=conformance")
			out, err := cmd.CombinedOutput()
			if code := cmd.ProcessState.ExitCode(); code != exitUsage || !strings.Contains(string(out), tt.want) {
				t.Errorf("exit %d (%v), want %d saying %q:\n%s", code, err, exitUsage, tt.want, out)
			}
			if ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
				if peak := ru.Maxrss << 10; peak > 200<<20 {
					t.Errorf("peak resident memory %d MiB, want under 200 MiB", peak>>20)
				}
			}
		})
	}
}
