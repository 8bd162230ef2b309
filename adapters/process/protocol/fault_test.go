package protocol_test

import (
	"context"
	"errors"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform"
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/process/protocol"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
)

// few is a quick selection of inflation requirements: two example-based
// specs that need windows and one property.
var few = regexp.MustCompile(`^(INF-12|DEN-06|INF-03) `)

func quick() suite.Options {
	return suite.Options{Level: suite.Reference, Match: few, Seed: 1, PropertyRuns: 5, Timeout: 20 * time.Second}
}

// TestMisbehaving starts implementations that crash, hang, flood their
// output, print what is not JSON, answer the wrong seq or report an
// internal error: every requirement must end errored with the
// reason, and the run must go on to the next requirement (the adapter
// restarting the implementation each time).
func TestMisbehaving(t *testing.T) {
	tests := []struct {
		mode   string
		reason string // in every result's message
		opts   protocol.Options
	}{
		{"crash", "exited: exit status 3", protocol.Options{}},
		{"hang", "no message for 300ms (the request timeout)", protocol.Options{RequestTimeout: 300 * time.Millisecond}},
		{"flood", "longer than 1048576 bytes", protocol.Options{MaxLine: 1 << 20}},
		{"garbage", `malformed message: not JSON: "Loading model weights... done"`, protocol.Options{}},
		{"wrong-seq", "(result) while seq", protocol.Options{}},
		{"internal", "internal error: out of memory", protocol.Options{}},
		{"extra", `unknown property "elapsed_ms"`, protocol.Options{Validate: true}},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			ctx := context.Background()
			a, err := protocol.New(ctx, misbehaving(t, tt.mode), tt.opts)
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			rep := suite.Run(ctx, a, ctxconform.Requirements(), quick())
			if len(rep.Results) != 3 {
				t.Fatalf("%d results, want 3 (the run must go on): %+v", len(rep.Results), rep.Results)
			}
			for _, r := range rep.Results {
				if r.Outcome != suite.Errored {
					t.Errorf("%s: %s (%s), want errored", r.ID, r.Outcome, r.Message)
				} else if !strings.Contains(r.Message, tt.reason) {
					t.Errorf("%s: message %q does not give the reason %q", r.ID, r.Message, tt.reason)
				}
			}
			if tt.mode == "crash" {
				if !strings.Contains(rep.Results[0].Message, "index out of range") {
					t.Errorf("crash message %q does not quote the implementation's stderr", rep.Results[0].Message)
				}
				if !strings.Contains(a.Stderr(), "index out of range [7]") {
					t.Errorf("Stderr() = %q, want the implementation's panic", a.Stderr())
				}
			}
		})
	}
}

// TestCapabilityFaults: a program that declares a capability and then does
// not keep its side of it is at fault (errored), never judged on a wrong
// or untimed answer.
func TestCapabilityFaults(t *testing.T) {
	req := inflate.Request{Documents: []inflate.Document{{ID: "a", Body: "alpha beta gamma"}},
		Hits: []inflate.Hit{{ID: "h", CompoundID: "a", Start: 6, End: 10, Score: 1}}}
	tests := []struct {
		mode, reason string
		timed        bool
	}{
		{"untimed", `no "bench" timing`, true},
		{"forgets", "no document under ref d1", false},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			ctx := context.Background()
			a, err := protocol.New(ctx, misbehaving(t, tt.mode), protocol.Options{Validate: true})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			if tt.timed {
				st := &adapters.SelfTiming{Iterations: 3}
				ctx = adapters.WithSelfTiming(ctx, st)
				defer func() {
					if st.Done {
						t.Error("the call counts as timed")
					}
				}()
			}
			_, err = a.Inflate(ctx, req)
			if !errors.Is(err, adapters.ErrFault) || !strings.Contains(err.Error(), tt.reason) {
				t.Errorf("err = %v, want a fault saying %q", err, tt.reason)
			}
		})
	}
}

// TestExtraFieldWithoutValidation: unknown fields are ignored unless the
// protocol is validated, so the same implementation passes.
func TestExtraFieldWithoutValidation(t *testing.T) {
	ctx := context.Background()
	a, err := protocol.New(ctx, misbehaving(t, "extra"), protocol.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	for _, r := range suite.Run(ctx, a, ctxconform.Requirements(), quick()).Results {
		if r.Outcome != suite.Passed {
			t.Errorf("%s: %s (%s), want passed", r.ID, r.Outcome, r.Message)
		}
	}
}

// TestRestart: an implementation that crashes on its first request only is
// restarted; the first requirement is errored, the others pass.
func TestRestart(t *testing.T) {
	ctx := context.Background()
	a, err := protocol.New(ctx, misbehaving(t, "crash-once"), protocol.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	rep := suite.Run(ctx, a, ctxconform.Requirements(), quick())
	var got []suite.Outcome
	for _, r := range rep.Results {
		got = append(got, r.Outcome)
	}
	want := []suite.Outcome{suite.Errored, suite.Passed, suite.Passed}
	if strings.Join(outcomes(got), ",") != strings.Join(outcomes(want), ",") {
		t.Errorf("outcomes %v, want %v", got, want)
	}
	if n := a.Restarts(); n != 1 {
		t.Errorf("Restarts() = %d, want 1", n)
	}
	if !strings.Contains(a.Stderr(), "--- ctxconform: restart 1 ---") {
		t.Errorf("stderr %q does not mark the restart", a.Stderr())
	}
}

func outcomes(os []suite.Outcome) []string {
	var s []string
	for _, o := range os {
		s = append(s, string(o))
	}
	return s
}

// TestStartFailures: an implementation that cannot complete the handshake
// is a setup error naming why.
func TestStartFailures(t *testing.T) {
	tests := []struct{ mode, want string }{
		{"bad-start", "malformed message: not JSON"},
		{"old", "speaks protocol 99"},
		{"silent", `no "started" within 300ms`},
		{"exit-start", "cannot open my model file"},
	}
	for _, tt := range tests {
		t.Run(tt.mode, func(t *testing.T) {
			a, err := protocol.New(context.Background(), misbehaving(t, tt.mode), protocol.Options{StartTimeout: 300 * time.Millisecond})
			if err == nil {
				a.Close()
				t.Fatal("started; want an error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
	if _, err := protocol.Exec(context.Background(), nil, protocol.Options{}); err == nil {
		t.Error("Exec with no command: no error")
	}
	if _, err := protocol.Exec(context.Background(), []string{"/nonexistent/impl"}, protocol.Options{}); err == nil {
		t.Error("Exec of a missing program: no error")
	}
}

// TestRejection: an error answer of kind invalid_request is a plain
// error (the check judges it), not a fault; not_implemented wraps
// adapters.ErrNotImplemented.
func TestRejection(t *testing.T) {
	ctx := context.Background()
	a, err := protocol.New(ctx, misbehaving(t, "ok"), protocol.Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	_, err = a.Inflate(ctx, inflate.Request{Hits: []inflate.Hit{{ID: "h", CompoundID: "nowhere"}}})
	var rej *protocol.Rejection
	if !errors.As(err, &rej) || errors.Is(err, adapters.ErrFault) {
		t.Errorf("bad request: error %v, want a Rejection that is not a fault", err)
	}
	// The helper declares inflate and density only.
	if _, err := a.Search(ctx, adapters.SearchRequest{Term: "x"}); !errors.Is(err, adapters.ErrNotImplemented) {
		t.Errorf("undeclared operation: error %v, want ErrNotImplemented", err)
	}
	// Invalid UTF-8 cannot be carried by JSON: not sent, and not a fault.
	_, err = a.Inflate(ctx, inflate.Request{Documents: []inflate.Document{{ID: "d", Body: "a\xffb"}}})
	if !errors.Is(err, protocol.ErrInexpressible) || errors.Is(err, adapters.ErrFault) || !strings.Contains(err.Error(), "documents[0].body") {
		t.Errorf("invalid UTF-8: error %v, want ErrInexpressible naming documents[0].body", err)
	}
	if got := a.Info(); got.Name != "helper-ok" || got.Unit != "bytes" || len(got.Standards) != 2 {
		t.Errorf("Info() = %+v", got)
	}
	if err := a.Close(); err != nil {
		t.Errorf("Close: %v", err)
	}
	if _, err := a.Inflate(ctx, inflate.Request{}); err == nil {
		t.Error("Inflate after Close: no error")
	}
}

// TestCanceledWhileHanging: a request to a program that never answers ends
// when its context does (well before the request timeout), as a fault
// that says so, and the next request starts the program afresh.
func TestCanceledWhileHanging(t *testing.T) {
	a, err := protocol.New(context.Background(), misbehaving(t, "hang"), protocol.Options{RequestTimeout: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	defer a.Close()
	req := inflate.Request{Documents: []inflate.Document{{ID: "a", Body: "alpha beta"}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "a", Start: 0, End: 5, Score: 1}}}
	for i := range 2 {
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		_, err := a.Inflate(ctx, req)
		cancel()
		if !errors.Is(err, adapters.ErrFault) || !errors.Is(err, context.DeadlineExceeded) {
			t.Fatalf("request %d: %v, want a fault for the context's end", i, err)
		}
	}
	if a.Restarts() != 1 {
		t.Errorf("%d restarts, want 1 (the second request starts the program again)", a.Restarts())
	}
}
