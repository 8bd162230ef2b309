package convert_test

import (
	"testing"

	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// TestNames: every locale and tier reads back from the name the contract
// carries, and an unknown name is an error that quotes it.
func TestNames(t *testing.T) {
	for _, l := range []trgm.Locale{trgm.UTF8, trgm.C} {
		if got, err := convert.Locale(l.String()); err != nil || got != l {
			t.Errorf("Locale(%q) = %v, %v; want %v", l.String(), got, err, l)
		}
	}
	for _, tier := range []fuzzy.Tier{fuzzy.Exact, fuzzy.Prefix, fuzzy.Trigram} {
		m := convert.Match(fuzzy.Match{Entry: fuzzy.Entry{ID: "a"}, Tier: tier})
		if got, err := convert.Tier(m.Tier); err != nil || got != tier {
			t.Errorf("Tier(%q) = %v, %v; want %v", m.Tier, got, err, tier)
		}
	}
	for _, bad := range []string{"", "utf8", "EXACT"} {
		if _, err := convert.Locale(bad); err == nil {
			t.Errorf("Locale(%q) accepted", bad)
		}
		if _, err := convert.Tier(bad); err == nil {
			t.Errorf("Tier(%q) accepted", bad)
		}
	}
}
