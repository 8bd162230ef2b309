package trgm_test

import (
	"math"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/trgm"
)

// Values marked "server" were read from a PostgreSQL 15 server (research.md);
// the others are derived by hand in the comments.

func TestShow(t *testing.T) {
	tests := []struct {
		loc  trgm.Locale
		in   string
		want []string
	}{
		{trgm.UTF8, "", nil},
		{trgm.UTF8, "!?", nil}, // no word character
		// "  a " → "  a", " a ".
		{trgm.UTF8, "a", []string{"  a", " a "}},
		// Upper case is lowered; duplicates of the two words collapse.
		{trgm.UTF8, "A a", []string{"  a", " a "}},
		// Words "ab", "c": "  ab " and "  c "; space (0x20) sorts before letters.
		{trgm.UTF8, "ab-c", []string{"  a", "  c", " ab", " c ", "ab "}},
		// Digits are word characters; "_" is not.
		{trgm.UTF8, "x_1", []string{"  1", "  x", " 1 ", " x "}},
		// Server: show_trgm('Hello wörld'). The three trigrams with "ö" are
		// hashed; their first bytes (0x81, 0x8f, 0xc0) are negative as signed
		// chars, so they sort first.
		{trgm.UTF8, "Hello wörld", []string{"0x81c9a7", "0x8fa667", "0xc04ec8", "  h", "  w", " he", "ell", "hel", "ld ", "llo", "lo ", "rld"}},
		// In C, "ö" separates words: "wörld" is "w" and "rld".
		{trgm.C, "Hello wörld", []string{"  h", "  r", "  w", " he", " rl", " w ", "ell", "hel", "ld ", "llo", "lo ", "rld"}},
		// In C only ASCII is lowered and multi-byte letters are not words:
		// "ÉTÉ" holds the one-letter word "T".
		{trgm.C, "ÉTÉ", []string{"  t", " t "}},
		// U+10000 (LINEAR B SYLLABLE B008 A, Lo) is the first code point
		// past the Basic Multilingual Plane, and a letter: the one-letter
		// word "  \U00010000 " gives two hashed trigrams. Server:
		// SELECT show_trgm(E'\U00010000') → {0xcdcd79,0xda49e2}.
		{trgm.UTF8, "\U00010000", []string{"0xcdcd79", "0xda49e2"}},
	}
	for _, tt := range tests {
		got, err := tt.loc.Show(tt.in)
		if err != nil {
			t.Fatalf("%v.Show(%q): %v", tt.loc, tt.in, err)
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("%v.Show(%q) = %q, want %q", tt.loc, tt.in, got, tt.want)
		}
	}
}

func TestSimilarityKnownValues(t *testing.T) {
	tests := []struct {
		loc  trgm.Locale
		a, b string
		want float32
	}{
		// "word": {"  w"," wo","wor","ord","rd "} (5). "two words": "  t",
		// " tw","two","wo " and "  w"," wo","wor","ord","rds","ds " (10).
		// Shared 4: 4 / (5 + 10 - 4) = 4/11. Server: 0.36363637.
		{trgm.UTF8, "word", "two words", 4.0 / 11},
		// "hello" and "hallo": 6 trigrams each, shared "  h","llo","lo ":
		// 3 / 9. Server: 0.33333334.
		{trgm.UTF8, "hello", "hallo", 3.0 / 9},
		// UTF-8: "café" has 5 trigrams, 3 shared with "cafe" (5): 3/7.
		// C: "é" ends the word "caf" (4 trigrams), 3 shared: 3/6. Server:
		// 0.42857143 and 0.5.
		{trgm.UTF8, "café", "cafe", 3.0 / 7},
		{trgm.C, "café", "cafe", 3.0 / 6},
		// Server values from research.md.
		{trgm.UTF8, "conciousness", "consciousness", 0.6875},
		{trgm.UTF8, "limerance", "limerence", 0.53846157},
		{trgm.UTF8, "", "", 0},
		{trgm.UTF8, "abc", "", 0},
		{trgm.UTF8, "ABC", "abc", 1},
		// U+FFFD (valid UTF-8, EF BF BD) is a symbol, not a word character:
		// it ends the word "a" like any separator. Server:
		// SELECT similarity('a', E'a\uFFFD') → 1.
		{trgm.UTF8, "a", "a\uFFFD", 1},
		// A hash collision PostgreSQL has too: the multi-byte trigram "aêc"
		// hashes to the bytes "nul", so "nul" ("  n"," nu","nul","ul ") and
		// "aêc" ("  a" and three hashed trigrams, " aê", "aêc" → "nul",
		// "êc ") share one trigram:
		// 1 / (4 + 4 - 1) = 1/7. Server: SELECT show_trgm('aêc') →
		// {0x900a74,0x9fb30b,"  a",nul}; SELECT similarity('nul', 'aêc') →
		// 0.14285715. Only an all-ASCII trigram kept as its three bytes
		// (not hashed) meets the hashed one.
		{trgm.UTF8, "nul", "aêc", 1.0 / 7},
	}
	for _, tt := range tests {
		got, err := tt.loc.Similarity(tt.a, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%v.Similarity(%q, %q) = %v, want %v", tt.loc, tt.a, tt.b, got, tt.want)
		}
	}
}

func TestWordSimilarityKnownValues(t *testing.T) {
	tests := []struct {
		a, b         string
		word, strict float32
	}{
		// Plain: the best stretch of "two words" is "  w".."ord": 4 trigrams,
		// all in "word": 4 / (5 + 4 - 4) = 0.8. Strict: the stretch must be
		// the whole word "words" (6 trigrams, 4 shared): 4 / (5 + 6 - 4) =
		// 4/7. Server: 0.8 and 0.5714286.
		{"word", "two words", 0.8, 4.0 / 7},
		// Whole word present: 1 either way.
		{"words", "two words", 1, 1},
		// Nothing shared.
		{"xyz", "two words", 0, 0},
		// Empty pattern or text.
		{"", "two words", 0, 0},
		{"word", "", 0, 0},
		// The search moves its start past a trigram the extent could keep:
		// PostgreSQL 15 gives 0.22222222 and 0.21428572 (2/9 and 3/14); a
		// search that stops one position early gives 0.2308 (3/13).
		{"bc ca", "c x ab abc abc ab b ba", 2.0 / 9, 3.0 / 14},
		// Ties when the start moves: iterate_word_similarity moves its lower
		// bound only to a strictly greater similarity (smlr_tmp >
		// smlr_cur); moving it on equal ones too changes the extents tried
		// later. Server: SELECT word_similarity('b ca', 'bb xca xxa cba'),
		// strict_word_similarity('b ca', 'bb xca xxa cba') → 0.23076923,
		// 0.2 (a search that also moves on ties gives 0.22222222 plain).
		{"b ca", "bb xca xxa cba", 3.0 / 13, 0.2},
		// Server: SELECT word_similarity('a b c', 'abc c c bc'),
		// strict_word_similarity('a b c', 'abc c c bc') → 0.5, 0.4 (moving
		// on ties gives 0.375 strict).
		{"a b c", "abc c c bc", 0.5, 0.4},
	}
	for _, tt := range tests {
		w, err := trgm.UTF8.WordSimilarity(tt.a, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		s, err := trgm.UTF8.StrictWordSimilarity(tt.a, tt.b)
		if err != nil {
			t.Fatal(err)
		}
		if w != tt.word || s != tt.strict {
			t.Errorf("(%q, %q): word %v strict %v, want %v and %v", tt.a, tt.b, w, s, tt.word, tt.strict)
		}
	}
}

func TestLikeTrigrams(t *testing.T) {
	tests := []struct {
		pattern string
		want    []string
	}{
		{"", nil},
		// A leading part gets the left padding; a trailing % drops the right.
		{"abc%", []string{"  a", " ab", "abc"}},
		// No padding next to wildcards; "ab" alone has two characters.
		{"%abc%", []string{"abc"}},
		{"%ab%", nil},
		// The example of generate_wildcard_trgm's comment: "a%bcd%".
		{"a%bcd%", []string{"  a", "bcd"}},
		// Whole pattern: padding on both sides.
		{"ab", []string{"  a", " ab", "ab "}},
		// "_" is a wildcard too: "a" then "c".
		{"a_c", []string{"  a"}},
		// An escaped % is a literal non-word character: not next to a
		// wildcard, so "abc" gets both paddings.
		{`\%abc`, []string{"  a", " ab", "abc", "bc "}},
		// Upper case is lowered (ILIKE and LIKE extract the same trigrams).
		{"ABC%", []string{"  a", " ab", "abc"}},
		// A non-word character ends a part with padding.
		{"ab-cd%", []string{"  a", "  c", " ab", " cd", "ab "}},
		// An escaped word character starts a part like an unescaped one
		// (get_wildcard_part: in escape, ISWORDCHR breaks the search for
		// the word's start), with the left padding: "  abc ". A part that
		// skipped it would start at "b". Server check: with a GIN
		// gin_trgm_ops index on rows 'abc' and 'bc', EXPLAIN ANALYZE of
		// s LIKE '\abc' shows the index scan returning 1 row ('abc'), so
		// "  b" is not among the extracted trigrams.
		{`\abc`, []string{"  a", " ab", "abc", "bc "}},
		// An escaped non-word character inside a part ends it (the scan
		// backs up to the backslash) and the next part starts after it:
		// "  ab " and "  cd ", never a trigram holding "-". Server check:
		// on rows 'ab-cd' and 'ab cd', EXPLAIN ANALYZE of s LIKE
		// 'ab\-cd' shows the index returning both rows (1 removed by the
		// recheck), which "ab-" or "b-c" would not allow.
		{`ab\-cd`, []string{"  a", "  c", " ab", " cd", "ab ", "cd "}},
	}
	for _, tt := range tests {
		ts, err := trgm.UTF8.LikeTrigrams(tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, x := range ts {
			got = append(got, x.String())
		}
		if !slices.Equal(got, tt.want) {
			t.Errorf("LikeTrigrams(%q) = %q, want %q", tt.pattern, got, tt.want)
		}
	}
}

// Every string that matches a prefix pattern holds all of its trigrams.
func TestLikeTrigramsAreContained(t *testing.T) {
	for _, s := range []string{"consciousness", "Limerence is love", "ab-cd ef", "Größe über", "x"} {
		rs := []rune(s)
		for n := 1; n <= len(rs); n++ {
			pattern := string(rs[:n]) + "%"
			lt, err := trgm.UTF8.LikeTrigrams(pattern)
			if err != nil {
				t.Fatal(err)
			}
			st, _ := trgm.UTF8.Trigrams(s)
			for _, x := range lt {
				if _, ok := slices.BinarySearchFunc(st, x, trgm.Compare); !ok {
					t.Errorf("LikeTrigrams(%q) has %v, which %q lacks", pattern, x, s)
				}
			}
		}
	}
}

func TestCompareIsSignedChar(t *testing.T) {
	// 0x81 is -127 as a signed char, below space (32) and 'a' (97).
	hi, sp := trgm.Trigram{0x81, 0, 0}, trgm.Trigram{' ', ' ', 'a'}
	if trgm.Compare(hi, sp) != -1 || trgm.Compare(sp, hi) != 1 || trgm.Compare(sp, sp) != 0 {
		t.Error("Compare does not order bytes as signed chars")
	}
	if got := (trgm.Trigram{0x00, 0x12, 0xab}).String(); got != "0x0012ab" {
		t.Errorf("String = %q, want 0x0012ab", got)
	}
}

func TestMatches(t *testing.T) {
	tests := []struct {
		sim       float32
		threshold float64
		want      bool
	}{
		{0.5, 0.5, true}, // >=, not >
		{0.49999997, 0.5, false},
		{1, 1, true},
		{0, 0, true},
		// float4 3/10 is 0.30000001192..., above the double 0.3.
		{float32(3) / 10, 0.3, true},
		{0.29999998, 0.3, false},
	}
	for _, tt := range tests {
		if got := trgm.Matches(tt.sim, tt.threshold); got != tt.want {
			t.Errorf("Matches(%v, %v) = %v, want %v", tt.sim, tt.threshold, got, tt.want)
		}
	}
}

func TestCheckThreshold(t *testing.T) {
	for _, th := range []float64{0, 0.3, 1} {
		if err := trgm.CheckThreshold(th); err != nil {
			t.Errorf("CheckThreshold(%v): %v", th, err)
		}
	}
	for _, th := range []float64{-0.1, 1.0000001, math.NaN(), math.Inf(1)} {
		if err := trgm.CheckThreshold(th); err == nil {
			t.Errorf("CheckThreshold(%v): no error", th)
		}
	}
}

func TestBadInput(t *testing.T) {
	// "\x80" is a lone continuation byte where a character must start.
	for _, s := range []string{"a\x00b", "caf\xe9", "\xff", "\x80", "a \x80"} {
		if _, err := trgm.UTF8.Trigrams(s); err == nil {
			t.Errorf("Trigrams(%q): no error", s)
		}
		if _, err := trgm.UTF8.Similarity("ok", s); err == nil || !strings.Contains(err.Error(), "second argument") {
			t.Errorf("Similarity(ok, %q): error %v, want one naming the second argument", s, err)
		}
		if _, err := trgm.C.WordSimilarity(s, "ok"); err == nil {
			t.Errorf("WordSimilarity(%q, ok): no error", s)
		}
		if _, err := trgm.UTF8.LikeTrigrams(s); err == nil {
			t.Errorf("LikeTrigrams(%q): no error", s)
		}
		if _, err := trgm.UTF8.Lower(s); err == nil {
			t.Errorf("Lower(%q): no error", s)
		}
	}
	if _, err := trgm.Locale(7).Similarity("a", "b"); err == nil {
		t.Error("unknown locale: no error")
	}
}

func TestParseLocale(t *testing.T) {
	tests := []struct {
		in   string
		want trgm.Locale
		ok   bool
	}{
		{"C", trgm.C, true},
		{"POSIX", trgm.C, true},
		{"C.UTF-8", trgm.UTF8, true},
		{"en_US.utf8", trgm.UTF8, true},
		{"de_DE.UTF-8@euro", trgm.UTF8, true},
		{"en_US.ISO-8859-1", 0, false},
		{"en_US", 0, false},
		{"c", 0, false},
	}
	for _, tt := range tests {
		got, err := trgm.ParseLocale(tt.in)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseLocale(%q) = %v, %v; want %v, ok %v", tt.in, got, err, tt.want, tt.ok)
		}
	}
}

func TestLower(t *testing.T) {
	tests := []struct {
		loc      trgm.Locale
		in, want string
	}{
		// towlower is one code point to one: ß stays, İ becomes i, final
		// sigma is not context-sensitive.
		{trgm.UTF8, "Straße İSTANBUL ΟΔΟΣ", "straße istanbul οδοσ"},
		{trgm.C, "Straße ÉTÉ", "straße ÉtÉ"},
	}
	for _, tt := range tests {
		if got, _ := tt.loc.Lower(tt.in); got != tt.want {
			t.Errorf("%v.Lower(%q) = %q, want %q", tt.loc, tt.in, got, tt.want)
		}
	}
}

// TestSimilarityAllocatesNothing: in steady state a similarity allocates
// nothing (its table is on the stack or pooled), and it equals SetSimilarity over the
// two trigram sets.
func TestSimilarityAllocatesNothing(t *testing.T) {
	// Empty the pool first (two collections drop its primary and victim
	// caches), so that the first pair's table is exactly the size it needs,
	// whatever larger strings earlier tests compared.
	runtime.GC()
	runtime.GC()
	pairs := [][2]string{{"elastic", "elastik"}, {"café naïve", "cafe naive"}, {"日本語のテキスト", "日本"}, {"", "x"}, {"a-b c_d", "ab cd"}}
	for _, loc := range []trgm.Locale{trgm.C, trgm.UTF8} {
		for _, p := range pairs {
			a, _ := loc.Trigrams(p[0])
			b, _ := loc.Trigrams(p[1])
			got, err := loc.Similarity(p[0], p[1])
			if want := trgm.SetSimilarity(a, b); err != nil || got != want {
				t.Errorf("%v: similarity(%q, %q) = %v, %v; want %v", loc, p[0], p[1], got, err, want)
			}
			if n := testing.AllocsPerRun(100, func() { _, _ = loc.Similarity(p[0], p[1]) }); n != 0 {
				t.Errorf("%v: similarity(%q, %q) allocates %v times per call, want 0", loc, p[0], p[1], n)
			}
		}
	}
}

// TestSimilarityAgreesWithSets: Similarity, which counts in a hash set
// (on the stack for short pairs, pooled for long ones) without building the
// padded words, equals SetSimilarity over the two trigram sets that
// extractor builds word by word, on the agreement test's generated pairs
// (every script, long strings), without a server.
func TestSimilarityAgreesWithSets(t *testing.T) {
	g := newGen(20261202)
	a, b := g.pairs(g.corpus())
	for _, loc := range []trgm.Locale{trgm.C, trgm.UTF8} {
		bad := 0
		for i := range a {
			ta, _ := loc.Trigrams(a[i])
			tb, _ := loc.Trigrams(b[i])
			got, err := loc.Similarity(a[i], b[i])
			if want := trgm.SetSimilarity(ta, tb); (err != nil || got != want) && bad < 10 {
				bad++
				t.Errorf("%v: similarity(%q, %q) = %v, %v; the trigram sets give %v", loc, a[i], b[i], got, err, want)
			}
		}
	}
}
