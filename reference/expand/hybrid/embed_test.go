package hybrid

import (
	"math"
	"testing"
)

// Bucket indexes of FNV-1a-32 hashes computed independently (Python:
// h = 2166136261; h = (h ^ b) * 16777619 mod 2^32 per byte; h % 512).
func TestEmbedBuckets(t *testing.T) {
	v := Embed("abc")
	want := map[int]uint32{388: 1, 136: 1, 267: 1, 406: 1} // "  a", " ab", "abc", "bc "
	for i, c := range v {
		if c != want[i] {
			t.Errorf("Embed(abc)[%d] = %d, want %d", i, c, want[i])
		}
	}
}

func TestEmbedWords(t *testing.T) {
	tests := []struct {
		a, b string
		same bool
	}{
		{"npm_install", "npm install", true},        // _ separates words
		{"NPM Install", "npm install", true},        // lower-cased
		{"deploy-service!", "deploy service", true}, // punctuation separates
		{"install npm", "npm install", true},        // a bag: order does not matter
		{"npminstall", "npm install", false},        // padding marks word edges
		{"Émile", "émile", true},                    // Unicode lower-casing
	}
	for _, tt := range tests {
		va, vb := Embed(tt.a), Embed(tt.b)
		if (va == vb) != tt.same {
			t.Errorf("Embed(%q) == Embed(%q) is %v, want %v", tt.a, tt.b, va == vb, tt.same)
		}
	}
}

// Each word of k runes gives k+1 trigrams (two spaces before, one after).
func TestEmbedTrigramCount(t *testing.T) {
	tests := []struct {
		text string
		want uint32
	}{
		{"", 0}, {"!!! ---", 0}, {"a", 2}, {"ab", 3}, {"npm_install", 4 + 8}, {"héllo wörld", 6 + 6}, {"\xff", 0},
	}
	for _, tt := range tests {
		v := Embed(tt.text)
		var sum uint32
		for _, c := range v {
			sum += c
		}
		if sum != tt.want {
			t.Errorf("Embed(%q) holds %d trigrams, want %d", tt.text, sum, tt.want)
		}
	}
}

func TestCosine(t *testing.T) {
	abc, abd, zero := Embed("abc"), Embed("abd"), Embed("")
	twice := Embed("abc abc")
	tests := []struct {
		name string
		a, b *Vector
		want float64
	}{
		{"identical", &abc, &abc, 1},
		{"scaled", &abc, &twice, 1},
		// 4 trigrams each, 2 shared ("  a", " ab"), no bucket collision
		// among the 6 distinct ones: 2 / sqrt(4·4).
		{"half shared", &abc, &abd, 0.5},
		{"zero", &abc, &zero, 0},
		{"both zero", &zero, &zero, 0},
	}
	for _, tt := range tests {
		if got := Cosine(tt.a, tt.b); !(math.Abs(got-tt.want) <= 1e-15) { // NaN fails too
			t.Errorf("%s: Cosine = %v, want %v", tt.name, got, tt.want)
		}
	}
}
