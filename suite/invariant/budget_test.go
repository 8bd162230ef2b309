package invariant

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestBudget counts the windows both ways: by their offsets and by their
// texts. A window whose offsets fit the budget but whose text (stale, or
// padded after the cut) does not is over it all the same: what is handed
// on is the text.
func TestBudget(t *testing.T) {
	body := strings.Repeat("ab", 50) // 100 bytes
	tests := []struct {
		name       string
		budget     int
		start, end int
		text       string
		u          unit.Unit
		want       string // a piece of the error, "" for none
	}{
		{"offsets and text at the budget", 10, 0, 10, body[:10], unit.Bytes, ""},
		{"offsets one over", 10, 0, 11, body[:11], unit.Bytes, "by their offsets"},
		{"offsets fit, text one over", 10, 0, 10, body[:11], unit.Bytes, "texts total 11"},
		{"offsets fit, text far over", 10, 0, 4, body, unit.Bytes, "texts total 100"},
		{"text in runes fits where its bytes do not", 3, 0, 3, "ééé", unit.Runes, ""},
		{"text in bytes over", 3, 0, 3, "ééé", unit.Bytes, "texts total 6"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			budget := tt.budget
			req := inflate.Request{
				Budget:    &budget,
				Documents: []inflate.Document{{ID: "d", Body: body}},
				Hits:      []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 1}},
			}
			res := inflate.Result{Windows: []inflate.Window{{CompoundID: "d", Start: tt.start, End: tt.end, Text: tt.text, Hits: []string{"h"}}}}
			err := Budget(req, res, tt.u)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("Budget: %v, want no error", err)
			case tt.want != "" && err == nil:
				t.Errorf("Budget: no error, want one saying %q", tt.want)
			case tt.want != "" && !strings.Contains(err.Error(), tt.want):
				t.Errorf("Budget: %v, want it to say %q", err, tt.want)
			}
		})
	}
	var none inflate.Request
	if err := Budget(none, inflate.Result{Windows: []inflate.Window{{Text: body}}}, unit.Bytes); err != nil {
		t.Errorf("no budget: %v", err)
	}
}
