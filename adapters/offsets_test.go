package adapters

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// TestBodyIndex checks the indexed conversions against counting from the
// start, at every offset of bodies that are ASCII, mixed, and full of
// 4-byte characters, in each unit, offsets outside the body included.
func TestBodyIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pieces := []string{"a", "é", "中", "😀", " ", "\n"}
	var mixed strings.Builder
	for mixed.Len() < 3000 {
		mixed.WriteString(pieces[rng.Intn(len(pieces))])
	}
	bodies := map[string]string{
		"ascii": strings.Repeat("abc ", 700),
		"mixed": mixed.String(),
		"emoji": strings.Repeat("😀", 700),
	}
	for name, body := range bodies {
		ix := newBodyIndex(body)
		for _, u := range []unit.Unit{unit.Bytes, unit.Runes, unit.UTF16} {
			for off := 0; off <= len(body); off++ {
				if !unit.IsBoundary(body, off) {
					continue
				}
				want, _ := u.FromBytes(body, off)
				if got := ix.count(u, body, off); got != want {
					t.Fatalf("%s: count(%s, %d) = %d, want %d", name, u, off, got, want)
				}
			}
			if u == unit.Bytes {
				continue
			}
			for off := -1; off <= u.Len(body)+2; off++ {
				lo, hi, ok := ix.near(u, body, off)
				wlo, whi, wok := slowNear(u, body, off)
				if lo != wlo || hi != whi || ok != wok {
					t.Fatalf("%s: near(%s, %d) = %d,%d,%v, want %d,%d,%v", name, u, off, lo, hi, ok, wlo, whi, wok)
				}
			}
		}
	}
}

// slowNear is toBytesNear counting from the start.
func slowNear(u unit.Unit, body string, off int) (lo, hi int, ok bool) {
	if off < 0 {
		return 0, 0, false
	}
	n := 0
	for i, r := range body {
		if n == off {
			return i, i, true
		}
		w := width16(r)
		if u == unit.Runes {
			w = 1
		}
		if n+w > off {
			return i, i + len(string(r)), true
		}
		n += w
	}
	if n == off {
		return len(body), len(body), true
	}
	return len(body), len(body), false
}
