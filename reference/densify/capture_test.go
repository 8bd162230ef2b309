package densify_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// sleeps records the pauses Capture asks for, without waiting.
type sleeps []time.Duration

func (s *sleeps) sleep(_ context.Context, d time.Duration) error {
	*s = append(*s, d)
	return nil
}

func TestCapture(t *testing.T) {
	small := paras(1, 2) // one full call; output P01 (see TestReactiveSingleCall)
	tests := []struct {
		name      string
		faults    sim.Faults
		input     string
		maxInput  int
		attempts  int
		delay     time.Duration
		status    densify.Status
		tries     int
		calls     int
		slept     []time.Duration
		inMessage string
	}{
		{name: "first attempt", input: small, status: densify.StatusReady, tries: 1, calls: 1},
		{name: "transient then success", faults: sim.Faults{TransientAt: []int{1}}, input: small,
			status: densify.StatusReady, tries: 2, calls: 2, slept: []time.Duration{500 * time.Millisecond}},
		{name: "rate limit then success", faults: sim.Faults{RateLimitAt: []int{1}}, input: small,
			status: densify.StatusReady, tries: 2, calls: 2, slept: []time.Duration{500 * time.Millisecond}},
		{name: "every call fails", faults: sim.Faults{TransientEvery: 1}, input: small,
			status: densify.StatusFailed, tries: 2, calls: 2, slept: []time.Duration{500 * time.Millisecond},
			inMessage: "Overloaded"},
		{name: "three attempts, custom delay", faults: sim.Faults{TransientEvery: 1}, input: small, attempts: 3,
			delay: 7 * time.Millisecond, status: densify.StatusFailed, tries: 3, calls: 3,
			slept: []time.Duration{7 * time.Millisecond, 7 * time.Millisecond}, inMessage: "Overloaded"},
		{name: "the least delay", faults: sim.Faults{TransientAt: []int{1}}, input: small, delay: time.Nanosecond,
			status: densify.StatusReady, tries: 2, calls: 2, slept: []time.Duration{time.Nanosecond}},
		{name: "no delay", faults: sim.Faults{TransientAt: []int{1}}, input: small, delay: -1,
			status: densify.StatusReady, tries: 2, calls: 2},
		{name: "too long is not retried", input: strings.Repeat("a", 31), maxInput: 10,
			status: densify.StatusFailed, tries: 1, calls: 0, inMessage: "exceeds the limit of 10"},
		{name: "invalid input is not retried", input: "\xff",
			status: densify.StatusFailed, tries: 1, calls: 0, inMessage: "invalid input"},
	}
	for _, tt := range tests {
		s := newSim(t, sim.Config{Cap: 100_000, Style: sim.Anthropic, Faults: tt.faults})
		var slept sleeps
		d := newDensifier(t, densify.Config{Provider: s, MaxInput: tt.maxInput, CaptureAttempts: tt.attempts,
			RetryDelay: tt.delay, Sleep: slept.sleep})
		rec := d.Capture(context.Background(), tt.input)
		if rec.Status != tt.status || rec.Attempts != tt.tries || len(rec.Results) != tt.tries {
			t.Errorf("%s: status %s after %d attempts (%d results), want %s after %d", tt.name, rec.Status, rec.Attempts, len(rec.Results), tt.status, tt.tries)
		}
		if n := len(s.Calls()); n != tt.calls {
			t.Errorf("%s: %d calls, want %d", tt.name, n, tt.calls)
		}
		if len(slept) != len(tt.slept) {
			t.Errorf("%s: slept %v, want %v", tt.name, slept, tt.slept)
		} else {
			for i := range slept {
				if slept[i] != tt.slept[i] {
					t.Errorf("%s: slept %v, want %v", tt.name, slept, tt.slept)
				}
			}
		}
		switch tt.status {
		case densify.StatusReady:
			if rec.Output != para(1) || rec.Message != "" && rec.Err == nil {
				t.Errorf("%s: output %.10q message %q", tt.name, rec.Output, rec.Message)
			}
		case densify.StatusFailed:
			if rec.Err == nil || rec.Message != rec.Err.Error() || !strings.Contains(rec.Message, tt.inMessage) {
				t.Errorf("%s: message %q, want one containing %q", tt.name, rec.Message, tt.inMessage)
			}
		}
	}
}

// A cancelled context is not retried.
func TestCaptureCancelled(t *testing.T) {
	s := newSim(t, sim.Config{Cap: 100_000})
	var slept sleeps
	d := newDensifier(t, densify.Config{Provider: s, Sleep: slept.sleep})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	rec := d.Capture(ctx, paras(1, 2))
	if rec.Status != densify.StatusFailed || rec.Attempts != 1 || len(slept) != 0 {
		t.Errorf("status %s after %d attempts, slept %v; want failed after 1, no sleep", rec.Status, rec.Attempts, slept)
	}
}
