package protocol

import (
	"fmt"
	"hash/maphash"
	"reflect"
	"strconv"
	"unicode/utf8"
	"unsafe"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Documents travel once per session (capability "documents"): the harness
// sends each distinct document (id, body, kind) once, in a "documents"
// message, under a ref it chooses ("d1", "d2", ...), and a request lists
// the refs of its documents, in order, instead of carrying them. Requests
// of the suite and the benchmarks send the same large documents again and
// again; this is what makes the protocol cost about what the operation
// costs.

// docsField is where an operation's request holds its documents: the
// exported field tagged `json:"documents"` whose elements convert to
// inflate.Document (inflate.Document, assemble.Document). ok is false for
// requests without documents.
func docsField(t reflect.Type) (index int, ok bool) {
	if t.Kind() != reflect.Struct {
		return 0, false
	}
	doc := reflect.TypeFor[inflate.Document]()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.IsExported() && f.Tag.Get("json") == "documents" && f.Type.Kind() == reflect.Slice && f.Type.Elem().ConvertibleTo(doc) {
			return i, true
		}
	}
	return 0, false
}

// splitDocuments returns req without its documents (the field left nil,
// which encodes as null) and the documents, or ok false when the request
// type has none or req holds none.
func splitDocuments(req any) (stripped any, docs []inflate.Document, ok bool) {
	v := reflect.ValueOf(req)
	i, has := docsField(v.Type())
	if !has || v.Field(i).Len() == 0 {
		return req, nil, false
	}
	field := v.Field(i)
	doc := reflect.TypeFor[inflate.Document]()
	docs = make([]inflate.Document, field.Len())
	for j := range docs {
		docs[j] = field.Index(j).Convert(doc).Interface().(inflate.Document)
	}
	c := reflect.New(v.Type()).Elem()
	c.Set(v)
	c.Field(i).SetZero()
	return c.Interface(), docs, true
}

// fillDocuments sets the documents field of the request *ptr points to.
func fillDocuments(ptr reflect.Value, docs []inflate.Document) error {
	v := ptr.Elem()
	i, ok := docsField(v.Type())
	if !ok {
		return fmt.Errorf("a %s request has no documents to refer to", v.Type())
	}
	field := v.Field(i)
	out := reflect.MakeSlice(field.Type(), len(docs), len(docs))
	for j, d := range docs {
		out.Index(j).Set(reflect.ValueOf(d).Convert(field.Type().Elem()))
	}
	field.Set(out)
	return nil
}

// sentDocs is what the harness has sent to one session: each document
// under its ref, found by a hash of its content, and the order of last use
// for dropping the oldest when the session holds more than its limit.
type sentDocs struct {
	seed    maphash.Seed
	byData  map[bodyKey]*sentDoc // by where its body lies in memory: found without hashing it
	byHash  map[uint64][]*sentDoc
	byRef   map[string]*sentDoc
	next    int
	bytes   int
	limit   int
	clock   int64
	pending []StoredDoc // added by refs, not yet sent
	drop    []string    // dropped by refs, not yet sent
}

// bodyKey is where a string's bytes lie: two strings with the same key
// are the same bytes (strings are immutable, and the sentDoc holding the
// string keeps them from being reused).
type bodyKey struct {
	data *byte
	n    int
}

func keyOf(body string) bodyKey { return bodyKey{unsafe.StringData(body), len(body)} }

type sentDoc struct {
	doc  inflate.Document
	ref  string
	hash uint64
	used int64
}

func newSentDocs(limit int) *sentDocs {
	return &sentDocs{seed: maphash.MakeSeed(), byData: map[bodyKey]*sentDoc{}, byHash: map[uint64][]*sentDoc{}, byRef: map[string]*sentDoc{}, limit: limit}
}

// refs returns the refs of docs, queueing the documents the session does
// not hold yet (and the drops that make room for them) for the next
// "documents" message. A document whose strings are not valid UTF-8 is
// refused: JSON cannot carry it.
func (s *sentDocs) refs(docs []inflate.Document) ([]string, error) {
	s.clock++
	out := make([]string, len(docs))
	var fresh []*sentDoc
	for i, d := range docs {
		// The checks send the same document values again and again: the
		// body's address finds them before its hash is computed.
		if e, ok := s.byData[keyOf(d.Body)]; ok && e.doc == d {
			e.used = s.clock
			out[i] = e.ref
			continue
		}
		h := maphash.String(s.seed, d.Body) ^ maphash.String(s.seed, d.ID)*31 ^ maphash.String(s.seed, d.Kind)*131
		var found *sentDoc
		for _, e := range s.byHash[h] {
			if e.doc == d {
				found = e
				break
			}
		}
		if found != nil && keyOf(found.doc.Body) != keyOf(d.Body) {
			// The same document built afresh (checks regenerate their
			// inputs): hold this copy, so its next use is found by address.
			if k := keyOf(found.doc.Body); s.byData[k] == found {
				delete(s.byData, k)
			}
			found.doc = d
			s.byData[keyOf(d.Body)] = found
		}
		if found == nil {
			for _, f := range []struct{ what, v string }{{"id", d.ID}, {"body", d.Body}, {"kind", d.Kind}} {
				if !utf8.ValidString(f.v) {
					for _, e := range fresh { // never sent: forget them without a drop
						s.forget(e)
						s.drop = s.drop[:len(s.drop)-1]
					}
					return nil, fmt.Errorf("%w: documents[%d].%s is not valid UTF-8", ErrInexpressible, i, f.what)
				}
			}
			s.next++
			found = &sentDoc{doc: d, ref: "d" + strconv.Itoa(s.next), hash: h}
			s.byHash[h] = append(s.byHash[h], found)
			s.byData[keyOf(d.Body)] = found // one key per document, the body it holds
			s.byRef[found.ref] = found
			s.bytes += docSize(d.ID, d.Body, d.Kind)
			fresh = append(fresh, found)
		}
		found.used = s.clock
		out[i] = found.ref
	}
	s.evict()
	for _, f := range fresh {
		s.pending = append(s.pending, StoredDoc{Ref: f.ref, ID: f.doc.ID, Body: f.doc.Body, Kind: f.doc.Kind})
	}
	return out, nil
}

// evict drops the least recently used documents, never those of the
// current request, until the session holds at most its limit.
func (s *sentDocs) evict() {
	for s.bytes > s.limit {
		var oldest *sentDoc
		for _, e := range s.byRef {
			if e.used < s.clock && (oldest == nil || e.used < oldest.used) {
				oldest = e
			}
		}
		if oldest == nil {
			return // the current request alone is over the limit: keep it
		}
		s.forget(oldest)
	}
}

func (s *sentDocs) forget(e *sentDoc) {
	delete(s.byRef, e.ref)
	if k := keyOf(e.doc.Body); s.byData[k] == e {
		delete(s.byData, k)
	}
	list := s.byHash[e.hash]
	for i, x := range list {
		if x == e {
			list = append(list[:i], list[i+1:]...)
			break
		}
	}
	if len(list) == 0 {
		delete(s.byHash, e.hash)
	} else {
		s.byHash[e.hash] = list
	}
	s.bytes -= docSize(e.doc.ID, e.doc.Body, e.doc.Kind)
	s.drop = append(s.drop, e.ref)
}

// message takes the queued additions and drops as one "documents" message;
// ok is false when there is nothing to send.
func (s *sentDocs) message() (m Message, ok bool) {
	if len(s.pending) == 0 && len(s.drop) == 0 {
		return Message{}, false
	}
	m = Message{Type: TypeDocuments, Add: s.pending, Drop: s.drop}
	s.pending, s.drop = nil, nil
	return m, true
}

// appendDocuments appends the "documents" message m as a line. refs
// checked its strings (a document that is not valid UTF-8 is refused), so
// the encoder does not check them again.
func appendDocuments(dst []byte, m Message) ([]byte, error) {
	b, err := appendValid(dst, m)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// heldDocs is the implementation side of the capability: the documents
// stored under their refs, at most limit bytes of them (docSize).
type heldDocs struct {
	docs  map[string]inflate.Document
	bytes int
	limit int
}

func newHeldDocs(limit int) *heldDocs {
	return &heldDocs{docs: map[string]inflate.Document{}, limit: limit}
}

// apply drops, then stores, what a "documents" message says. A message
// whose documents would make the session hold more than its limit is
// refused whole after its drops: nothing of it is stored.
func (h *heldDocs) apply(m Message) error {
	for _, r := range m.Drop {
		if d, ok := h.docs[r]; ok {
			h.bytes -= docSize(d.ID, d.Body, d.Kind)
			delete(h.docs, r)
		}
	}
	held := h.bytes
	for _, d := range m.Add {
		if old, ok := h.docs[d.Ref]; ok {
			held -= docSize(old.ID, old.Body, old.Kind)
		}
		if held += docSize(d.ID, d.Body, d.Kind); held > h.limit {
			return fmt.Errorf("documents: adding %d documents would hold more than %d bytes of documents in the session (the protocol's bound): refused, none stored", len(m.Add), h.limit)
		}
	}
	for _, d := range m.Add {
		if old, ok := h.docs[d.Ref]; ok {
			h.bytes -= docSize(old.ID, old.Body, old.Kind)
		}
		h.docs[d.Ref] = inflate.Document{ID: d.ID, Body: d.Body, Kind: d.Kind}
		h.bytes += docSize(d.ID, d.Body, d.Kind)
	}
	return nil
}

// resolve returns the documents refs name, in order.
func (h *heldDocs) resolve(refs []string) ([]inflate.Document, error) {
	out := make([]inflate.Document, len(refs))
	for i, r := range refs {
		d, ok := h.docs[r]
		if !ok {
			return nil, fmt.Errorf("documents[%d]: no document was sent under ref %q", i, r)
		}
		out[i] = d
	}
	return out, nil
}
