package invariant

import (
	"fmt"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// Hand-built answers and call records: each predicate must accept the
// conforming shape and name the violation in the broken one.

func chunkCall(n int, input, kind string) Call {
	return Call{N: n, Stage: "chunk", Input: input, Kind: kind}
}

func mergeCall(n int, kind string) Call { return Call{N: n, Stage: "merge", Input: "p", Kind: kind} }

func answer(entry string, rounds ...adapters.DensifyRound) adapters.DensifyAnswer {
	return adapters.DensifyAnswer{Status: adapters.StatusReady, Attempts: 1,
		Runs: []adapters.DensifyRun{{Entry: entry, Rounds: rounds}}}
}

func round(budget, chunks int, merges ...adapters.DensifyMerge) adapters.DensifyRound {
	return adapters.DensifyRound{ChunkBudget: budget, ChunkCalls: chunks, Merges: merges}
}

func merge(budget int, passes ...int) adapters.DensifyMerge {
	return adapters.DensifyMerge{Budget: budget, Passes: passes}
}

func TestSplit(t *testing.T) {
	ans := answer(adapters.EntryReactive, round(1800, 2, merge(2000, 1)))
	full := Call{N: 1, Stage: "full", Kind: KindOverflow}
	tests := []struct {
		name  string
		calls []Call
		ok    bool
	}{
		{"matches", []Call{full, chunkCall(2, "a", ""), chunkCall(3, "b", ""), mergeCall(4, "")}, true},
		{"one call too many", []Call{full, chunkCall(2, "a", ""), chunkCall(3, "b", ""), mergeCall(4, ""), mergeCall(5, "")}, false},
		{"one call missing", []Call{full, chunkCall(2, "a", ""), chunkCall(3, "b", "")}, false},
		{"stage differs", []Call{full, chunkCall(2, "a", ""), mergeCall(3, ""), mergeCall(4, "")}, false},
	}
	for _, tt := range tests {
		steps, err := Split(ans, tt.calls)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok %v", tt.name, err, tt.ok)
		}
		if err == nil && (steps[3].Round != 0 || steps[3].Try != 0 || steps[3].Pass != 0 || steps[0].Round != -1) {
			t.Errorf("%s: steps misplaced: %+v", tt.name, steps)
		}
	}
}

func TestHalving(t *testing.T) {
	tests := []struct {
		name   string
		rounds []adapters.DensifyRound
		ok     bool
	}{
		{"1800 900 450 320", []adapters.DensifyRound{round(1800, 1), round(900, 1), round(450, 1), round(320, 1)}, true},
		{"odd budget rounds either way", []adapters.DensifyRound{round(1801, 1), round(901, 1)}, true},
		{"below the floor", []adapters.DensifyRound{round(450, 1), round(225, 1)}, false},
		{"not halved", []adapters.DensifyRound{round(1800, 1), round(1000, 1)}, false},
		{"again after the floor", []adapters.DensifyRound{round(320, 1), round(320, 1)}, false},
		{"merge budgets halve", []adapters.DensifyRound{round(1800, 4, merge(2000, 1), merge(1000, 2), merge(500, 1), merge(320, 1))}, true},
		{"merge budget below the floor", []adapters.DensifyRound{round(1800, 4, merge(500, 1), merge(250, 1))}, false},
	}
	for _, tt := range tests {
		err := Halving(answer(adapters.EntryProactive, tt.rounds...))
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestReduces(t *testing.T) {
	tests := []struct {
		name string
		r    adapters.DensifyRound
		ok   bool
	}{
		{"5 parts, 3 then 1 calls", round(1800, 5, merge(2000, 3, 1)), true},
		{"as many calls as parts", round(1800, 5, merge(2000, 5)), false},
		{"second pass no smaller", round(1800, 5, merge(2000, 2, 2)), false},
		{"retry starts from the chunks again", round(1800, 5, merge(2000, 3), merge(1000, 4, 2, 1)), true},
	}
	for _, tt := range tests {
		err := Reduces(answer(adapters.EntryProactive, tt.r))
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestChunksOnce(t *testing.T) {
	input := "alpha beta\n\ngamma delta epsilon"
	tests := []struct {
		name   string
		chunks []Call
		ok     bool
	}{
		{"in order", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "gamma delta epsilon", "")}, true},
		{"out of order, white space changed", []Call{chunkCall(1, "gamma delta\nepsilon", ""), chunkCall(2, "alpha  beta", "")}, true},
		{"a word lost", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "gamma epsilon", "")}, false},
		{"a chunk sent twice", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "alpha beta", ""), chunkCall(3, "gamma delta epsilon", "")}, false},
		{"cut short by a failure", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "gamma delta epsilon", KindOverflow)}, true},
		{"failed round repeats a chunk", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "alpha beta", KindOverflow)}, false},
	}
	for _, tt := range tests {
		ans := answer(adapters.EntryProactive, round(1800, len(tt.chunks)))
		steps, err := Split(ans, tt.chunks)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		err = ChunksOnce(input, steps)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestRetryStrategy(t *testing.T) {
	tests := []struct {
		name     string
		ans      adapters.DensifyAnswer
		calls    []Call
		adapts   bool // OverflowAdapts passes
		nonOver  bool // NonOverflowEnds passes
		restarts bool // NewRoundOnlyAfterOverflow passes
	}{
		{"merge-local retry", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1), merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), mergeCall(4, "")}, true, true, true},
		{"merge overflow goes to the chunks", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1)), round(900, 2, merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), chunkCall(4, "a", ""), chunkCall(5, "b", ""), mergeCall(6, "")}, false, true, true},
		{"rate limit halves the chunks", answer(adapters.EntryProactive, round(1800, 1), round(900, 2, merge(1000, 1))),
			[]Call{chunkCall(1, "a", KindRateLimit), chunkCall(2, "a", ""), chunkCall(3, "b", ""), mergeCall(4, "")}, true, false, false},
		{"gives up above the floor", answer(adapters.EntryProactive, round(900, 1)),
			[]Call{chunkCall(1, "a", KindOverflow)}, false, true, true},
		{"gives up at the floor", answer(adapters.EntryProactive, round(320, 1)),
			[]Call{chunkCall(1, "a", KindOverflow)}, true, true, true},
		{"full call overflow not followed by chunking", answer(adapters.EntryReactive),
			[]Call{{N: 1, Stage: "full", Kind: KindOverflow}}, false, true, true},
	}
	for _, tt := range tests {
		steps, err := Split(tt.ans, tt.calls)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := OverflowAdapts(tt.ans, steps); (err == nil) != tt.adapts {
			t.Errorf("%s: OverflowAdapts: %v, want ok %v", tt.name, err, tt.adapts)
		}
		if err := NonOverflowEnds(steps); (err == nil) != tt.nonOver {
			t.Errorf("%s: NonOverflowEnds: %v, want ok %v", tt.name, err, tt.nonOver)
		}
		if err := NewRoundOnlyAfterOverflow(steps); (err == nil) != tt.restarts {
			t.Errorf("%s: NewRoundOnlyAfterOverflow: %v, want ok %v", tt.name, err, tt.restarts)
		}
	}
}

// TestDensifyConstants: the numbers of densification-chunking's "Budget
// values": "Minimum chunk budget: `320` tokens", "Apple path: `4096`".
func TestDensifyConstants(t *testing.T) {
	if Floor != 320 || AppleCap != 4096 {
		t.Errorf("Floor %d, AppleCap %d; the standard says 320 and 4096", Floor, AppleCap)
	}
}

// TestSplitRefuses: an account that cannot be the provider's record is
// refused, saying where (attempts and rounds counted from 1).
func TestSplitRefuses(t *testing.T) {
	full := Call{N: 1, Stage: "full", Kind: KindOverflow}
	two := adapters.DensifyAnswer{Status: adapters.StatusReady, Attempts: 2, Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive}}}
	for _, tt := range []struct {
		name  string
		ans   adapters.DensifyAnswer
		calls []Call
		want  string
	}{
		{"attempts differ", two, nil, "answer reports 2 attempts but describes 1"},
		{"entry unknown", answer("sideways"), nil, `attempt 1: entry "sideways" is neither "reactive" nor "proactive"`},
		{"negative chunk calls", answer(adapters.EntryProactive, round(900, -1)), nil, "attempt 1 round 1: -1 chunk calls"},
		{"negative merge calls", answer(adapters.EntryProactive, round(900, 1, merge(900, 1, -1))), []Call{chunkCall(1, "a", ""), mergeCall(2, "")},
			"attempt 1 round 1 merge 1 pass 2: -1 calls"},
		{"more calls than received", answer(adapters.EntryReactive, round(900, 2)), []Call{full, chunkCall(2, "a", "")},
			"answer accounts for more calls than the 2 the provider received"},
		{"stage differs", answer(adapters.EntryReactive), []Call{chunkCall(1, "a", "")}, "call 1 (attempt 1) is a full call by the answer's account but its prompt reads as chunk"},
	} {
		_, err := Split(tt.ans, tt.calls)
		if err == nil || err.Error() != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.want)
		}
	}
	// No calls in a round, no calls in a merge pass: nothing to place.
	steps, err := Split(answer(adapters.EntryProactive, round(900, 0), round(450, 1, merge(900, 0))), []Call{chunkCall(1, "a", "")})
	if err != nil || len(steps) != 1 || steps[0].Round != 1 {
		t.Errorf("empty round and pass: %+v, %v", steps, err)
	}
}

// TestDensifyAnswerFields: Answered, FailureMessage, WithinCap and
// NoOverflow on hand-made answers and calls, at their bounds: one attempt
// is enough, and two only with capture on; a message of white space is
// none, a call costing exactly the cap is within it, a full call is not
// judged by it.
func TestDensifyAnswerFields(t *testing.T) {
	ans := func(status, failure, msg string, attempts int) adapters.DensifyAnswer {
		return adapters.DensifyAnswer{Status: status, Failure: failure, Message: msg, Attempts: attempts}
	}
	for _, tt := range []struct {
		name     string
		a        adapters.DensifyAnswer
		answered string // "" when Answered accepts it
		message  bool   // FailureMessage accepts it
	}{
		{"ready", ans(adapters.StatusReady, adapters.FailureNone, "", 1), "", true},
		{"ready with a failure", ans(adapters.StatusReady, adapters.FailureProvider, "m", 1), `status ready with failure "provider"`, true},
		{"too long", ans(adapters.StatusFailed, adapters.FailureTooLong, "m", 1), "", true},
		{"invalid", ans(adapters.StatusFailed, adapters.FailureInvalid, "m", 1), "", true},
		{"provider", ans(adapters.StatusFailed, adapters.FailureProvider, "m", 1), "", true},
		{"failed, no kind", ans(adapters.StatusFailed, adapters.FailureNone, "m", 1), `status failed with unknown failure kind ""`, true},
		{"failed, unknown kind", ans(adapters.StatusFailed, "meh", "m", 1), `status failed with unknown failure kind "meh"`, true},
		{"status unknown", ans("done", "", "", 1), `status "done" is neither "ready" nor "failed"`, true},
		{"no attempt", ans(adapters.StatusReady, adapters.FailureNone, "", 0), "0 attempts: want at least 1", true},
		{"failed without a message", ans(adapters.StatusFailed, adapters.FailureProvider, "", 1), "", false},
		{"failed with white space", ans(adapters.StatusFailed, adapters.FailureProvider, " \n", 1), "", false},
	} {
		err := Answered(adapters.DensifyRequest{}, tt.a)
		if got := fmt.Sprint(err); (err == nil) != (tt.answered == "") || err != nil && got != tt.answered {
			t.Errorf("%s: Answered: %v, want %q", tt.name, err, tt.answered)
		}
		if err := FailureMessage(tt.a); (err == nil) != tt.message {
			t.Errorf("%s: FailureMessage: %v, want ok %v", tt.name, err, tt.message)
		}
	}
	// Two attempts only with capture on, ready or failed.
	for _, tt := range []struct {
		capture bool
		a       adapters.DensifyAnswer
		want    string
	}{
		{true, ans(adapters.StatusFailed, adapters.FailureProvider, "m", 2), ""},
		{true, ans(adapters.StatusReady, adapters.FailureNone, "", 2), ""},
		{false, ans(adapters.StatusFailed, adapters.FailureProvider, "m", 2), "2 attempts with capture off: the request asks for the flow to run exactly once"},
		{false, ans(adapters.StatusReady, adapters.FailureNone, "", 2), "2 attempts with capture off: the request asks for the flow to run exactly once"},
	} {
		err := Answered(adapters.DensifyRequest{Capture: tt.capture}, tt.a)
		if got := fmt.Sprint(err); (err == nil) != (tt.want == "") || err != nil && got != tt.want {
			t.Errorf("capture %v, %s after %d attempts: Answered: %v, want %q", tt.capture, tt.a.Status, tt.a.Attempts, err, tt.want)
		}
	}

	step := func(want string, cost int, kind string) Step {
		return Step{Call: Call{N: 1, Stage: want, Cost: cost, Kind: kind}, Want: want}
	}
	for _, tt := range []struct {
		name  string
		steps []Step
		cap   bool // WithinCap(steps, 100) accepts them
		over  bool // NoOverflow accepts them
	}{
		{"chunk at the cap", []Step{step("chunk", 100, "")}, true, true},
		{"chunk over the cap", []Step{step("chunk", 101, "")}, false, true},
		{"merge over the cap", []Step{step("chunk", 10, ""), step("merge", 101, "")}, false, true},
		{"full call over the cap", []Step{step("full", 500, KindOverflow)}, true, false},
		{"a rate limit is no overflow", []Step{step("chunk", 50, KindRateLimit)}, true, true},
		{"a merge overflow", []Step{step("chunk", 50, ""), step("merge", 50, KindOverflow)}, true, false},
	} {
		if err := WithinCap(tt.steps, 100); (err == nil) != tt.cap {
			t.Errorf("%s: WithinCap: %v, want ok %v", tt.name, err, tt.cap)
		}
		if err := NoOverflow(tt.steps); (err == nil) != tt.over {
			t.Errorf("%s: NoOverflow: %v, want ok %v", tt.name, err, tt.over)
		}
	}
}

// TestHalvingBounds: the floor applies to the first round and the first
// merge attempt too (no halving to compare with there), 320 itself is
// allowed; a halved budget is prev/2 or (prev+1)/2 and nothing between
// those and the floor.
func TestHalvingBounds(t *testing.T) {
	for _, tt := range []struct {
		name   string
		rounds []adapters.DensifyRound
		ok     bool
	}{
		{"first round below the floor", []adapters.DensifyRound{round(300, 1)}, false},
		{"first round at the floor", []adapters.DensifyRound{round(320, 1)}, true},
		{"first merge below the floor", []adapters.DensifyRound{round(1800, 2, merge(300, 1))}, false},
		{"first merge at the floor", []adapters.DensifyRound{round(1800, 2, merge(320, 1))}, true},
		{"1800 then 500", []adapters.DensifyRound{round(1800, 1), round(500, 1)}, false},
		{"1800 then 901", []adapters.DensifyRound{round(1800, 1), round(901, 1)}, false},
		{"merge 2000 then 1500", []adapters.DensifyRound{round(1800, 2, merge(2000, 1), merge(1500, 1))}, false},
		{"merge 2000 then 1000 then 600", []adapters.DensifyRound{round(1800, 2, merge(2000, 1), merge(1000, 1), merge(600, 1))}, false},
		{"second attempt starts again", nil, true},
	} {
		a := answer(adapters.EntryProactive, tt.rounds...)
		if tt.rounds == nil {
			a.Attempts = 2
			a.Runs = []adapters.DensifyRun{{Entry: adapters.EntryProactive, Rounds: []adapters.DensifyRound{round(900, 1), round(450, 1)}},
				{Entry: adapters.EntryProactive, Rounds: []adapters.DensifyRound{round(1800, 1)}}}
		}
		if err := Halving(a); (err == nil) != tt.ok {
			t.Errorf("%s: %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

// TestByPrompt: the record read without the answer's account: each call
// as the stage its prompt names, the full call in no round (-1), the
// others in round 0, none in a merge attempt or pass.
func TestByPrompt(t *testing.T) {
	steps := ByPrompt([]Call{{N: 1, Stage: "full"}, chunkCall(2, "a", ""), mergeCall(3, "")})
	var got []string
	for _, s := range steps {
		got = append(got, fmt.Sprintf("%d:%s r%d t%d p%d", s.N, s.Want, s.Round, s.Try, s.Pass))
	}
	if g, w := fmt.Sprint(got), "[1:full r-1 t-1 p-1 2:chunk r0 t-1 p-1 3:merge r0 t-1 p-1]"; g != w {
		t.Errorf("ByPrompt: %s, want %s", g, w)
	}
}

// TestHalvingMessage: the message names the budget the halving should
// have given: 450 halves to the floor, 320, not to 225.
func TestHalvingMessage(t *testing.T) {
	err := Halving(answer(adapters.EntryProactive, round(450, 1), round(400, 1)))
	if want := "attempt 1 round 2: chunk budget 400 follows 450: want it halved to 320"; err == nil || err.Error() != want {
		t.Errorf("%v, want %s", err, want)
	}
}

// TestRetryMessages: the verdicts of OverflowAdapts and
// NewRoundOnlyAfterOverflow on flows that break "Retry strategy", with
// their messages: a merge overflow above the floor handled by new chunks
// or by giving up; a merge overflow at the merge floor in the last round
// with the chunk budget still above it; a merge attempt or a switch to
// chunking that no overflow called for.
func TestRetryMessages(t *testing.T) {
	full := func(n int, kind string) Call { return Call{N: n, Stage: "full", Kind: kind} }
	for _, tt := range []struct {
		name             string
		ans              adapters.DensifyAnswer
		calls            []Call
		adapts, restarts string // "" when it passes
	}{
		{"merge overflow, then new chunks", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1)), round(900, 2, merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), chunkCall(4, "a", ""), chunkCall(5, "b", ""), mergeCall(6, "")},
			"merge call 3 (attempt 1 round 1) overflowed at merge budget 2000, above the floor, and the flow went to chunk budget 900 without a merge-local retry", ""},
		{"merge overflow, then nothing", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow)},
			"merge call 3 (attempt 1 round 1) overflowed at merge budget 2000, above the floor, and the flow gave up without a merge-local retry", ""},
		{"merge overflow at the merge floor, chunks above it", answer(adapters.EntryProactive, round(900, 2, merge(320, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow)},
			"merge call 3 (attempt 1 round 1) overflowed at chunk budget 900, above the floor, and the flow gave up without halving it", ""},
		{"a merge retry after no overflow", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1), merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, ""), mergeCall(4, "")},
			"", "merge call 4 (attempt 1) restarts the flow, but no call of the step before it (call 3, merge) overflowed"},
		{"chunking after a full call that did not overflow", answer(adapters.EntryReactive, round(1800, 1)),
			[]Call{full(1, ""), chunkCall(2, "a", "")},
			"", "chunk call 2 (attempt 1) restarts the flow, but no call of the step before it (call 1, full) overflowed"},
	} {
		steps, err := Split(tt.ans, tt.calls)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := OverflowAdapts(tt.ans, steps); fmt.Sprint(err) != cmpOr(tt.adapts) {
			t.Errorf("%s: OverflowAdapts: %v, want %s", tt.name, err, cmpOr(tt.adapts))
		}
		if err := NewRoundOnlyAfterOverflow(steps); fmt.Sprint(err) != cmpOr(tt.restarts) {
			t.Errorf("%s: NewRoundOnlyAfterOverflow: %v, want %s", tt.name, err, cmpOr(tt.restarts))
		}
	}
}

// cmpOr is a wanted error message as fmt prints the error: <nil> for none.
func cmpOr(s string) string {
	if s == "" {
		return "<nil>"
	}
	return s
}

// TestChunksOnceRefuses: a complete round missing a chunk; in a round cut
// short, a chunk that is not in the input, and chunks that overlap so that
// they hold more than the input.
func TestChunksOnceRefuses(t *testing.T) {
	input := "alpha beta\n\ngamma delta epsilon" // 26 bytes without white space
	for _, tt := range []struct {
		name   string
		chunks []Call
		want   string
	}{
		{"a chunk missing", []Call{chunkCall(1, "alpha beta", "")},
			"round 1 of attempt 1 (chunk calls 1..1): the chunks, white space removed, do not put together the input exactly once (1 chunks, 9 non-space bytes in all, input 26)"},
		{"not in the input", []Call{chunkCall(1, "alpha beta", ""), chunkCall(2, "zeta", KindOverflow)},
			"round 1 of attempt 1 (chunk calls 1..2): call 2 sends text that is not in the input"},
		{"overlapping chunks", []Call{chunkCall(1, "alpha beta gamma delta", ""), chunkCall(2, "beta gamma delta epsilon", KindOverflow)},
			"round 1 of attempt 1 (chunk calls 1..2): the chunks sent hold 40 non-space bytes, more than the input's 26"},
	} {
		steps, err := Split(answer(adapters.EntryProactive, round(1800, len(tt.chunks))), tt.chunks)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := ChunksOnce(input, steps); fmt.Sprint(err) != tt.want {
			t.Errorf("%s: %v, want %s", tt.name, err, tt.want)
		}
	}
}
