package assemble

import (
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// randomCase builds documents with multi-byte text, lines and sentences, and
// molecules on character boundaries with random signals.
func randomCase(r *rand.Rand) ([]Document, []Molecule, int, Options) {
	pieces := []string{"a", "b ", "é", "日本", "😀", ". ", "\n", "x", "? ", "code;", "\t"}
	kinds := []string{"", KindProse, KindCode, KindData}
	var docs []Document
	var mols []Molecule
	for d := range 1 + r.IntN(3) {
		var sb strings.Builder
		for range 20 + r.IntN(200) {
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		body := sb.String()
		id := string(rune('p' + d))
		docs = append(docs, Document{ID: id, Body: body, Kind: kinds[r.IntN(len(kinds))]})
		var cuts []int // rune boundaries
		for i := range body {
			cuts = append(cuts, i)
		}
		cuts = append(cuts, len(body))
		for k := range r.IntN(8) {
			i := r.IntN(len(cuts) - 1)
			j := i + 1 + r.IntN(min(12, len(cuts)-1-i))
			m := Molecule{ID: id + string(rune('0'+k)), Source: id, Start: cuts[i], End: cuts[j], Score: float64(r.IntN(4)) / 4}
			if r.IntN(2) == 0 {
				m.Time = int64(1 + r.IntN(5000))
			}
			if r.IntN(2) == 0 {
				m.Vector = []float64{r.Float64() - 0.3, r.Float64() - 0.3, float64(r.IntN(2))}
			}
			if r.IntN(2) == 0 {
				m.Entities = []string{"ann", "bob", "cy"}[:1+r.IntN(3)]
			}
			mols = append(mols, m)
		}
	}
	strategies := []Strategy{"", "", Adjacent, GapFill, Temporal, Semantic, Narrative}
	opt := Options{
		Strategy:    strategies[r.IntN(len(strategies))],
		GapLimit:    r.IntN(40),
		TimeWindow:  int64(r.IntN(3000)),
		SemanticMin: float64(r.IntN(5)) / 5,
		ExtendLimit: r.IntN(30) - 5,
	}
	return docs, mols, 1 + r.IntN(250), opt
}

// TestInvariants checks, on random inputs, the MUST requirements (Check),
// that label and coherence are those of the listed molecules, that output is
// independent of input order, and that every window holds valid UTF-8.
func TestInvariants(t *testing.T) {
	r := rand.New(rand.NewPCG(85, 3))
	for iter := range 400 {
		docs, mols, max, opt := randomCase(r)
		got, err := Windows(docs, mols, max, opt)
		if err != nil {
			t.Fatalf("case %d: %v", iter, err)
		}
		if err := Check(docs, mols, max, got); err != nil {
			t.Fatalf("case %d (max %d, opt %+v): %v\n%+v", iter, max, opt, err, got)
		}
		byID := map[string]Molecule{}
		for _, m := range mols {
			byID[m.ID] = m
		}
		for i, res := range got {
			var ms []Molecule
			for _, id := range res.Molecules {
				ms = append(ms, byID[id])
			}
			coh, err1 := Coherence(ms, opt)
			label, err2 := Label(ms, opt)
			if err1 != nil || err2 != nil || !near(coh, res.Coherence) || label != res.Strategy {
				t.Fatalf("case %d result %d: coherence %v/%v label %q/%q (%v, %v)", iter, i, res.Coherence, coh, res.Strategy, label, err1, err2)
			}
			if !utf8.ValidString(res.Window) {
				t.Fatalf("case %d result %d: invalid UTF-8 window", iter, i)
			}
			if i > 0 && got[i-1].Score < res.Score {
				t.Fatalf("case %d: results not in score order", iter)
			}
		}
		r.Shuffle(len(mols), func(i, j int) { mols[i], mols[j] = mols[j], mols[i] })
		r.Shuffle(len(docs), func(i, j int) { docs[i], docs[j] = docs[j], docs[i] })
		again, err := Windows(docs, mols, max, opt)
		if err != nil || !reflect.DeepEqual(got, again) {
			t.Fatalf("case %d: output depends on input order:\n%+v\n%+v", iter, got, again)
		}
	}
}

// TestGenerousBudgetKeepsAll: with a budget of every byte of every body, no
// molecule is dropped.
func TestGenerousBudgetKeepsAll(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 7))
	for iter := range 200 {
		docs, mols, _, opt := randomCase(r)
		total := 0
		for _, d := range docs {
			total += len(d.Body)
		}
		got, err := Windows(docs, mols, total+1, opt)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, res := range got {
			n += len(res.Molecules)
		}
		if n != len(mols) {
			t.Fatalf("case %d: %d of %d molecules listed with a budget of every byte", iter, n, len(mols))
		}
	}
}

func BenchmarkWindows(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	docs, mols, _, opt := randomCase(r)
	for b.Loop() {
		if _, err := Windows(docs, mols, 2000, opt); err != nil {
			b.Fatal(err)
		}
	}
}
