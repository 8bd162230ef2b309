package specs

import (
	"context"
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// The densification checks play the language model: each builds a simulated
// provider (llm/sim, through call.Model, which injects failures by rule and
// records every call), sends one request, and judges the implementation by
// the calls it made and its answer. Sizes are counted by the simulator's
// tokenizer, the standard's original estimate (one token per CJK character,
// ceil(n/3) for the n other characters): the prose of these checks is ASCII,
// so a text of n bytes is ceil(n/3) tokens.

// sentence i of a generated text: distinct (it carries i), about 80 bytes.
func sentence(i int) string {
	subjects := []string{"the capture worker", "the planner", "the merge step", "the provider client", "the snapshot store", "the retry loop", "the budget table"}
	verbs := []string{"recorded", "rejected", "flushed", "measured", "split", "joined", "retried", "reported"}
	objects := []string{"the window size", "a partial summary", "the token estimate", "an overflow error", "the chunk list", "a failed call", "the output reserve"}
	return fmt.Sprintf("Event %d: %s %s %s at step %d.", i, subjects[i%7], verbs[(i*3)%8], objects[(i*5)%7], i*17%1000)
}

// prose is n distinct sentences in paragraphs of five, paragraphs separated
// by a blank line. Each sentence is 50 to 90 bytes, so n sentences are
// roughly 23n tokens.
func prose(n int) string {
	var b strings.Builder
	for i := range n {
		if i > 0 {
			if i%5 == 0 {
				b.WriteString("\n\n")
			} else {
				b.WriteByte(' ')
			}
		}
		b.WriteString(sentence(i))
	}
	return b.String()
}

func newModel(t *suite.T, cfg sim.Config) *call.Model {
	m, err := call.NewModel(cfg)
	if err != nil {
		t.Fatalf("harness: %v", err)
	}
	return m
}

// styleError is the error the simulator gives, in style st, for a failure of
// the given kind (overflow, rate_limit or transient).
func styleError(st sim.Style, kind string) error {
	f := sim.Faults{}
	switch kind {
	case invariant.KindOverflow:
		f.OverflowAt = []int{1}
	case invariant.KindRateLimit:
		f.RateLimitAt = []int{1}
	default:
		f.TransientAt = []int{1}
	}
	s, err := sim.New(sim.Config{Cap: 100_000, Style: st, Faults: f})
	if err != nil {
		return err
	}
	_, err = s.Complete(context.Background(), "Max length: 100 words.", "x")
	return err
}

// failAt answers the index-th call of stage (from 1) with err of kind; index
// 0 means every call of the stage.
func failAt(stage string, index int, err error, kind string) func(call.Seen) *call.Injection {
	return func(s call.Seen) *call.Injection {
		if s.Stage == stage && (index == 0 || s.Index == index) {
			return &call.Injection{Err: err, Kind: kind}
		}
		return nil
	}
}

// judge applies invariants to a densification, failing the check on each
// violation.
func judge(t *suite.T, name string, d call.Densified, checks ...func(call.Densified) error) {
	for _, c := range checks {
		if err := c(d); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

func adapts(d call.Densified) error      { return invariant.OverflowAdapts(d.Ans, d.Steps) }
func halving(d call.Densified) error     { return invariant.Halving(d.Ans) }
func nonOverflow(d call.Densified) error { return invariant.NonOverflowEnds(d.Steps) }

// impliedByNonOverflow records, for an answer d a check fails, whether the
// judgements of DSF-05 (no failure but an overflow is followed by more
// calls) and DSF-10 (the same for a rate limit) fail it too: a flow that
// goes on after such a failure (a densifier that retries every error)
// breaks their sentences, and the other checks it fails on that answer
// (capture's attempts, the stored message, the classification of the
// fixtures' messages) follow from theirs (one fault, one failure).
// It covers the failures recorded since mark (suite.T.Failures), all of
// them about d.
func impliedByNonOverflow(t *suite.T, mark int, d call.Densified) {
	if t.Failures() == mark {
		return
	}
	t.ImpliedSince(mark, "DSF-05", nonOverflow(d) != nil)
	t.ImpliedSince(mark, "DSF-10", invariant.RateLimitEnds(d.Steps) != nil)
}

// impliedByDelegation records, for the failures an entry's check (DSF-03,
// DSF-06) recorded since mark (all about d), whether DSF-01's judgement
// fails d too: a request within the maximum rejected early, as too long or
// invalid, is never delegated, so its entry never begins (one fault, one
// failure: the rejection is DSF-01's sentence, "Otherwise the request is
// delegated"). The maximum is the request's, or the configured default.
func impliedByDelegation(t *suite.T, mark int, d call.Densified) {
	if t.Failures() == mark {
		return
	}
	t.ImpliedSince(mark, "DSF-01", delegated(t, d) != nil)
}

// delegated is DSF-01's judgement of an input within the maximum
// (invariant.Delegated) on d.
func delegated(t *suite.T, d call.Densified) error {
	limit := d.Req.MaxInput
	if limit == 0 {
		limit = t.Config().Int(adapters.MaxDensificationInputTokens)
	}
	return invariant.Delegated(d.Req.Input, limit, d.Ans)
}

// Stages, one fault, one failure. A check of a later stage (overflow
// handling, classification, capture, the answer) does not judge a case
// whose entry went wrong: reactive entry that makes no full call first
// (DSF-03's judgement, invariant.StartsFull) or proactive entry that does
// not start by chunking (DSF-06's, invariant.StartsChunking). Such a case
// is noted, and a check whose every case went so ends inconclusive. Where
// a case the check judges fails, the check applies the judgements of the
// earlier stages to that answer (impliedByStages) and records them as
// evidence.

// passOver counts the cases a check judged and those it passed over.
type passOver struct{ cases, over int }

// entered reports whether d's entry went as its request asks; when not, it
// notes the case as not judged.
func (p *passOver) entered(t *suite.T, name string, d call.Densified) bool {
	p.cases++
	id, err := "DSF-03", invariant.StartsFull(d.Req.Input, d.Calls)
	if d.Req.Entry == adapters.EntryProactive {
		id, err = "DSF-06", invariant.StartsChunking(d.Req.Input, d.Calls)
	}
	if err == nil {
		return true
	}
	p.over++
	t.Notef("%s: not judged: %v (the entry is %s's)", name, err, id)
	return false
}

// entered is passOver.entered for a check of one case, which it ends
// inconclusive when the case's entry went wrong.
func entered(t *suite.T, name string, d call.Densified) bool {
	var p passOver
	ok := p.entered(t, name, d)
	p.done(t)
	return ok
}

// done ends the check inconclusive when it passed over every case. Call
// it after the last case (not deferred: a case may end the check).
func (p *passOver) done(t *suite.T) {
	if p.cases > 0 && p.over == p.cases {
		t.Inconclusivef("not judged: the entry of each of its %d cases went wrong (DSF-03's or DSF-06's)", p.cases)
	}
}

// stageJudgements are the judgements of the earlier stages, by the
// requirement whose sentence each is: a full call's overflow switches to
// chunking and recovers (DSF-04), a merge overflow above the floor is
// retried merge-locally first (DSF-07), budgets halve and never go below
// 320 (DSF-09), and an attempt that ends at a failed call is answered
// failed, with a message (DSF-12).
var stageJudgements = map[string]func(call.Densified) error{
	"DSF-04": func(d call.Densified) error { return invariant.FullOverflowRecovers(d.Ans, d.Steps) },
	"DSF-07": func(d call.Densified) error { return invariant.MergeRetriesFirst(d.Ans, d.Steps) },
	"DSF-09": func(d call.Densified) error { return invariant.Halving(d.Ans) },
	"DSF-12": func(d call.Densified) error { return invariant.EndsFailed(d.Ans, d.Calls) },
}

// impliedByStages records, for the failures recorded since mark (all about
// d), whether the judgement of each requirement ids names (stageJudgements)
// fails d too: a failure of the check follows from that requirement's when
// every failure it records is so shown.
func impliedByStages(t *suite.T, mark int, d call.Densified, ids ...string) {
	if t.Failures() == mark {
		return
	}
	for _, id := range ids {
		t.ImpliedSince(mark, id, stageJudgements[id](d) != nil)
	}
}

func restarts(d call.Densified) error   { return invariant.NewRoundOnlyAfterOverflow(d.Steps) }
func chunksOnce(d call.Densified) error { return invariant.ChunksOnce(d.Req.Input, d.Steps) }
func reduces(d call.Densified) error    { return invariant.Reduces(d.Ans) }

func ready(d call.Densified) error {
	if d.Ans.Status != adapters.StatusReady {
		return fmt.Errorf("status %s (%s), want ready", d.Ans.Status, d.Ans.Message)
	}
	return nil
}

func failedProvider(d call.Densified) error {
	if d.Ans.Status != adapters.StatusFailed || d.Ans.Failure != adapters.FailureProvider {
		return fmt.Errorf("status %s, failure %q, want failed with a provider failure", d.Ans.Status, d.Ans.Failure)
	}
	return nil
}

func calls(n int) func(call.Densified) error {
	return func(d call.Densified) error {
		if len(d.Calls) != n {
			return fmt.Errorf("%d provider calls, want %d", len(d.Calls), n)
		}
		return nil
	}
}

// callAt is call i of cs, or the zero call (no stage) when there are fewer.
func callAt(cs []invariant.Call, i int) invariant.Call {
	if i < len(cs) {
		return cs[i]
	}
	return invariant.Call{}
}

// stages lists the first n calls of cs for a failure message: each call's
// stage, followed by "!" and its failure kind when it failed, then "… (N
// calls)" when there are more than n.
func stages(cs []invariant.Call, n int) string {
	var parts []string
	for i, c := range cs {
		if i == n {
			parts = append(parts, fmt.Sprintf("… (%d calls)", len(cs)))
			break
		}
		s := c.Stage
		if c.Kind != "" {
			s += "!" + c.Kind
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, ", ")
}

// terse keeps the first sentence of an output (up to the first "." before
// white space): partials of about 25 tokens.
func terse(_ call.Seen, out string) string {
	for i := 0; i+1 < len(out); i++ {
		if out[i] == '.' && (out[i+1] == ' ' || out[i+1] == '\n') {
			return out[:i+1]
		}
	}
	return out
}

// trail notes the budgets an attempt went through and the calls it made.
func trail(t *suite.T, name string, d call.Densified) {
	for i, run := range d.Ans.Runs {
		t.Notef("%s: attempt %d: %d calls, budgets %s", name, i+1, run.Calls(), budgets(run.Rounds))
	}
}

func budgets(rs []adapters.DensifyRound) string {
	var parts []string
	for _, r := range rs {
		var ms []string
		for _, m := range r.Merges {
			ms = append(ms, fmt.Sprint(m.Budget))
		}
		parts = append(parts, fmt.Sprintf("chunk %d merge [%s]", r.ChunkBudget, strings.Join(ms, " ")))
	}
	return "[" + strings.Join(parts, "; ") + "]"
}
