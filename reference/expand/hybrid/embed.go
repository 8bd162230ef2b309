package hybrid

import (
	"hash/fnv"
	"math"
	"unicode"
	"unicode/utf8"
)

// Dims is the length of a Vector.
const Dims = 512

// Vector is a bag of hashed character trigrams: component i counts the
// trigrams whose FNV-1a hash is i modulo Dims. It stands in for a model
// embedding: deterministic, model-free, and exact to compare (counts are
// integers, so Cosine rounds once per call and gives the same bits on every
// platform).
type Vector [Dims]uint32

// Embed returns the trigram vector of text. Words are maximal runs of letters
// and digits (unicode.IsLetter, unicode.IsDigit; so "npm_install" is the two
// words "npm" and "install"), lower-cased rune by rune. Each word is padded
// as two spaces, the word, one space (as PostgreSQL's pg_trgm pads), and
// every run of three consecutive runes of the padded word is one trigram,
// hashed as its UTF-8 bytes with 32-bit FNV-1a. Invalid UTF-8 bytes are read
// as U+FFFD and so are not letters. Text without words gives the zero vector.
func Embed(text string) Vector {
	var v Vector
	for _, w := range words(text) {
		p := make([]rune, 0, len(w)+3)
		p = append(p, ' ', ' ')
		p = append(p, w...)
		p = append(p, ' ')
		var buf [3 * utf8.UTFMax]byte
		for i := 0; i+3 <= len(p); i++ {
			n := 0
			for _, r := range p[i : i+3] {
				n += utf8.EncodeRune(buf[n:], r)
			}
			h := fnv.New32a()
			h.Write(buf[:n]) // never fails
			v[h.Sum32()%Dims]++
		}
	}
	return v
}

// words splits text into lower-cased words of letters and digits.
func words(text string) [][]rune {
	var ws [][]rune
	var cur []rune
	for _, r := range text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			cur = append(cur, unicode.ToLower(r))
			continue
		}
		if len(cur) > 0 {
			ws = append(ws, cur)
			cur = nil
		}
	}
	if len(cur) > 0 {
		ws = append(ws, cur)
	}
	return ws
}

// IsZero reports whether v has no trigram.
func (v *Vector) IsZero() bool {
	for _, c := range v {
		if c != 0 {
			return false
		}
	}
	return true
}

// Cosine is the cosine similarity of a and b, in [0, 1] (counts are never
// negative): dot(a,b) / sqrt(|a|²·|b|²), with the dot product and the squared
// norms summed exactly in integers. It is 0 if either vector is zero.
func Cosine(a, b *Vector) float64 {
	var dot, na, nb uint64
	for i := range a {
		x, y := uint64(a[i]), uint64(b[i])
		dot += x * y
		na += x * x
		nb += y * y
	}
	if na == 0 || nb == 0 {
		return 0
	}
	return float64(dot) / math.Sqrt(float64(na)*float64(nb))
}
