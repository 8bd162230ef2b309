package suite

import (
	"context"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// counting is fake counting in another unit.
type counting struct {
	fake
	u unit.Unit
}

func (c counting) Info() adapters.Info {
	i := c.fake.Info()
	i.Unit = c.u
	return i
}

// TestUnitNote: a FAIL of a program that does not count bytes says that
// its offsets are in the program's unit where bytes follow them, else in
// bytes; one that counts bytes gets no note.
func TestUnitNote(t *testing.T) {
	for _, c := range []struct {
		u    unit.Unit
		note bool
	}{{unit.Bytes, false}, {unit.Runes, true}, {unit.UTF16, true}} {
		a := counting{fake{declared: []adapters.Standard{adapters.Inflate}}, c.u}
		res := RunOne(context.Background(), a, req("INF-01", Must, func(t *T) { t.Errorf("window [3,9) cuts a character") }), Options{})
		if got := strings.Contains(res.Message, "where bytes follow in brackets"); got != c.note || res.Outcome != Failed {
			t.Errorf("%s: %s %q, want the note %v", c.u, res.Outcome, res.Message, c.note)
		}
		if c.note && !strings.Contains(res.Message, "offsets are in "+string(c.u)+", as the program counts them") {
			t.Errorf("%s: the note does not name the unit: %q", c.u, res.Message)
		}
	}
}
