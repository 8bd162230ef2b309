package trgm

import (
	"fmt"
	"math/bits"
	"sync"
	"unicode/utf8"
)

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
	// Short strings (labels and search terms, the common case) count in a
	// table on the stack, zeroed as it is declared: no pool, nothing to
	// clear afterwards. The smaller one costs less to zero.
	var sim float32
	var ok bool
	switch size := tableSize(len(a) + len(b)); {
	case size <= 64:
		var t [64]uint32
		sim, ok = countIn(t[:size], l, a, b)
	case size <= 256:
		var t [256]uint32
		sim, ok = countIn(t[:size], l, a, b)
	default:
		x := tablePool.Get().(*[]uint32)
		if cap(*x) < size {
			*x = make([]uint32, size)
		}
		t := (*x)[:size]
		sim, ok = countIn(t, l, a, b)
		clear(t) // every slot empty for the next call
		tablePool.Put(x)
	}
	if !ok {
		if err := validatePair(a, b); err != nil {
			return 0, err
		}
		return 0, fmt.Errorf("trgm: internal error: similarity(%q, %q) found bad input that validation accepts", a, b)
	}
	return sim, nil
}

// counter counts similarity(a, b) with a hash set of trigram keys
// (Trigram.key) instead of two sorted sets: the trigrams of a are put in,
// then those of b, each distinct trigram counted once per side. A slot holds
// key | inA | inB, and 0 when empty (every stored value has a side's bit).
type counter struct {
	table         []uint32 // len a power of two, every slot 0 at the start
	shift         uint32   // 32 - log2(len(table)): a key's first slot is its hash >> shift
	fresh, shared int      // keys put in new; keys of a that b put again
}

// countIn counts similarity(a, b) in table, every slot of it 0.
func countIn(table []uint32, l Locale, a, b string) (float32, bool) {
	x := counter{table: table, shift: 32 - uint32(bits.TrailingZeros(uint(len(table))))}
	return x.similarity(l, a, b)
}

// tablePool holds the tables of longer pairs, so that steady-state calls
// allocate nothing.
var tablePool = sync.Pool{New: func() any { return new([]uint32) }}

const (
	inA     = 1 << 30
	inB     = 1 << 29
	keyMask = 1<<24 - 1
)

// tableSize is the table size for two strings of n bytes together: a power
// of two at least twice the trigrams they can have, so the table is at most
// half full. A word of k characters has k+1 trigrams and words are apart by
// at least one byte, so a string of m bytes has at most m+1 trigrams (w
// words of K characters: K+w-1 <= m), two strings at most n+2.
func tableSize(n int) int {
	size := 16
	for size < 2*(n+2) {
		size <<= 1
	}
	return size
}

// similarity reports false, and nothing else, when a or b holds a NUL byte
// or invalid UTF-8.
func (x *counter) similarity(l Locale, a, b string) (float32, bool) {
	if !x.words(l, a, inA) {
		return 0, false
	}
	na := x.fresh // every distinct trigram of a was new
	if !x.words(l, b, inB) {
		return 0, false
	}
	nb := x.fresh - na + x.shared // b's: those new to the set and those it shares with a
	if na == 0 || nb == 0 {
		return 0, true
	}
	return Ratio(x.shared, na, nb), true
}

// put adds the trigram key to side's set (inA or inB); the sides are put in
// that order, so a key already there without side's flag is one of a's
// that b shares. Small enough for the compiler to inline.
func (x *counter) put(key, side uint32) {
	mask := uint32(len(x.table) - 1)
	h := (key * 0x9E3779B1) >> x.shift // the product's high bits mix all of the key's
	for {
		v := x.table[h]
		if v == 0 {
			x.table[h] = key | side
			x.fresh++
			return
		}
		if v&keyMask == key {
			if v&side == 0 {
				x.table[h] = v | side
				x.shared++
			}
			return
		}
		h = (h + 1) & mask
	}
}

// words puts the key of every trigram of s's words, as extractor.add makes
// them, in side's set, without building the padded words: a word "  w " is
// walked one character at a time with the two characters before it (two
// spaces at its start), and each character closes the trigram of those
// three; the word's end closes one more with a space. It reports false on a
// NUL byte or invalid UTF-8. ASCII is classified and lower-cased by tables
// (every locale treats it alike).
func (x *counter) words(l Locale, s string, side uint32) bool {
	var r rune
	n := 1
	for i := 0; i < len(s); {
		// Skip to the start of a word.
		if c := s[i]; c < utf8.RuneSelf {
			if c == 0 {
				return false
			}
			if asciiLower[c] == 0 {
				i++
				continue
			}
		} else {
			if r, n = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
				return false
			}
			if !l.isWord(r) {
				i += n
				continue
			}
		}
		p2, p1 := rune(' '), rune(' ') // the two characters before the next
		for i < len(s) {
			if c := s[i]; c < utf8.RuneSelf {
				if r = rune(asciiLower[c]); r == 0 {
					break // not a word character (NUL included: the skip above rejects it)
				}
				n = 1
			} else {
				if r, n = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
					return false
				}
				if !l.isWord(r) {
					break
				}
				r = l.lowerRune(r)
			}
			x.put(trigramKey(p2, p1, r), side)
			p2, p1 = p1, r
			i += n
		}
		x.put(trigramKey(p2, p1, ' '), side)
	}
	return true
}

// trigramKey is Trigram.key of the trigram of three characters: their bytes
// when all three are ASCII, else the hash of their UTF-8 (as
// extractor.addWord makes it).
func trigramKey(a, b, c rune) uint32 {
	if a|b|c < utf8.RuneSelf {
		return Trigram{byte(a), byte(b), byte(c)}.key()
	}
	return hashedKey(a, b, c) // apart: the common case stays short
}

// hashedKey is trigramKey of a trigram with a multi-byte character.
func hashedKey(a, b, c rune) uint32 {
	var buf [3 * utf8.UTFMax]byte
	return hashTrigram(utf8.AppendRune(utf8.AppendRune(utf8.AppendRune(buf[:0], a), b), c)).key()
}

// asciiLower maps an ASCII word character (letter or digit) to its lower
// case, and every other byte below 0x80 to 0.
var asciiLower = func() (t [utf8.RuneSelf]byte) {
	for c := range byte(utf8.RuneSelf) {
		if asciiAlnum(c) {
			t[c] = c
			if c >= 'A' && c <= 'Z' {
				t[c] = c + 'a' - 'A'
			}
		}
	}
	return t
}()

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
