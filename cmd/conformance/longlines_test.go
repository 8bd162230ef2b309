package main

import (
	"os"
	"os/exec"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestLongLinesMemory is issue 24's sixth command: a Python program that
// answers every request with a 70 MiB line (over the 64 MiB cap) on
// standard output and standard error, and floods again each time it is
// started again. Every requirement errors naming the flood, and the
// harness's peak resident memory stays under its own without a flood, the
// line cap and 32 MiB, however many such lines it reads: each flood's 64 MiB is
// collected before the program, started again, floods again. Without
// that collection the peak was 124–156 MiB here, and 423 MB in the
// issue's report.
func TestLongLinesMemory(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("rusage's maxrss in KiB")
	}
	program := append(faulty(t, "longlines.py"), "--both")
	// The bound is the harness's own peak on the same requirements without
	// a flood (the reference in process), plus the line cap, plus 32 MiB:
	// the fragments of one flood, cloned, and what the collector has not
	// yet given back. Here the flood's peak was 88–90 MiB over a base of
	// 24, and 115 on a CI machine; a harness that keeps what it read
	// (no collection between floods) came to 134–146 MiB.
	base := harnessPeak(t, "--adapter", "reference")
	bound := base + 64<<20 + 32<<20
	// The peak also depends on when the collector runs against the
	// program's next flood, so the bound must hold in one of two runs; a
	// harness that keeps what it read is over in both.
	var peaks []int64
	for len(peaks) < 2 {
		peak := longLinesPeak(t, program)
		peaks = append(peaks, peak)
		t.Logf("peak resident memory: %d MiB for 3 over-long lines on each of stdout and stderr (%d MiB without a flood)", peak>>20, base>>20)
		if peak < bound {
			return
		}
	}
	t.Errorf("peak resident memory %d and %d MiB, want under %d MiB (%d without a flood, the line cap and 32 MiB) in one of two runs", peaks[0]>>20, peaks[1]>>20, bound>>20, base>>20)
}

// harnessPeak is the harness's peak resident memory running INF-01–03
// with the given adapter flags and nothing that floods.
func harnessPeak(t *testing.T, adapter ...string) int64 {
	t.Helper()
	args := append([]string{"run", "--run", "^INF-0[1-3]$", "--property-runs", "1", "--seed", "1", "--replay-dir", t.TempDir()}, adapter...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asEnv+"=conformance")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("the harness on the reference: %v\n%s", err, out)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage")
	}
	return ru.Maxrss << 10
}

// longLinesPeak runs the harness against the flooding program and returns
// its peak resident memory, after checking what it says.
func longLinesPeak(t *testing.T, program []string) int64 {
	t.Helper()
	dir := t.TempDir()
	args := append([]string{"run", "-v", "--adapter", "exec", "--run", "^INF-0[1-3]$", "--property-runs", "1", "--seed", "1",
		"--request-timeout", "1m", "--replay-dir", dir, "--"}, program...)
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), asEnv+"=conformance")
	out, err := cmd.CombinedOutput()
	if code := cmd.ProcessState.ExitCode(); code != exitGate {
		t.Fatalf("exit %d (%v), want %d:\n%s", code, err, exitGate, out)
	}
	// The table says one cause once (reports/causes.go): every requirement
	// errored, and the flood is named.
	for _, want := range []string{"INF-01 ERROR", "INF-02 ERROR", "INF-03 ERROR", "longer than 67108864 bytes (flooding its output)"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the output lacks %q:\n%s", want, out)
		}
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage")
	}
	// maxrss covers the harness and the Python program it waited for,
	// which holds a MiB at a time: the peak is the harness's.
	return ru.Maxrss << 10
}
