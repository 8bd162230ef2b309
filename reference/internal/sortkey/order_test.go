package sortkey

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"testing"
)

// TestOrder: Order agrees with a stable sort by key, on both of its paths
// (few distinct keys, and the radix sort), with and without tmpKeys.
func TestOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		name     string
		n        int
		distinct uint64 // 0: any 64-bit key
	}{
		{"empty", 0, 0},
		{"one", 1, 0},
		{"few", 1000, 20},
		{"256 values", 5000, 256},
		{"257 values", 5000, 257},
		{"many", 3000, 0},
		{"many, 11-bit digits", 20000, 0},
		{"just under 11-bit digits", 2047, 0},
		{"small many", 40, 0},
	} {
		for _, nilTmp := range []bool{false, true} {
			keys := make([]uint64, c.n)
			for i := range keys {
				if c.distinct > 0 {
					keys[i] = 1 + r.Uint64N(c.distinct)<<40 // nonzero, varied high bytes
				} else {
					keys[i] = r.Uint64() >> r.UintN(64)
				}
			}
			want := make([]int32, c.n)
			for i := range want {
				want[i] = int32(i)
			}
			slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
			var tmpKeys []uint64
			if !nilTmp {
				tmpKeys = make([]uint64, c.n)
			}
			got := Order(slices.Clone(keys), tmpKeys, make([]int32, c.n), make([]int32, c.n))
			if !slices.Equal(got, want) {
				t.Errorf("%s (nil tmpKeys %v): Order disagrees with a stable sort", c.name, nilTmp)
			}
		}
	}
}

// TestOrderZeroKey: a zero key leaves the counting sort to the radix sort.
func TestOrderZeroKey(t *testing.T) {
	keys := []uint64{5, 0, 5, 3, 0}
	got := Order(keys, nil, make([]int32, 5), make([]int32, 5))
	if want := []int32{1, 4, 3, 0, 2}; !slices.Equal(got, want) {
		t.Errorf("Order = %v, want %v", got, want)
	}
}

// TestScratchOrder: a Scratch reused across sorts of different sizes and
// both paths sorts as a stable sort does, its result lands in the caller's
// perm whichever buffer the sort ended in, and a result handed out earlier
// is never written by a later sort.
func TestScratchOrder(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	var kept [][]int32 // earlier results, with copies to compare
	var copies [][]int32
	for round, n := range []int{0, 1, 300, 3000, 40, 5000, 2, 1000} {
		keys := make([]uint64, n)
		for i := range keys {
			if round%2 == 0 {
				keys[i] = 1 + r.Uint64N(20)<<40 // few values: the counting sort
			} else {
				keys[i] = r.Uint64() >> r.UintN(64) // the radix sort
			}
		}
		want := make([]int32, n)
		for i := range want {
			want[i] = int32(i)
		}
		slices.SortStableFunc(want, func(a, b int32) int { return cmp.Compare(keys[a], keys[b]) })
		s := Get(n)
		if len(s.Keys) != n || len(s.Aux) != n {
			t.Fatalf("n %d: Get gave %d keys, %d aux", n, len(s.Keys), len(s.Aux))
		}
		copy(s.Keys, keys)
		perm := make([]int32, n)
		got := s.Order(perm)
		s.Free()
		if !slices.Equal(got, want) {
			t.Errorf("round %d (n %d): Scratch.Order disagrees with a stable sort", round, n)
		}
		if n > 0 && &got[0] != &perm[0] {
			t.Errorf("round %d (n %d): the result is not in the caller's perm", round, n)
		}
		kept, copies = append(kept, got), append(copies, slices.Clone(got))
	}
	for i := range kept {
		if !slices.Equal(kept[i], copies[i]) {
			t.Errorf("result %d was overwritten by a later sort", i)
		}
	}
}
