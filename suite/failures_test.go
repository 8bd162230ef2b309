package suite

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// Every failure of a requirement is kept in its message and its replay;
// only Short, what the terminal prints, abbreviates, saying where the rest
// is.
func TestEveryFailureKept(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	check := func(t *T) {
		for i := 1; i <= 8; i++ {
			t.Errorf("case %d: accepted; want an error", i)
		}
	}
	res := RunOne(context.Background(), a, req("INF-11", Must, check), Options{})
	if res.Outcome != Failed || res.Replay == nil {
		t.Fatalf("%s, replay %v", res.Outcome, res.Replay)
	}
	for i := 1; i <= 8; i++ {
		c := fmt.Sprintf("case %d:", i)
		if !strings.Contains(res.Message, c) || !strings.Contains(res.Replay.Expected, c) {
			t.Errorf("%q lost: message %q, replay %q", c, res.Message, res.Replay.Expected)
		}
	}
	short := res.Short()
	if strings.Contains(short, "case 6:") || !strings.Contains(short, "case 5:") || !strings.Contains(short, "(and 3 more: the JSON report") {
		t.Errorf("terminal message %q, want the first 5 and where the other 3 are", short)
	}
	res.ReplayFile = "conformance-replays/INF-11.json"
	if !strings.Contains(res.Short(), "(and 3 more: see the replay file conformance-replays/INF-11.json)") {
		t.Errorf("terminal message %q does not name the replay file", res.Short())
	}
	few := RunOne(context.Background(), a, req("INF-11", Must, func(t *T) { t.Errorf("only") }), Options{})
	if few.Short() != "only" || few.Message != "only" {
		t.Errorf("one failure: short %q, message %q", few.Short(), few.Message)
	}
}
