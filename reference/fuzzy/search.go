package fuzzy

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Entry is one atom label with a payload the caller chooses (an atom ID, a
// position, a row key). Several entries may share a label.
type Entry struct {
	ID    string
	Label string
}

// Tier says why an entry matched; lower tiers rank first.
type Tier int

const (
	Exact   Tier = iota + 1 // lower(label) = lower(term)
	Prefix                  // label ILIKE EscapeLike(term) || '%', not Exact
	Trigram                 // similarity(label, term) >= threshold, not Exact or Prefix
)

// String names the tier.
func (t Tier) String() string {
	switch t {
	case Exact:
		return "exact"
	case Prefix:
		return "prefix"
	case Trigram:
		return "trigram"
	}
	return fmt.Sprintf("Tier(%d)", int(t))
}

// Match is one search result.
type Match struct {
	Entry
	Tier Tier
	// Similarity is pg_trgm's similarity(label, term), for every tier (an
	// exact or prefix match may score low: similarity("a", "abc") = 0.25).
	Similarity float32
}

// DefaultThreshold is the similarity a trigram match needs by default:
// pg_trgm.similarity_threshold's default, the threshold of %.
const DefaultThreshold = trgm.DefaultSimilarityThreshold

// MaxTermBytes bounds the length of a term, and with it the cost of a search
// (the number of term trigrams, hence posting lists read).
const MaxTermBytes = 1024

// ErrEmptyTerm is returned for an empty term: in SQL it would match every
// label as a prefix (ILIKE '%'), which is never a useful answer.
var ErrEmptyTerm = errors.New("fuzzy: empty search term")

// Option changes a search.
type Option func(*options)

type options struct {
	threshold float64
	limit     int
}

// WithThreshold sets the similarity a trigram match needs (default 0.3); it
// must be in [0, 1]. A match needs similarity >= threshold, as %.
func WithThreshold(t float64) Option { return func(o *options) { o.threshold = t } }

// WithLimit keeps only the first n matches (n = 0: all); n must not be
// negative.
func WithLimit(n int) Option { return func(o *options) { o.limit = n } }

func parseOptions(opts []Option) (options, error) {
	o := options{threshold: DefaultThreshold}
	for _, f := range opts {
		f(&o)
	}
	if err := trgm.CheckThreshold(o.threshold); err != nil {
		return o, fmt.Errorf("fuzzy: %w", err)
	}
	if o.limit < 0 {
		return o, fmt.Errorf("fuzzy: limit %d is negative", o.limit)
	}
	return o, nil
}

// checkTerm rejects a term the search cannot take: empty, too long, invalid
// UTF-8 or holding NUL (PostgreSQL text cannot hold NUL).
func checkTerm(loc trgm.Locale, term string) (lower string, err error) {
	if term == "" {
		return "", ErrEmptyTerm
	}
	if len(term) > MaxTermBytes {
		return "", fmt.Errorf("fuzzy: term of %d bytes is longer than %d", len(term), MaxTermBytes)
	}
	lower, err = loc.Lower(term)
	if err != nil {
		return "", fmt.Errorf("fuzzy: term: %w", err)
	}
	return lower, nil
}

// labelKeys is what a search compares entry i by: its label lower-cased
// and the label's trigrams.
func labelKeys(loc trgm.Locale, i int, e Entry) (lower string, trigrams []trgm.Trigram, err error) {
	if lower, err = loc.Lower(e.Label); err == nil {
		trigrams, err = loc.Trigrams(e.Label)
	}
	if err != nil {
		return "", nil, fmt.Errorf("fuzzy: entry %d (ID %q): label: %w", i, e.ID, err)
	}
	return lower, trigrams, nil
}

// Scan is the definition of a search, by brute force over every entry:
// each entry is tested with the SQL predicates of std105 §3 in turn (exact,
// then prefix with the term escaped, then trigram) and lands in the first
// tier it passes. Then order sorts the matches and limit cuts them.
func Scan(loc trgm.Locale, entries []Entry, term string, opts ...Option) ([]Match, error) {
	o, err := parseOptions(opts)
	if err != nil {
		return nil, err
	}
	lterm, err := checkTerm(loc, term)
	if err != nil {
		return nil, err
	}
	like, err := compileILike(loc, EscapeLike(term)+"%")
	if err != nil {
		return nil, err
	}
	tt, err := loc.Trigrams(term)
	if err != nil {
		return nil, fmt.Errorf("fuzzy: term: %w", err)
	}
	var out []Match
	for i, e := range entries {
		llabel, lt, err := labelKeys(loc, i, e)
		if err != nil {
			return nil, err
		}
		// similarity(label, term) and label ILIKE pattern, as SQL has them.
		m := Match{Entry: e, Similarity: trgm.SetSimilarity(lt, tt)}
		switch {
		case llabel == lterm:
			m.Tier = Exact
		case matchLike([]rune(llabel), like):
			m.Tier = Prefix
		case trgm.Matches(m.Similarity, o.threshold):
			m.Tier = Trigram
		default:
			continue
		}
		out = append(out, m)
	}
	order(out)
	if o.limit > 0 && len(out) > o.limit {
		out = out[:o.limit]
	}
	return out, nil
}

// order sorts matches: by tier; within Exact by label, then ID; within Prefix
// by label length in bytes (the closest completion first), then label, then
// ID; within Trigram by similarity (highest first), then label, then ID.
// Labels and IDs compare as bytes. The order is total, so it does not depend
// on the order of the entries (identical entries are interchangeable).
func order(ms []Match) {
	slices.SortFunc(ms, compareMatches)
}

func compareMatches(a, b Match) int {
	if c := cmp.Compare(a.Tier, b.Tier); c != 0 {
		return c
	}
	switch a.Tier {
	case Prefix:
		if c := cmp.Compare(len(a.Label), len(b.Label)); c != 0 {
			return c
		}
	case Trigram:
		if c := cmp.Compare(b.Similarity, a.Similarity); c != 0 {
			return c
		}
	}
	if c := strings.Compare(a.Label, b.Label); c != 0 {
		return c
	}
	return strings.Compare(a.ID, b.ID)
}
