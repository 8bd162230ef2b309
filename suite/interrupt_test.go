package suite

import (
	"context"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestRunInterrupted: when the run's context ends, the requirement in
// progress and the rest are not run, the report says why, Progress heard
// of each requirement that started, and the gate fails.
func TestRunInterrupted(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	reqs := []Requirement{
		req("INF-01", Must, func(*T) {}),
		req("INF-02", Must, func(t *T) {
			cancel(errors.New("interrupted by SIGTERM"))
			<-t.ctx.Done()
			t.Errorf("saw a wrong answer")
		}),
		req("INF-03", Should, func(*T) { panic("must not start") }),
	}
	var heard []string
	rep := Run(ctx, a, reqs, Options{Level: Reference, Progress: func(r Result) { heard = append(heard, r.ID+" "+string(r.Outcome)) }})
	want := []Outcome{Passed, NotRun, NotRun}
	for i, r := range rep.Results {
		if r.Outcome != want[i] {
			t.Errorf("%s: %s (%s), want %s", r.ID, r.Outcome, r.Message, want[i])
		}
	}
	if m := rep.Results[1].Message; !regexp.MustCompile(`^interrupted: interrupted by SIGTERM\nbefore that it was failed:\nsaw a wrong answer`).MatchString(m) {
		t.Errorf("message of the requirement in progress: %q", m)
	}
	if m := rep.Results[2].Message; m != "not started: interrupted by SIGTERM" {
		t.Errorf("message of the requirement not started: %q", m)
	}
	if rep.Interrupted != "interrupted by SIGTERM" {
		t.Errorf("Interrupted = %q", rep.Interrupted)
	}
	if !slices.Equal(heard, []string{"INF-01 passed", "INF-02 not run"}) {
		t.Errorf("Progress heard %q", heard)
	}
	if !rep.Gate(Must) || rep.Summary() != "1 passed, 0 failed, 0 errored, 0 skipped, 0 not implemented, 2 not run" {
		t.Errorf("gate %v, summary %q: an interrupted run must fail the gate", rep.Gate(Must), rep.Summary())
	}
}

// TestRunInterruptedFault: the fault an interruption causes (an adapter
// call cut off by the cancelled context) is not reported as what the check
// saw before it.
func TestRunInterruptedFault(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	r := req("INF-01", Must, func(t *T) {
		cancel(errors.New("interrupted by SIGINT"))
		<-t.ctx.Done()
		t.OperationFailed("inflate", fmt.Errorf("%w: no answer before the check's deadline: %w", adapters.ErrFault, t.ctx.Err()))
	})
	res := RunOne(ctx, a, r, Options{})
	if res.Outcome != NotRun || res.Message != "interrupted: interrupted by SIGINT" {
		t.Errorf("%s %q, want not run with the interruption alone", res.Outcome, res.Message)
	}
}
