package invariant

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/adapters"
)

// TestTilesEqualPieces: equal pieces in any order, with the piece that
// must come first sent after a shorter one that also fits there. Each
// expectation is read off the pieces by hand.
func TestTilesEqualPieces(t *testing.T) {
	a8 := strings.Split(strings.Repeat("a", 8), "")
	for _, tt := range []struct {
		name   string
		s      string
		pieces []string
		want   bool
	}{
		// xa + aaaaaaaa + x + y. A search that tries x first at 0 and every
		// order of the eight a's after it (109,601 turns) before xa did
		// not find it within its 100,000.
		{"x first is wrong", "x" + strings.Repeat("a", 9) + "xy", append(append([]string{"x"}, a8...), "xa", "y"), true},
		{"in order", "xa" + strings.Repeat("a", 8) + "xy", append(append([]string{"xa"}, a8...), "x", "y"), true},
		// Both x pieces stand alone, so an a is left over before the second
		// x and "ay" fits nowhere: no order tiles.
		{"no tiling", "x" + strings.Repeat("a", 9) + "xy", append(append([]string{"x"}, a8...), "x", "ay"), false},
		{"lengths differ", "abc", []string{"ab"}, false},
		{"a piece used twice", "abab", []string{"ab", "cd"}, false},
		{"empty pieces fit anywhere", "ab", []string{"", "b", "", "a"}, true},
	} {
		if got := tiles(tt.s, tt.pieces); got != tt.want {
			t.Errorf("%s: tiles(%q, %q) = %v, want %v", tt.name, tt.s, tt.pieces, got, tt.want)
		}
	}
}

// TestChunksOnceRepeatedLines: a log of repeated lines, its chunks sent
// out of order (as concurrent calls arrive), is put together exactly once
// by "start ok", eight "ok", "start", "end"; DSF-23 must pass it.
func TestChunksOnceRepeatedLines(t *testing.T) {
	input := "start\n" + strings.Repeat("ok\n", 9) + "start\nend\n"
	chunks := []Call{chunkCall(1, "start\n", "")}
	for i := range 8 {
		chunks = append(chunks, chunkCall(2+i, "ok\n", ""))
	}
	chunks = append(chunks, chunkCall(10, "start\nok\n", ""), chunkCall(11, "end\n", ""))
	steps, err := Split(answer(adapters.EntryProactive, round(1800, len(chunks))), chunks)
	if err != nil {
		t.Fatal(err)
	}
	if err := ChunksOnce(input, steps); err != nil {
		t.Errorf("repeated lines out of order: %v, want none", err)
	}
}
