package adapters

import (
	"context"
	"fmt"
)

// Searcher is the operation interface of std105 §3: fuzzy search over atom
// labels with pg_trgm semantics (exact, then prefix, then trigram), and the
// pg_trgm primitives the search is built on, so that a suite can compare an
// implementation's trigrams with reference/trgm.
//
// Nothing in this contract carries offsets, so it is the same in every unit.
type Searcher interface {
	// Search finds the entries whose labels match the term.
	Search(ctx context.Context, req SearchRequest) (SearchAnswer, error)
	// Trigrams answers show_trgm, lower and the similarity functions for
	// many inputs at once (one round trip for thousands of strings).
	Trigrams(ctx context.Context, req TrigramRequest) (TrigramAnswer, error)
}

// SearchEntry is one atom label with the ID that names its row. Several
// entries may share a label; IDs should be unique (results name them).
type SearchEntry struct {
	ID    string `json:"id"`
	Label string `json:"label"`
}

// SearchRequest is one search: the entries to search (the implementation may
// load them into its own store), the term, and the options.
type SearchRequest struct {
	Entries []SearchEntry `json:"entries"`
	Term    string        `json:"term"`
	// Threshold is the similarity a trigram match needs (pg_trgm's %
	// at pg_trgm.similarity_threshold); nil means the default, 0.3.
	Threshold *float64 `json:"threshold,omitempty"`
	// Limit keeps only the first Limit matches; 0 keeps all.
	Limit int `json:"limit,omitempty"`
}

// Tier names, as SearchMatch.Tier carries them.
const (
	TierExact   = "exact"   // lower(label) = lower(term)
	TierPrefix  = "prefix"  // label ILIKE escaped(term) || '%', not exact
	TierTrigram = "trigram" // similarity(label, term) >= threshold, neither of the above
)

// SearchMatch is one match: the entry, why it matched (its tier) and
// similarity(label, term) as pg_trgm computes it (float4), for every tier.
type SearchMatch struct {
	ID         string  `json:"id"`
	Label      string  `json:"label"`
	Tier       string  `json:"tier"` // TierExact, TierPrefix or TierTrigram
	Similarity float32 `json:"similarity"`
}

// SearchAnswer lists the matches best first: every exact match, then every
// prefix match, then every trigram match, each entry at most once.
type SearchAnswer struct {
	// Locale is the LC_CTYPE whose pg_trgm the implementation follows:
	// "UTF8" (a glibc UTF-8 locale) or "C" (C/POSIX). It decides which
	// characters make words and how text is lower-cased (see trgm.Locale).
	Locale  string        `json:"locale"`
	Matches []SearchMatch `json:"matches"`
}

// TrigramRequest asks for pg_trgm's primitives: show_trgm and lower of each
// of Strings, and similarity, word_similarity and strict_word_similarity of
// each pair (a, b) of Pairs.
type TrigramRequest struct {
	Strings []string    `json:"strings"`
	Pairs   [][2]string `json:"pairs"`
}

// TrigramAnswer holds one entry per string (Show, Lower) and one per pair
// (the similarities), in request order. Similarities are float4, as
// pg_trgm returns them.
type TrigramAnswer struct {
	Locale               string     `json:"locale"` // as in SearchAnswer
	Show                 [][]string `json:"show"`   // show_trgm(s)
	Lower                []string   `json:"lower"`  // lower(s)
	Similarity           []float32  `json:"similarity"`
	WordSimilarity       []float32  `json:"word_similarity"`
	StrictWordSimilarity []float32  `json:"strict_word_similarity"`
}

// The contract carries no offsets: a converted adapter passes searches through.

func (c *converted) Search(ctx context.Context, req SearchRequest) (SearchAnswer, error) {
	s, ok := c.a.(Searcher)
	if !ok {
		return SearchAnswer{}, fmt.Errorf("search: %w", ErrNotImplemented)
	}
	return s.Search(ctx, req)
}

func (c *converted) Trigrams(ctx context.Context, req TrigramRequest) (TrigramAnswer, error) {
	s, ok := c.a.(Searcher)
	if !ok {
		return TrigramAnswer{}, fmt.Errorf("trigrams: %w", ErrNotImplemented)
	}
	return s.Trigrams(ctx, req)
}
