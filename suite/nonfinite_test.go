package suite

import (
	"context"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
)

// floatCase is a property's case with floats JSON has no number for.
type floatCase struct {
	Score     float64  `json:"score"`
	Threshold *float64 `json:"threshold,omitempty"`
	Vector    []float32
}

// finite says whether the case lacks one of its non-finite floats: a NaN
// score, an infinite threshold, an infinite component (the case fails
// only with all three, so that shrinking keeps them).
func (c floatCase) finite() bool {
	inf := false
	for _, x := range c.Vector {
		inf = inf || math.IsInf(float64(x), -1)
	}
	return !math.IsNaN(c.Score) || c.Threshold == nil || !math.IsInf(*c.Threshold, 1) || !inf
}

// A failing case holding NaN and infinities, in its value and in the
// calls it made, is kept in its replay; the replay file is written, read
// back, and sends the same case again.
func TestReplayNonFinite(t *testing.T) {
	inf := math.Inf(1)
	bad := floatCase{Score: math.NaN(), Threshold: &inf, Vector: []float32{1, float32(math.Inf(-1))}}
	var seen []floatCase
	check := func(t *T) {
		ForAll(t, "finite", []Case[floatCase]{{"non-finite", bad}}, gen.Const(floatCase{}), func(c floatCase) string {
			seen = append(seen, c)
			t.Record("assemble", c, map[string]any{"score": c.Score, "all": c.Vector}, nil)
			if !c.finite() {
				return "accepted a score that is not finite"
			}
			return ""
		})
	}
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	res := RunOne(context.Background(), a, req("ASM-16", Must, check), Options{Seed: 1})
	if res.Outcome != Failed || res.Replay == nil {
		t.Fatalf("outcome %s, replay %+v", res.Outcome, res.Replay)
	}
	for _, want := range []string{`"score":"NaN"`, `"threshold":"Infinity"`, `"-Infinity"`} {
		if !strings.Contains(string(res.Replay.Value), want) {
			t.Errorf("replay value %s lacks %s", res.Replay.Value, want)
		}
	}
	// A float32 infinity has no larger finite float64 to shrink to
	// (float32(math.MaxFloat64) is infinite again): the search must end,
	// not spin on the same value until its time bound.
	if strings.Contains(res.Message, "cut short") {
		t.Errorf("shrinking a non-finite case ran to its time bound:\n%s", res.Message)
	}
	if !strings.Contains(res.Message, `"score":"NaN"`) {
		t.Errorf("message does not show the case as JSON:\n%s", res.Message)
	}
	path := filepath.Join(t.TempDir(), "ASM-16.json")
	if err := res.Replay.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	rp, err := ReadReplay(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(rp.Calls) == 0 {
		t.Fatalf("replay file lost the calls: %+v", rp)
	}
	seen = nil
	again := RunOne(context.Background(), a, req("ASM-16", Must, check), Options{Seed: 9, Replay: &rp})
	if again.Outcome != Failed || len(seen) != 1 {
		t.Fatalf("replayed: %s (%d cases) %s", again.Outcome, len(seen), again.Message)
	}
	got := seen[0]
	if !math.IsNaN(got.Score) || got.Threshold == nil || !math.IsInf(*got.Threshold, 1) || got.finite() {
		t.Errorf("replayed case %+v, want %+v", got, bad)
	}
}
