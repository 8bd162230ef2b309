package suite

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestVerdictOfRememberedCase: one fault found by a generated case, then
// by that case remembered in the next run, gives two messages that differ
// only in where the case came from and how it was shrunk; their verdicts
// are equal, and the finding of either is the line that says what was
// wrong.
func TestVerdictOfRememberedCase(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	check := func(t *T) {
		ForAll(t, "small", nil, gen.IntRange(0, 100000), func(n int) string {
			if n >= 1000 {
				return fmt.Sprintf("%d is over the cap of 999\nsecond line", n)
			}
			return ""
		})
	}
	r := req("INF-01", Must, check)
	r.Quote = "It MUST stay small."
	generated := RunOne(context.Background(), a, r, Options{Seed: 1})
	if generated.Outcome != Failed || generated.Replay == nil {
		t.Fatalf("generated: %s %s, want a failure with its replay", generated.Outcome, generated.Message)
	}
	remembered := RunOne(context.Background(), a, r, Options{Seed: 2, Remembered: map[string][]Case[json.RawMessage]{
		"INF-01": {{Name: "37795720b4d39f7a", Value: generated.Replay.Value}}}})
	if remembered.Outcome != Failed || !strings.Contains(remembered.Message, "remembered case 37795720b4d39f7a") {
		t.Fatalf("remembered: %s %s, want a failure by the remembered case", remembered.Outcome, remembered.Message)
	}
	if generated.Message == remembered.Message {
		t.Fatalf("the two messages are equal, the test shows nothing:\n%s", generated.Message)
	}
	if g, r := Verdict(generated.Message), Verdict(remembered.Message); g != r {
		t.Errorf("verdicts differ:\n%s\n---\n%s", g, r)
	}
	for _, res := range []Result{generated, remembered} {
		if got, want := res.Finding(), "1000 is over the cap of 999"; got != want {
			t.Errorf("Finding() = %q, want %q, of\n%s", got, want, res.Message)
		}
	}
}

// TestVerdict: what is left out of a message and what is kept.
func TestVerdict(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"property \"covered\" falsified by generated case 19 of 100 (seed 1), shrunk:\nwindow 0 is long\ncase: x\n(shrunk in 3 steps, 9 smaller cases sent)",
			"property \"covered\" falsified:\nwindow 0 is long\ncase: x"},
		{"property \"a \\\"b\\\"\" falsified by edge case empty:\nbad\n(not shrunk: none of the 2 smaller cases sent fails)",
			"property \"a \\\"b\\\"\" falsified:\nbad"},
		{"window 0 is long\n(shrunk in the middle of a sentence", "window 0 is long\n(shrunk in the middle of a sentence"},
		{"flat message", "flat message"},
		{"(flaky: the case failed once and held when sent again\nfirst answer: x)", "(flaky: the case failed once and held when sent again\nfirst answer: x)"},
	} {
		if got := Verdict(tt.in); got != tt.want {
			t.Errorf("Verdict(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
