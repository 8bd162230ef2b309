package suite

import (
	"context"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// pastEnd answers one window ending one past its document.
type pastEnd struct{}

func (pastEnd) Info() adapters.Info {
	return adapters.Info{Name: "past-end", Unit: unit.Bytes, Standards: []adapters.Standard{adapters.Inflate}}
}
func (pastEnd) Close() error { return nil }
func (pastEnd) Inflate(_ context.Context, req inflate.Request) (inflate.Result, error) {
	b := req.Documents[0].Body
	return inflate.Result{Windows: []inflate.Window{{CompoundID: "d", Start: 0, End: len(b) + 1, Text: b, Hits: []string{"h"}}}}, nil
}

// TestRepairsInMessages: a check judging a repaired answer fails, not
// errors, and a spec's failure lists the repairs; a property, which takes
// them case by case, is not annotated at the end.
func TestRepairsInMessages(t *testing.T) {
	ask := func(t *T) {
		r := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: "abc"}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 1}}}
		res, err := t.Adapter().(adapters.Inflater).Inflate(t.Context(), r)
		if err != nil {
			t.OperationFailed("inflate", err)
		}
		t.Errorf("window ends at %d", res.Windows[0].End)
	}
	for _, tt := range []struct {
		name    string
		check   func(*T)
		noted   bool
		message string
	}{
		{"spec", ask, true, "window ends at 3\n(answers judged after repair: window 0 end of \"d\": 4 bytes is outside the document [0,3]"},
		{"property", func(t *T) { t.TakeRepairs(); ask(t); t.TakeRepairs() }, false, "window ends at 3"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			res := RunOne(context.Background(), pastEnd{}, req("X-01", Must, tt.check), Options{})
			if res.Outcome != Failed {
				t.Fatalf("%s (%s), want failed", res.Outcome, res.Message)
			}
			if !strings.HasPrefix(res.Message, tt.message) || strings.Contains(res.Message, "judged after repair") != tt.noted {
				t.Errorf("message %q, want it to start %q (repairs listed: %v)", res.Message, tt.message, tt.noted)
			}
		})
	}
}
