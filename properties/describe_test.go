package properties

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestCaseInUnit: every generated case with documents describes itself in
// the unit of the program it is sent to: the same as String in bytes, and
// in utf16 with no document length in bytes alone ("=151B"), each length
// in utf16 with its bytes where they differ.
func TestCaseInUnit(t *testing.T) {
	type inUnit interface {
		String() string
		StringIn(unit.Unit) string
	}
	bytesOnly := regexp.MustCompile(`=\d+B\b`)
	for _, tt := range []struct {
		name string
		gen  gopter.Gen
	}{
		{"inflate", genRecipe()},
		{"assemble", genAssembleCase()},
		{"hydrate", genHydrateRecipe()},
		{"census", genCensusRecipe()},
		{"radial", genRadialCase()},
	} {
		t.Run(tt.name, func(t *testing.T) {
			params := gopter.DefaultGenParameters()
			params.Rng = rand.New(rand.NewSource(1))
			differ := false
			for range 30 {
				v, ok := tt.gen(params.WithSize(3)).Retrieve()
				if !ok {
					continue
				}
				c, ok := v.(inUnit)
				if !ok {
					t.Fatalf("%T has no StringIn", v)
				}
				if got, want := c.StringIn(unit.Bytes), c.String(); got != want {
					t.Fatalf("StringIn(bytes) differs from String:\n%s\n%s", got, want)
				}
				s := c.StringIn(unit.UTF16)
				if m := bytesOnly.FindString(s); m != "" {
					t.Errorf("a length in bytes alone, %q, in\n%s", m, s)
				}
				if !strings.Contains(s, " utf16") {
					t.Errorf("no length in utf16 in\n%s", s)
				}
				differ = differ || strings.Contains(s, "[bytes ")
			}
			if !differ {
				t.Error("no case had text outside ASCII: the test shows nothing of the brackets")
			}
		})
	}
}

// TestSameResultsInUnit: two assemblies that differ are shown with their
// offsets as the program counts them, bytes where they differ.
func TestSameResultsInUnit(t *testing.T) {
	bodies := map[string]string{"doc": "😀😀ab"} // two emoji of 4 bytes, 2 UTF-16 units each
	want := []assemble.Result{{Source: "doc", Start: 0, End: 8, Molecules: []string{"m"}}}
	got := []assemble.Result{{Source: "doc", Start: 0, End: 9, Molecules: []string{"m"}}}
	for u, shows := range map[unit.Unit][]string{
		unit.UTF16: {"got  doc[0,5) [bytes 0,9) [m]", "want doc[0,4) [bytes 0,8) [m]"},
		unit.Bytes: {"got  doc[0,9) [m]", "want doc[0,8) [m]"},
	} {
		err := sameResults(u, bodies, want, got)
		if err == nil {
			t.Fatalf("%s: no difference found", u)
		}
		for _, s := range shows {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: the message lacks %q:\n%v", u, s, err)
			}
		}
	}
}
