package adapters

import (
	"sort"
	"sync"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Converting an offset between bytes and runes or UTF-16 units means
// counting from the start of the body: a request of 1,000 hits over
// documents of 16 KB costs 16 MB of decoding each way, and it was a third of
// the harness's time against a UTF-16 implementation. A body's checkpoints
// (every checkpointBytes bytes: the byte offset and the count of runes and
// UTF-16 units before it) make each conversion a short scan; an ASCII body
// needs none. Bodies are indexed once and kept in a small cache, since the
// same documents come back request after request.

// checkpointBytes is the distance between checkpoints.
const checkpointBytes = 256

// bodyIndex is the checkpoints of one body.
type bodyIndex struct {
	ascii bool
	bytes []int // byte offsets of the checkpoints, on rune boundaries, from 0
	runes []int // runes before each
	units []int // UTF-16 units before each
}

func newBodyIndex(body string) *bodyIndex {
	ix := &bodyIndex{ascii: true}
	for i := 0; i < len(body); i++ {
		if body[i] >= utf8.RuneSelf {
			ix.ascii = false
			break
		}
	}
	if ix.ascii {
		return ix
	}
	runes, units, next := 0, 0, 0
	for i, r := range body {
		if i >= next {
			ix.bytes = append(ix.bytes, i)
			ix.runes = append(ix.runes, runes)
			ix.units = append(ix.units, units)
			next = i + checkpointBytes
		}
		runes++
		units += width16(r)
	}
	return ix
}

func width16(r rune) int {
	if r >= 0x10000 && r <= utf8.MaxRune {
		return 2
	}
	return 1
}

// count is the length in u of body[:off], off a rune boundary in [0, len].
func (ix *bodyIndex) count(u unit.Unit, body string, off int) int {
	if ix.ascii || u == unit.Bytes || u == "" {
		return off
	}
	k := sort.SearchInts(ix.bytes, off+1) - 1 // the last checkpoint at or before off
	n := ix.runes[k]
	if u == unit.UTF16 {
		n = ix.units[k]
	}
	for _, r := range body[ix.bytes[k]:off] {
		if u == unit.UTF16 {
			n += width16(r)
		} else {
			n++
		}
	}
	return n
}

// near is toBytesNear on the index: the byte offset of the u offset off,
// or the edges of the character it falls inside; ok is false outside.
func (ix *bodyIndex) near(u unit.Unit, body string, off int) (lo, hi int, ok bool) {
	if off < 0 {
		return 0, 0, false
	}
	if ix.ascii {
		if off > len(body) {
			return len(body), len(body), false
		}
		return off, off, true
	}
	counts := ix.runes
	if u == unit.UTF16 {
		counts = ix.units
	}
	k := sort.SearchInts(counts, off+1) - 1 // the last checkpoint at or before off
	return scanNear(u, body, ix.bytes[k], counts[k], off)
}

// scanNear finds offset off (in u) of body by counting from byte start,
// where the count is n: the byte range of the character holding it (empty
// on a boundary), and whether it lies in the body at all (else the end).
func scanNear(u unit.Unit, body string, start, n, off int) (lo, hi int, ok bool) {
	for i, r := range body[start:] {
		i += start
		if n == off {
			return i, i, true
		}
		w := 1
		if u == unit.UTF16 {
			w = width16(r)
		}
		if n+w > off {
			return i, i + utf8.RuneLen(r), true
		}
		n += w
	}
	if n == off {
		return len(body), len(body), true
	}
	return len(body), len(body), false
}

// indexCache keeps the indexes of recently converted bodies (at most
// indexCacheBodies of them, or indexCacheBytes of body), found by content.
type indexCache struct {
	mu    sync.Mutex
	m     map[string]*bodyIndex
	order []string
	bytes int
}

const (
	indexCacheBodies = 4096
	indexCacheBytes  = 256 << 20
)

var indexes = &indexCache{m: map[string]*bodyIndex{}}

// indexOf returns body's index, building it the first time.
func indexOf(body string) *bodyIndex {
	c := indexes
	c.mu.Lock()
	defer c.mu.Unlock()
	if ix, ok := c.m[body]; ok {
		return ix
	}
	ix := newBodyIndex(body)
	for len(c.order) > 0 && (len(c.order) >= indexCacheBodies || c.bytes+len(body) > indexCacheBytes) {
		old := c.order[0]
		c.order = c.order[1:]
		delete(c.m, old)
		c.bytes -= len(old)
	}
	c.m[body] = ix
	c.order = append(c.order, body)
	c.bytes += len(body)
	return ix
}
