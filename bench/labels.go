package bench

import (
	"fmt"
	"slices"
	"strings"
	"sync"
	"unicode"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/fixtures"
	"github.com/ctxconform/ctxconform/internal/splitmix"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
)

var (
	vocabOnce sync.Once
	vocab     []string
	vocabErr  error
)

// vocabulary is every distinct word (letters and digits, at least four
// characters, lower case) of the embedded corpora, sorted: real identifiers and
// prose words, the kind of labels atom positions hold.
func vocabulary() ([]string, error) {
	vocabOnce.Do(func() {
		seen := map[string]bool{}
		for _, c := range fixtures.Corpora() {
			docs, err := fixtures.Corpus(c)
			if err != nil {
				vocabErr = err
				return
			}
			for _, d := range docs {
				for _, w := range strings.FieldsFunc(d.Body, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
					if utf8.RuneCountInString(w) >= 4 {
						seen[strings.ToLower(w)] = true
					}
				}
			}
		}
		for w := range seen {
			vocab = append(vocab, w)
		}
		slices.Sort(vocab)
	})
	return vocab, vocabErr
}

// labelEntries returns n atom labels drawn from the vocabulary: half single
// words, half two words joined by "_" (as identifiers are), with IDs
// e000000, e000001, ...
func labelEntries(n int) ([]fuzzy.Entry, error) {
	words, err := vocabulary()
	if err != nil {
		return nil, err
	}
	r := splitmix.New(Seed)
	out := make([]fuzzy.Entry, n)
	for i := range out {
		l := words[r.Intn(len(words))]
		if r.Intn(2) == 0 {
			l += "_" + words[r.Intn(len(words))]
		}
		out[i] = fuzzy.Entry{ID: fmt.Sprintf("e%06d", i), Label: l}
	}
	return out, nil
}

// searchTerms returns n query terms: vocabulary words with one typo (a
// letter dropped, doubled, or two neighbours swapped), and every eighth one
// exact, as std105 §3's "conciousness" for "consciousness".
func searchTerms(n int) ([]string, error) {
	words, err := vocabulary()
	if err != nil {
		return nil, err
	}
	r := splitmix.New(Seed + 1)
	out := make([]string, n)
	for i := range out {
		w := []rune(words[r.Intn(len(words))])
		k := 1 + r.Intn(len(w)-2)
		switch {
		case i%8 == 0:
		case r.Intn(3) == 0:
			w = slices.Delete(w, k, k+1)
		case r.Intn(2) == 0:
			w = slices.Insert(w, k, w[k])
		default:
			w[k], w[k+1] = w[k+1], w[k]
		}
		out[i] = string(w)
	}
	return out, nil
}

// searchWorkload returns n labels to search and terms search terms.
func searchWorkload(n, terms int) ([]fuzzy.Entry, []string, error) {
	entries, err := labelEntries(n)
	if err != nil {
		return nil, nil, err
	}
	ts, err := searchTerms(terms)
	if err != nil {
		return nil, nil, err
	}
	return entries, ts, nil
}

// similarityPairs returns n (label, term) pairs for the trigram benchmarks.
func similarityPairs(n int) (labels, terms []string, err error) {
	entries, terms, err := searchWorkload(n, n)
	if err != nil {
		return nil, nil, err
	}
	labels = make([]string, n)
	for i, e := range entries {
		labels[i] = e.Label
	}
	return labels, terms, nil
}
