package adapters_test

import (
	"context"
	"errors"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// runesAssembler counts in runes: it records the request it gets and
// answers a fixed answer in runes.
type runesAssembler struct {
	got    adapters.AssembleRequest
	answer adapters.AssembleAnswer
}

func (*runesAssembler) Info() adapters.Info {
	return adapters.Info{Name: "runes", Unit: unit.Runes, Standards: []adapters.Standard{adapters.Assemble}}
}
func (*runesAssembler) Close() error { return nil }
func (a *runesAssembler) Assemble(_ context.Context, req adapters.AssembleRequest) (adapters.AssembleAnswer, error) {
	a.got = req
	return a.answer, nil
}

// runesBody: é is 2 bytes, so rune 4 ('a') is byte 7, rune 7 (end of "abc")
// is byte 10, rune 8 ('d') is byte 11, rune 11 (the end) is byte 15.
const runesBody = "ééé abc déf"

func TestConvertAssemble(t *testing.T) {
	docs := []assemble.Document{{ID: "d", Body: runesBody}}
	inner := &runesAssembler{answer: adapters.AssembleAnswer{Results: []assemble.Result{
		{Window: "abc", Source: "d", Start: 4, End: 7, Molecules: []string{"m"}, Strategy: assemble.Single, Coherence: 1}}}}
	a := adapters.InBytes(inner).(adapters.Assembler)
	ans, err := a.Assemble(context.Background(), adapters.AssembleRequest{Documents: docs, MaxChars: 9,
		Molecules: []assemble.Molecule{{ID: "m", Source: "d", Start: 7, End: 10}, {ID: "n", Source: "d", Start: 11, End: 15}}})
	if err != nil {
		t.Fatal(err)
	}
	if g := inner.got; g.Molecules[0].Start != 4 || g.Molecules[0].End != 7 || g.Molecules[1].Start != 8 || g.Molecules[1].End != 11 || g.MaxChars != 9 {
		t.Errorf("request reached the adapter as %+v, want molecules [4,7) and [8,11), max_chars 9", g.Molecules)
	}
	if r := ans.Results[0]; r.Start != 7 || r.End != 10 {
		t.Errorf("answer in bytes: [%d,%d), want [7,10)", r.Start, r.End)
	}
	if inner.answer.Results[0].Start != 4 {
		t.Errorf("conversion modified the adapter's own answer")
	}
	// An offset inside a character cannot be sent; an answer beyond the body
	// is the adapter's fault.
	if _, err := a.Assemble(context.Background(), adapters.AssembleRequest{Documents: docs, MaxChars: 9,
		Molecules: []assemble.Molecule{{ID: "m", Source: "d", Start: 1, End: 4}}}); err == nil || errors.Is(err, adapters.ErrFault) {
		t.Errorf("molecule inside a character: %v, want a plain error", err)
	}
	inner.answer.Results[0].End = 99
	if _, err := a.Assemble(context.Background(), adapters.AssembleRequest{Documents: docs, MaxChars: 9}); !errors.Is(err, adapters.ErrFault) {
		t.Errorf("answer beyond the body: %v, want a fault", err)
	}
}
