package invariant

import (
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
