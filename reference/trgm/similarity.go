package trgm

import (
	"fmt"
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
	x := scratchPool.Get().(*scratch)
	sim, ok := x.similarity(l, a, b)
	scratchPool.Put(x)
	if !ok {
		if err := validatePair(a, b); err != nil {
			return 0, err
		}
		return 0, fmt.Errorf("trgm: internal error: similarity(%q, %q) found bad input that validation accepts", a, b)
	}
	return sim, nil
}

// scratch is the reusable memory of one Similarity call: a hash set of
// trigram keys and a word buffer. Pooled, so that steady-state calls
// allocate nothing.
type scratch struct {
	table []uint32 // key | inA | inB, or empty; every slot empty between calls
	used  []uint32 // the slots this call filled, emptied at its end
	word  []rune
	bytes []byte

	// The call's hash set: its size is mask+1, a key's first slot its hash
	// >> shift; and what it counted.
	shift, mask    uint32
	na, nb, shared int
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

const (
	emptySlot = ^uint32(0)
	inA       = 1 << 30
	inB       = 1 << 29
	keyMask   = 1<<24 - 1
)

// similarity is similarity(a, b) counted with a hash set instead of two
// sorted sets: the trigrams of a are put in, then those of b are looked up,
// each distinct trigram counted once per side. It reports false, and
// nothing else, when a or b holds a NUL byte or invalid UTF-8.
func (x *scratch) similarity(l Locale, a, b string) (float32, bool) {
	size := 16
	for size < 4*(len(a)+len(b))+8 { // at most half full: a string of n bytes has at most 2n trigrams
		size <<= 1
	}
	if len(x.table) < size {
		x.table = make([]uint32, size)
		for i := range x.table {
			x.table[i] = emptySlot
		}
	}
	x.shift, x.mask = 32-bitsOf(size), uint32(size-1)
	x.na, x.nb, x.shared, x.used = 0, 0, 0, x.used[:0]
	ok := x.words(l, a, inA) && x.words(l, b, inB)
	for _, h := range x.used { // only the slots filled: the table can be far larger than the strings
		x.table[h] = emptySlot
	}
	switch {
	case !ok:
		return 0, false
	case x.na == 0 || x.nb == 0:
		return 0, true
	}
	return Ratio(x.shared, x.na, x.nb), true
}

// put adds the trigram key to side's set (inA or inB); the sides are put in
// that order.
func (x *scratch) put(key, side uint32) {
	h := (key * 0x9E3779B1) >> x.shift
	for {
		v := x.table[h]
		if v == emptySlot {
			x.table[h] = key | side
			x.used = append(x.used, h)
			if side == inA {
				x.na++
			} else {
				x.nb++
			}
			return
		}
		if v&keyMask == key {
			if v&side == 0 {
				x.table[h] = v | side
				x.nb++ // only b can find a key already there without its flag
				x.shared++
			}
			return
		}
		h = (h + 1) & x.mask
	}
}

func bitsOf(size int) uint32 {
	b := uint32(0)
	for 1<<b < size {
		b++
	}
	return b
}

// words puts the trigram key (Trigram.key) of every trigram of s's words,
// as extractor.add makes them, in side's set. It reports false on a NUL
// byte or invalid UTF-8. ASCII is looked at without the locale's calls
// (every locale treats it alike).
func (x *scratch) words(l Locale, s string, side uint32) bool {
	for i := 0; i < len(s); {
		// Skip to the start of a word.
		r, n := rune(s[i]), 1
		if r >= utf8.RuneSelf {
			if r, n = utf8.DecodeRuneInString(s[i:]); r == utf8.RuneError && n == 1 {
				return false
			}
			if !l.isWord(r) {
				i += n
				continue
			}
		} else if r == 0 {
			return false
		} else if !asciiAlnum(byte(r)) {
			i++
			continue
		}
		w := append(x.word[:0], ' ', ' ')
		for i < len(s) {
			c := s[i]
			if c < utf8.RuneSelf {
				if !asciiAlnum(c) {
					break
				}
				if c >= 'A' && c <= 'Z' {
					c += 'a' - 'A'
				}
				w = append(w, rune(c))
				i++
				continue
			}
			r, n = utf8.DecodeRuneInString(s[i:])
			if r == utf8.RuneError && n == 1 {
				return false
			}
			if !l.isWord(r) {
				break
			}
			w = append(w, l.lowerRune(r))
			i += n
		}
		w = append(w, ' ')
		x.word = w
		for k := 0; k+3 <= len(w); k++ {
			a, b, c := w[k], w[k+1], w[k+2]
			if a < utf8.RuneSelf && b < utf8.RuneSelf && c < utf8.RuneSelf {
				x.put(Trigram{byte(a), byte(b), byte(c)}.key(), side)
				continue
			}
			x.bytes = utf8.AppendRune(x.bytes[:0], a)
			x.bytes = utf8.AppendRune(x.bytes, b)
			x.bytes = utf8.AppendRune(x.bytes, c)
			x.put(hashTrigram(x.bytes).key(), side)
		}
	}
	return true
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
