package properties

import (
	"context"
	"errors"
	"fmt"
	"reflect"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference"
	"github.com/ctxconform/ctxconform/internal/call"
	"github.com/ctxconform/ctxconform/internal/clip"
	"github.com/ctxconform/ctxconform/internal/invariant"
	"github.com/ctxconform/ctxconform/suite"
)

// The densification properties run generated texts through the harness's
// simulated model (small windows, so chunking and merging happen on a few
// kilobytes) and judge the implementation by the calls it made and its
// answer. Cases with faults fail calls by arrival number with each style's
// overflow, rate-limit or transient error.
func densifyRequirements() []suite.Requirement {
	std := adapters.Densify
	p := suite.Property.Of(std)
	return []suite.Requirement{
		p("DSF-19", "Capture-level retry; adapter contract", suite.Must,
			"The answer is well formed and accounts for every provider call: its attempts, rounds, merge attempts and passes add up to the calls the provider received, each of the stage its prompt names.",
			densification("accounts", true, false, nil)),
		p("DSF-20", "Do we include potential output tokens in input sizing?", suite.Must,
			"Once chunking is active every call fits the cap (prompt, input and the output it reserves), and without failures the densification succeeds.",
			densification("within-cap", false, false, func(_ densifyCase, d call.Densified) error {
				if err := invariant.WithinCap(d.Steps, d.Req.Cap); err != nil {
					return err
				}
				if d.Ans.Status != adapters.StatusReady {
					return fmt.Errorf("status %s without any failure injected: %s", d.Ans.Status, d.Ans.Message)
				}
				return nil
			})),
		p("DSF-21", "Non-reducing merge guard; Retry strategy", suite.Must,
			"Densification terminates for every input, cap and pattern of failures: it answers within the harness's call budget.",
			densification("terminates", true, false, nil)),
		p("DSF-22", "Non-reducing merge guard", suite.Must,
			"The merge loop never grows the number of parts: every merge pass that makes calls makes fewer than the parts it starts from.",
			densification("reduces", true, false, func(_ densifyCase, d call.Densified) error { return invariant.Reduces(d.Ans) })),
		p("DSF-23", "densifyInChunks 1-2", suite.Must,
			"Every input character's chunk is sent exactly once per round: a round's chunks, white space removed, put the input together exactly once, and a full call carries all of it.",
			densification("chunks-once", true, false, func(_ densifyCase, d call.Densified) error { return invariant.ChunksOnce(d.Req.Input, d.Steps) })),
		p("DSF-24", "Retry strategy; What happens when merge pass overflows?", suite.Must,
			"Under random overflows the flow adapts as the retry strategy says: merge-local retry first, then chunk halving, halving by two and never below 320, and a restart only after an overflow.",
			densification("adapts", true, false, func(_ densifyCase, d call.Densified) error {
				return errors.Join(invariant.OverflowAdapts(d.Ans, d.Steps), invariant.Halving(d.Ans), invariant.NewRoundOnlyAfterOverflow(d.Steps))
			})),
		p("DSF-25", "Context-window error detection; Remote providers", suite.Must,
			"Under random rate limits and transient failures, no failure other than an overflow is followed by chunking, halving or a merge-local retry.",
			densification("non-overflow-ends", true, false, func(_ densifyCase, d call.Densified) error {
				return invariant.NonOverflowEnds(d.Steps)
			})),
		p("DSF-26", "Budget values (safety margin)", suite.Should,
			"When the model counts more tokens than the estimate, by up to the safety margin (10% of the cap), no call after entry overflows and the densification succeeds.",
			densification("drift", false, true, func(c densifyCase, d call.Densified) error {
				for _, s := range d.Steps {
					if s.Want != "full" && s.Kind == invariant.KindOverflow {
						return fmt.Errorf("%s call %d overflowed (cost %d of %d) at drift %.4f", s.Want, s.N, s.Cost, d.Req.Cap, c.drift())
					}
				}
				if d.Ans.Status != adapters.StatusReady {
					return fmt.Errorf("status %s at drift %.4f: %s", d.Ans.Status, c.drift(), d.Ans.Message)
				}
				return nil
			})),
		p("DSF-27", "densification-chunking (reference)", suite.Reference,
			"With one call at a time, the calls (stage, prompt, input, in order) and the answer (output, status, attempts, budgets) equal the reference's.",
			equalsReference),
	}
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
			return fmt.Sprintf("answer differs:\n  got  %+v\n  want %+v", shortAnswer(a), shortAnswer(b))
		}
		return ""
	})
}

// shortAnswer is an answer with its output cut short, for messages.
func shortAnswer(a adapters.DensifyAnswer) adapters.DensifyAnswer {
	a.Output = clip.Text(a.Output, 40)
	return a
}
