package suite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
)

// A falsified property fails the requirement with its seed and its shrunk
// counterexample; the same seed finds the same counterexample again, and its
// replay runs that case alone.
func TestPropertyReportsShrunkCounterexample(t *testing.T) {
	small := func(n int) string {
		if n >= 1000 {
			return fmt.Sprintf("%d >= 1000", n)
		}
		return ""
	}
	check := func(t *T) { ForAll(t, "small", nil, gen.IntRange(0, 100000), small) }
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	run := func(opts Options) Result {
		return RunOne(context.Background(), a, req("INF-01", Must, check), opts)
	}
	res := run(Options{Seed: 42})
	if res.Outcome != Failed {
		t.Fatalf("outcome %s, want failed", res.Outcome)
	}
	for _, want := range []string{"seed 42", "case: 1000", "shrunk in"} {
		if !strings.Contains(res.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, res.Message)
		}
	}
	if again := run(Options{Seed: 42}); again.Message != res.Message {
		t.Errorf("same seed, different report:\n%s\n---\n%s", res.Message, again.Message)
	}
	if res.Replay == nil || string(res.Replay.Value) != "1000" || res.Replay.Seed != 42 || res.Replay.ID != "INF-01" {
		t.Fatalf("replay %+v, want case 1000 of INF-01, seed 42", res.Replay)
	}
	again := run(Options{Seed: 7, Replay: res.Replay})
	if again.Outcome != Failed || !strings.Contains(again.Message, "replayed case") || !strings.Contains(again.Message, "1000 >= 1000") {
		t.Errorf("replayed: %s %s", again.Outcome, again.Message)
	}
	pass := func(t *T) { ForAll(t, "any", nil, gen.Int(), func(int) string { return "" }) }
	if res := RunOne(context.Background(), a, req("INF-01", Must, pass), Options{Seed: 42}); res.Outcome != Passed || res.Replay != nil {
		t.Errorf("a true property: %s %s", res.Outcome, res.Message)
	}
}

// Edge cases run first and in order, whatever the seed: the first that
// fails is the verdict (shrunk when a smaller case fails too).
func TestPropertyEdgesFirst(t *testing.T) {
	edges := []Case[int]{{"zero", 0}, {"seven", 7}, {"eight", 8}}
	check := func(t *T) {
		ForAll(t, "not seven", edges, gen.IntRange(100, 200), func(n int) string {
			if n == 7 || n == 8 {
				return "seven or eight"
			}
			return ""
		})
	}
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	for seed := int64(1); seed <= 3; seed++ {
		res := RunOne(context.Background(), a, req("INF-01", Must, check), Options{Seed: seed})
		if res.Outcome != Failed || !strings.Contains(res.Message, "edge case seven") || res.Replay.Case != "edge case seven" {
			t.Errorf("seed %d: %s %q", seed, res.Outcome, res.Message)
		}
	}
}

// A case that fails once and holds when sent again is named flaky; a
// deadline during shrinking never replaces the failure seen.
func TestPropertyFlakyAndBounded(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	calls := 0
	flaky := func(t *T) {
		ForAll(t, "flaky", nil, gen.IntRange(0, 100), func(n int) string {
			calls++
			t.Record("inflate", n, calls, nil)
			if calls == 3 {
				return "wrong answer"
			}
			return ""
		})
	}
	res := RunOne(context.Background(), a, req("INF-01", Must, flaky), Options{Seed: 1})
	if res.Outcome != Failed || !strings.Contains(res.Message, "flaky") || !strings.Contains(res.Message, "first answer: inflate 3") || !strings.Contains(res.Message, "sent again: inflate 4") {
		t.Errorf("flaky: %s %q", res.Outcome, res.Message)
	}
	var raw json.RawMessage
	if res.Replay != nil {
		raw = res.Replay.Value
	}
	if len(raw) == 0 {
		t.Errorf("flaky: no replay value")
	}
}

// The failure seen first stands whatever ends the check afterwards: a
// crash while the case is sent again, or the requirement's deadline while
// it hangs.
func TestPropertyFirstFailureStands(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	release := make(chan struct{})
	defer close(release)
	tests := []struct {
		name  string
		again func(t *T) // what happens when the failing case is sent again
		opts  Options
	}{
		{"crash when sent again", func(t *T) { t.OperationFailed("inflate", adapters.Fault("the program exited")) }, Options{}},
		{"hang when sent again", func(*T) { <-release }, Options{Timeout: 50 * time.Millisecond}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			calls := 0
			check := func(st *T) {
				ForAll(st, "first", nil, gen.IntRange(0, 10), func(int) string {
					calls++
					if calls > 1 {
						tt.again(st)
					}
					return "wrong answer"
				})
			}
			calls = 0
			res := RunOne(context.Background(), a, req("INF-01", Must, check), tt.opts)
			if res.Outcome != Failed || !strings.Contains(res.Message, "wrong answer") || res.Replay == nil || len(res.Replay.Value) == 0 {
				t.Errorf("%s: %s %q, want the first failure with its replay", tt.name, res.Outcome, res.Message)
			}
		})
	}
}

// An ERROR's replay holds the property's case that was not answered.
func TestPropertyErrorReplay(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	check := func(st *T) {
		ForAll(st, "crash", []Case[int]{{"fine", 1}, {"crashes", 2}}, gen.IntRange(0, 10), func(n int) string {
			if n == 2 {
				st.OperationFailed("inflate", adapters.Fault("the program exited"))
			}
			return ""
		})
	}
	res := RunOne(context.Background(), a, req("INF-01", Must, check), Options{})
	if res.Outcome != Errored || res.Replay == nil || string(res.Replay.Value) != "2" || res.Replay.Case != "edge case crashes" {
		t.Errorf("%s %q, replay %+v: want errored with case 2", res.Outcome, res.Message, res.Replay)
	}
}

// A replay keeps the newest calls within its size bound.
func TestBoundCalls(t *testing.T) {
	big := strings.Repeat("x", maxCallBytes/2+1)
	calls := []Call{{Op: "a", Request: big}, {Op: "b", Request: big}, {Op: "c", Request: "small"}}
	if got := boundCalls(calls, false); len(got) != 2 || got[0].Op != "b" {
		t.Errorf("kept %d calls, want b and c", len(got))
	}
	huge := []Call{{Op: "a", Request: strings.Repeat("x", maxCallBytes+1)}}
	if got := boundCalls(huge, true); len(got) != 1 || got[0].Request == huge[0].Request {
		t.Errorf("a huge request rebuilt from the value was kept")
	}
	if got := boundCalls(huge, false); len(got) != 1 || got[0].Request != huge[0].Request {
		t.Errorf("a spec's huge request was left out")
	}
}
