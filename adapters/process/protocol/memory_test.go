package protocol_test

import (
	"bufio"
	"context"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// floodHarnessEnv makes the test binary, started by TestLongLineMemory, play
// the harness whose memory is measured.
const floodHarnessEnv = "CTXCONFORM_FLOOD_HARNESS"

// TestLongLineMemory: an implementation that answers with one 200 MB line
// is cut off at the default line limit (64 MiB), and the harness's peak
// resident memory stays under twice that limit. The harness runs in a
// process of its own (this test binary again), which reports its peak
// resident set (VmHWM in /proc/self/status), so nothing of the test's own
// counts; the measure is memory, never time.
func TestLongLineMemory(t *testing.T) {
	const limit = 64 << 20 // protocol.Options.MaxLine's default
	if os.Getenv(floodHarnessEnv) != "" {
		a, err := protocol.New(context.Background(), misbehaving(t, "long-line"), protocol.Options{})
		if err != nil {
			t.Fatal(err)
		}
		defer a.Close()
		_, err = a.Inflate(context.Background(), inflate.Request{})
		if err == nil || !strings.Contains(err.Error(), "longer than 67108864 bytes") {
			t.Fatalf("a 200 MB line: error %v, want it cut off at the line limit", err)
		}
		os.Stdout.WriteString("peak " + strconv.FormatInt(peakRSS(t), 10) + "\n")
		return
	}
	if _, err := os.Stat("/proc/self/status"); err != nil {
		t.Skip("needs /proc/self/status (Linux) to read the peak resident set")
	}
	cmd := exec.Command(os.Args[0], "-test.run=^TestLongLineMemory$", "-test.v")
	cmd.Env = append(os.Environ(), floodHarnessEnv+"=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("harness: %v\n%s", err, out)
	}
	var peak int64 = -1
	for _, line := range strings.Split(string(out), "\n") {
		if v, ok := strings.CutPrefix(line, "peak "); ok {
			peak, _ = strconv.ParseInt(v, 10, 64)
		}
	}
	if peak < 0 {
		t.Fatalf("harness reported no peak:\n%s", out)
	}
	t.Logf("peak resident memory of the harness reading a 200 MB line: %.1f MiB (limit %d MiB)", float64(peak)/(1<<20), limit>>20)
	if peak >= 2*limit {
		t.Errorf("peak resident memory %.1f MiB, want under %d MiB (twice the line limit)", float64(peak)/(1<<20), 2*limit>>20)
	}
}

// peakRSS is this process's peak resident set in bytes (VmHWM).
func peakRSS(t *testing.T) int64 {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if v, ok := strings.CutPrefix(sc.Text(), "VmHWM:"); ok {
			kb, err := strconv.ParseInt(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(v), "kB")), 10, 64)
			if err != nil {
				t.Fatal(err)
			}
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/self/status")
	return 0
}
