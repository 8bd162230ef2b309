package properties

import (
	"fmt"
	"strings"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/internal/jsonenc"
	"github.com/ctxconform/ctxconform/reference/assemble"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// assembleCase is a generated window-assembly request (std085 protocol
// §1–3), kept as numbers so gopter can shrink it.
type assembleCase struct {
	Text     int64 // seed of the documents' text
	Script   int   // their script (textgen.Text; 3: characters beyond the BMP, 4: mixed)
	Kinds    []int // kind of each document: the boundaries extension moves to (see mixedDocument)
	Docs     []int // document lengths in bytes: under 600 a few molecules fill one, up to 12,000 they lie apart
	Count    int   // how many documents (1–4): molecules of several sources
	Mols     []moleculeRecipe
	Budget   int    // max_chars, at least 1: under 100 most molecules are skipped, over 20,000 most fit
	Strategy int    // 0–2 all strategies; 3–7 one named strategy (each drawn)
	Tune     tuning // the zero value keeps the default thresholds
}

// tuning sets the thresholds of the request's options; 0 keeps a default.
// The generator draws each at its least value one time in two, the corner
// where a strategy stops applying: Gap 1 (gap_fill needs 0 < gap < 1: it
// never joins), Window 1 (the recipes' times are 60 s apart: only equal
// times join by temporal), Sem 20 (semantic_min 1: at most identical
// vectors join) and Extend -1 (extension off).
type tuning struct {
	Gap, Window, Sem, Extend int
}

// moleculeRecipe places a molecule near Center·577 plus Jitter (a start past
// the document's end is its last character), or (Mode 1) touching the
// previous molecule of its document, or (Mode 2) overlapping it: adjacent's
// two cases, gap 0 and below. Len is its length in bytes, rounded down to a
// character and at least one character. Time 0 is unknown (temporal and
// narrative do not apply), else 60-second steps; Vec 0 is no vector
// (semantic does not apply), else one of four directions, two of them close;
// Ents is a bit set over four entities (0: none, narrative does not apply).
// Request wraps any value into its range.
type moleculeRecipe struct {
	Doc, Mode, Center, Jitter, Len, Time, Vec, Ents, Score int
}

var (
	asmStrategies = []assemble.Strategy{"", "", "", assemble.Adjacent, assemble.GapFill, assemble.Temporal, assemble.Semantic, assemble.Narrative}
	asmVectors    = [][]float64{{1, 0, 0}, {0.9, 0.3, 0.1}, {0, 1, 0}, {0.5, 0.5, 0.7}}
	asmEntities   = []string{"alice", "bob", "carol", "Dürer"}
)

// asmMaxMolecules bounds the molecules of a case, and so its cost: gopter
// draws up to 100 recipes. 40 fill a 12,000-byte document at a molecule per
// 300 bytes, enough for every strategy's neighbours to occur.
const asmMaxMolecules = 40

func genAssembleCase() gopter.Gen {
	mol := gen.Struct(reflectOf[moleculeRecipe](), map[string]gopter.Gen{
		"Doc":    gen.IntRange(0, 3),
		"Mode":   gen.Weighted([]gen.WeightedGen{{Weight: 6, Gen: gen.Const(0)}, {Weight: 1, Gen: gen.Const(1)}, {Weight: 1, Gen: gen.Const(2)}}),
		"Center": gen.IntRange(0, 20),
		"Jitter": gen.IntRange(0, 600),
		"Len":    gen.Weighted([]gen.WeightedGen{{Weight: 8, Gen: gen.IntRange(1, 120)}, {Weight: 2, Gen: gen.IntRange(120, 900)}}),
		"Time":   gen.Weighted([]gen.WeightedGen{{Weight: 2, Gen: gen.Const(0)}, {Weight: 3, Gen: gen.IntRange(1, 200)}}),
		"Vec":    gen.IntRange(0, 4),
		"Ents":   gen.IntRange(0, 15),
		"Score":  gen.IntRange(0, 20),
	})
	docLen := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.IntRange(1, 600)},
		{Weight: 6, Gen: gen.IntRange(600, 12000)},
	})
	budget := gen.Weighted([]gen.WeightedGen{
		{Weight: 2, Gen: gen.IntRange(1, 100)},
		{Weight: 4, Gen: gen.IntRange(100, 2000)},
		{Weight: 3, Gen: gen.IntRange(2000, 20000)},
		{Weight: 1, Gen: gen.IntRange(20000, 200000)},
	})
	tuned := gen.Struct(reflectOf[tuning](), map[string]gopter.Gen{
		"Gap":    gen.OneGenOf(gen.Const(1), gen.IntRange(1, 1000)),
		"Window": gen.OneGenOf(gen.Const(1), gen.IntRange(1, 10000)),
		"Sem":    gen.OneGenOf(gen.Const(20), gen.IntRange(1, 20)),
		"Extend": gen.OneGenOf(gen.Const(-1), gen.IntRange(-1, 799)),
	})
	return gen.Struct(reflectOf[assembleCase](), map[string]gopter.Gen{
		"Text":     gen.Int64Range(0, 1<<40),
		"Script":   gen.IntRange(0, 4),
		"Kinds":    gen.SliceOfN(4, gen.IntRange(0, 3)),
		"Docs":     gen.SliceOfN(4, docLen),
		"Count":    gen.IntRange(1, 4),
		"Mols":     gen.SliceOf(mol),
		"Budget":   budget,
		"Strategy": gen.IntRange(0, len(asmStrategies)-1),
		"Tune":     gen.Weighted([]gen.WeightedGen{{Weight: 3, Gen: gen.Const(tuning{})}, {Weight: 1, Gen: tuned}}),
	})
}

// Request builds the case. Offsets are moved onto character boundaries
// inside their documents and every molecule keeps at least one character, so
// a case is always a valid request.
func (c assembleCase) Request() adapters.AssembleRequest {
	var req adapters.AssembleRequest
	for _, d := range mixedDocuments(c.Text, c.Count, c.Docs, c.Kinds, c.Script) {
		req.Documents = append(req.Documents, assemble.Document{ID: d.ID, Body: d.Body, Kind: d.Kind})
	}
	count := len(req.Documents)
	last := map[string]assemble.Molecule{}
	for i, m := range c.Mols {
		if i == asmMaxMolecules {
			break
		}
		d := req.Documents[abs(m.Doc)%count]
		body := d.Body
		start := abs(m.Center)*577 + abs(m.Jitter)
		if p, ok := last[d.ID]; ok && abs(m.Mode)%3 == 1 {
			start = p.End
		} else if ok && abs(m.Mode)%3 == 2 {
			start = p.Start + (p.End-p.Start)/2
		}
		start = unit.Floor(body, min(start, len(body)-1))
		end := unit.Floor(body, start+abs(m.Len))
		if end <= start {
			end = unit.Ceil(body, start+1)
		}
		mol := assemble.Molecule{
			ID: fmt.Sprintf("m%02d", i), Source: d.ID, Start: start, End: end,
			Score: float64(abs(m.Score)%21) / 20,
		}
		if t := abs(m.Time) % 201; t > 0 {
			mol.Time = 1_700_000_000 + int64(t)*60
		}
		if v := abs(m.Vec) % (len(asmVectors) + 1); v > 0 {
			mol.Vector = asmVectors[v-1]
		}
		for k, e := range asmEntities {
			if abs(m.Ents)&(1<<k) != 0 {
				mol.Entities = append(mol.Entities, e)
			}
		}
		req.Molecules = append(req.Molecules, mol)
		last[d.ID] = mol
	}
	req.MaxChars = max(c.Budget, 1)
	req.Options.Strategy = asmStrategies[abs(c.Strategy)%len(asmStrategies)]
	req.Options.GapLimit = abs(c.Tune.Gap)
	req.Options.TimeWindow = int64(abs(c.Tune.Window))
	req.Options.SemanticMin = float64(abs(c.Tune.Sem)%21) / 20
	req.Options.ExtendLimit = c.Tune.Extend
	return req
}

// String is what gopter prints for a counterexample.
func (c assembleCase) String() string { return c.StringIn(unit.Bytes) }

// StringIn is the request as a program counting in u received it.
func (c assembleCase) StringIn(u unit.Unit) string {
	req := c.Request()
	bodies := map[string]string{}
	var b strings.Builder
	fmt.Fprintf(&b, "max_chars=%d options=%s", req.MaxChars, jsonenc.Message(req.Options))
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
		fmt.Fprintf(&b, " doc %s(%s)=%s", d.ID, d.Kind, adapters.Length(u, d.Body))
	}
	for _, m := range req.Molecules {
		fmt.Fprintf(&b, "\n  mol %s %s%s t=%d v=%v e=%v score %.2f", m.ID, m.Source, adapters.Span(u, bodies[m.Source], m.Start, m.End), m.Time, m.Vector, m.Entities, m.Score)
	}
	return b.String()
}
