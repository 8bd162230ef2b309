package properties

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite/textgen"
)

// inflateRecipe is a generated inflation case, kept as plain numbers so gopter can
// shrink it; Request builds the documents and hits it describes.
type inflateRecipe struct {
	Text   int64       // seed for the documents' words
	Script int         // 0 ASCII, 1 accented Latin, 2 CJK, 3 emoji, 4 a mix; 5–8 the fixture corpora
	Docs   []int       // document lengths in bytes (the first DocCount are used)
	Count  int         // how many documents (1–6)
	Hits   []hitRecipe // the hits
	Budget int         // total budget; negative means none (the static fallback)
	// Fixed, when set, is the request itself: a named edge case (edgesRecipe)
	// rather than one described by the numbers above.
	Fixed *inflate.Request `json:",omitempty"`
}

// hitRecipe places a hit: near cluster center Center·937 plus Jitter, so hits
// of one center are clustered (gaps under 500) and different centers sparse.
type hitRecipe struct {
	Doc, Center, Jitter, Len, Score int
}

// genRecipe generates recipes with the mix the issue asks for.
func genRecipe() gopter.Gen {
	hit := gen.Struct(reflectOf[hitRecipe](), map[string]gopter.Gen{
		"Doc":    gen.IntRange(0, 5),
		"Center": gen.IntRange(0, 40),
		"Jitter": gen.IntRange(0, 700),
		"Len":    gen.Weighted([]gen.WeightedGen{{Weight: 8, Gen: gen.IntRange(0, 160)}, {Weight: 2, Gen: gen.IntRange(160, 4000)}}),
		"Score":  gen.IntRange(0, 20),
	})
	docLen := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.IntRange(0, 600)},
		{Weight: 6, Gen: gen.IntRange(600, 40000)},
		{Weight: 1, Gen: gen.IntRange(200000, 1200000)},
	})
	budget := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.Const(-1)},
		{Weight: 2, Gen: gen.IntRange(1, 450)},
		{Weight: 4, Gen: gen.IntRange(450, 8000)},
		{Weight: 2, Gen: gen.IntRange(8000, 300000)},
	})
	return gen.Struct(reflectOf[inflateRecipe](), map[string]gopter.Gen{
		"Text":   gen.Int64Range(0, 1<<40),
		"Script": gen.IntRange(0, 8),
		"Docs":   gen.SliceOfN(6, docLen),
		"Count":  gen.IntRange(1, 6),
		"Hits":   gen.SliceOf(hit),
		"Budget": budget,
	})
}

// Request builds the case. Hit offsets are moved back onto character
// boundaries, and hits are kept inside their documents: a recipe always
// describes a valid request.
func (r inflateRecipe) Request() inflate.Request {
	if r.Fixed != nil {
		out := *r.Fixed
		out.Documents = append([]inflate.Document(nil), r.Fixed.Documents...)
		out.Hits = append([]inflate.Hit(nil), r.Fixed.Hits...)
		return out
	}
	count := min(max(r.Count, 1), max(len(r.Docs), 1))
	docs := make([]inflate.Document, count)
	for i := range docs {
		n := 0
		if i < len(r.Docs) {
			n = r.Docs[i]
		}
		docs[i] = inflate.Document{ID: docID(i), Body: slice(r.Text, r.Script, i, n)}
	}
	req := inflate.Request{Documents: docs}
	// Shrinking may step outside the generators' ranges: clamp everything.
	for i, h := range r.Hits {
		d := docs[abs(h.Doc)%count]
		n := len(d.Body)
		start := unit.Floor(d.Body, min(abs(h.Center)*937+abs(h.Jitter), n))
		end := unit.Floor(d.Body, min(start+abs(h.Len), n))
		req.Hits = append(req.Hits, inflate.Hit{
			ID: fmt.Sprintf("h%02d", i), CompoundID: d.ID, Start: start, End: end, Score: float64(abs(h.Score)%21) / 20,
		})
	}
	if r.Budget >= 0 {
		b := max(r.Budget, 1)
		req.Budget = &b
	}
	return req
}

// Valid reports whether the recipe describes a valid request, for the
// shrinker (suite.Validator): numbers always do, since Request clamps them;
// a fixed request shrunk by hand may not (a hit past its shortened
// document, an emptied ID), and is then not sent.
func (r inflateRecipe) Valid() bool {
	if r.Fixed == nil {
		return true
	}
	if b := r.Fixed.Budget; b != nil && *b < 1 {
		return false
	}
	return inflate.Validate(r.Fixed.Documents, r.Fixed.Hits) == nil
}

// docID gives documents names whose sort order differs from their index, so
// an implementation cannot pass by accident of input order.
func docID(i int) string {
	return []string{"m-notes", "b-code", "x-data", "a-prose", "q-table", "k-glossary"}[i%6]
}

// String is what gopter prints for a counterexample: the request, compact.
func (r inflateRecipe) String() string { return r.StringIn(unit.Bytes) }

// StringIn is the request as a program counting in u received it.
func (r inflateRecipe) StringIn(u unit.Unit) string {
	req := r.Request()
	bodies := map[string]string{}
	var b strings.Builder
	if req.Budget == nil {
		b.WriteString("budget=none")
	} else {
		fmt.Fprintf(&b, "budget=%d", *req.Budget)
	}
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
		fmt.Fprintf(&b, " doc %s=%s", d.ID, adapters.Length(u, d.Body))
	}
	for _, h := range req.Hits {
		fmt.Fprintf(&b, "\n  hit %s %s%s score %.2f", h.ID, h.CompoundID, adapters.Span(u, bodies[h.CompoundID], h.Start, h.End), h.Score)
	}
	return b.String()
}

// Documents are slices of a few large generated texts, built once: cases
// and shrink steps then cost no text generation.
const poolSize = 1_300_000

var (
	poolMu sync.Mutex
	pools  = map[[2]int]string{}
)

// slice returns about n bytes of text in the given script, starting at a
// place chosen by seed and the document's index, on character boundaries.
func slice(seed int64, script, doc, n int) string {
	key := [2]int{int(uint64(seed) % 3), abs(script) % 9}
	if key[1] >= 5 {
		key[0] = 0 // a corpus is the same whatever the seed
	}
	poolMu.Lock()
	pool, ok := pools[key]
	if !ok {
		if key[1] >= 5 {
			pool = corpusText(fixtures.Corpora()[(key[1]-5)%len(fixtures.Corpora())])
		} else {
			pool = textgen.Text(rand.New(rand.NewSource(int64(key[0]*5+key[1]))), key[1], poolSize)
		}
		pools[key] = pool
	}
	poolMu.Unlock()
	n = min(max(n, 0), len(pool))
	start := unit.Ceil(pool, int((uint64(seed)/3+uint64(doc)*7919)%uint64(len(pool)-n+1)))
	return pool[start:unit.Floor(pool, min(start+n, len(pool)))]
}

// corpusText joins a fixture corpus's documents: real prose, Go source,
// tab-separated data, or the multi-byte glossary.
func corpusText(name string) string {
	docs, err := fixtures.Corpus(name)
	if err != nil {
		panic(fmt.Sprintf("fixture corpus %s: %v", name, err)) // embedded: cannot fail
	}
	var b strings.Builder
	for _, d := range docs {
		b.WriteString(d.Body)
		b.WriteString("\n\n")
	}
	return b.String()
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
