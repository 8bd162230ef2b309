package call

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/llm/sim"
	"github.com/ctxconform/ctxconform/reference/densify"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// TestModelBudget: a model with a budget of n answers n calls, refuses the
// next with the harness's error, and ends the densification's context; a
// budget of 0 or less is the default.
func TestModelBudget(t *testing.T) {
	if DefaultCallBudget != 2000 {
		t.Errorf("DefaultCallBudget = %d; specs/REQUIREMENTS.md (termination, DSF-17/21) says 2,000 a spec run", DefaultCallBudget)
	}
	for _, tt := range []struct {
		budget, answered int
	}{
		{1, 1}, {3, 3}, {0, DefaultCallBudget}, {-1, DefaultCallBudget},
	} {
		m, err := NewModel(sim.Config{Cap: 100000})
		if err != nil {
			t.Fatal(err)
		}
		m.Budget = tt.budget
		if got := m.budget(); got != tt.answered {
			t.Errorf("Budget %d: a budget of %d calls, want %d", tt.budget, got, tt.answered)
		}
		if tt.answered > 3 {
			continue
		}
		canceled := false
		m.cancel = func() { canceled = true }
		for n := 1; n <= tt.answered+1; n++ {
			_, err := m.Complete(context.Background(), "[[stage:full]] densify", "some text")
			var pe *densify.ProviderError
			switch refused := errors.As(err, &pe) && strings.Contains(pe.Message, ErrBudget.Error()); {
			case n <= tt.answered && err != nil:
				t.Errorf("Budget %d: call %d refused: %v", tt.budget, n, err)
			case n > tt.answered && !refused:
				t.Errorf("Budget %d: call %d answered (%v), want the budget's error", tt.budget, n, err)
			}
		}
		if !m.Exhausted() || !canceled {
			t.Errorf("Budget %d: exhausted %v, context ended %v; want both", tt.budget, m.Exhausted(), canceled)
		}
		calls := m.Calls()
		if last := calls[len(calls)-1]; len(calls) != tt.answered+1 || last.Kind != invariant.KindBudget {
			t.Errorf("Budget %d: calls %+v; want %d, the last of kind %q", tt.budget, calls, tt.answered+1, invariant.KindBudget)
		}
	}
}

// TestModelEcho: an echoing model returns every accepted call's input.
func TestModelEcho(t *testing.T) {
	m, err := NewModel(sim.Config{Cap: 100000})
	if err != nil {
		t.Fatal(err)
	}
	m.Echo = true
	in := strings.Repeat("a longer input that a model would shorten. ", 20)
	out, err := m.Complete(context.Background(), "[[stage:full]] densify", in)
	if err != nil || out != in {
		t.Errorf("echo: %q, %v; want the input back", out, err)
	}
}

// shortTrigrams answers one value too few of each list.
type shortTrigrams struct{}

func (shortTrigrams) Info() adapters.Info {
	return adapters.Info{Name: "short", Version: "1", Unit: unit.Bytes, Standards: []adapters.Standard{adapters.Fuzzy}}
}
func (shortTrigrams) Close() error { return nil }
func (shortTrigrams) Search(context.Context, adapters.SearchRequest) (adapters.SearchAnswer, error) {
	return adapters.SearchAnswer{}, nil
}
func (shortTrigrams) Trigrams(_ context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	n, p := len(req.Strings)-1, len(req.Pairs)-1
	return adapters.TrigramAnswer{Locale: "C", Show: make([][]string, n), Lower: make([]string, n),
		Similarity: make([]float32, p), WordSimilarity: make([]float32, p), StrictWordSimilarity: make([]float32, p)}, nil
}

// TestTrigramsShape: an answer whose lists do not match the request is an
// implementation fault (errored), never judged as a wrong answer.
func TestTrigramsShape(t *testing.T) {
	r := suite.Requirement{ID: "FUZ-99", Standard: adapters.Fuzzy, Section: "§3", Level: suite.Must, Title: "shape", Kind: suite.Spec,
		Check: func(t *suite.T) {
			MustTrigrams(t, adapters.TrigramRequest{Strings: []string{"a", "b"}, Pairs: [][2]string{{"a", "b"}, {"b", "a"}}})
		}}
	res := suite.RunOne(context.Background(), shortTrigrams{}, r, suite.Options{Seed: 1})
	if res.Outcome != suite.Errored || !strings.Contains(res.Message, "1 show values for 2 inputs") {
		t.Errorf("%s: %s; want errored, naming the short list", res.Outcome, res.Message)
	}
}
