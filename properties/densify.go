package properties

import (
	"context"
	"errors"
	"fmt"
	"reflect"

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

// dsfWithinCap judges that every call after entry fits the cap (prompt,
// input and reserved output) and that, without failures, the densification
// succeeds.
func dsfWithinCap(_ densifyCase, d call.Densified) error {
	if err := invariant.WithinCap(d.Steps, d.Req.Cap); err != nil {
		return err
	}
	if d.Ans.Status != adapters.StatusReady {
		return fmt.Errorf("status %s without any failure injected: %s", d.Ans.Status, d.Ans.Message)
	}
	return nil
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

// densification turns a judgement of one densification into a property: for
// every generated case the implementation must answer within the call
// budget, with an answer that accounts for its calls, and judge (if any)
// must find nothing wrong.
func densification(name string, faults, drift bool, judge func(densifyCase, call.Densified) error) func(*suite.T) {
	return func(t *suite.T) {
		suite.ForAll(t, name, edgesDensifyCase(), genDensifyCase(faults), func(c densifyCase) string {
			d, msg := runCase(t, c, drift)
			if msg != "" {
				return msg
			}
			if judge != nil {
				if err := judge(c, d); err != nil {
					return err.Error()
				}
			}
			return ""
		})
	}
}

// runCase runs one case; a non-empty message is a failure.
func runCase(t *suite.T, c densifyCase, drift bool) (call.Densified, string) {
	m, err := c.Model(drift)
	if err != nil {
		return call.Densified{}, "harness: " + err.Error()
	}
	req := c.Request()
	ans, err := call.Densify(t, req, m)
	if m.Exhausted() {
		return call.Densified{}, fmt.Sprintf("no answer within %d provider calls: the flow does not terminate", m.Budget)
	}
	if err != nil {
		if errors.Is(err, adapters.ErrFault) || errors.Is(err, context.DeadlineExceeded) {
			t.OperationFailed("generated request", err)
		}
		return call.Densified{}, "valid request refused: " + err.Error()
	}
	d, err := call.Check(req, ans, m)
	if err != nil {
		return d, err.Error()
	}
	return d, ""
}

// equalsReference runs each case, with one call at a time, against the
// implementation and the reference, each with its own identical model.
func equalsReference(t *suite.T) {
	ref := reference.New()
	suite.ForAll(t, "equals-reference", edgesDensifyCase(), genDensifyCase(true), func(c densifyCase) string {
		c.Work = 1
		got, msg := runCase(t, c, false)
		if msg != "" {
			return msg
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
