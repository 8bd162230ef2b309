package suite

import (
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// Edges of the runner, the replay and the report, one boundary each.

// TestOperationName: the name runs to the first space, "(" or ":", and a
// name that starts with one of them is kept whole.
func TestOperationName(t *testing.T) {
	for op, want := range map[string]string{
		"radius(budget 8000, hits 10)": "radius",
		"inflate 100 hits":             "inflate",
		"a b":                          "a",
		"census: all":                  "census",
		"(x)":                          "(x)",
		"hydrate":                      "hydrate",
	} {
		if got := operationName(op); got != want {
			t.Errorf("operationName(%q) = %q, want %q", op, got, want)
		}
	}
}

func TestPartialString(t *testing.T) {
	p := Partial{Standard: adapters.Elastic, Missing: []string{"census", "hydrate"}, None: true}
	if got, want := p.String(), string(adapters.Elastic)+": declared but not implemented (census, hydrate not implemented)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
	p.None = false
	if got, want := p.String(), string(adapters.Elastic)+": partly implemented (census, hydrate not implemented)"; got != want {
		t.Errorf("String() = %q, want %q", got, want)
	}
}

// TestFragmentsAndWhere: an empty quote has no fragment; fragments are
// split at QuoteSep. A section that does not name its text is prefixed by
// the standard's source.
func TestFragmentsAndWhere(t *testing.T) {
	if got := Fragments(""); got != nil {
		t.Errorf("Fragments(\"\") = %q, want none", got)
	}
	if got := Fragments("a" + QuoteSep + "b"); !slices.Equal(got, []string{"a", "b"}) {
		t.Errorf("Fragments = %q, want [a b]", got)
	}
	r := Requirement{Standard: adapters.Densify, Section: "Retry strategy"}
	if got, want := where(r), "densification-chunking, Retry strategy"; got != want {
		t.Errorf("where = %q, want %q", got, want)
	}
	r = Requirement{Standard: adapters.Standard("none"), Section: "§1"}
	if got := where(r); got != "§1" {
		t.Errorf("where, no source = %q, want §1", got)
	}
}

// TestAnswers: the flaky verdict's summary of a case's last call.
func TestAnswers(t *testing.T) {
	if got := answers(nil); got != "(no call recorded)" {
		t.Errorf("answers(nil) = %q", got)
	}
	if got := answers([]Call{{Op: "inflate", Error: "boom"}}); got != "inflate error: boom" {
		t.Errorf("answers(error) = %q", got)
	}
	if got := answers([]Call{{Op: "inflate", Error: "boom"}, {Op: "radius", Answer: 7}}); got != "radius 7" {
		t.Errorf("answers(answer) = %q", got)
	}
}

// TestRecordKeepsLast: a case keeps its last maxCalls (4) calls, oldest
// first.
func TestRecordKeepsLast(t *testing.T) {
	st := &T{}
	for _, op := range []string{"1", "2", "3", "4", "5", "6"} {
		st.Record(op, nil, nil, nil)
	}
	var ops []string
	for _, c := range st.calls {
		ops = append(ops, c.Op)
	}
	if !slices.Equal(ops, []string{"3", "4", "5", "6"}) {
		t.Errorf("kept %q, want the last four", ops)
	}
}

// TestReadReplayChecks: format, outcome and kind are checked; an empty
// outcome or kind is accepted, as is every outcome and both kinds.
func TestReadReplayChecks(t *testing.T) {
	dir := t.TempDir()
	read := func(body string) error {
		path := filepath.Join(dir, "r.json")
		if err := os.WriteFile(path, []byte(body), 0o600); err != nil {
			t.Fatal(err)
		}
		_, err := ReadReplay(path)
		return err
	}
	for _, ok := range []string{
		`{"format":"ctxconform-replay/1"}`,
		`{"format":"ctxconform-replay/1","outcome":"failed","kind":"spec"}`,
		`{"format":"ctxconform-replay/1","outcome":"errored","kind":"property"}`,
	} {
		if err := read(ok); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
	for _, bad := range []string{
		`{"format":"ctxconform-replay/2"}`,
		`{"format":"ctxconform-replay/1","outcome":"bogus"}`,
		`{"format":"ctxconform-replay/1","kind":"bogus"}`,
	} {
		if err := read(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}

// TestBoundCallsAtTheLimit: calls that make exactly maxCallBytes are all
// kept, and a single call of exactly maxCallBytes keeps its request. A
// call {"op":"o","request":"x…"} is 23 bytes and its request's length.
func TestBoundCallsAtTheLimit(t *testing.T) {
	call := func(size int) Call { return Call{Op: "o", Request: strings.Repeat("x", size-23)} }
	if got := boundCalls([]Call{call(maxCallBytes / 2), call(maxCallBytes / 2)}, true); len(got) != 2 {
		t.Errorf("two halves of the limit: kept %d calls, want 2", len(got))
	}
	got := boundCalls([]Call{call(maxCallBytes)}, true)
	if len(got) != 1 || got[0].Request != call(maxCallBytes).Request {
		t.Errorf("one call at the limit: its request was left out")
	}
	got = boundCalls([]Call{call(maxCallBytes + 1)}, true)
	if len(got) != 1 || got[0].Request == call(maxCallBytes+1).Request {
		t.Errorf("one call over the limit: its request was kept")
	}
}

// TestClipJSONAtTheLimit: a JSON text of exactly n bytes is whole.
func TestClipJSONAtTheLimit(t *testing.T) {
	if got := clipJSON("ab", 4); got != `"ab"` {
		t.Errorf("clipJSON(\"ab\", 4) = %q", got)
	}
	if got := clipJSON("abc", 4); !strings.HasSuffix(got, "(5 bytes)") {
		t.Errorf("clipJSON(\"abc\", 4) = %q, want it cut", got)
	}
}

// TestSummaryCounts: one inconclusive and one not run are said; none is
// not.
func TestSummaryCounts(t *testing.T) {
	rep := Report{Results: []Result{{Outcome: Passed}, {Outcome: Inconclusive}, {Outcome: NotRun}}}
	if got, want := rep.Summary(), "1 passed, 0 failed, 0 errored, 0 skipped, 0 not implemented, 1 inconclusive, 1 not run"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
	rep = Report{Results: []Result{{Outcome: Passed}}}
	if got, want := rep.Summary(), "1 passed, 0 failed, 0 errored, 0 skipped, 0 not implemented"; got != want {
		t.Errorf("Summary() = %q, want %q", got, want)
	}
}

// TestDefaultsAndShard: a zero seed is DefaultSeed; one property run is
// one; a timeout of 1 ns is kept (not replaced by the 2-minute default);
// a shard is reported.
func TestDefaultsAndShard(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	sh := Shard{Index: 1, Count: 2}
	rep := Run(context.Background(), a, []Requirement{req("INF-01", Must, func(*T) {})}, Options{Shard: sh})
	if rep.Seed != DefaultSeed || rep.Shard == nil || *rep.Shard != sh {
		t.Errorf("seed %d, shard %v; want %d and %v", rep.Seed, rep.Shard, DefaultSeed, sh)
	}
	o := Options{PropertyRuns: 1, Timeout: time.Nanosecond}.withDefaults()
	if o.PropertyRuns != 1 || o.Timeout != time.Nanosecond {
		t.Errorf("runs %d, timeout %s; want 1 and 1ns", o.PropertyRuns, o.Timeout)
	}
}

// TestForAllSizes: generated cases grow from gopter's MinSize (0) toward
// its MaxSize (100) over the runs: size = 0 + 100*i/runs, so 0, 25, 50, 75
// for four runs. With one run that every case discards, the property is
// inconclusive.
func TestForAllSizes(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	var sizes []int
	sized := func(p *gopter.GenParameters) *gopter.GenResult {
		return gopter.NewGenResult(p.MaxSize, gopter.NoShrinker)
	}
	check := func(st *T) {
		ForAll(st, "p", nil, sized, func(n int) string { sizes = append(sizes, n); return "" })
	}
	RunOne(context.Background(), a, req("INF-01", Must, check), Options{PropertyRuns: 4})
	if !slices.Equal(sizes, []int{0, 25, 50, 75}) {
		t.Errorf("sizes %v, want [0 25 50 75]", sizes)
	}
	none := func(st *T) {
		ForAll(st, "p", nil, gen.Const(1).SuchThat(func(int) bool { return false }), func(int) string { return "" })
	}
	res := RunOne(context.Background(), a, req("INF-01", Must, none), Options{PropertyRuns: 1})
	if res.Outcome != Inconclusive || !strings.Contains(res.Message, "every one of its 1 generated cases") {
		t.Errorf("%s %q, want inconclusive", res.Outcome, res.Message)
	}
}

// TestShrunkName: a case shrunk by one step is named shrunk.
func TestShrunkName(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	check := func(st *T) {
		ForAll(st, "p", []Case[int]{{"one", 1}}, gen.Const(0), func(int) string { return "fails" })
	}
	res := RunOne(context.Background(), a, req("INF-01", Must, check), Options{})
	if res.Outcome != Failed || !strings.Contains(res.Message, "falsified by edge case one, shrunk:") ||
		!strings.Contains(res.Message, "shrunk in 1 steps") {
		t.Errorf("%s %q", res.Outcome, res.Message)
	}
}

// TestReplayValueEdges: a replay with an empty value runs the property as
// usual; a one-byte value ("5") is the only case.
func TestReplayValueEdges(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	var seen []int
	check := func(st *T) {
		ForAll(st, "p", []Case[int]{{"seven", 7}}, gen.Const(9), func(n int) string { seen = append(seen, n); return "" })
	}
	RunOne(context.Background(), a, req("INF-01", Must, check), Options{PropertyRuns: 1, Replay: &Replay{ID: "INF-01", Value: json.RawMessage{}}})
	if !slices.Equal(seen, []int{7, 9}) {
		t.Errorf("no value: cases %v, want the edge and the generated one", seen)
	}
	seen = nil
	RunOne(context.Background(), a, req("INF-01", Must, check), Options{PropertyRuns: 1, Replay: &Replay{ID: "INF-01", Value: []byte("5")}})
	if !slices.Equal(seen, []int{5}) {
		t.Errorf("value 5: cases %v, want [5]", seen)
	}
}

// TestReplayRequestOverLimit: a failing spec's one call over 1 MiB keeps
// its request (a spec's case is not rebuilt from a value); a property's,
// with a value of one byte, leaves it out.
func TestReplayRequestOverLimit(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	big := strings.Repeat("x", maxCallBytes)
	spec := func(st *T) { st.Record("inflate", big, nil, nil); st.Errorf("wrong") }
	res := RunOne(context.Background(), a, req("INF-01", Must, spec), Options{})
	if res.Replay == nil || len(res.Replay.Calls) != 1 || res.Replay.Calls[0].Request != big {
		t.Errorf("spec: the request was not kept")
	}
	prop := func(st *T) {
		ForAll(st, "p", []Case[int]{{"zero", 0}}, gen.Const(0), func(int) string {
			st.Record("inflate", big, nil, nil)
			return "fails"
		})
	}
	res = RunOne(context.Background(), a, req("INF-01", Must, prop), Options{})
	if res.Replay == nil || string(res.Replay.Value) != "0" || len(res.Replay.Calls) != 1 || res.Replay.Calls[0].Request == big {
		t.Errorf("property: the request was kept, or the value is not 0")
	}
}

// TestInterruptedPending: a check that ignores the interruption past the
// 2 s grace, with a failure pending, is not run and says what it had seen.
func TestInterruptedPending(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	block := make(chan struct{})
	defer close(block)
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	r := req("INF-01", Must, func(st *T) {
		st.pend("window too long", nil)
		cancel(errors.New("interrupted by SIGINT"))
		<-block
	})
	res := RunOne(ctx, a, r, Options{})
	if res.Outcome != NotRun || res.Message != "interrupted: interrupted by SIGINT\nbefore that it was failed:\nwindow too long" {
		t.Errorf("%s %q", res.Outcome, res.Message)
	}
}

// runesFake is fake counting runes: a FAIL's message and brief end with
// the note on units.
type runesFake struct{ fake }

func (f runesFake) Info() adapters.Info {
	info := f.fake.Info()
	info.Unit = unit.Runes
	return info
}

// TestUnitNoteInBrief: a FAIL with more failures than the brief shows
// carries the unit note in both message and brief; one with few has no
// brief.
func TestUnitNoteInBrief(t *testing.T) {
	a := runesFake{fake{declared: []adapters.Standard{adapters.Inflate}}}
	note := unitNote(unit.Runes)
	many := func(st *T) {
		for i := 0; i < maxFailures+1; i++ {
			st.Errorf("failure %d", i)
		}
	}
	res := RunOne(context.Background(), a, req("INF-01", Robust, many), Options{})
	if !strings.HasSuffix(res.Message, note) || !strings.HasSuffix(res.Brief, note) || res.More != 1 {
		t.Errorf("message %q brief %q more %d: want the note on both", res.Message, res.Brief, res.More)
	}
	res = RunOne(context.Background(), a, req("INF-01", Robust, func(st *T) { st.Errorf("one") }), Options{})
	if res.Message != "one"+note || res.Brief != "" {
		t.Errorf("message %q brief %q", res.Message, res.Brief)
	}
}

// TestInterruptedPass: a check that ends without a verdict of its own
// after the interruption says only that it was interrupted.
func TestInterruptedPass(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	r := req("INF-01", Must, func(st *T) {
		cancel(errors.New("interrupted by SIGINT"))
		<-st.ctx.Done()
	})
	res := RunOne(ctx, a, r, Options{})
	if res.Outcome != NotRun || res.Message != "interrupted: interrupted by SIGINT" {
		t.Errorf("%s %q", res.Outcome, res.Message)
	}
}

// TestSeedChoice: --seed's values, both ways. DefaultSeed is 1, the seed
// every expectations file and replay of the repository was written with.
func TestSeedChoice(t *testing.T) {
	for _, tt := range []struct {
		in   string
		want SeedChoice
		str  string
	}{
		{"random", SeedChoice{Random: true, Given: true}, "random"},
		{" RANDOM ", SeedChoice{Random: true, Given: true}, "random"},
		{"0", SeedChoice{Random: true, Given: true}, "random"},
		{"42", SeedChoice{Seed: 42, Given: true}, "42"},
	} {
		var c SeedChoice
		if err := c.Set(tt.in); err != nil || c != tt.want || c.String() != tt.str {
			t.Errorf("Set(%q): %+v %q, %v; want %+v %q", tt.in, c, c.String(), err, tt.want, tt.str)
		}
	}
	if got := (SeedChoice{}).String(); got != "" {
		t.Errorf("no choice: %q, want empty", got)
	}
	if DefaultSeed != 1 || (Options{}).withDefaults().Seed != 1 {
		t.Errorf("DefaultSeed %d, want 1", DefaultSeed)
	}
}

// TestShardEdges: 1/1 is a shard; the zero shard is all; the standards'
// value names them, or all.
func TestShardEdges(t *testing.T) {
	if sh, err := ParseShard("1/1"); err != nil || sh != (Shard{Index: 1, Count: 1}) {
		t.Errorf("ParseShard(1/1) = %v, %v", sh, err)
	}
	if got := (Shard{}).String(); got != "all" {
		t.Errorf("zero shard: %q, want all", got)
	}
	if got := (Options{}).standardsValue(); got != "(all) at level "+Must.Label() {
		t.Errorf("no standards: %q", got)
	}
	if got := (Options{Standards: []adapters.Standard{adapters.Inflate, adapters.Densify}}).standardsValue(); got != string(adapters.Inflate)+","+string(adapters.Densify)+" at level "+Must.Label() {
		t.Errorf("two standards: %q", got)
	}
}

// TestShrinkerTry: a search past its deadline sends nothing and is cut; a
// change that leaves the case as it was is not sent.
func TestShrinkerTry(t *testing.T) {
	x := 5
	sent := 0
	s := &shrinker{best: deepCopy(reflect.ValueOf(&x).Elem()), fails: func(reflect.Value) bool { sent++; return true },
		ctx: context.Background(), deadline: time.Now().Add(-time.Second)}
	if s.try(nil, func(v reflect.Value) { v.SetInt(0) }) || sent != 0 || !s.cut {
		t.Errorf("past the deadline: sent %d, cut %v", sent, s.cut)
	}
	s = &shrinker{best: deepCopy(reflect.ValueOf(&x).Elem()), fails: func(reflect.Value) bool { sent++; return true },
		ctx: context.Background(), deadline: time.Now().Add(time.Hour)}
	if s.try(nil, func(v reflect.Value) { v.SetInt(5) }) || sent != 0 || s.tried != 0 {
		t.Errorf("no change: sent %d", sent)
	}
}

// TestShrinkScaledOnlyWhenStuck: seven empty items under 6300 (each share
// 900) admit no single change (one item less: 1050; budget 6299: 899), so
// only the pass that removes items while scaling the budget moves: to two
// items under 1800. And that pass never removes every item: a fault that
// shows only with no item and a budget of 0 is not reached by scaling the
// budget with all of them gone.
func TestShrinkScaledOnlyWhenStuck(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	shrunk := func(start shrinkCase, fails func(shrinkCase) bool) shrinkCase {
		t.Helper()
		check := func(st *T) {
			ForAll(st, "p", []Case[shrinkCase]{{Name: "start", Value: start}}, gen.Const(shrinkCase{}), func(c shrinkCase) string {
				if fails(c) {
					return "fails"
				}
				return ""
			})
		}
		res := RunOne(context.Background(), a, req("INF-01", Must, check), Options{})
		var c shrinkCase
		if res.Outcome != Failed || res.Replay == nil || json.Unmarshal(res.Replay.Value, &c) != nil {
			t.Fatalf("%s %s", res.Outcome, res.Message)
		}
		return c
	}
	seven := shrinkCase{Budget: 6300, Items: make([]shrinkItem, 7)}
	c := shrunk(seven, func(c shrinkCase) bool {
		share := c.Budget / int64(max(len(c.Items), 1))
		return len(c.Items) >= 2 && share >= 900 && share <= 1000
	})
	if len(c.Items) != 2 || c.Budget != 1800 {
		t.Errorf("shrunk to %d items under %d, want 2 under 1800", len(c.Items), c.Budget)
	}
	c = shrunk(seven, func(c shrinkCase) bool {
		return c.Budget == 6300 && len(c.Items) == 7 || c.Budget == 0 && len(c.Items) == 0
	})
	if len(c.Items) != 7 || c.Budget != 6300 {
		t.Errorf("shrunk to %d items under %d, want the seven under 6300 as they were", len(c.Items), c.Budget)
	}
}
