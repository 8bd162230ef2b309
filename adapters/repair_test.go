package adapters_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// fixedInflater answers every inflation with one window, counted in its unit.
type fixedInflater struct {
	u unit.Unit
	w inflate.Window
}

func (f *fixedInflater) Info() adapters.Info {
	return adapters.Info{Name: "fixed", Unit: f.u, Standards: []adapters.Standard{adapters.Inflate}}
}
func (*fixedInflater) Close() error { return nil }
func (f *fixedInflater) Inflate(context.Context, inflate.Request) (inflate.Result, error) {
	return inflate.Result{Windows: []inflate.Window{f.w}}, nil
}

// TestRepairs: an answer whose offsets cannot be taken as they are is
// repaired (clamped, widened) and the repair recorded when the context
// carries a log, and is a fault without one.
func TestRepairs(t *testing.T) {
	// "ab😀cd": bytes a0 b1 😀[2,6) c6 d7, len 8; utf16 a0 b1 😀[2,4) c4 d5, len 6.
	const body = "ab😀cd"
	req := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 1, Score: 1}}}
	tests := []struct {
		name       string
		u          unit.Unit
		w          inflate.Window
		kind       adapters.RepairKind // 0: no repair
		start, end int                 // bytes judged
		text       string              // text judged
		message    string              // in the repair's message
	}{
		{"utf16 clean", unit.UTF16, inflate.Window{CompoundID: "d", Start: 1, End: 5, Text: "b😀c"}, 0, 1, 7, "b😀c", ""},
		{"utf16 end between surrogates", unit.UTF16, inflate.Window{CompoundID: "d", Start: 0, End: 3, Text: "ab\uFFFD"}, adapters.InsideCharacter, 0, 6, "ab😀", `3 utf16 falls inside a character (judged widened to the character's edge, 4 [bytes 6], at "ab|😀cd")`},
		{"utf16 start between surrogates", unit.UTF16, inflate.Window{CompoundID: "d", Start: 3, End: 5, Text: "\uFFFDc"}, adapters.InsideCharacter, 2, 7, "😀c", `start of "d": 3 utf16 falls inside a character (judged widened to the character's edge, 2, at "ab|😀cd")`}, // 2 is 2 bytes: no [bytes 2]
		{"utf16 stale text kept", unit.UTF16, inflate.Window{CompoundID: "d", Start: 0, End: 3, Text: "xyz"}, adapters.InsideCharacter, 0, 6, "xyz", ""},
		{"utf16 end past the document", unit.UTF16, inflate.Window{CompoundID: "d", Start: 4, End: 7, Text: "cd"}, adapters.OutsideDocument, 6, 8, "cd", `7 utf16 is outside the document [0,6] (judged as 6 [bytes 8], at "ab😀cd|")`},
		{"bytes inside a UTF-8 sequence", unit.Bytes, inflate.Window{CompoundID: "d", Start: 0, End: 3, Text: "ab\xf0"}, adapters.InsideCharacter, 0, 6, "ab😀", "3 bytes falls inside"},
		{"bytes past the document", unit.Bytes, inflate.Window{CompoundID: "d", Start: 6, End: 9, Text: "cd"}, adapters.OutsideDocument, 6, 8, "cd", "outside the document [0,8]"},
		{"runes negative start", unit.Runes, inflate.Window{CompoundID: "d", Start: -1, End: 1, Text: "a"}, adapters.OutsideDocument, 0, 1, "a", "-1 runes is outside"},
		{"unknown document", unit.UTF16, inflate.Window{CompoundID: "x", Start: 0, End: 1, Text: "a"}, adapters.UnknownDocument, 0, 1, "a", `names document "x", which was not sent`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := adapters.InBytes(&fixedInflater{tt.u, tt.w}).(adapters.Inflater)
			var log adapters.RepairLog
			res, err := a.Inflate(adapters.WithRepairLog(context.Background(), &log), req)
			if err != nil {
				t.Fatalf("with a log: %v", err)
			}
			w := res.Windows[0]
			if w.Start != tt.start || w.End != tt.end || w.Text != tt.text {
				t.Errorf("judged [%d,%d) %q, want [%d,%d) %q", w.Start, w.End, w.Text, tt.start, tt.end, tt.text)
			}
			rs := log.List()
			if tt.kind == 0 {
				if len(rs) != 0 {
					t.Errorf("repairs %v, want none", rs)
				}
				return
			}
			if len(rs) != 1 || rs[0].Kind != tt.kind {
				t.Fatalf("repairs %v, want one of kind %d", rs, tt.kind)
			}
			if !strings.Contains(rs[0].String(), tt.message) {
				t.Errorf("repair says %q, want %q in it", rs[0], tt.message)
			}
			if _, err := a.Inflate(context.Background(), req); !errors.Is(err, adapters.ErrFault) {
				t.Errorf("without a log: err = %v, want a fault", err)
			}
		})
	}
}

// recordingInflater records the request it gets.
type recordingInflater struct {
	u   unit.Unit
	got inflate.Request
}

func (r *recordingInflater) Info() adapters.Info {
	return adapters.Info{Name: "recording", Unit: r.u, Standards: []adapters.Standard{adapters.Inflate}}
}
func (*recordingInflater) Close() error { return nil }
func (r *recordingInflater) Inflate(_ context.Context, req inflate.Request) (inflate.Result, error) {
	r.got = req
	return inflate.Result{}, nil
}

// TestBadRequestOffsets: a request offset inside a character (a bad-input
// case) reaches a UTF-16 implementation between the halves of a surrogate
// pair when the character has them; otherwise no offset of the unit says
// it, and the call fails as not expressible, never as a refusal.
func TestBadRequestOffsets(t *testing.T) {
	const body = "aé😀b" // bytes: a0 é[1,3) 😀[3,7) b7; utf16: a0 é1 😀[2,4) b4
	tests := []struct {
		name  string
		u     unit.Unit
		start int
		want  int // converted start; -1: not expressible
	}{
		{"utf16 inside a pair", unit.UTF16, 5, 3},
		{"utf16 inside é", unit.UTF16, 2, -1},
		{"runes inside a pair", unit.Runes, 5, -1},
		{"bytes as sent", unit.Bytes, 2, 2},
		{"utf16 beyond the end", unit.UTF16, 10, 7},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recordingInflater{u: tt.u}
			req := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: tt.start, End: 8, Score: 1}}}
			_, err := adapters.InBytes(rec).(adapters.Inflater).Inflate(context.Background(), req)
			if tt.want < 0 {
				if !errors.Is(err, adapters.ErrInexpressible) {
					t.Errorf("err = %v, want ErrInexpressible", err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if got := rec.got.Hits[0].Start; got != tt.want {
				t.Errorf("start sent as %d, want %d", got, tt.want)
			}
		})
	}
}

// TestRepairsNarrowed: read narrowed (RepairLog.ReadNarrowed), an edge
// inside a character moves inward past it, the text becomes the document's
// between the narrowed edges, and the repair says so; an atom still moves
// to its character's start.
func TestRepairsNarrowed(t *testing.T) {
	const body = "ab😀cd" // utf16 a0 b1 😀[2,4) c4 d5; bytes 😀[2,6)
	req := inflate.Request{Documents: []inflate.Document{{ID: "d", Body: body}}, Hits: []inflate.Hit{{ID: "h", CompoundID: "d", Start: 0, End: 1, Score: 1}}}
	tests := []struct {
		name       string
		w          inflate.Window
		start, end int // bytes judged
		text       string
	}{
		{"end between surrogates", inflate.Window{CompoundID: "d", Start: 0, End: 3, Text: "ab\uFFFD"}, 0, 2, "ab"},
		{"start between surrogates", inflate.Window{CompoundID: "d", Start: 3, End: 5, Text: "\uFFFDc"}, 6, 7, "c"},
		{"both edges", inflate.Window{CompoundID: "d", Start: 1, End: 3, Text: "b\uFFFD"}, 1, 2, "b"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			a := adapters.InBytes(&fixedInflater{unit.UTF16, tt.w}).(adapters.Inflater)
			var log adapters.RepairLog
			log.ReadNarrowed(true)
			res, err := a.Inflate(adapters.WithRepairLog(context.Background(), &log), req)
			if err != nil {
				t.Fatal(err)
			}
			w := res.Windows[0]
			if w.Start != tt.start || w.End != tt.end || w.Text != tt.text {
				t.Errorf("judged [%d,%d) %q, want [%d,%d) %q", w.Start, w.End, w.Text, tt.start, tt.end, tt.text)
			}
			rs := log.Take()
			if len(rs) == 0 || !strings.Contains(rs.String(), "judged narrowed") {
				t.Errorf("repairs %q, want a narrowed one", rs)
			}
			log.ReadNarrowed(false)
			if res, _ := a.Inflate(adapters.WithRepairLog(context.Background(), &log), req); res.Windows[0].End-res.Windows[0].Start <= tt.end-tt.start {
				t.Errorf("widened again: [%d,%d), want wider than narrowed", res.Windows[0].Start, res.Windows[0].End)
			}
		})
	}
}
