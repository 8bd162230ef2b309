package assemble

import "sync"

// scratch is the working memory of one Windows call, reused between calls
// through a sync.Pool: in steady state only the answer (the results and
// their molecule IDs) is allocated, which is what keeps allocation under
// std085's target of 2× the bytes emitted (issue 12).
type scratch struct {
	docs   []Document          // the documents, by ID
	byID   map[string]Document // the documents, indexed
	order  []int32             // molecule positions
	blocks []block
	byRank []int32
	kept   []bool
	joined []bool
	edges  []edge
	wins   []window
	ms     []int32
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// release drops the references the scratch holds (documents, strategy
// names) so that a pooled scratch keeps no request alive.
func (x *scratch) release() {
	clear(x.docs)
	clear(x.byID)
	clear(x.edges)
}

// resize returns s with length n, zeroed, reusing its memory when it is
// large enough.
func resize[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	s = s[:n]
	clear(s)
	return s
}
