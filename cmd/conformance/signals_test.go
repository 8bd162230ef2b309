package main

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/reports"
	"github.com/ctxconform/ctxconform/suite"
)

// TestRunSignalledTwice: as a CI runner does, SIGINT then SIGTERM a few
// milliseconds later. The second signal waits for the reports: JSON,
// JUnit and Markdown are written and valid, and the exit is the gate's 1,
// at every delay, for the reference in process and for a Python program
// that never answers (the run is waiting on it when the signals come).
func TestRunSignalledTwice(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("SIGTERM")
	}
	hang := faulty(t, "hang.py")
	firstSignal := map[string]bool{"interrupted by SIGINT": true, "interrupted by SIGTERM": true}
	programs := []struct {
		name string
		args []string
		wait func(line string) bool // the line on stderr after which the first signal comes
	}{
		{"reference", []string{"--run", "^(INF|DEN)-"}, func(l string) bool { return strings.HasSuffix(l, "s)") }},
		{"hang.py", append([]string{"--adapter", "exec", "--standard", "inflate", "--request-timeout", "1s", "--"}, hang...), func(l string) bool { return strings.HasSuffix(l, "s)") }},
	}
	for _, p := range programs {
		for _, delay := range []time.Duration{0, time.Millisecond, 3 * time.Millisecond, 10 * time.Millisecond, 50 * time.Millisecond} {
			t.Run(fmt.Sprintf("%s/%s", p.name, delay), func(t *testing.T) {
				dir := t.TempDir()
				js, junit, md := filepath.Join(dir, "r.json"), filepath.Join(dir, "r.xml"), filepath.Join(dir, "r.md")
				args := append([]string{"run", "-v", "--seed", "3", "--json", js, "--junit", junit, "--markdown", md}, p.args...)
				cmd := exec.Command(os.Args[0], args...)
				cmd.Env = append(os.Environ(), asEnv+"=conformance")
				cmd.Stdout = new(bytes.Buffer)
				stderr, err := cmd.StderrPipe()
				if err != nil {
					t.Fatal(err)
				}
				if err := cmd.Start(); err != nil {
					t.Fatal(err)
				}
				lines := bufio.NewScanner(stderr)
				var heard strings.Builder
				for lines.Scan() {
					heard.WriteString(lines.Text() + "\n")
					if p.wait(lines.Text()) {
						break
					}
				}
				if p.name == "hang.py" {
					time.Sleep(200 * time.Millisecond) // a request sent, unanswered
				}
				if err := cmd.Process.Signal(os.Interrupt); err != nil {
					t.Fatal(err)
				}
				time.Sleep(delay)
				if err := cmd.Process.Signal(syscall.SIGTERM); err != nil {
					t.Fatal(err)
				}
				var wg sync.WaitGroup
				wg.Go(func() {
					for lines.Scan() {
						heard.WriteString(lines.Text() + "\n")
					}
				})
				wg.Wait()
				err = cmd.Wait()
				var exit *exec.ExitError
				if !errors.As(err, &exit) || exit.ExitCode() != exitGate {
					t.Fatalf("run: %v, want exit status %d\n%s", err, exitGate, heard.String())
				}
				if strings.Contains(heard.String(), "may be missing") {
					t.Errorf("the reports were not waited for:\n%s", heard.String())
				}
				b, err := os.ReadFile(js)
				if err != nil {
					t.Fatalf("%v\n%s", err, heard.String())
				}
				doc, err := reports.ReadReport(bytes.NewReader(b))
				// Either signal may be the one the run heard first: they are
				// sent milliseconds apart, and on a loaded machine the
				// runtime may hand them over in either order.
				if err != nil || len(doc.Runs) != 1 || doc.Runs[0].Count(suite.NotRun) == 0 || !firstSignal[doc.Runs[0].Interrupted] {
					interrupted, notRun := "", 0
					if len(doc.Runs) == 1 {
						interrupted, notRun = doc.Runs[0].Interrupted, doc.Runs[0].Count(suite.NotRun)
					}
					t.Fatalf("JSON report: %v; interrupted %q, %d not run, want \"interrupted by SIGINT\" or \"interrupted by SIGTERM\" and some not run\n%.1000s", err, interrupted, notRun, b)
				}
				var suites struct {
					Tests int `xml:"tests,attr"`
				}
				if b, err := os.ReadFile(junit); err != nil || xml.Unmarshal(b, &suites) != nil || suites.Tests != len(doc.Runs[0].Results) {
					t.Errorf("JUnit report: %v, %d tests\n%s", err, suites.Tests, b)
				}
				if b, err := os.ReadFile(md); err != nil || !strings.Contains(string(b), "cut short") {
					t.Errorf("Markdown report: %v\n%s", err, b)
				}
			})
		}
	}
}

// TestSecondSignalBounded: a second signal waits for stop at most
// secondSignalGrace, then exits 1 saying so; a third exits at once; once
// stopped, the wait ends without an exit.
func TestSecondSignalBounded(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("signals")
	}
	tests := []struct {
		name    string
		signals int
		stopped bool          // stop is called after the signals
		within  time.Duration // the exit comes before this
		said    string
	}{
		{"third signal", 3, false, secondSignalGrace / 2, "a third time: exiting now"},
		{"grace over", 2, false, 3 * secondSignalGrace, "not written within"},
		{"stopped in time", 2, true, 0, "again: writing the reports"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var mu sync.Mutex
			var said bytes.Buffer
			exited := make(chan int, 1)
			w := writerFunc(func(b []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return said.Write(b) })
			ctx, stop := interruptibleBy(0, w, func(code int) { exited <- code })
			defer stop()
			for i := 0; i < tt.signals; i++ {
				if err := syscall.Kill(os.Getpid(), syscall.SIGINT); err != nil {
					t.Fatal(err)
				}
				<-ctx.Done()
				time.Sleep(50 * time.Millisecond) // each signal handled in turn
			}
			if tt.stopped {
				stop()
				select {
				case code := <-exited:
					t.Fatalf("exited %d after stop", code)
				case <-time.After(secondSignalGrace + time.Second):
				}
			} else {
				select {
				case code := <-exited:
					if code != exitGate {
						t.Errorf("exit %d, want %d", code, exitGate)
					}
				case <-time.After(tt.within):
					t.Fatalf("no exit within %s", tt.within)
				}
			}
			mu.Lock()
			defer mu.Unlock()
			if !strings.Contains(said.String(), tt.said) {
				t.Errorf("said %q, want %q", said.String(), tt.said)
			}
		})
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(b []byte) (int, error) { return f(b) }
