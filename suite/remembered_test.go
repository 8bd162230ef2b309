package suite

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestRememberedFirst: the failure memory's cases run before the edge
// cases; one that fails is the verdict, shrunk with the generator's
// shrinker and marked as remembered in its replay; one that is not a case
// of the property is passed over with a log line; with none failing, the
// edge and generated cases run as ever.
func TestRememberedFirst(t *testing.T) {
	a := fake{declared: []adapters.Standard{adapters.Inflate}}
	tests := []struct {
		name       string
		remembered []string // JSON values
		wantFirst  string   // the first case checked
		outcome    Outcome
		says       string // in the message or the logs
	}{
		{"a failing remembered case", []string{`5000`}, "remembered case r0", Failed, "remembered case r0"},
		{"a remembered case that holds", []string{`12`}, "remembered case r0", Passed, ""},
		{"a case of another property", []string{`{"A":1}`, `12`}, "remembered case r1", Passed, "is not a case of property"},
		{"no memory", nil, "edge case zero", Passed, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var seen []string
			check := func(t *T) {
				ForAll(t, "small", []Case[int]{{"zero", 0}}, gen.IntRange(0, 999), func(n int) string {
					t.mu.Lock()
					seen = append(seen, t.caseName)
					t.mu.Unlock()
					if n >= 1000 {
						return "too large"
					}
					return ""
				})
			}
			var cases []Case[json.RawMessage]
			for i, v := range tt.remembered {
				cases = append(cases, Case[json.RawMessage]{Name: "r" + string(rune('0'+i)), Value: json.RawMessage(v)})
			}
			res := RunOne(context.Background(), a, req("INF-01", Must, check), Options{Remembered: map[string][]Case[json.RawMessage]{"INF-01": cases}})
			if len(seen) == 0 || seen[0] != tt.wantFirst {
				t.Fatalf("cases checked %v, want %q first", seen, tt.wantFirst)
			}
			if res.Outcome != tt.outcome || !strings.Contains(res.Message+strings.Join(res.Logs, "\n"), tt.says) {
				t.Fatalf("%s %s %v, want %s saying %q", res.Outcome, res.Message, res.Logs, tt.outcome, tt.says)
			}
			if res.Outcome == Failed {
				if res.Replay == nil || res.Replay.From != FromRemembered || string(res.Replay.Value) != "1000" {
					t.Errorf("replay %+v, want the remembered case shrunk to 1000, from %q", res.Replay, FromRemembered)
				}
			}
		})
	}
}
