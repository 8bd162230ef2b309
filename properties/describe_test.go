package properties

import (
	"math/rand"
	"regexp"
	"strings"
	"testing"

	"github.com/leanovate/gopter"

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
