package inflate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"sync"
	"testing"
	"unsafe"

	"github.com/ctxconform/ctxconform/reference/density"
)

// TestFastPathAgrees: Inflate's fast path answers exactly what index, Select
// and place answer, on generated requests with ties, empty hits, squeezes
// and no budget.
func TestFastPathAgrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 3))
	for iter := range 300 {
		spec := fmt.Sprintf("iter %d", iter)
		var req Request
		for d := range 1 + rng.IntN(40) {
			body := strings.Repeat("abcdé fgh ", 20+rng.IntN(2000))
			req.Documents = append(req.Documents, Document{ID: fmt.Sprintf("c%02d", (d*7)%41), Body: body})
		}
		for h := range rng.IntN(600) {
			d := req.Documents[rng.IntN(len(req.Documents))]
			s := rng.IntN(len(d.Body)/11) * 11
			e := min(s+11*rng.IntN(30), len(d.Body))
			if rng.IntN(6) == 0 {
				e = s // empty hit
			}
			score := float64(rng.IntN(20)) / 20
			if rng.IntN(4) == 0 {
				score = rng.Float64()
			}
			req.Hits = append(req.Hits, Hit{ID: fmt.Sprintf("h%d", rng.IntN(1000000)*1000+h), CompoundID: d.ID, Start: s, End: e, Score: score})
		}
		if iter%3 > 0 {
			b := 1 + rng.IntN(40000)
			req.Budget = &b
		}
		got, err := Inflate(req)
		if err != nil {
			t.Fatalf("iter %d: %v", iter, err)
		}
		byID, err := index(req.Documents, req.Hits)
		if err != nil {
			t.Fatal(err)
		}
		p := density.Static(len(req.Hits))
		if req.Budget != nil {
			p, _ = density.For(len(req.Hits), *req.Budget)
		}
		kept, dropped := Select(req.Hits, p.Keep)
		want := Result{Windows: place(byID, kept, p), Dropped: dropped}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("iter %d (%s): the fast path differs:\n got %v\nwant %v", iter, spec, summary(got), summary(want))
		}
	}
}

func summary(r Result) string {
	s := fmt.Sprintf("dropped %v;", r.Dropped)
	for _, w := range r.Windows {
		s += fmt.Sprintf(" %s[%d,%d)%v@%v", w.CompoundID, w.Start, w.End, w.Hits, w.Score)
	}
	return s
}

// TestFastPathManyScores: with more distinct window scores than the
// counting sort of scores takes (256), the fast path sorts them by radix
// and still answers what index, Select and place answer.
func TestFastPathManyScores(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 9))
	var req Request
	for d := range 20 {
		req.Documents = append(req.Documents, Document{ID: fmt.Sprintf("c%02d", d), Body: strings.Repeat("abcdé fgh ", 3000)})
	}
	for h := range 2000 {
		d := req.Documents[rng.IntN(len(req.Documents))]
		s := rng.IntN(len(d.Body)/11) * 11
		score := rng.Float64()
		if h%7 == 0 {
			score = -score
		}
		req.Hits = append(req.Hits, Hit{ID: fmt.Sprintf("h%d", h), CompoundID: d.ID, Start: s, End: s + 11, Score: score})
	}
	got, err := Inflate(req)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Windows) <= 256 {
		t.Fatalf("%d windows: the request does not exercise the radix sort", len(got.Windows))
	}
	byID, err := index(req.Documents, req.Hits)
	if err != nil {
		t.Fatal(err)
	}
	kept, dropped := Select(req.Hits, len(req.Hits))
	want := Result{Windows: place(byID, kept, density.Static(len(req.Hits))), Dropped: dropped}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("the fast path differs:\n got %v\nwant %v", summary(got), summary(want))
	}
}

// TestPlainPath: a request with a body beyond the fast path's offsets goes
// down the plain path, with the same answer and the same errors.
func TestPlainPath(t *testing.T) {
	b := 300
	req := Request{
		Documents: []Document{{ID: "b", Body: strings.Repeat("abcdé fgh ", 50)}, {ID: "a", Body: "short"}},
		Hits:      []Hit{{ID: "h1", CompoundID: "b", Start: 0, End: 10, Score: 1}, {ID: "h2", CompoundID: "b", Start: 220, End: 231, Score: 0.5}, {ID: "h3", CompoundID: "a", Start: 0, End: 5, Score: 0.5}},
		Budget:    &b,
	}
	bad := req
	bad.Hits = append([]Hit{{ID: "h0", CompoundID: "b", Start: 4, End: 5}}, req.Hits...) // cuts é
	// Which path ran: only the fast path takes working memory from
	// scratchPool, and a new pool makes a new scratch for its first Get.
	scratches := 0
	scratchPool = sync.Pool{New: func() any { scratches++; return new(scratch) }}
	defer func() { scratchPool = sync.Pool{New: func() any { return new(scratch) }} }()
	fast, fastErr := Inflate(req)
	_, fastBad := Inflate(bad)
	if scratches == 0 {
		t.Fatal("the fast path took no scratch memory: the check below proves nothing")
	}
	defer func(l uint64) { narrowLimit = l }(narrowLimit)
	narrowLimit = 10
	if narrow(req.Documents) {
		t.Fatal("narrow: want false for a body over the limit")
	}
	scratches = 0
	scratchPool = sync.Pool{New: func() any { scratches++; return new(scratch) }}
	slow, slowErr := Inflate(req)
	_, slowBad := Inflate(bad)
	if scratches != 0 {
		t.Error("a body over the fast path's limit went down the fast path")
	}
	if fastErr != nil || slowErr != nil || !reflect.DeepEqual(fast, slow) {
		t.Errorf("plain path: got %v, %v; fast path %v, %v", summary(slow), slowErr, summary(fast), fastErr)
	}
	if fastBad == nil || slowBad == nil || fastBad.Error() != slowBad.Error() {
		t.Errorf("plain path error %v, fast path error %v: want the same error", slowBad, fastBad)
	}
}

// TestFastPathLongBody: a body longer than 2^31 bytes (but within 32 bits
// unsigned) answers what the plain path answers. The fast path keeps window
// edges in int32, so such bodies must take the plain path.
func TestFastPathLongBody(t *testing.T) {
	if testing.Short() {
		t.Skip("allocates a 2 GiB body")
	}
	// Fresh zeroed memory: the pages are only read, never written.
	buf := make([]byte, 1<<31+4096)
	body := unsafe.String(&buf[0], len(buf))
	req := Request{
		Documents: []Document{{ID: "big", Body: body}},
		Hits:      []Hit{{ID: "h", CompoundID: "big", Start: 1<<31 + 100, End: 1<<31 + 110, Score: 1}},
	}
	got, err := Inflate(req)
	want, err2 := plain(req)
	if err != nil || err2 != nil || !reflect.DeepEqual(summary(got), summary(want)) {
		t.Fatalf("long body: got %v (%v), want %v (%v)", summary(got), err, summary(want), err2)
	}
}

// TestDocIndexProbes: a document whose ID hashes to the slot of the first
// document (position 0) is found past it, and an ID that is not there ends
// the probe at an empty slot, not at that first document.
func TestDocIndexProbes(t *testing.T) {
	// Two documents take a table of 16 slots (at least twice as many as
	// documents); find IDs whose home slot is that of "a".
	home := strHash("a") & 15
	var collide []string
	for i := 0; len(collide) < 2; i++ {
		if id := fmt.Sprintf("b%d", i); strHash(id)&15 == home {
			collide = append(collide, id)
		}
	}
	docs := []Document{{ID: "a"}, {ID: collide[0]}} // "a" goes in first, at its home slot
	idx := newDocIndex(new(scratch), docs)
	if len(idx.slots) != 16 {
		t.Fatalf("%d slots for 2 documents; the test assumes 16", len(idx.slots))
	}
	for _, c := range []struct {
		id   string
		want int32
	}{{"a", 0}, {collide[0], 1}, {collide[1], -1}, {"", -1}} {
		if got := idx.find(c.id); got != c.want {
			t.Errorf("find(%q) = %d, want %d", c.id, got, c.want)
		}
	}
}

// TestDuplicateHitIDsAnyHash: a duplicate hit ID is an error whatever the
// ID's length (each length class hashes differently) and wherever the two
// copies stand in the request, adjacent or not.
func TestDuplicateHitIDsAnyHash(t *testing.T) {
	docs := []Document{{ID: "d", Body: ascii(100)}}
	for n := 1; n <= 20; n++ {
		id := strings.Repeat("h", n-1) + string(rune('a'+n))
		for _, hits := range [][]Hit{
			{{id, "d", 0, 1, 1}, {id, "d", 5, 6, 1}},
			{{id, "d", 0, 1, 1}, {"other", "d", 2, 3, 1}, {id, "d", 5, 6, 1}},
			{{"other", "d", 2, 3, 1}, {id, "d", 0, 1, 1}, {"more", "d", 3, 4, 1}, {id, "d", 5, 6, 1}},
		} {
			_, err := Inflate(Request{Documents: docs, Hits: hits})
			if want := fmt.Sprintf("inflate hit %q: duplicate id", id); err == nil || err.Error() != want {
				t.Errorf("hits %v: error %v, want %q", hits, err, want)
			}
		}
	}
}

// TestCompoundIDsSharingMemory: hits whose compound IDs are different
// strings starting at the same byte in memory ("a" and "ab" cut from one
// string) go to their own compounds.
func TestCompoundIDsSharingMemory(t *testing.T) {
	ab := string([]byte{'a', 'b'})
	req := Request{
		Documents: []Document{{ID: "a", Body: ascii(1000)}, {ID: "ab", Body: ascii(1000)}},
		Hits:      []Hit{{"h1", ab, 100, 110, 0.9}, {"h2", ab[:1], 100, 110, 0.5}, {"h3", ab, 500, 510, 0.1}},
	}
	got, err := Inflate(req)
	if err != nil {
		t.Fatal(err)
	}
	// Static plan (W 2500, P 200). In "ab", h1 and h3 are 390 apart (< 500)
	// and merge: [100, 510) padded to [0, 710). In "a", h2 alone: [0, 310).
	want := []win{{"ab", 0, 710, []string{"h1", "h3"}, 0.9}, {"a", 0, 310, []string{"h2"}, 0.5}}
	if s := strip(got.Windows); !reflect.DeepEqual(s, want) {
		t.Errorf("windows:\n got %+v\nwant %+v", s, want)
	}
}

// TestErrorOnFreshScratch: a request refused before the fast path takes any
// working memory (a document without an ID, checked first) gets its error
// even when the scratch it was given is new, its arenas still empty.
func TestErrorOnFreshScratch(t *testing.T) {
	defer func() { scratchPool = sync.Pool{New: func() any { return new(scratch) }} }()
	for _, req := range []Request{
		{Documents: []Document{{ID: "", Body: "x"}}},
		{Documents: []Document{{ID: "b", Body: "x"}, {ID: "a", Body: "y", Kind: "poetry"}}},
	} {
		scratchPool = sync.Pool{New: func() any { return new(scratch) }}
		if _, err := Inflate(req); err == nil {
			t.Errorf("Inflate(%v): no error, want one", req.Documents)
		}
	}
}
