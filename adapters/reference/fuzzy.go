package reference

import (
	"context"
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/adapters/reference/convert"
	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Locale is the LC_CTYPE the reference's fuzzy search mirrors: a glibc UTF-8
// locale (C.UTF-8, en_US.UTF-8, ...), the usual PostgreSQL setup.
const Locale = trgm.UTF8

// Search runs std105 §3 fuzzy search with pg_trgm semantics (reference/fuzzy,
// indexed).
func (*Adapter) Search(ctx context.Context, req adapters.SearchRequest) (adapters.SearchAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.SearchAnswer{}, err
	}
	ms, err := SearchLocale(Locale, req)
	if err != nil {
		return adapters.SearchAnswer{}, err
	}
	return adapters.SearchAnswer{Locale: Locale.String(), Matches: ms}, nil
}

// SearchLocale answers req with reference/fuzzy in the given locale. Other
// adapters that compute the answer in Go (or derive it from the reference's)
// use it.
func SearchLocale(loc trgm.Locale, req adapters.SearchRequest) ([]adapters.SearchMatch, error) {
	ix, err := indexFor(loc, convert.Entries(req.Entries))
	if err != nil {
		return nil, err
	}
	ms, err := ix.Search(req.Term, Options(req)...)
	if err != nil {
		return nil, err
	}
	out := make([]adapters.SearchMatch, len(ms))
	for i, m := range ms {
		out[i] = convert.Match(m)
	}
	return out, nil
}

// Options are the search options req asks for.
func Options(req adapters.SearchRequest) []fuzzy.Option {
	opts := []fuzzy.Option{fuzzy.WithLimit(req.Limit)}
	if req.Threshold != nil {
		opts = append(opts, fuzzy.WithThreshold(*req.Threshold))
	}
	return opts
}

// Trigrams answers pg_trgm's primitives with reference/trgm.
func (*Adapter) Trigrams(ctx context.Context, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.TrigramAnswer{}, err
	}
	return TrigramsLocale(Locale, req)
}

// TrigramsLocale answers req with reference/trgm in the given locale.
func TrigramsLocale(loc trgm.Locale, req adapters.TrigramRequest) (adapters.TrigramAnswer, error) {
	ans := adapters.TrigramAnswer{
		Locale:               loc.String(),
		Show:                 make([][]string, len(req.Strings)),
		Lower:                make([]string, len(req.Strings)),
		Similarity:           make([]float32, len(req.Pairs)),
		WordSimilarity:       make([]float32, len(req.Pairs)),
		StrictWordSimilarity: make([]float32, len(req.Pairs)),
	}
	for i, s := range req.Strings {
		show, err := loc.Show(s)
		if err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("string %d: show_trgm: %w", i, err)
		}
		if show == nil {
			show = []string{}
		}
		lower, err := loc.Lower(s)
		if err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("string %d: lower: %w", i, err)
		}
		ans.Show[i], ans.Lower[i] = show, lower
	}
	for i, p := range req.Pairs {
		var err error
		if ans.Similarity[i], err = loc.Similarity(p[0], p[1]); err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("pair %d: similarity: %w", i, err)
		}
		if ans.WordSimilarity[i], err = loc.WordSimilarity(p[0], p[1]); err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("pair %d: word_similarity: %w", i, err)
		}
		if ans.StrictWordSimilarity[i], err = loc.StrictWordSimilarity(p[0], p[1]); err != nil {
			return adapters.TrigramAnswer{}, fmt.Errorf("pair %d: strict_word_similarity: %w", i, err)
		}
	}
	return ans, nil
}
