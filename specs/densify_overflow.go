package specs

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// mergeLimit makes merge calls whose input exceeds limit tokens overflow
// (a model that accepts chunks but not large merges), in OpenAI's wording,
// which holds phrases the text lists ("maximum context length",
// `context_length_exceeded`): Anthropic's "input length and `max_tokens`
// exceed context limit" holds none, so a classifier that knows only the
// listed phrases reads it as another failure (DSF-30's).
func mergeLimit(limit int) func(call.Seen) *call.Injection {
	over := styleError(sim.OpenAI, invariant.KindOverflow)
	return func(s call.Seen) *call.Injection {
		if s.Stage == "merge" && s.Tokens > limit {
			return &call.Injection{Err: over, Kind: invariant.KindOverflow}
		}
		return nil
	}
}

// mergeLocalRetry: proactive at 4096 (the reference's merge budget is
// about 2,900), 900 sentences (about 20,000 tokens: several chunks), and a
// model that refuses merges of more than 900 input tokens. A merge group
// near the merge budget overflows; halving it to about 1,400, then 700,
// makes groups that fit, so the merge recovers without re-sending any
// chunk.
func mergeLocalRetry(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = mergeLimit(900)
	req := adapters.DensifyRequest{Input: prose(900), Cap: invariant.AppleCap, Entry: adapters.EntryProactive, WorkLimit: 1}
	d := call.MustDensify(t, req, m)
	if !entered(t, "merge limit 900", d) {
		return
	}
	judge(t, "merge limit 900", d, ready, adapts, restarts, halving) // chunks sent once: DSF-23's
	overflowed := false
	for _, c := range d.Calls {
		overflowed = overflowed || c.Kind == invariant.KindOverflow
	}
	if !overflowed {
		t.Logf("no merge overflowed: the implementation's merge groups stay under 900 tokens, so merge-local retry was not exercised")
	}
	trail(t, "merge limit 900", d)
}

// mergeFallback: every merge call overflows (proactive at 4096, 300
// sentences: several chunks), and the model answers chunks with one sentence
// (terse), so partials are small enough to be grouped at every merge budget.
// The merge budget halves to 320, then the chunk budget halves and the run
// restarts from the input, down to the chunk floor, where the overflow
// surfaces: the answer is failed. A failure that the judgement of an
// earlier stage shows too (no merge-local retry, DSF-07; a budget under
// 320, DSF-09; a ready answer after the failed last call, DSF-12) is
// recorded as following from it.
func mergeFallback(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Inject = failAt("merge", 0, styleError(sim.OpenAI, invariant.KindOverflow), invariant.KindOverflow)
	m.Reply = terse
	req := adapters.DensifyRequest{Input: prose(300), Cap: invariant.AppleCap, Entry: adapters.EntryProactive, WorkLimit: 1}
	d := call.MustDensify(t, req, m)
	if !entered(t, "every merge overflows", d) {
		return
	}
	mark := t.Failures()
	judge(t, "every merge overflows", d, failedProvider, adapts, restarts, halving)
	trail(t, "every merge overflows", d)
	// A judged answer has a run for each attempt, one at least
	// (call.MustDensify ends the check on any other).
	rs := d.Ans.Runs[0].Rounds
	if len(rs) == 0 || rs[len(rs)-1].ChunkBudget != invariant.Floor {
		t.Errorf("the run surfaced the error before the chunk budget reached %d (rounds %s)", invariant.Floor, budgets(rs))
	}
	impliedByStages(t, mark, d, "DSF-07", "DSF-09", "DSF-12")
}

// halvingFloor: every chunk call overflows, on the Apple path (cap 4096) and
// the remote path (cap 100,000, after the full call overflows). Each round's
// chunk budget is the previous one halved; the last is exactly 320 (the
// error surfaces there, not earlier, not later); none is below 320. A
// failure that the judgement of an earlier stage shows too (a full call's
// overflow not followed by chunking, DSF-04; a ready answer after the
// failed last call, DSF-12) is recorded as following from it.
func halvingFloor(t *suite.T) {
	var p passOver
	over := styleError(sim.OpenAI, invariant.KindOverflow)
	for _, c := range []struct {
		name  string
		cap   int
		entry string
	}{{"apple", invariant.AppleCap, adapters.EntryProactive}, {"remote", 100_000, adapters.EntryReactive}} {
		m := newModel(t, sim.Config{Cap: c.cap})
		m.Inject = func(s call.Seen) *call.Injection {
			if s.Stage != "merge" {
				return &call.Injection{Err: over, Kind: invariant.KindOverflow}
			}
			return nil
		}
		req := adapters.DensifyRequest{Input: prose(300), Cap: c.cap, Entry: c.entry, WorkLimit: 1}
		d := call.MustDensify(t, req, m)
		if !p.entered(t, c.name, d) {
			continue
		}
		mark := t.Failures()
		judge(t, c.name, d, failedProvider, adapts, restarts, halving)
		trail(t, c.name, d)
		rs := d.Ans.Runs[0].Rounds // one run at least, as in mergeFallback
		if len(rs) == 0 || rs[len(rs)-1].ChunkBudget != invariant.Floor {
			t.Errorf("%s: the last round's chunk budget is not %d (rounds %s)", c.name, invariant.Floor, budgets(rs))
		}
		impliedByStages(t, mark, d, "DSF-04", "DSF-12")
	}
	p.done(t)
}

// terminatesWithEcho: a model that returns every input unchanged (its
// window 4096), proactive at 4096, 600 sentences. Merging never shortens, so
// parts grow until no two fit one group; the non-reducing guard must end the
// loop. A budget of 600 calls stands for "never": the reference needs well
// under 100. A flow that does not answer within 600 calls does not answer
// within DSF-21's 500 either: its judgement fails the run too, and the
// failure is recorded as following from DSF-21's.
func terminatesWithEcho(t *suite.T) {
	m := newModel(t, sim.Config{Cap: invariant.AppleCap})
	m.Echo = true
	m.Budget = 600
	req := adapters.DensifyRequest{Input: prose(600), Cap: invariant.AppleCap, Entry: adapters.EntryProactive}
	ans, err := call.Densify(t, req, m)
	if m.Exhausted() {
		t.Errorf("no answer within %d provider calls: the flow does not terminate", m.CallBudget())
		t.ImpliedBy("DSF-21", true)
		return
	}
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	d, err := call.Check(req, ans, m)
	if err != nil {
		t.Inconclusivef("not judged: %v", err)
	}
	if !entered(t, "echo", d) {
		return
	}
	judge(t, "echo", d, ready, reduces)
	t.Notef("model that never shortens: %d calls", len(d.Calls))
}
