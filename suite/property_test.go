package suite

import (
	"context"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"
	"github.com/leanovate/gopter/prop"

	"github.com/ctxconform/ctxconform/adapters"
)

// A falsified property fails the requirement with its seed and its shrunk
// counterexample; the same seed finds the same counterexample again.
func TestPropertyReportsShrunkCounterexample(t *testing.T) {
	check := func(t *T) {
		t.Property("small", prop.ForAll(func(n int) bool { return n < 1000 }, gen.IntRange(0, 100000)))
	}
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	run := func() Result {
		return RunOne(context.Background(), a, req("INF-01", Must, check), Options{Seed: 42})
	}
	res := run()
	if res.Outcome != Failed {
		t.Fatalf("outcome %s, want failed", res.Outcome)
	}
	for _, want := range []string{"seed 42", "ARG_0: 1000"} {
		if !strings.Contains(res.Message, want) {
			t.Errorf("message lacks %q:\n%s", want, res.Message)
		}
	}
	if again := run(); again.Message != res.Message {
		t.Errorf("same seed, different report:\n%s\n---\n%s", res.Message, again.Message)
	}
	pass := func(t *T) { t.Property("any", prop.ForAll(func(n int) bool { return true }, gen.Int())) }
	if res := RunOne(context.Background(), a, req("INF-01", Must, pass), Options{Seed: 42}); res.Outcome != Passed {
		t.Errorf("a true property: %s %s", res.Outcome, res.Message)
	}
}
