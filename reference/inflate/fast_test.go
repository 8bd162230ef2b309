package inflate

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
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
	fast, fastErr := Inflate(req)
	_, fastBad := Inflate(bad)
	defer func(l uint64) { narrowLimit = l }(narrowLimit)
	narrowLimit = 10
	if narrow(req.Documents) {
		t.Fatal("narrow: want false for a body over the limit")
	}
	slow, slowErr := Inflate(req)
	_, slowBad := Inflate(bad)
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
