package suite

import (
	"context"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestRunPool: on two instances, requirements run side by side (X-01 waits
// for X-03, dealt after it, to end), a Timed one runs with no other running,
// each requirement numbers its requests from 1, and the results and the
// Progress calls come in the order of the selection whatever order the
// checks ended in.
func TestRunPool(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	var running, timedBeside atomic.Int32
	bDone := make(chan struct{})
	counted := func(check func(*T)) func(*T) {
		return func(t *T) {
			running.Add(1)
			defer running.Add(-1)
			if n, ok := adapters.NextSeq(t.Context()); !ok || n != 1 {
				t.Errorf("first request numbered %d (%v), want 1", n, ok)
			}
			check(t)
		}
	}
	timed := req("X-02", Must, counted(func(*T) { timedBeside.Store(running.Load() - 1) }))
	timed.Timed = true
	reqs := []Requirement{
		req("X-01", Must, counted(func(t *T) {
			select {
			case <-bDone:
			case <-t.Context().Done():
				t.Errorf("X-03 did not run beside X-01")
			}
		})),
		timed,
		req("X-03", Must, counted(func(*T) { close(bDone) })),
		req("X-04", Must, counted(func(*T) {})),
	}
	var progress []string
	opts := Options{Timeout: time.Minute, Progress: func(r Result) { progress = append(progress, r.ID) }}
	rep := RunPool(context.Background(), []adapters.Adapter{a, a}, reqs, opts)
	var ids []string
	for _, r := range rep.Results {
		ids = append(ids, r.ID)
		if r.Outcome != Passed {
			t.Errorf("%s %s: %s", r.ID, r.Outcome, r.Message)
		}
	}
	want := []string{"X-01", "X-02", "X-03", "X-04"}
	if !slices.Equal(ids, want) || !slices.Equal(progress, want) {
		t.Errorf("results %v, progress %v: want both %v", ids, progress, want)
	}
	if n := timedBeside.Load(); n != 0 {
		t.Errorf("the timed requirement ran beside %d others, want alone", n)
	}
}
