package properties

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// The densification properties run generated texts through the harness's
// simulated model (small windows, so chunking and merging happen on a few
// kilobytes) and judge the implementation by the calls it made and its
// answer. Cases with faults fail calls by arrival number with each style's
// overflow, rate-limit or transient error.

// dsfSucceeds judges that, without failures injected, the densification
// succeeds: the model refuses a call over its window, by its own count,
// with an overflow, and the flow adapts. Blank input is not judged:
// chunking is never active on it (its answer is DSF-16's).
func dsfSucceeds(_ densifyCase, d call.Densified) error {
	if strings.TrimSpace(d.Req.Input) == "" {
		return nil
	}
	if d.Ans.Status != adapters.StatusReady {
		return fmt.Errorf("status %s without any failure injected: %s", d.Ans.Status, d.Ans.Message)
	}
	return nil
}

// dsfWithinCap judges that every call after entry fits the cap (prompt,
// input and the output it reserves) as the simulated model counts them,
// with the original estimator.
func dsfWithinCap(_ densifyCase, d call.Densified) error {
	return invariant.WithinCap(d.Steps, d.Req.Cap)
}

// dsfAccounts judges the account itself (DSF-19): Check has placed every
// call; a failed answer also carries a message.
func dsfAccounts(_ densifyCase, d call.Densified) error {
	return invariant.FailureMessage(d.Ans)
}

// dsfReduces judges that every merge pass that makes calls makes fewer than
// the parts it starts from.
func dsfReduces(_ densifyCase, d call.Densified) error { return invariant.Reduces(d.Ans) }

// dsfChunksOnce judges that each round's chunks, white space removed, put
// the input together exactly once.
func dsfChunksOnce(_ densifyCase, d call.Densified) error {
	return invariant.ChunksOnce(d.Req.Input, d.Steps)
}

// dsfAdapts judges the flow under overflows: merge-local retry first, then
// chunk halving by two down to 320, and a new round only after an overflow.
func dsfAdapts(_ densifyCase, d call.Densified) error {
	return errors.Join(invariant.OverflowAdapts(d.Ans, d.Steps), invariant.Halving(d.Ans), invariant.NewRoundOnlyAfterOverflow(d.Steps))
}

// dsfNonOverflowEnds judges that no failure other than an overflow is
// followed by chunking, halving or a merge-local retry.
func dsfNonOverflowEnds(_ densifyCase, d call.Densified) error {
	return invariant.NonOverflowEnds(d.Steps)
}

// dsfDrift judges that, with the model counting up to the safety margin
// more than the estimate, no call after entry overflows and the
// densification succeeds.
func dsfDrift(c densifyCase, d call.Densified) error {
	for _, s := range d.Steps {
		if s.Want != "full" && s.Kind == invariant.KindOverflow {
			return fmt.Errorf("%s call %d overflowed (cost %d of %d) at drift %.4f", s.Want, s.N, s.Cost, d.Req.Cap, c.drift())
		}
	}
	if d.Ans.Status != adapters.StatusReady {
		return fmt.Errorf("status %s at drift %.4f: %s", d.Ans.Status, c.drift(), d.Ans.Message)
	}
	return nil
}

// account says what a densification property needs of the answer's account
// of its provider calls (DSF-19, ROBUST).
type account int

const (
	// onAccount: the judgement needs the calls placed in the answer's shape
	// (rounds, merge attempts, passes); a case whose answer does not account
	// for its calls is not judged (one fault, one requirement).
	onAccount account = iota
	// onRecord: the judgement reads the provider's record alone, each call
	// of the stage its prompt names; no account is needed.
	onRecord
	// ofAccount: the account is what is judged (DSF-19).
	ofAccount
)

// dsfOptions are the cases a densification property draws and what it
// needs: failures injected, drift, only error styles whose overflow wording
// the text lists (listedStyle).
type dsfOptions struct {
	faults, drift, listed bool
	account               account
	// afterNonOverflow: a failure of this property follows from DSF-05's
	// (or DSF-10's) when every answer it fails goes on after a failure
	// that is no overflow (or after a rate limit), which their judgements
	// fail too.
	afterNonOverflow bool
}

// densification turns a judgement of one densification into a property: for
// every generated case the implementation must answer within the call
// budget, and judge (if any) must find nothing wrong. An answer that does
// not account for its calls fails only DSF-19 (ofAccount); the other
// properties judge such a case from the provider's record where they can
// (onRecord), else not at all, and say how many they left.
func densification(name string, o dsfOptions, judge func(densifyCase, call.Densified) error) func(*suite.T) {
	return func(t *suite.T) {
		var mu sync.Mutex
		cases, unjudged := 0, 0
		var first error
		suite.ForAll(t, name, edgesDensifyCase(), genDensifyCase(o.faults), func(c densifyCase) string {
			if o.listed {
				c = c.listedStyle()
			}
			d, msg, unaccounted := runCase(t, c, o.drift)
			mu.Lock()
			cases++
			mu.Unlock()
			if msg != "" {
				return msg
			}
			if unaccounted != nil {
				switch o.account {
				case ofAccount:
					// What DSF-19 judges, without the note to the others.
					return strings.TrimPrefix(unaccounted.Error(), call.ErrUnaccounted.Error()+": ")
				case onRecord:
					d.Steps = invariant.ByPrompt(d.Calls)
				default:
					mu.Lock()
					unjudged++
					if first == nil {
						first = unaccounted
					}
					mu.Unlock()
					return ""
				}
			}
			if judge != nil {
				if err := judge(c, d); err != nil {
					if unaccounted == nil {
						impliedByStages(t, d)
					}
					if o.afterNonOverflow {
						// One fault, one failure: the answer goes on after a
						// failure that is no overflow (DSF-05's judgement), or
						// after a rate limit (DSF-10's).
						t.ImpliedBy("DSF-05", invariant.NonOverflowEnds(d.Steps) != nil)
						t.ImpliedBy("DSF-10", invariant.RateLimitEnds(d.Steps) != nil)
					}
					return err.Error()
				}
			}
			return ""
		})
		if unjudged > 0 {
			if unjudged == cases {
				t.Inconclusivef("not judged: no answer of its %d cases accounts for its provider calls, which this property needs; the first: %v", cases, first)
			}
			t.Notef("%d of %d cases not judged: their answers do not account for their provider calls (DSF-19); the first: %v", unjudged, cases, first)
		}
	}
}

// impliedByStages records, for the case whose answer d a property fails,
// whether the judgement of each earlier stage fails d too (one fault, one
// failure): the early rejection (DSF-01: an input within the maximum is
// delegated, not rejected as too long or invalid), the entry, reactive (DSF-03: a full call first) or proactive
// (DSF-06: chunking first); a full call's overflow switching to chunking
// and recovering (DSF-04); a merge overflow above the floor retried
// merge-locally first (DSF-07); budgets halved, never below 320 (DSF-09);
// an attempt ended by a failed call answered failed, with a message
// (DSF-12). d's calls must be placed in the answer's shape.
func impliedByStages(t *suite.T, d call.Densified) {
	limit := d.Req.MaxInput
	if limit == 0 {
		limit = t.Config().Int(adapters.MaxDensificationInputTokens)
	}
	t.ImpliedBy("DSF-01", invariant.Delegated(d.Req.Input, limit, d.Ans) != nil)
	reactive := d.Req.Entry != adapters.EntryProactive
	t.ImpliedBy("DSF-03", reactive && invariant.StartsFull(d.Req.Input, d.Calls) != nil)
	t.ImpliedBy("DSF-06", !reactive && invariant.StartsChunking(d.Req.Input, d.Calls) != nil)
	t.ImpliedBy("DSF-04", invariant.FullOverflowRecovers(d.Ans, d.Steps) != nil)
	t.ImpliedBy("DSF-07", invariant.MergeRetriesFirst(d.Ans, d.Steps) != nil)
	t.ImpliedBy("DSF-09", invariant.Halving(d.Ans) != nil)
	t.ImpliedBy("DSF-12", invariant.EndsFailed(d.Ans, d.Calls) != nil)
}

// runCase runs one case; a non-empty message is a failure; a non-nil error
// (call.ErrUnaccounted) says the answer does not account for its calls.
// A non-answer (a fault, a deadline) never reaches the refusal below:
// call.Densify ends the check as errored on it unless the call budget is
// spent, and a spent budget never comes back (Model.Exhausted).
func runCase(t *suite.T, c densifyCase, drift bool) (call.Densified, string, error) {
	m, err := c.Model(drift)
	if err != nil {
		return call.Densified{}, "harness: " + err.Error(), nil
	}
	req := c.Request()
	ans, err := call.Densify(t, req, m)
	if m.Exhausted() {
		// DSF-21's judgement, on the same cases and budget: a property
		// that fails a flow for not answering follows from it.
		t.ImpliedBy("DSF-21", true)
		return call.Densified{}, fmt.Sprintf("no answer within %d provider calls: the flow does not terminate", m.CallBudget()), nil
	}
	if err != nil {
		return call.Densified{}, "valid request refused: " + err.Error(), nil
	}
	d, err := call.Check(req, ans, m)
	return d, "", err
}

// equalsReference runs each case, with one call at a time, against the
// implementation and the reference, each with its own identical model.
func equalsReference(t *suite.T) {
	ref := reference.New()
	suite.ForAll(t, "equals-reference", edgesDensifyCase(), genDensifyCase(true), func(c densifyCase) string {
		// One call at a time; overflows in wordings the text lists (the
		// reference's reading of the others is DSF-30's).
		c.Work = 1
		c = c.listedStyle()
		got, msg, unaccounted := runCase(t, c, false)
		if msg != "" {
			return msg
		}
		if unaccounted != nil {
			return "" // DSF-19's: one fault, one requirement
		}
		m, err := c.Model(false)
		if err != nil {
			return "harness: " + err.Error()
		}
		req := c.Request()
		ans, err := ref.Densify(t.Context(), req, m)
		if err != nil {
			return "the reference fails: " + err.Error()
		}
		want := m.Calls()
		if len(got.Calls) != len(want) {
			return fmt.Sprintf("%d calls, the reference makes %d", len(got.Calls), len(want))
		}
		for i, w := range want {
			g := got.Calls[i]
			switch {
			case g.Stage != w.Stage:
				return fmt.Sprintf("call %d is a %s call, the reference's a %s call", i+1, g.Stage, w.Stage)
			case g.Prompt != w.Prompt:
				return fmt.Sprintf("call %d prompt %q, the reference's %q", i+1, g.Prompt, w.Prompt)
			case g.Input != w.Input:
				return fmt.Sprintf("call %d (%s) sends %d bytes, the reference %d bytes (or the same length, other text)", i+1, g.Stage, len(g.Input), len(w.Input))
			}
		}
		a, b := got.Ans, ans
		a.Message, b.Message = "", ""
		if !reflect.DeepEqual(a, b) {
			return fmt.Sprintf("answer differs:\n  got  %s\n  want %s", jsonenc.Message(shortAnswer(a)), jsonenc.Message(shortAnswer(b)))
		}
		return ""
	})
}

// shortAnswer is an answer with its output cut short, for messages.
func shortAnswer(a adapters.DensifyAnswer) adapters.DensifyAnswer {
	a.Output = clip.Text(a.Output, 40)
	return a
}
