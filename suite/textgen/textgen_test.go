package textgen

import (
	"math/rand"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

func TestText(t *testing.T) {
	for _, tc := range []struct {
		name      string
		script, n int
	}{
		{"ASCII", 0, 1000},
		{"accented Latin", 1, 1000},
		{"CJK", 2, 1001},
		{"emoji", 3, 997},
		{"mixed", 4, 5000},
		{"negative script is its absolute value", -3, 500},
		{"empty", 2, 0},
		{"negative length", 1, -5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Text(rand.New(rand.NewSource(1)), tc.script, tc.n)
			if len(got) > max(tc.n, 0) {
				t.Errorf("%d bytes, want at most %d", len(got), tc.n)
			}
			if !utf8.ValidString(got) {
				t.Errorf("cuts a character: %q", got[max(len(got)-8, 0):])
			}
			if again := Text(rand.New(rand.NewSource(1)), tc.script, tc.n); again != got {
				t.Errorf("not deterministic for one seed")
			}
		})
	}
}

func TestTrigramCorpus(t *testing.T) {
	c := TrigramCorpus()
	if len(c.Strings) < 3000 || len(c.Pairs) < 4000 {
		t.Fatalf("%d strings and %d pairs, want thousands", len(c.Strings), len(c.Pairs))
	}
	for _, s := range c.Strings {
		if !utf8.ValidString(s) || strings.ContainsRune(s, 0) {
			t.Fatalf("string %q is not text PostgreSQL can hold", s)
		}
	}
	if !reflect.DeepEqual(c, TrigramCorpus()) {
		t.Errorf("the corpus differs between two calls")
	}
}
