package sortkey

import "sync"

// Scratch is Order's workspace kept between calls: a hot path that sorts on
// every call (radial.NewCutter, elastic's ranking) takes one with Get, fills
// Keys, sorts with Order and gives it back with Free, so that its keys and
// Order's buffers are not allocated, cleared and collected on every call.
type Scratch struct {
	Keys []uint64 // the keys to sort, len n
	Aux  []int32  // workspace of len n for the caller, contents undefined

	tmpKeys []uint64
	tmpPerm []int32
}

var scratches sync.Pool

// Get returns a Scratch whose Keys and Aux have length n.
func Get(n int) *Scratch {
	s, _ := scratches.Get().(*Scratch)
	if s == nil {
		s = new(Scratch)
	}
	s.Keys, s.Aux = resize(s.Keys, n), resize(s.Aux, n)
	return s
}

// Order sorts s.Keys as the package's Order does and writes the order into
// perm (len(s.Keys)), which it returns.
func (s *Scratch) Order(perm []int32) []int32 {
	n := len(s.Keys)
	s.tmpPerm = resize(s.tmpPerm, n)
	s.tmpKeys = resize(s.tmpKeys, n)
	if out := Order(s.Keys, s.tmpKeys, perm, s.tmpPerm); n > 0 && &out[0] != &perm[0] {
		copy(perm, out) // the sort ended in the workspace
	}
	return perm
}

// Free gives s back; neither s nor its slices may be used after.
func (s *Scratch) Free() { scratches.Put(s) }

// resize returns b with length n, reallocated only when it is too short.
func resize[T any](b []T, n int) []T {
	if cap(b) < n {
		return make([]T, n)
	}
	return b[:n]
}
