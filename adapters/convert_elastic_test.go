package adapters_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// runesHydrator counts in runes: it records the request it gets and answers
// a fixed answer in runes.
type runesHydrator struct {
	got    adapters.HydrateRequest
	answer elastic.Result
	census []radial.Atom
}

func (*runesHydrator) Info() adapters.Info {
	return adapters.Info{Name: "runes", Unit: unit.Runes, Standards: []adapters.Standard{adapters.Elastic}}
}
func (*runesHydrator) Close() error { return nil }
func (*runesHydrator) Radius(_ context.Context, req adapters.RadiusRequest) (int, error) {
	return req.Budget + req.Hits, nil
}
func (h *runesHydrator) Census(context.Context, adapters.CensusRequest) ([]radial.Atom, error) {
	return h.census, nil
}
func (h *runesHydrator) Hydrate(_ context.Context, req adapters.HydrateRequest) (elastic.Result, error) {
	h.got = req
	return h.answer, nil
}

// "ééé abc déf": é is 2 bytes, so rune offset 4 ('a') is byte 7, rune 7
// (end of "abc") is byte 10, rune 8 ('d') is byte 11.
const convBody = "ééé abc déf"

func TestConvertElastic(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: convBody}}
	atomAt := func(off int) radial.Atom { return radial.Atom{CompoundID: "d", Label: "abc", Offset: off} }
	inner := &runesHydrator{
		answer: elastic.Result{Budget: 9, Hits: 2, Radius: 200,
			Kept:    []radial.Atom{atomAt(4)},
			Dropped: []radial.Atom{atomAt(8)},
			Windows: []radial.Window{{CompoundID: "d", Start: 4, End: 7, Text: "abc", Atoms: []radial.Atom{atomAt(4)}}}},
		census: []radial.Atom{atomAt(8)},
	}
	h := adapters.InBytes(inner).(adapters.Hydrator)

	res, err := h.Hydrate(context.Background(), adapters.HydrateRequest{Documents: docs, Budget: 9, Atoms: []radial.Atom{atomAt(7), atomAt(11)}})
	if err != nil {
		t.Fatal(err)
	}
	if got := []int{inner.got.Atoms[0].Offset, inner.got.Atoms[1].Offset}; !reflect.DeepEqual(got, []int{4, 8}) || inner.got.Budget != 9 {
		t.Errorf("request reached the adapter as offsets %v budget %d, want [4 8] budget 9", got, inner.got.Budget)
	}
	w := res.Windows[0]
	if w.Start != 7 || w.End != 10 || w.Atoms[0].Offset != 7 || res.Kept[0].Offset != 7 || res.Dropped[0].Offset != 11 {
		t.Errorf("answer in bytes: window [%d,%d) atom %d, kept %d, dropped %d; want [7,10) 7, 7, 11", w.Start, w.End, w.Atoms[0].Offset, res.Kept[0].Offset, res.Dropped[0].Offset)
	}
	if inner.answer.Windows[0].Start != 4 {
		t.Errorf("conversion modified the adapter's own answer")
	}

	atoms, err := h.Census(context.Background(), adapters.CensusRequest{Documents: docs, Terms: []string{"déf"}})
	if err != nil || len(atoms) != 1 || atoms[0].Offset != 11 {
		t.Errorf("census answer %v, %v; want one atom at byte 11", atoms, err)
	}
	if r, err := h.Radius(context.Background(), adapters.RadiusRequest{Budget: 5, Hits: 1}); err != nil || r != 6 {
		t.Errorf("radius passed through as %d, %v; want 6", r, err)
	}

	// An answer offset beyond the body is the adapter's fault.
	inner.census = []radial.Atom{atomAt(99)}
	if _, err := h.Census(context.Background(), adapters.CensusRequest{Documents: docs}); !errors.Is(err, adapters.ErrFault) {
		t.Errorf("census atom beyond the body: %v, want a fault", err)
	}
}
