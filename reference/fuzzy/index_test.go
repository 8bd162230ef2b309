package fuzzy_test

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// labelGen makes deterministic, word-like labels: syllables, some upper case,
// some multi-byte, some LIKE metacharacters and punctuation.
type labelGen struct{ r *rand.Rand }

var syllables = strings.Fields(`con sci ous ness li me rence ma chine ap ple pie sau ce in dex tri gram
	sea rch fuz zy at om mo le cu la ter ra da ta ba se qu ery pre fix über stra ße σο φί α мир дом 東 京
	x y z a b c de ka ru to na mi`)

var junk = []string{"", "", "", "", " ", " ", "-", "_", "%", `\`, ".", "'", "2", "42", "é", "É"}

func (g labelGen) word() string {
	var sb strings.Builder
	n := 1 + g.r.IntN(4)
	for range n {
		s := syllables[g.r.IntN(len(syllables))]
		if g.r.IntN(8) == 0 {
			s = strings.ToUpper(s)
		}
		sb.WriteString(s)
	}
	return sb.String()
}

func (g labelGen) label() string {
	var sb strings.Builder
	n := 1 + g.r.IntN(3)
	for i := range n {
		if i > 0 {
			sb.WriteString(junk[g.r.IntN(len(junk))])
			if sb.Len() == 0 || g.r.IntN(2) == 0 {
				sb.WriteByte(' ')
			}
		}
		sb.WriteString(g.word())
	}
	if g.r.IntN(10) == 0 {
		sb.WriteString(junk[g.r.IntN(len(junk))])
	}
	return sb.String()
}

// typo edits a few characters of s.
func (g labelGen) typo(s string) string {
	rs := []rune(s)
	for range 1 + g.r.IntN(2) {
		if len(rs) == 0 {
			break
		}
		i := g.r.IntN(len(rs))
		switch g.r.IntN(3) {
		case 0:
			rs = append(rs[:i], rs[i+1:]...)
		case 1:
			rs[i] = []rune("aeiouxs")[g.r.IntN(7)]
		default:
			rs = slices.Insert(rs, i, []rune("aeiouxs")[g.r.IntN(7)])
		}
	}
	return string(rs)
}

func (g labelGen) entries(n int) []fuzzy.Entry {
	out := make([]fuzzy.Entry, n)
	for i := range out {
		out[i] = fuzzy.Entry{ID: fmt.Sprintf("e%05d", g.r.IntN(n)), Label: g.label()}
		if i > 0 && g.r.IntN(20) == 0 { // duplicate labels, case variants
			out[i].Label = strings.ToUpper(out[g.r.IntN(i)].Label)
		}
	}
	return out
}

func (g labelGen) term(entries []fuzzy.Entry) string {
	for {
		var t string
		l := entries[g.r.IntN(len(entries))].Label
		switch g.r.IntN(6) {
		case 0:
			t = l
		case 1: // a prefix
			rs := []rune(l)
			t = string(rs[:1+g.r.IntN(len(rs))])
		case 2, 3:
			t = g.typo(l)
		case 4:
			t = g.word()
		default:
			t = []string{"%", "_", `\`, "a_", "%e", "?", " ", "x"}[g.r.IntN(8)]
		}
		if t != "" {
			return t
		}
	}
}

// The indexed search and the brute-force scan agree exactly, over random
// labels, terms, thresholds and limits, in both locales.
func TestIndexAgreesWithScan(t *testing.T) {
	thresholds := []float64{0.3, 0, 0.1, 0.25, 0.5, 0.75, 1, float64(float32(0.3)), 0.3333333432674408}
	for _, loc := range []trgm.Locale{trgm.UTF8, trgm.C} {
		g := labelGen{rand.New(rand.NewPCG(105, uint64(loc)))}
		entries := g.entries(1000)
		ix, err := fuzzy.NewIndex(loc, entries)
		if err != nil {
			t.Fatal(err)
		}
		matched := 0
		for q := range 300 {
			term := g.term(entries)
			opts := []fuzzy.Option{fuzzy.WithThreshold(thresholds[q%len(thresholds)])}
			if q%3 == 0 {
				opts = append(opts, fuzzy.WithLimit(1+g.r.IntN(10)))
			}
			got, err := ix.Search(term, opts...)
			if err != nil {
				t.Fatalf("%v Search(%q): %v", loc, term, err)
			}
			want, err := fuzzy.Scan(loc, entries, term, opts...)
			if err != nil {
				t.Fatalf("%v Scan(%q): %v", loc, term, err)
			}
			if !slices.Equal(got, want) {
				t.Fatalf("%v term %q threshold %v:\nindex %v\nscan  %v", loc, term, thresholds[q%len(thresholds)], got, want)
			}
			matched += len(got)
		}
		t.Logf("%v: %d matches over 300 queries", loc, matched)
	}
}

// Searches may run concurrently on one Index (run with -race).
func TestConcurrentSearch(t *testing.T) {
	g := labelGen{rand.New(rand.NewPCG(3, 3))}
	entries := g.entries(500)
	ix, err := fuzzy.NewIndex(trgm.UTF8, entries)
	if err != nil {
		t.Fatal(err)
	}
	terms := []string{"consciousness", "limerance", "apple", "x", "东京"}
	want := make([][]fuzzy.Match, len(terms))
	for i, term := range terms {
		if want[i], err = ix.Search(term, fuzzy.WithThreshold(0.2)); err != nil {
			t.Fatal(err)
		}
	}
	errs := make(chan error, 8)
	for w := range 8 {
		go func() {
			for k := range 50 {
				i := (w + k) % len(terms)
				got, err := ix.Search(terms[i], fuzzy.WithThreshold(0.2))
				if err == nil && !slices.Equal(got, want[i]) {
					err = fmt.Errorf("term %q: concurrent result differs", terms[i])
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 8 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
}

func benchEntries(n int) []fuzzy.Entry {
	g := labelGen{rand.New(rand.NewPCG(7, 7))}
	return g.entries(n)
}

func BenchmarkIndexSearch100k(b *testing.B) {
	entries := benchEntries(100_000)
	ix, err := fuzzy.NewIndex(trgm.UTF8, entries)
	if err != nil {
		b.Fatal(err)
	}
	g := labelGen{rand.New(rand.NewPCG(8, 8))}
	terms := make([]string, 64)
	for i := range terms {
		for terms[i] == "" {
			terms[i] = g.typo(g.word())
		}
	}
	b.ResetTimer()
	for i := 0; b.Loop(); i++ {
		if _, err := ix.Search(terms[i%len(terms)], fuzzy.WithLimit(50)); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkNewIndex100k(b *testing.B) {
	entries := benchEntries(100_000)
	for b.Loop() {
		if _, err := fuzzy.NewIndex(trgm.UTF8, entries); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkScan100k(b *testing.B) {
	entries := benchEntries(100_000)
	for b.Loop() {
		if _, err := fuzzy.Scan(trgm.UTF8, entries, "conciousness", fuzzy.WithLimit(50)); err != nil {
			b.Fatal(err)
		}
	}
}
