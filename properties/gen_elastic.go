package properties

import (
	"fmt"
	"math/rand"
	"strings"
	"sync"
	"unicode"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite/textgen"
)

// radiusCase is a generated radius question, with a second, larger hit
// count and budget for the monotonicity property.
type radiusCase struct {
	Budget, Hits, MoreHits, MoreBudget int
}

// Clamped returns the case with every field in range (shrinking may step
// outside the generators' ranges): budget and hits >= 1, the extras >= 0.
func (c radiusCase) Clamped() radiusCase {
	return radiusCase{max(abs(c.Budget), 1), max(abs(c.Hits), 1), abs(c.MoreHits), abs(c.MoreBudget)}
}

func (c radiusCase) String() string {
	c = c.Clamped()
	return fmt.Sprintf("budget %d, hits %d (+%d hits, +%d budget)", c.Budget, c.Hits, c.MoreHits, c.MoreBudget)
}

func genRadiusCase() gopter.Gen {
	return gen.Struct(reflectOf[radiusCase](), map[string]gopter.Gen{
		"Budget": gen.Weighted([]gen.WeightedGen{
			{Weight: 3, Gen: gen.IntRange(1, 2000)},
			{Weight: 4, Gen: gen.IntRange(2000, 300000)},
			{Weight: 1, Gen: gen.IntRange(300000, 1<<40)},
		}),
		"Hits": gen.Weighted([]gen.WeightedGen{
			{Weight: 4, Gen: gen.IntRange(1, 20)},
			{Weight: 3, Gen: gen.IntRange(20, 5000)},
			{Weight: 1, Gen: gen.IntRange(5000, 1<<30)},
		}),
		"MoreHits":   gen.Weighted([]gen.WeightedGen{{Weight: 3, Gen: gen.IntRange(0, 10)}, {Weight: 1, Gen: gen.IntRange(0, 1<<20)}}),
		"MoreBudget": gen.Weighted([]gen.WeightedGen{{Weight: 3, Gen: gen.IntRange(0, 1000)}, {Weight: 1, Gen: gen.IntRange(0, 1<<30)}}),
	})
}

// hydrateRecipe is a generated hydration case, kept as plain numbers so
// gopter can shrink it; Request builds the documents, atoms and budget.
type hydrateRecipe struct {
	Text       int64         // seed for the documents' text
	Docs       []hydrateDoc  // the first Count are used
	Count      int           // how many documents (1–4)
	Atoms      []hydrateAtom // the atoms
	BudgetMode int           // 0 tiny, 1 per hit (often under the floor), 2 large, 3 huge (the cap)
	Budget     int           // raw budget, read according to BudgetMode
}

// hydrateDoc describes one document: its kind (0 prose, 1 data, 2 code), its
// source (0 generated, 1 a slice of the fixture corpora of that kind) and
// its length in bytes.
type hydrateDoc struct {
	Kind, Source, Len int
}

// hydrateAtom places an atom near Center·1531 + Jitter, so atoms of one
// center cluster (their windows merge) and different centers are sparse.
// Score takes 5 values, so ties happen. Twin 0 adds an identical atom with
// another score (one atom, the best score), Twin 1 another label at the same
// offset (a second atom).
type hydrateAtom struct {
	Doc, Center, Jitter, Score, Twin int
}

func genHydrateRecipe() gopter.Gen {
	doc := gen.Struct(reflectOf[hydrateDoc](), map[string]gopter.Gen{
		"Kind":   gen.IntRange(0, 2),
		"Source": gen.IntRange(0, 1),
		"Len": gen.Weighted([]gen.WeightedGen{
			{Weight: 2, Gen: gen.IntRange(0, 600)},
			{Weight: 6, Gen: gen.IntRange(600, 30000)},
			{Weight: 1, Gen: gen.IntRange(60000, 140000)},
		}),
	})
	atom := gen.Struct(reflectOf[hydrateAtom](), map[string]gopter.Gen{
		"Doc":    gen.IntRange(0, 3),
		"Center": gen.IntRange(0, 60),
		"Jitter": gen.IntRange(0, 900),
		"Score":  gen.IntRange(0, 4),
		"Twin":   gen.IntRange(0, 9),
	})
	return gen.Struct(reflectOf[hydrateRecipe](), map[string]gopter.Gen{
		"Text":       gen.Int64Range(0, 1<<40),
		"Docs":       gen.SliceOfN(4, doc),
		"Count":      gen.IntRange(1, 4),
		"Atoms":      gen.SliceOf(atom),
		"BudgetMode": gen.Weighted([]gen.WeightedGen{{Weight: 2, Gen: gen.Const(0)}, {Weight: 4, Gen: gen.Const(1)}, {Weight: 3, Gen: gen.Const(2)}, {Weight: 1, Gen: gen.Const(3)}}),
		"Budget":     gen.IntRange(0, 1<<30),
	})
}

var elaKinds = []string{inflate.KindProse, inflate.KindData, inflate.KindCode}

// Request builds the case. Offsets are moved back onto character boundaries
// inside their documents, and documents without text get no atoms: a recipe
// always describes a valid request.
func (r hydrateRecipe) Request() adapters.HydrateRequest {
	count := min(max(r.Count, 1), max(len(r.Docs), 1), 4)
	rng := rand.New(rand.NewSource(r.Text))
	docs := make([]inflate.Document, count)
	for i := range docs {
		var d hydrateDoc
		if i < len(r.Docs) {
			d = r.Docs[i]
		}
		kind := elaKinds[abs(d.Kind)%3]
		n := min(abs(d.Len), 200000)
		var body string
		switch {
		case abs(d.Source)%2 == 1:
			body = elaFixtureText(rng, kind, n)
		case kind == inflate.KindCode:
			body = elaCodeText(rng, n)
		case kind == inflate.KindData:
			body = elaDataText(rng, n)
		default:
			body = textgen.Text(rng, rng.Intn(5), n)
		}
		docs[i] = inflate.Document{ID: docID(i), Body: body, Kind: kind}
	}
	req := adapters.HydrateRequest{Documents: docs}
	for _, a := range r.Atoms {
		d := docs[abs(a.Doc)%count]
		if d.Body == "" {
			continue
		}
		off := unit.Floor(d.Body, (abs(a.Center)%61*1531+abs(a.Jitter)%901)%len(d.Body))
		atom := radial.Atom{CompoundID: d.ID, Label: elaLabelAt(d.Body, off), Offset: off, Score: float64(abs(a.Score)%5) / 4}
		req.Atoms = append(req.Atoms, atom)
		switch abs(a.Twin) % 10 {
		case 0:
			twin := atom
			twin.Score = 1 - atom.Score
			req.Atoms = append(req.Atoms, twin)
		case 1:
			other := atom
			other.Label += "2"
			req.Atoms = append(req.Atoms, other)
		}
	}
	raw := abs(r.Budget)
	switch abs(r.BudgetMode) % 4 {
	case 0:
		req.Budget = 1 + raw%800
	case 1:
		req.Budget = max(len(req.Atoms), 1) * (1 + raw%1200)
	case 2:
		req.Budget = 800 + raw%200000
	default:
		req.Budget = 64000 + raw%3000000
	}
	return req
}

// String is what gopter prints for a counterexample: the request, compact.
func (r hydrateRecipe) String() string { return r.StringIn(unit.Bytes) }

// StringIn is the request as a program counting in u received it.
func (r hydrateRecipe) StringIn(u unit.Unit) string {
	req := r.Request()
	bodies := map[string]string{}
	var b strings.Builder
	fmt.Fprintf(&b, "budget=%d", req.Budget)
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
		fmt.Fprintf(&b, " doc %s (%s)=%s", d.ID, d.Kind, adapters.Length(u, d.Body))
	}
	for i, a := range req.Atoms {
		if i == 40 {
			fmt.Fprintf(&b, "\n  … %d more atoms", len(req.Atoms)-i)
			break
		}
		fmt.Fprintf(&b, "\n  atom %q %s:%s score %.2f", a.Label, a.CompoundID, adapters.At(u, bodies[a.CompoundID], a.Offset), a.Score)
	}
	fmt.Fprintf(&b, "\n  (recipe text %d, count %d, budget mode %d)", r.Text, r.Count, r.BudgetMode)
	return b.String()
}

// elaLabelAt is the lower-cased run of letters starting at off, or "x".
func elaLabelAt(body string, off int) string {
	end := off
	for i, c := range body[off:] {
		if !unicode.IsLetter(c) || i >= 24 {
			break
		}
		end = off + i + len(string(c))
	}
	if end == off {
		return "x"
	}
	return strings.ToLower(body[off:end])
}

// elaCodeText writes about n bytes of code: brace blocks and indentation
// blocks, nested, with blank lines, indented by tabs or by spaces.
func elaCodeText(rng *rand.Rand, n int) string {
	indent := "\t"
	if rng.Intn(2) == 0 {
		indent = "    "
	}
	var b strings.Builder
	var stack []bool // true: a brace block
	for b.Len() < n {
		pad := strings.Repeat(indent, len(stack))
		switch k := rng.Intn(10); {
		case k < 2 && len(stack) < 6:
			fmt.Fprintf(&b, "%sfunc %s(x int) int {\n", pad, textgen.Scripts[0][rng.Intn(len(textgen.Scripts[0]))])
			stack = append(stack, true)
		case k == 2 && len(stack) < 6:
			fmt.Fprintf(&b, "%sdef %s(x):\n", pad, textgen.Scripts[0][rng.Intn(len(textgen.Scripts[0]))])
			stack = append(stack, false)
		case k == 3 && len(stack) > 0:
			if stack[len(stack)-1] {
				fmt.Fprintf(&b, "%s}\n", strings.Repeat(indent, len(stack)-1))
			}
			stack = stack[:len(stack)-1]
		case k == 4:
			b.WriteString("\n")
		default:
			fmt.Fprintf(&b, "%sx := %s(y) // %s\n", pad, textgen.Scripts[0][rng.Intn(len(textgen.Scripts[0]))], strings.TrimSpace(textgen.Text(rng, rng.Intn(5), 12+rng.Intn(30))))
		}
	}
	out := b.String()
	return out[:unit.Floor(out, n)]
}

// elaDataText writes about n bytes of tab-separated rows.
func elaDataText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for b.Len() < n {
		fmt.Fprintf(&b, "%c%c\t+%04d-%05d\t%s/%s\t%s\n", 'A'+rng.Intn(26), 'A'+rng.Intn(26), rng.Intn(10000), rng.Intn(100000),
			strings.TrimSpace(textgen.Text(rng, 0, 8)), strings.TrimSpace(textgen.Text(rng, 1, 8)), strings.TrimSpace(textgen.Text(rng, rng.Intn(5), 30)))
	}
	out := b.String()
	return out[:unit.Floor(out, n)]
}

var (
	elaCorporaOnce sync.Once
	elaCorpora     map[string][]inflate.Document
)

// elaFixtureText is about n bytes of the fixture corpora of kind (prose
// includes the multibyte glossary), starting anywhere in one document and
// wrapping around.
func elaFixtureText(rng *rand.Rand, kind string, n int) string {
	elaCorporaOnce.Do(func() {
		elaCorpora = map[string][]inflate.Document{}
		for _, c := range fixtures.Corpora() {
			docs, err := fixtures.Corpus(c)
			if err != nil || len(docs) == 0 {
				continue
			}
			k := docs[0].Kind
			elaCorpora[k] = append(elaCorpora[k], docs...)
		}
	})
	docs := elaCorpora[kind]
	if len(docs) == 0 || n == 0 {
		return ""
	}
	body := docs[rng.Intn(len(docs))].Body
	if body == "" {
		return ""
	}
	start := unit.Floor(body, rng.Intn(len(body)))
	var b strings.Builder
	b.WriteString(body[start:])
	for b.Len() < n {
		b.WriteString(body)
	}
	out := b.String()
	return out[:unit.Floor(out, n)]
}

// censusRecipe is a generated census case whose answer is known by
// construction: the generator writes whole words of a fixed vocabulary,
// separated by spaces and punctuation, and remembers where each starts.
type censusRecipe struct {
	Text  int64
	Words []int // words per document (the first Count are used)
	Count int   // 1–4
	Terms []int // vocabulary indices; len(elaVocab) is a term found nowhere
	Cases []int // how each term is written: 0 as is, 1 ASCII upper case, 2 ASCII title case
}

// elaVocab holds letters-only words in several Scripts, including words that
// contain one another ("cat", "scat", "cathedral"), so a prefix or substring
// match is caught.
var elaVocab = []string{
	"cat", "cathedral", "scat", "the", "then", "atom", "atoms", "window", "budget", "radius",
	"elastic", "context", "hit", "go", "café", "naïve", "über", "ærø", "déjà", "crème",
	"日本語", "文脈", "検索", "λόγος", "слово",
}

var elaSeparators = []string{" ", " ", " ", ", ", ". ", ".\n\n", "; ", "\t", " (", ") ", ": ", "\n", "! "}

func genCensusRecipe() gopter.Gen {
	return gen.Struct(reflectOf[censusRecipe](), map[string]gopter.Gen{
		"Text":  gen.Int64Range(0, 1<<40),
		"Words": gen.SliceOfN(4, gen.IntRange(0, 300)),
		"Count": gen.IntRange(1, 4),
		"Terms": gen.SliceOfN(3, gen.IntRange(0, len(elaVocab))),
		"Cases": gen.SliceOfN(3, gen.IntRange(0, 2)),
	})
}

// elaASCIICase writes w in ASCII upper case (c = 1) or title case (c = 2),
// leaving non-ASCII letters as they are; c = 0 leaves w alone.
func elaASCIICase(w string, c int) string {
	switch abs(c) % 3 {
	case 1:
		return strings.Map(func(r rune) rune {
			if 'a' <= r && r <= 'z' {
				return r - 'a' + 'A'
			}
			return r
		}, w)
	case 2:
		if w != "" && 'a' <= w[0] && w[0] <= 'z' {
			return string(w[0]-'a'+'A') + w[1:]
		}
	}
	return w
}

// Build returns the request and the atoms it must find (labels are the
// vocabulary words; scores are left 0).
func (r censusRecipe) Build() (adapters.CensusRequest, []radial.Atom) {
	count := min(max(r.Count, 1), max(len(r.Words), 1), 4)
	rng := rand.New(rand.NewSource(r.Text))
	var req adapters.CensusRequest
	type at struct {
		id   string
		word string
		off  int
	}
	var placed []at
	for i := 0; i < count; i++ {
		n := 0
		if i < len(r.Words) {
			n = min(abs(r.Words[i]), 1000)
		}
		id := docID(i)
		var b strings.Builder
		for j := 0; j < n; j++ {
			w := elaVocab[rng.Intn(len(elaVocab))]
			placed = append(placed, at{id, w, b.Len()})
			b.WriteString(elaASCIICase(w, max(rng.Intn(5)-2, 0)))
			b.WriteString(elaSeparators[rng.Intn(len(elaSeparators))])
		}
		req.Documents = append(req.Documents, inflate.Document{ID: id, Body: b.String(), Kind: elaKinds[rng.Intn(3)]})
	}
	wanted := map[string]bool{}
	for i, t := range r.Terms {
		word := "dog"
		if k := abs(t) % (len(elaVocab) + 1); k < len(elaVocab) {
			word = elaVocab[k]
		}
		c := 0
		if i < len(r.Cases) {
			c = r.Cases[i]
		}
		req.Terms = append(req.Terms, elaASCIICase(word, c))
		wanted[word] = true
	}
	var want []radial.Atom
	for _, p := range placed {
		if wanted[p.word] {
			want = append(want, radial.Atom{CompoundID: p.id, Label: p.word, Offset: p.off})
		}
	}
	return req, want
}

func (r censusRecipe) String() string { return r.StringIn(unit.Bytes) }

// StringIn is the request as a program counting in u received it.
func (r censusRecipe) StringIn(u unit.Unit) string {
	req, want := r.Build()
	var b strings.Builder
	fmt.Fprintf(&b, "terms %q, %d positions expected;", req.Terms, len(want))
	for _, d := range req.Documents {
		fmt.Fprintf(&b, " doc %s=%s", d.ID, adapters.Length(u, d.Body))
	}
	return b.String()
}
