package open_test

import (
	"context"
	"errors"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/open"
)

// twin is an instance as a start function makes it: the nth started.
type twin struct {
	info   adapters.Info
	single bool
	closed *atomic.Int32
}

func (t twin) Info() adapters.Info  { return t.info }
func (t twin) Close() error         { t.closed.Add(1); return nil }
func (t twin) SingleInstance() bool { return t.single }

// TestInstances: n instances that describe themselves alike make the pool;
// one that differs, or fails to start, after the first is an InstanceError
// naming it, every started instance closed; the first's own error comes as
// it is; a single_instance program gets one instance and a reason.
func TestInstances(t *testing.T) {
	base := adapters.Info{Name: "p", Version: "1", Unit: "bytes", Standards: []adapters.Standard{adapters.Inflate}}
	boom := errors.New("boom")
	tests := []struct {
		name     string
		nth      func(n int) (twin, error) // the nth instance started, from 1
		pool     int                       // instances in the pool (0: an error)
		why      string                    // part of the reason for fewer
		err      string                    // part of the error
		instance int                       // the InstanceError's N (0: not one)
	}{
		{"alike", func(int) (twin, error) { return twin{info: base}, nil }, 3, "", "", 0},
		{"single_instance", func(int) (twin, error) { return twin{info: base, single: true}, nil }, 1, "p declares single_instance", "", 0},
		{"another version", func(n int) (twin, error) {
			i := base
			if n > 1 {
				i.Version = "2"
			}
			return twin{info: i}, nil
		}, 0, "", `instance 2 of 3: it describes itself otherwise than instance 1: version "2", not "1"`, 2},
		{"another fails", func(n int) (twin, error) {
			if n > 1 {
				return twin{}, boom
			}
			return twin{info: base}, nil
		}, 0, "", "of 3: boom (--jobs 1 runs one instance", -1},
		{"the first fails", func(int) (twin, error) { return twin{}, boom }, 0, "", "boom", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var started, opened, closed atomic.Int32
			start := func(context.Context) (adapters.Adapter, error) {
				a, err := tt.nth(int(started.Add(1)))
				if err != nil {
					return nil, err
				}
				opened.Add(1)
				a.closed = &closed
				return a, nil
			}
			pool, why, err := open.Instances(context.Background(), 3, start)
			if len(pool) != tt.pool || !strings.Contains(why, tt.why) || (tt.why == "") != (why == "") {
				t.Errorf("%d instances, reason %q: want %d, %q", len(pool), why, tt.pool, tt.why)
			}
			if tt.err == "" && err != nil || tt.err != "" && (err == nil || !strings.Contains(err.Error(), tt.err)) {
				t.Fatalf("error %v, want one saying %q", err, tt.err)
			}
			var ie *open.InstanceError
			if isInstance := errors.As(err, &ie); isInstance != (tt.instance != 0) || tt.instance > 0 && ie.N != tt.instance {
				t.Errorf("error %v: want an InstanceError of instance %d", err, tt.instance)
			}
			if err != nil && closed.Load() != opened.Load() {
				t.Errorf("%d started, %d closed: every started instance must be closed", opened.Load(), closed.Load())
			}
		})
	}
}
