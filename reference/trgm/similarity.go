package trgm

import "fmt"

// Default thresholds of PostgreSQL 15's pg_trgm settings.
const (
	// DefaultSimilarityThreshold is pg_trgm.similarity_threshold, used by %.
	DefaultSimilarityThreshold = 0.3
	// DefaultWordSimilarityThreshold is pg_trgm.word_similarity_threshold,
	// used by <% and %>.
	DefaultWordSimilarityThreshold = 0.6
	// DefaultStrictWordSimilarityThreshold is
	// pg_trgm.strict_word_similarity_threshold, used by <<% and %>>.
	DefaultStrictWordSimilarityThreshold = 0.5
)

// Similarity returns similarity(a, b): shared / (|A| + |B| - shared) over the
// two trigram sets, as float4; 0 when either set is empty.
func (l Locale) Similarity(a, b string) (float32, error) {
	if err := l.check(); err != nil {
		return 0, err
	}
	if err := validatePair(a, b); err != nil {
		return 0, err
	}
	return SetSimilarity(l.trigrams(a), l.trigrams(b)), nil
}

// SetSimilarity is similarity over two trigram sets that are sorted by
// Compare and free of duplicates (as Trigrams returns them): cnt_sml.
func SetSimilarity(a, b []Trigram) float32 {
	if len(a) == 0 || len(b) == 0 {
		return 0
	}
	shared := 0
	for i, j := 0, 0; i < len(a) && j < len(b); {
		switch c := Compare(a[i], b[j]); {
		case c < 0:
			i++
		case c > 0:
			j++
		default:
			i++
			j++
			shared++
		}
	}
	return Ratio(shared, len(a), len(b))
}

// Ratio is pg_trgm's CALCSML: float4(shared) / float4(n1 + n2 - shared).
// It is exported so that an index which counts shared trigrams itself gets
// bit-identical similarities.
func Ratio(shared, n1, n2 int) float32 {
	return float32(shared) / float32(n1+n2-shared)
}

// Matches reports whether a similarity passes a threshold as pg_trgm's
// operators test it: the float4 similarity, widened to double, >= the double
// setting. So a similarity equal to the threshold matches (a % b is true for
// similarity(a, b) = 0.3 at the default 0.3).
func Matches(similarity float32, threshold float64) bool {
	return float64(similarity) >= threshold
}

// CheckThreshold returns an error unless t is a valid pg_trgm threshold:
// a number in [0, 1] (NaN is not).
func CheckThreshold(t float64) error {
	if !(t >= 0 && t <= 1) {
		return fmt.Errorf("trgm: threshold %v outside [0, 1]", t)
	}
	return nil
}

func validatePair(a, b string) error {
	if err := validate("first argument", a); err != nil {
		return err
	}
	return validate("second argument", b)
}
