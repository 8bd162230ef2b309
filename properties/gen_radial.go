package properties

import (
	"fmt"
	"math/rand"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/reference/unit"
	"github.com/ctxconform/ctxconform/suite/textgen"
)

// Generated code and data for the radial and assemble properties. Code is
// Go-like (braces, tab indentation) or Python-like (colons, space
// indentation), with nested blocks, blank lines, comments and string
// literals that carry multi-byte characters; it is cut at a line end, so its
// braces may not balance.

var (
	codeNames   = []string{"total", "count", "café", "idx", "value", "日本", "acc", "n", "item", "ratio"}
	codeStrings = []string{`"ok"`, `"naïve"`, `"文脈"`, `"🚀 go"`, `"{"`, `"x y"`}
)

// codeText writes about n bytes of code (lang 0 Go-like, 1 Python-like),
// whole lines only.
func codeText(rng *rand.Rand, lang, n int) string {
	var b strings.Builder
	for b.Len() < n {
		if lang%2 == 0 {
			codeGoFunc(rng, &b)
		} else {
			codePyDef(rng, &b, "", 0)
		}
		b.WriteString("\n")
	}
	out := b.String()
	if n < len(out) {
		if i := strings.LastIndexByte(out[:n], '\n'); i >= 0 {
			out = out[:i+1]
		} else {
			out = out[:unit.Floor(out, n)]
		}
	}
	return out
}

func codeName(rng *rand.Rand) string { return codeNames[rng.Intn(len(codeNames))] }

func codeGoFunc(rng *rand.Rand, b *strings.Builder) {
	if rng.Intn(3) == 0 {
		fmt.Fprintf(b, "// %s computes the %s.\n", codeName(rng), codeName(rng))
	}
	fmt.Fprintf(b, "func %s(%s int) int {\n", codeName(rng), codeName(rng))
	codeGoBody(rng, b, "\t", 0)
	b.WriteString("}\n")
}

func codeGoBody(rng *rand.Rand, b *strings.Builder, indent string, depth int) {
	for k := 1 + rng.Intn(4); k > 0; k-- {
		switch rng.Intn(6) {
		case 0, 1:
			fmt.Fprintf(b, "%s%s := %s + %d\n", indent, codeName(rng), codeName(rng), rng.Intn(100))
		case 2:
			fmt.Fprintf(b, "%sfmt.Println(%s, %s)\n", indent, codeStrings[rng.Intn(len(codeStrings))], codeName(rng))
		case 3:
			if depth < 3 {
				fmt.Fprintf(b, "%sfor %s := 0; %s < 10; %s++ {\n", indent, "i", "i", "i")
				codeGoBody(rng, b, indent+"\t", depth+1)
				fmt.Fprintf(b, "%s}\n", indent)
			}
		case 4:
			if depth < 3 {
				fmt.Fprintf(b, "%sif %s > %d {\n", indent, codeName(rng), rng.Intn(9))
				codeGoBody(rng, b, indent+"\t", depth+1)
				fmt.Fprintf(b, "%s}\n", indent)
			}
		case 5:
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(b, "%sreturn %s\n", indent, codeName(rng))
}

func codePyDef(rng *rand.Rand, b *strings.Builder, indent string, depth int) {
	if depth == 0 && rng.Intn(3) == 0 {
		fmt.Fprintf(b, "class %s:\n", strings.ToUpper(codeName(rng)[:1])+"x")
		codePyDef(rng, b, indent+"    ", depth+1)
		return
	}
	fmt.Fprintf(b, "%sdef %s(%s):\n", indent, codeName(rng), codeName(rng))
	codePyBody(rng, b, indent+"    ", depth+1)
}

func codePyBody(rng *rand.Rand, b *strings.Builder, indent string, depth int) {
	for k := 1 + rng.Intn(4); k > 0; k-- {
		switch rng.Intn(6) {
		case 0, 1:
			fmt.Fprintf(b, "%s%s = %s + %d\n", indent, codeName(rng), codeName(rng), rng.Intn(100))
		case 2:
			fmt.Fprintf(b, "%sprint(%s)  # %s\n", indent, codeStrings[rng.Intn(len(codeStrings))], codeName(rng))
		case 3:
			if depth < 4 {
				fmt.Fprintf(b, "%sfor i in range(%d):\n", indent, rng.Intn(9)+1)
				codePyBody(rng, b, indent+"    ", depth+1)
			}
		case 4:
			if depth < 4 {
				fmt.Fprintf(b, "%stable = {\n%s    %s: %d,\n%s}\n", indent, indent, codeStrings[rng.Intn(len(codeStrings))], rng.Intn(9), indent)
			}
		case 5:
			b.WriteString("\n")
		}
	}
	fmt.Fprintf(b, "%sreturn %s\n", indent, codeName(rng))
}

// dataText writes about n bytes of records, one per line, whole lines only.
func dataText(rng *rand.Rand, n int) string {
	var b strings.Builder
	for i := 0; b.Len() < n; i++ {
		fmt.Fprintf(&b, "%d,%s,%d.%02d,%s\n", i, codeName(rng), rng.Intn(1000), rng.Intn(100), textgen.Scripts[rng.Intn(3)][rng.Intn(9)])
	}
	out := b.String()
	if i := strings.LastIndexByte(out[:min(n, len(out))], '\n'); i >= 0 {
		return out[:i+1]
	}
	return out[:unit.Floor(out, n)]
}

var mixedKinds = []string{inflate.KindProse, inflate.KindCode, inflate.KindData, ""}

// mixedDocument builds the i-th generated document: kind picks prose, code, data
// or no kind (prose); the body is never empty.
func mixedDocument(rng *rand.Rand, i, kind, script, n int) inflate.Document {
	k := mixedKinds[abs(kind)%len(mixedKinds)]
	var body string
	switch k {
	case inflate.KindCode:
		body = codeText(rng, rng.Intn(2), n)
	case inflate.KindData:
		body = dataText(rng, n)
	default:
		body = textgen.Text(rng, script, n)
	}
	if body == "" {
		body = "a"
	}
	return inflate.Document{ID: docID(i), Body: body, Kind: k}
}

// mixedDocuments builds the documents of a generated case from its numbers:
// count of them (1 to 4), drawn from seed text, the i-th of lens[i] bytes (1
// to 20,000; 1 when lens is shorter) and kind kinds[i] (none when kinds is
// shorter), in script.
func mixedDocuments(text int64, count int, lens, kinds []int, script int) []inflate.Document {
	rng := rand.New(rand.NewSource(text))
	docs := make([]inflate.Document, min(max(count, 1), 4))
	for i := range docs {
		n, kind := 1, 0
		if i < len(lens) {
			n = min(max(lens[i], 1), 20000)
		}
		if i < len(kinds) {
			kind = kinds[i]
		}
		docs[i] = mixedDocument(rng, i, kind, script, n)
	}
	return docs
}

// radialCase is a generated radial request, kept as numbers so gopter can
// shrink it.
type radialCase struct {
	Text   int64
	Script int
	Kinds  []int        // kind of each document (see document)
	Docs   []int        // document lengths in bytes
	Count  int          // how many documents (1–4)
	Atoms  []atomRecipe // the atoms
	Radius int
}

// atomRecipe places an atom near Center·311 plus Jitter in document Doc; Dup
// repeats the previous atom instead (identical atoms count once).
type atomRecipe struct {
	Doc, Center, Jitter, Label, Score, Dup int
}

var radialLabels = []string{"window", "atom", "merge", "café", "radius", "文脈"}

func genRadialCase() gopter.Gen {
	atom := gen.Struct(reflectOf[atomRecipe](), map[string]gopter.Gen{
		"Doc":    gen.IntRange(0, 3),
		"Center": gen.IntRange(0, 20),
		"Jitter": gen.IntRange(0, 400),
		"Label":  gen.IntRange(0, 5),
		"Score":  gen.IntRange(0, 20),
		"Dup":    gen.Weighted([]gen.WeightedGen{{Weight: 12, Gen: gen.Const(0)}, {Weight: 1, Gen: gen.Const(1)}}),
	})
	docLen := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.IntRange(1, 300)},
		{Weight: 6, Gen: gen.IntRange(300, 6000)},
	})
	radius := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.IntRange(1, 8)},
		{Weight: 5, Gen: gen.IntRange(8, 300)},
		{Weight: 3, Gen: gen.IntRange(300, 3000)},
		{Weight: 1, Gen: gen.Const(1 << 40)},
	})
	return gen.Struct(reflectOf[radialCase](), map[string]gopter.Gen{
		"Text":   gen.Int64Range(0, 1<<40),
		"Script": gen.IntRange(0, 4),
		"Kinds":  gen.SliceOfN(4, gen.IntRange(0, 3)),
		"Docs":   gen.SliceOfN(4, docLen),
		"Count":  gen.IntRange(1, 4),
		"Atoms":  gen.SliceOf(atom),
		"Radius": radius,
	})
}

// Documents builds the case's documents.
func (c radialCase) Documents() []inflate.Document {
	return mixedDocuments(c.Text, c.Count, c.Docs, c.Kinds, c.Script)
}

// radialMaxAtoms bounds the atoms of a case (gopter's slices may be long).
const radialMaxAtoms = 40

// Request builds the case: offsets are moved back onto character
// boundaries inside their documents, so a case is always a valid request.
func (c radialCase) Request() adapters.RadialWindowsRequest {
	docs := c.Documents()
	req := adapters.RadialWindowsRequest{Documents: docs, Radius: min(max(c.Radius, 1), 1<<40)}
	for i, a := range c.Atoms {
		if i == radialMaxAtoms {
			break
		}
		if a.Dup != 0 && len(req.Atoms) > 0 {
			req.Atoms = append(req.Atoms, req.Atoms[len(req.Atoms)-1])
			continue
		}
		d := docs[abs(a.Doc)%len(docs)]
		off := unit.Floor(d.Body, min(abs(a.Center)*311+abs(a.Jitter), len(d.Body)-1))
		req.Atoms = append(req.Atoms, radial.Atom{
			CompoundID: d.ID, Label: radialLabels[abs(a.Label)%len(radialLabels)], Offset: off, Score: float64(abs(a.Score)%21) / 20,
		})
	}
	return req
}

// String is what gopter prints for a counterexample.
func (c radialCase) String() string { return c.StringIn(unit.Bytes) }

// StringIn is the request as a program counting in u received it: an
// atom's offset in u, as the protocol JSON carried it, with its bytes
// where they differ.
func (c radialCase) StringIn(u unit.Unit) string {
	req := c.Request()
	bodies := map[string]string{}
	var b strings.Builder
	fmt.Fprintf(&b, "radius=%d", req.Radius)
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
		fmt.Fprintf(&b, " doc %s(%s)=%s", d.ID, d.Kind, adapters.Length(u, d.Body))
	}
	for _, a := range req.Atoms {
		off := a.Offset
		a.Offset = adapters.InUnit(u, bodies[a.CompoundID], off)
		fmt.Fprintf(&b, "\n  atom %s%s", jsonenc.Message(a), adapters.AlsoBytes(a.Offset, off))
	}
	fmt.Fprintf(&b, "\n  (case Text=%d Script=%d)", c.Text, c.Script)
	return b.String()
}

// splitCase is a generated 70/30 split request.
type splitCase struct {
	Budget int
	Terms  []termRecipe
}

// termRecipe is one query term's atom counts.
type termRecipe struct{ Direct, Related int }

var splitLabels = []string{"radius", "atom", "window", "budget", "merge", "code", "census", "ring", "query", "elastic"}

func genSplitCase() gopter.Gen {
	count := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.Const(0)},
		{Weight: 6, Gen: gen.IntRange(1, 12)},
		{Weight: 1, Gen: gen.IntRange(12, 400)},
	})
	return gen.Struct(reflectOf[splitCase](), map[string]gopter.Gen{
		"Budget": gen.Weighted([]gen.WeightedGen{
			{Weight: 1, Gen: gen.Const(0)},
			{Weight: 2, Gen: gen.IntRange(1, 100)},
			{Weight: 6, Gen: gen.IntRange(100, 200000)},
			{Weight: 1, Gen: gen.IntRange(1<<40, 1<<50)},
		}),
		"Terms": gen.SliceOf(gen.Struct(reflectOf[termRecipe](), map[string]gopter.Gen{"Direct": count, "Related": count})),
	})
}

// Request builds the case: at most 10 terms, counts made non-negative.
func (c splitCase) Request() adapters.RadialSplitRequest {
	req := adapters.RadialSplitRequest{Budget: min(abs(c.Budget), 1<<50)}
	for i, t := range c.Terms {
		if i == len(splitLabels) {
			break
		}
		req.Terms = append(req.Terms, radial.Term{Label: splitLabels[i], Direct: min(abs(t.Direct), 1000), Related: min(abs(t.Related), 1000)})
	}
	return req
}

func (c splitCase) String() string {
	req := c.Request()
	return fmt.Sprintf("budget=%d terms=%s", req.Budget, jsonenc.Message(req.Terms))
}
