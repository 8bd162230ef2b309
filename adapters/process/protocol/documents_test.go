package protocol

import (
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// TestSentDocs follows what a session holds: a document is sent once and
// named by the same ref after; one that differs in any field is another;
// past the limit the least recently used are dropped (never the current
// request's) and sent again when needed; the implementation's side ends up
// holding exactly what the harness believes it holds.
func TestSentDocs(t *testing.T) {
	a := inflate.Document{ID: "a", Body: strings.Repeat("a", 100)}
	b := inflate.Document{ID: "b", Body: strings.Repeat("b", 100)}
	a2 := inflate.Document{ID: "a", Body: strings.Repeat("a", 100), Kind: "code"}
	s := newSentDocs(250)
	held := newHeldDocs(MaxSessionDocuments)
	step := func(docs []inflate.Document, wantAdd int, wantDrop []string) []string {
		t.Helper()
		refs, err := s.refs(docs)
		if err != nil {
			t.Fatal(err)
		}
		m, ok := s.message()
		if got := len(m.Add); got != wantAdd || (wantAdd == 0 && len(wantDrop) == 0) == ok {
			t.Errorf("%v: adds %d documents (message %v), want %d", refs, got, ok, wantAdd)
		}
		if !slices.Equal(m.Drop, wantDrop) {
			t.Errorf("%v: drops %v, want %v", refs, m.Drop, wantDrop)
		}
		if err := held.apply(m); err != nil {
			t.Fatal(err)
		}
		got, err := held.resolve(refs)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got, docs) {
			t.Errorf("the implementation resolves %v to other documents", refs)
		}
		return refs
	}
	first := step([]inflate.Document{a, b}, 2, nil)
	again := step([]inflate.Document{a, a}, 0, nil)
	if first[0] != again[0] || again[0] != again[1] {
		t.Errorf("refs changed for the same documents: %v then %v", first, again)
	}
	// The same document built afresh (another string, equal bytes) keeps
	// its ref, and its new copy is then found by address, without hashing.
	copyA := inflate.Document{ID: a.ID, Body: strings.Clone(a.Body)}
	if ref := step([]inflate.Document{copyA}, 0, nil); ref[0] != first[0] {
		t.Errorf("a copy of a got ref %s, a has %s", ref[0], first[0])
	}
	if e := s.byData[keyOf(copyA.Body)]; e == nil || e.ref != first[0] {
		t.Errorf("the copy's body is not found by its address: %+v", e)
	}
	step([]inflate.Document{a2}, 1, []string{first[1]}) // over 250 bytes: b, the least recent, goes
	step([]inflate.Document{b}, 1, []string{first[0]})  // b comes back under a new ref; a goes
	if len(held.docs) != 2 {
		t.Errorf("the implementation holds %d documents, want 2", len(held.docs))
	}
	fresh := inflate.Document{ID: "c", Body: "fresh"}
	if _, err := s.refs([]inflate.Document{fresh, {ID: "bad", Body: "\xff"}}); err == nil {
		t.Error("a body that is not UTF-8 was accepted")
	}
	if m, ok := s.message(); ok {
		t.Errorf("a refused request left a documents message: %+v", m)
	}
	step([]inflate.Document{fresh}, 1, nil) // not sent with the refused request: sent now
	shared := strings.Repeat("s", 10)       // one body, in memory once, under two ids
	x := step([]inflate.Document{{ID: "x", Body: shared}, {ID: "y", Body: shared}}, 2, nil)
	y := step([]inflate.Document{{ID: "y", Body: shared}, {ID: "x", Body: shared}}, 0, nil)
	if x[0] == x[1] || x[0] != y[1] || x[1] != y[0] {
		t.Errorf("documents sharing a body: refs %v then %v", x, y)
	}
}
