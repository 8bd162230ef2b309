package bench_test

import (
	"context"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/broken"
	"github.com/ctxconform/ctxconform/adapters/process"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/bench"
)

// TestSelfTimed runs the target benchmark against implementations behind
// the process protocol: the served reference is timed on its own clock
// (ns/op and B/op from its "bench" answer, no harness allocations); a wrong
// answer is not timed at all; a program that cannot time itself is skipped
// rather than measured with the pipe.
func TestSelfTimed(t *testing.T) {
	target := regexp.MustCompile("^" + regexp.QuoteMeta(bench.TargetNames()[0]) + "$")
	cases := []struct {
		name string
		impl adapters.Adapter
		caps []string // declared capabilities; nil: all
		want func(t *testing.T, r bench.Result)
	}{
		{"reference", reference.New(), nil, func(t *testing.T, r bench.Result) {
			if r.Err != nil || r.Skipped != "" {
				t.Fatalf("not measured: %v %s", r.Err, r.Skipped)
			}
			var units []string
			for _, v := range r.Values {
				units = append(units, v.Unit)
			}
			for _, u := range []string{"ns/op", "B/op", "ns/window", "windows/op"} {
				if !slices.Contains(units, u) {
					t.Errorf("no %s among %v", u, units)
				}
			}
			if slices.Contains(units, "allocs/op") {
				t.Errorf("allocs/op reported: the harness's allocations are the pipe's, not the implementation's (%v)", units)
			}
		}},
		{"ignores-budget", broken.IgnoresBudget(), nil, func(t *testing.T, r bench.Result) {
			if r.Err == nil || !strings.Contains(r.Err.Error(), "wrong answer, not timed") {
				t.Errorf("a wrong answer was timed: err %v, values %v", r.Err, r.Values)
			}
		}},
		{"version-1", reference.New(), []string{}, func(t *testing.T, r bench.Result) {
			if !strings.Contains(r.Skipped, "pipe") {
				t.Errorf("a program that cannot time itself: skipped %q, err %v, values %v; want skipped for the pipe", r.Skipped, r.Err, r.Values)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			a, err := process.New(context.Background(), process.InProcess(c.impl, process.ServeOptions{Capabilities: c.caps}), process.Options{Validate: true})
			if err != nil {
				t.Fatal(err)
			}
			defer a.Close()
			s := bench.New(bench.Config{Adapter: a})
			rs, err := bench.Run(s.Benchmarks, bench.Options{Count: 1, Benchtime: "3x", Match: target})
			if err != nil {
				t.Fatal(err)
			}
			if len(rs) != 1 {
				t.Fatalf("%d results, want 1", len(rs))
			}
			c.want(t, rs[0])
		})
	}
}
