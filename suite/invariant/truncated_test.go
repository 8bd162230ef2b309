package invariant

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestTruncatedHit: std085 §2.1.5's truncation "at the limit" of a merged
// window can leave a later hit outside it (budget 300, hits at 0 and 150 of
// a 151-byte document merge into [0,151), cut to [0,150)). Assigned (INF-05,
// DEN-11: MUST) allows that of a window at its cap, counted in the
// implementation's unit and up to one character short of it, and fails a
// shorter window that lists a hit it does not touch; Covered (INF-06:
// ROBUST) fails both.
func TestTruncatedHit(t *testing.T) {
	budget := 300
	ascii := strings.Repeat("x", 151)
	// 149 bytes, then "é" (2 bytes): a cut at byte 150 falls inside it.
	accent := strings.Repeat("x", 149) + "é" + "y"
	tests := []struct {
		name, body string
		start, end int // the window, listing hits a [0,0) and b [150,151) or [151,152)
		hitB       int
		u          unit.Unit
		assigned   string // Assigned's error, "" for none
	}{
		{"at the cap", ascii, 0, 150, 150, unit.Bytes, ""},
		{"below the cap", ascii, 0, 149, 150, unit.Bytes, "shorter than the cap 150"},
		{"a character short of the cap, in bytes", accent, 0, 149, 151, unit.Bytes, ""},
		{"at the cap, in runes", accent, 0, 151, 151, unit.Runes, ""},
		{"a character short of the cap, in runes", accent, 0, 149, 151, unit.Runes, "shorter than the cap 150"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			req := inflate.Request{
				Budget:    &budget,
				Documents: []inflate.Document{{ID: "d", Body: tt.body}},
				Hits:      []inflate.Hit{{ID: "a", CompoundID: "d"}, {ID: "b", CompoundID: "d", Start: tt.hitB, End: tt.hitB + 1}},
			}
			res := inflate.Result{Windows: []inflate.Window{{CompoundID: "d", Start: tt.start, End: tt.end, Text: tt.body[tt.start:tt.end], Hits: []string{"a", "b"}}}}
			err := Assigned(req, res, tt.u)
			switch {
			case tt.assigned == "" && err != nil:
				t.Errorf("Assigned: %v, want nil: the window is at its cap", err)
			case tt.assigned != "" && (err == nil || !strings.Contains(err.Error(), tt.assigned)):
				t.Errorf("Assigned: %v, want an error saying %q", err, tt.assigned)
			}
			if err := Covered(req, res, tt.u); err == nil || !strings.Contains(err.Error(), "does not touch it") || !strings.Contains(err.Error(), "INF-05 allows") {
				t.Errorf("Covered: %v, want the hit not touched, excused only by INF-05", err)
			}
		})
	}
}
