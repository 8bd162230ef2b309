package invariant

import (
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestStageJudgements: each stage's judgement passes the conforming answer,
// fails the one its stage got wrong, and says nothing of an answer its
// stage does not reach.
func TestStageJudgements(t *testing.T) {
	full := func(kind string) Call { return Call{N: 1, Stage: "full", Input: "a b", Kind: kind} }
	failed := func(ans adapters.DensifyAnswer) adapters.DensifyAnswer {
		ans.Status, ans.Failure, ans.Message = adapters.StatusFailed, adapters.FailureProvider, "overflow"
		return ans
	}
	tests := []struct {
		name       string
		ans        adapters.DensifyAnswer
		calls      []Call
		recovers   bool // FullOverflowRecovers passes
		retries    bool // MergeRetriesFirst passes
		endsFailed bool // EndsFailed passes
	}{
		{"full call overflow, chunked, ready", answer(adapters.EntryReactive, round(1800, 1)),
			[]Call{full(KindOverflow), chunkCall(2, "a b", "")}, true, true, true},
		{"full call overflow, no chunking", failed(answer(adapters.EntryReactive)),
			[]Call{full(KindOverflow)}, false, true, true},
		{"full call overflow, chunked, reported failed", failed(answer(adapters.EntryReactive, round(1800, 1))),
			[]Call{full(KindOverflow), chunkCall(2, "a b", "")}, false, true, true},
		{"full call overflow, the chunks fail too, failed", failed(answer(adapters.EntryReactive, round(320, 1))),
			[]Call{full(KindOverflow), chunkCall(2, "a b", KindOverflow)}, true, true, true},
		{"merge overflow retried merge-locally", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1), merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), mergeCall(4, "")}, true, true, true},
		{"merge overflow sent to the chunks", answer(adapters.EntryProactive, round(1800, 2, merge(2000, 1)), round(900, 2, merge(1000, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), chunkCall(4, "a", ""), chunkCall(5, "b", ""), mergeCall(6, "")}, true, false, true},
		{"merge overflow at the merge floor goes to the chunks", answer(adapters.EntryProactive, round(1800, 2, merge(320, 1)), round(900, 2, merge(320, 1))),
			[]Call{chunkCall(1, "a", ""), chunkCall(2, "b", ""), mergeCall(3, KindOverflow), chunkCall(4, "a", ""), chunkCall(5, "b", ""), mergeCall(6, "")}, true, true, true},
		{"a failed last call answered ready", answer(adapters.EntryProactive, round(1800, 1)),
			[]Call{chunkCall(1, "a", KindTransient)}, true, true, false},
		{"a failed last call answered failed without a message", adapters.DensifyAnswer{Status: adapters.StatusFailed, Failure: adapters.FailureProvider, Attempts: 1,
			Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive, Rounds: []adapters.DensifyRound{round(1800, 1)}}}},
			[]Call{chunkCall(1, "a", KindTransient)}, true, true, false},
		{"a failed call, then a call that succeeded", answer(adapters.EntryProactive, round(1800, 1), round(900, 1)),
			[]Call{chunkCall(1, "a", KindOverflow), chunkCall(2, "a", "")}, true, true, true},
	}
	for _, tt := range tests {
		steps, err := Split(tt.ans, tt.calls)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if err := FullOverflowRecovers(tt.ans, steps); (err == nil) != tt.recovers {
			t.Errorf("%s: FullOverflowRecovers: %v, want ok %v", tt.name, err, tt.recovers)
		}
		if err := MergeRetriesFirst(tt.ans, steps); (err == nil) != tt.retries {
			t.Errorf("%s: MergeRetriesFirst: %v, want ok %v", tt.name, err, tt.retries)
		}
		if err := EndsFailed(tt.ans, tt.calls); (err == nil) != tt.endsFailed {
			t.Errorf("%s: EndsFailed: %v, want ok %v", tt.name, err, tt.endsFailed)
		}
	}
}

// TestEntryJudgements: reactive entry makes a full call carrying the input
// first, proactive entry a chunk call and no full call; blank input is
// judged by neither.
func TestEntryJudgements(t *testing.T) {
	input := "one two\n\nthree"
	fullCall := Call{N: 1, Stage: "full", Input: "one two three"}
	chunk := chunkCall(1, "one two", "")
	tests := []struct {
		name      string
		input     string
		calls     []Call
		full, chk bool // StartsFull, StartsChunking pass
	}{
		{"a full call with the input", input, []Call{fullCall}, true, false},
		{"a full call with part of it", input, []Call{{N: 1, Stage: "full", Input: "one two"}}, false, false},
		{"chunks first", input, []Call{chunk, chunkCall(2, "three", "")}, false, true},
		{"chunks, then a full call", input, []Call{chunk, {N: 2, Stage: "full", Input: input}}, false, false},
		{"no call", input, nil, false, false},
		{"blank input, no call", " \n\t", nil, true, true},
	}
	for _, tt := range tests {
		if err := StartsFull(tt.input, tt.calls); (err == nil) != tt.full {
			t.Errorf("%s: StartsFull: %v, want ok %v", tt.name, err, tt.full)
		}
		if err := StartsChunking(tt.input, tt.calls); (err == nil) != tt.chk {
			t.Errorf("%s: StartsChunking: %v, want ok %v", tt.name, err, tt.chk)
		}
	}
}

// TestDelegated: an input within the maximum is not rejected as too long
// or invalid; an input over it, blank input and a provider failure are not
// judged.
func TestDelegated(t *testing.T) {
	refused := func(kind string) adapters.DensifyAnswer {
		return adapters.DensifyAnswer{Status: adapters.StatusFailed, Failure: kind, Attempts: 1, Message: "refused"}
	}
	tests := []struct {
		name  string
		input string
		ans   adapters.DensifyAnswer
		ok    bool
	}{
		{"within, ready", "one two", answer(adapters.EntryReactive), true},
		{"within, refused as invalid", "one two", refused(adapters.FailureInvalid), false},
		{"within, refused as too long", "one two", refused(adapters.FailureTooLong), false},
		{"within, a provider failure", "one two", refused(adapters.FailureProvider), true},
		{"over the maximum, too long", "one two three four five six", refused(adapters.FailureTooLong), true},
		{"blank, refused", "  \n", refused(adapters.FailureInvalid), true},
	}
	for _, tt := range tests {
		if err := Delegated(tt.input, 10, tt.ans); (err == nil) != tt.ok {
			t.Errorf("%s: Delegated: %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}
