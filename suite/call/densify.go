package call

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// DefaultCallBudget is how many provider calls one densification may make
// before the harness stops answering. The reference needs at most a few
// hundred on the inputs the checks send; an implementation that reaches the
// budget is taken not to terminate.
const DefaultCallBudget = 2000

// Seen is a call as the harness's model receives it, before it answers.
type Seen struct {
	N      int    // arrival number, from 1
	Stage  string // sim.StageOf(prompt)
	Index  int    // arrival number among calls of the same stage, from 1
	Prompt string
	Input  string
	Tokens int // the simulator's count of the input
}

// Injection is a failure the harness gives instead of the model's answer:
// Err is returned to the implementation and Kind (an invariant.Kind…) is
// what the harness knows it to be.
type Injection struct {
	Err  error
	Kind string
}

// Model is the provider the harness hands to the implementation under test:
// the simulated provider, with failures injected by rule, every call
// recorded, and a call budget after which it answers only with an error and
// ends the densification's context. Calls are answered one at a time, so the
// record is in arrival order.
type Model struct {
	Sim *sim.Sim

	// Inject, if set, may answer a call with a failure instead of the
	// simulator. It is called under the model's lock.
	Inject func(Seen) *Injection

	// Echo makes the model return every accepted call's input unchanged: a
	// model that never shortens anything (the simulator still checks the cap).
	Echo bool

	// Reply, if set, rewrites the output of every accepted call (after Echo):
	// a model that answers more tersely or at greater length than the
	// simulator.
	Reply func(s Seen, out string) string

	// Budget is the most calls answered; 0 means DefaultCallBudget.
	Budget int

	mu        sync.Mutex
	calls     []invariant.Call
	simIndex  []int // per call: its index among the simulator's calls, or -1
	simCalls  int
	stages    map[string]int
	exhausted bool
	cancel    context.CancelFunc
}

// NewModel returns a Model over a new simulator configured by cfg.
func NewModel(cfg sim.Config) (*Model, error) {
	s, err := sim.New(cfg)
	if err != nil {
		return nil, err
	}
	return &Model{Sim: s}, nil
}

// ErrBudget is the harness's answer once the call budget is spent. It is
// not a context-window overflow, so a conforming flow stops at once.
var ErrBudget = errors.New("harness: provider call budget exhausted")

// Immediate reports that Complete never waits on anything but the model's
// own lock: a harness driving another process may answer its calls in
// line rather than on a goroutine each.
func (m *Model) Immediate() bool { return true }

// Complete answers one call.
func (m *Model) Complete(ctx context.Context, prompt, input string) (string, error) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.stages == nil {
		m.stages = map[string]int{}
	}
	stage := sim.StageOf(prompt)
	m.stages[stage]++
	c := invariant.Call{N: len(m.calls) + 1, Stage: stage, Prompt: prompt, Input: input}
	budget := m.budget()
	record := func(simIdx int, out string, err error, kind string) (string, error) {
		c.Output, c.Kind = out, kind
		m.calls = append(m.calls, c)
		m.simIndex = append(m.simIndex, simIdx)
		return out, err
	}
	if c.N > budget {
		m.exhausted = true
		if m.cancel != nil {
			m.cancel()
		}
		return record(-1, "", &densify.ProviderError{Provider: "harness", Status: 500, Message: ErrBudget.Error()}, invariant.KindBudget)
	}
	if ctx.Err() != nil {
		return record(-1, "", ctx.Err(), invariant.KindCanceled)
	}
	seen := Seen{N: c.N, Stage: stage, Index: m.stages[stage], Prompt: prompt, Input: input, Tokens: m.Sim.Tokens(input)}
	if m.Inject != nil {
		if inj := m.Inject(seen); inj != nil {
			return record(-1, "", inj.Err, inj.Kind)
		}
	}
	idx := m.simCalls
	m.simCalls++
	out, err := m.Sim.Complete(ctx, prompt, input)
	if err != nil {
		return record(idx, "", err, "") // kind filled in from the simulator's record
	}
	if m.Echo {
		out = input
	}
	if m.Reply != nil {
		out = m.Reply(seen, out)
	}
	return record(idx, out, nil, invariant.KindOK)
}

// Calls returns every call so far in arrival order, with the simulator's
// cost and failure kind filled in.
func (m *Model) Calls() []invariant.Call {
	m.mu.Lock()
	defer m.mu.Unlock()
	sc := m.Sim.Calls()
	out := append([]invariant.Call(nil), m.calls...)
	for i, j := range m.simIndex {
		if j >= 0 && j < len(sc) {
			out[i].Cost = sc[j].Cost
			if sc[j].Err != nil {
				out[i].Kind = sc[j].Kind
				if out[i].Kind == "" {
					out[i].Kind = invariant.KindOther
				}
			}
		}
	}
	return out
}

func (m *Model) budget() int {
	if m.Budget <= 0 {
		return DefaultCallBudget
	}
	return m.Budget
}

// CallBudget is the most calls the model answers (Budget, or
// DefaultCallBudget when that is 0).
func (m *Model) CallBudget() int { return m.budget() }

// Exhausted reports whether the call budget ran out.
func (m *Model) Exhausted() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.exhausted
}

// Densify runs the adapter's Densify with m as the provider and returns its
// refusal unjudged (a non-answer or not_implemented ends the check, as in
// send). The context given to the implementation ends when m's call
// budget is spent (and when the requirement's time is up).
func Densify(t *suite.T, req adapters.DensifyRequest, m *Model) (adapters.DensifyAnswer, error) {
	d := operations[adapters.Densifier](t, "densify", "Densify operation")
	ctx, cancel := context.WithCancel(t.Context())
	defer cancel()
	m.mu.Lock()
	m.cancel = cancel
	m.mu.Unlock()
	ans, err := d.Densify(ctx, req, m)
	t.Record("densify", req, ans, err)
	m.mu.Lock()
	m.cancel = nil
	m.mu.Unlock()
	if err != nil && !m.Exhausted() && suite.NoVerdict(err) && !declined(t, "densify", err) {
		t.OperationFailed("densify", err) // as send does; a spent budget is the check's to judge
	}
	if err != nil {
		return ans, fmt.Errorf("densify: %w", err)
	}
	return ans, nil
}

// Densified is one densification run by a check: the request, the answer,
// the calls placed in the answer's shape.
type Densified struct {
	Req   adapters.DensifyRequest
	Ans   adapters.DensifyAnswer
	Calls []invariant.Call
	Steps []invariant.Step
}

// MustDensify runs Densify on a valid request and places the provider's
// calls in the answer's shape. An error or a call budget spent ends the
// check (the first as errored when it is the implementation's fault); a
// malformed answer or one that does not account for the calls ends it
// inconclusive (ErrUnaccounted: DSF-19's to judge), failures already
// recorded standing.
func MustDensify(t *suite.T, req adapters.DensifyRequest, m *Model) Densified {
	ans, err := Densify(t, req, m)
	if m.Exhausted() {
		t.Fatalf("no answer within %d provider calls: the flow does not terminate", m.budget())
	}
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	d, err := Check(req, ans, m)
	if err != nil {
		t.Inconclusivef("not judged: %v", err)
	}
	return d
}

// ErrUnaccounted is Check's error when an answer is malformed or does not
// account for the provider's calls: the adapter contract DSF-19 (ROBUST)
// judges. The other checks need that account to place the calls; they do
// not judge such an answer (one fault, one requirement).
var ErrUnaccounted = errors.New("the answer does not account for its provider calls (DSF-19 judges that)")

// Check judges the answer's form and places the calls, without ending the
// check: for properties, which report a failure as a counterexample. Its
// errors wrap ErrUnaccounted.
func Check(req adapters.DensifyRequest, ans adapters.DensifyAnswer, m *Model) (Densified, error) {
	d := Densified{Req: req, Ans: ans, Calls: m.Calls()}
	if err := invariant.Answered(req, ans); err != nil {
		return d, fmt.Errorf("%w: malformed answer: %w", ErrUnaccounted, err)
	}
	steps, err := invariant.Split(ans, d.Calls)
	if err != nil {
		return d, fmt.Errorf("%w: the answer's account of its calls does not match the provider's record: %w", ErrUnaccounted, err)
	}
	d.Steps = steps
	return d, nil
}
