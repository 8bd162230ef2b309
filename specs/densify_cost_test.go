package specs

import (
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
)

// TestShape: DSF-18's and DSF-28's figures count every round of every
// attempt, and as merge-local retries the merge attempts of a round after
// its first; a round without a merge (one chunk) has none.
func TestShape(t *testing.T) {
	merges := func(n int) adapters.DensifyRound {
		return adapters.DensifyRound{ChunkCalls: 2, Merges: make([]adapters.DensifyMerge, n)}
	}
	ans := adapters.DensifyAnswer{Attempts: 3, Runs: []adapters.DensifyRun{
		{Entry: adapters.EntryReactive, Rounds: []adapters.DensifyRound{merges(0), merges(1), merges(3)}},
		{Entry: adapters.EntryProactive},
		{Entry: adapters.EntryProactive, Rounds: []adapters.DensifyRound{merges(2)}},
	}}
	// Rounds: 3 + 0 + 1. Retries: 0 + 0 + 2, then 1.
	if rounds, retries := shape(ans); rounds != 4 || retries != 3 {
		t.Errorf("shape = %d rounds, %d merge-local retries; want 4, 3", rounds, retries)
	}
}

// report is a run's figures: calls and tokens sent against a bound of
// bc calls and bt tokens.
func report(calls, bc, tokens, bt int) sim.Report {
	return sim.Report{Calls: calls, TokensSent: tokens, Bound: sim.Bound{Calls: bc, Tokens: bt},
		CallRatio: float64(calls) / float64(bc), TokenRatio: float64(tokens) / float64(bt)}
}

// TestWithinFactorsAtTheFactor: DSF-18 allows "within 4x ... calls and 2x in
// tokens sent": a run exactly at either factor passes, one call or one token
// more fails.
func TestWithinFactorsAtTheFactor(t *testing.T) {
	for _, c := range []struct {
		name string
		rep  sim.Report
		over int
	}{
		{"4x calls, 2x tokens", report(12, 3, 12_000, 6_000), 0},
		{"4x calls and a call", report(13, 3, 12_000, 6_000), 1},
		{"2x tokens and a token", report(12, 3, 12_001, 6_000), 1},
		{"both over", report(13, 3, 12_001, 6_000), 2},
	} {
		if got := withinFactors(c.rep); len(got) != c.over {
			t.Errorf("%s: %q, want %d faults", c.name, got, c.over)
		}
	}
}

// TestWithinDerivedAtTheFactor: DSF-28 allows 1.25 times the planned bound's
// calls on a run whose plan assumes the window, and twice the simulator's
// bound after the declared cap proves too large: exactly at the factor
// passes, a call more fails; a run neither judged nor overflowed is only
// reported.
func TestWithinDerivedAtTheFactor(t *testing.T) {
	judged, overflowed, reported := costRun{judged: true}, costRun{overflowed: true}, costRun{}
	for _, c := range []struct {
		name string
		run  costRun
		rep  sim.Report
		mb   sim.Bound
		over bool
	}{
		{"judged, 5 calls of a planned 4", judged, report(5, 3, 1, 1), sim.Bound{Calls: 4}, false},
		{"judged, 6 calls of a planned 4", judged, report(6, 3, 1, 1), sim.Bound{Calls: 4}, true},
		{"overflowed, 10 calls of a bound of 5", overflowed, report(10, 5, 1, 1), sim.Bound{Calls: 1}, false},
		{"overflowed, 11 calls of a bound of 5", overflowed, report(11, 5, 1, 1), sim.Bound{Calls: 1}, true},
		{"reported, 18 calls of a bound of 5", reported, report(18, 5, 1, 1), sim.Bound{Calls: 6}, false},
	} {
		if got := withinDerived(c.run, c.rep, c.mb); (got != "") != c.over {
			t.Errorf("%s: %q, want over %v", c.name, got, c.over)
		}
	}
}
