package suite

import (
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestPartials: a standard with some operations not implemented is partly
// implemented, one with nothing else to show is declared only; each
// missing operation is named once, sorted; a standard with none missing
// and a NotImplemented result naming no operation are not listed.
func TestPartials(t *testing.T) {
	res := func(s adapters.Standard, o Outcome, op string) Result {
		return Result{Standard: s, Outcome: o, Unimplemented: op}
	}
	rep := Report{Results: []Result{
		res(adapters.Inflate, Passed, ""),
		res(adapters.Inflate, NotImplemented, "inflate_render"),
		res(adapters.Elastic, NotImplemented, "hydrate"),
		res(adapters.Elastic, NotImplemented, "census"),
		res(adapters.Elastic, NotImplemented, "hydrate"),
		res(adapters.Fuzzy, Failed, ""),
		res(adapters.Radial, NotImplemented, ""),
	}}
	want := []Partial{
		{Standard: adapters.Inflate, Missing: []string{"inflate_render"}},
		{Standard: adapters.Elastic, Missing: []string{"census", "hydrate"}, None: true},
	}
	if got := rep.Partials(); !reflect.DeepEqual(got, want) {
		t.Errorf("Partials:\n got %+v\nwant %+v", got, want)
	}
}

func TestShrinkNote(t *testing.T) {
	for _, tt := range []struct {
		s    shrinker
		want string
	}{
		{shrinker{kept: 2, tried: 7}, "shrunk in 2 steps, 7 smaller cases sent"},
		{shrinker{kept: 0, tried: 7}, "not shrunk: none of the 7 smaller cases sent fails"},
		{shrinker{kept: 1, tried: 3, cut: true}, "shrunk in 1 steps, 3 smaller cases sent; shrinking was cut short by its time bound after 2s"},
	} {
		if got := shrinkNote(&tt.s, 2*time.Second); !strings.HasPrefix(got, tt.want) {
			t.Errorf("shrinkNote(kept %d, tried %d, cut %v) = %q, want %q", tt.s.kept, tt.s.tried, tt.s.cut, got, tt.want)
		}
	}
}
