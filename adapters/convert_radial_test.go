package adapters_test

import (
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// runesRadial counts in runes: it records the windows request it gets and
// answers fixed answers in runes.
type runesRadial struct {
	got     adapters.RadialWindowsRequest
	windows adapters.RadialWindowsAnswer
	ingest  adapters.RadialIngestAnswer
	split   adapters.RadialSplitAnswer
}

func (*runesRadial) Info() adapters.Info {
	return adapters.Info{Name: "runes", Unit: unit.Runes, Standards: []adapters.Standard{adapters.Radial}}
}
func (*runesRadial) Close() error { return nil }
func (r *runesRadial) RadialIngest(context.Context, adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return r.ingest, nil
}
func (r *runesRadial) RadialWindows(_ context.Context, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	r.got = req
	return r.windows, nil
}
func (r *runesRadial) RadialSplit(context.Context, adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	return r.split, nil
}

func TestConvertRadial(t *testing.T) {
	docs := []inflate.Document{{ID: "d", Body: runesBody}}
	atomAt := func(off int) radial.Atom { return radial.Atom{CompoundID: "d", Label: "abc", Offset: off} }
	inner := &runesRadial{
		windows: adapters.RadialWindowsAnswer{Windows: []radial.Window{{CompoundID: "d", Start: 4, End: 7, Text: "abc", Cost: 3, Atoms: []radial.Atom{atomAt(4)}}}},
		ingest:  adapters.RadialIngestAnswer{Atoms: []radial.Atom{atomAt(4), atomAt(8)}},
		split:   adapters.RadialSplitAnswer{Shares: radial.Shares{Budget: 10, Used: 10}},
	}
	r := adapters.InBytes(inner).(adapters.RadialInflater)
	ans, err := r.RadialWindows(context.Background(), adapters.RadialWindowsRequest{Documents: docs, Radius: 3, Atoms: []radial.Atom{atomAt(7), atomAt(11)}})
	if err != nil {
		t.Fatal(err)
	}
	if g := inner.got; g.Atoms[0].Offset != 4 || g.Atoms[1].Offset != 8 || g.Radius != 3 {
		t.Errorf("request reached the adapter as %v radius %d, want offsets 4 and 8, radius 3", g.Atoms, g.Radius)
	}
	if w := ans.Windows[0]; w.Start != 7 || w.End != 10 || w.Atoms[0].Offset != 7 || w.Cost != 3 {
		t.Errorf("answer in bytes: [%d,%d] atom %d cost %d, want [7,10] atom 7 cost 3", w.Start, w.End, w.Atoms[0].Offset, w.Cost)
	}
	if w := inner.windows.Windows[0]; w.Start != 4 || w.Atoms[0].Offset != 4 {
		t.Errorf("conversion modified the adapter's own answer")
	}
	ing, err := r.RadialIngest(context.Background(), adapters.RadialIngestRequest{Documents: docs})
	if err != nil || len(ing.Atoms) != 2 || ing.Atoms[0].Offset != 7 || ing.Atoms[1].Offset != 11 {
		t.Errorf("ingest answer %v, %v; want atoms at bytes 7 and 11", ing.Atoms, err)
	}
	if inner.ingest.Atoms[0].Offset != 4 {
		t.Errorf("conversion modified the adapter's own ingest answer")
	}
	sp, err := r.RadialSplit(context.Background(), adapters.RadialSplitRequest{Budget: 10})
	if err != nil || !reflect.DeepEqual(sp, inner.split) {
		t.Errorf("split passed through as %+v, %v", sp, err)
	}
	if _, err := r.RadialWindows(context.Background(), adapters.RadialWindowsRequest{Documents: docs, Radius: 3, Atoms: []radial.Atom{atomAt(1)}}); err == nil || errors.Is(err, adapters.ErrFault) {
		t.Errorf("atom inside a character: %v, want a plain error", err)
	}
	inner.windows.Windows[0].Atoms = []radial.Atom{{CompoundID: "elsewhere", Offset: 0}}
	if _, err := r.RadialWindows(context.Background(), adapters.RadialWindowsRequest{Documents: docs, Radius: 3}); !errors.Is(err, adapters.ErrFault) {
		t.Errorf("answer atom of an unknown compound: %v, want a fault", err)
	}
	inner.ingest.Atoms = []radial.Atom{atomAt(99)}
	if _, err := r.RadialIngest(context.Background(), adapters.RadialIngestRequest{Documents: docs}); !errors.Is(err, adapters.ErrFault) {
		t.Errorf("ingest atom beyond the body: %v, want a fault", err)
	}
}
