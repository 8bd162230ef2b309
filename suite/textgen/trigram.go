package textgen

import (
	"math/rand/v2"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
)

// TrigramCorpus is the fixed corpus of the trigram agreement (FUZ-12, FUZ-13): thousands of
// strings from a seeded generator (mixed scripts, case, punctuation, digits,
// emoji, combining marks) and pairs of them, many a word against a typo of
// it inside a phrase.
func TrigramCorpus() adapters.TrigramRequest {
	g := corpusGen{rand.New(rand.NewPCG(105, 85))}
	strs := append([]string(nil), fixedStrings...)
	strs = append(strs, corpusWords...)
	for range 3000 {
		strs = append(strs, g.text(6))
	}
	for range 10 {
		strs = append(strs, g.text(300))
	}
	var pairs [][2]string
	for _, x := range fixedStrings {
		pairs = append(pairs, [2]string{x, fixedStrings[g.r.IntN(len(fixedStrings))]})
	}
	for range 2000 {
		w := corpusWords[g.r.IntN(len(corpusWords))]
		phrase := g.text(2) + " " + g.typo(w) + " " + g.text(2)
		if g.r.IntN(3) == 0 {
			pairs = append(pairs, [2]string{phrase, w})
		} else {
			pairs = append(pairs, [2]string{w, phrase})
		}
	}
	for range 2000 {
		pairs = append(pairs, [2]string{strs[g.r.IntN(len(strs))], strs[g.r.IntN(len(strs))]})
	}
	return adapters.TrigramRequest{Strings: strs, Pairs: pairs}
}

var fixedStrings = []string{
	"", " ", "a", "A", "ab", "abc", "  abc  ", "a b c", "a-b-c", "x_y", "123", "a1b2", "word", "two words",
	"hello", "hallo", "café", "cafe", "cafe\u0301", "conciousness", "consciousness", "limerance", "limerence",
	"Hello wörld", "ΣΊΣΥΦΟΣ", "İIıi", "ǅungla", "\u212akelvin", "Ⱥⱥ", "ß ẞ SS", "東京タワー", "😀😀😀", "a😀b",
	"e\u0301e\u0301", "!!!", "%_\\", "ab%cd_ef", "١٢٣", "ⅫⅫ", "tab\tnew\nline", "'; DROP TABLE x; --",
}

var corpusWords = strings.Fields(`consciousness limerence machine learning context window budget search
	fuzzy trigram index similarity threshold elastic radius inflation atom molecule Straße Größe Ärger Zürich
	Ελλάδα Москва привет 東京 서울 こんにちは naïveté façade jalapeño crème brûlée Þingvellir ÆSIR İstanbul
	the quick brown fox x86 utf8 pg_trgm e-mail don't O'Neil C++ C# .NET`)

var runeClasses = [][]rune{
	[]rune("abcdefghijklmnopqrstuvwxyz"),
	[]rune("ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
	[]rune("0123456789"),
	[]rune("àáâãäåæçèéêëìíîïñòóôõöøùúûüýÿßÀÉÎÕÜŸĳŒœǅİıſ\u212aẞȺⱥµ"),
	[]rune("αβγδεζηθικλμνξοπρσςτυφχψωΑΒΓΔΣΩάέή\u0345"),
	[]rune("абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВГДЁЖЯ"),
	[]rune("中文字漢語日本語한국어ひらがなカタカナ\U00020000"),
	[]rune("😀👍🏽❤\ufe0f\u200d👩👧🇫🇷✨"),
	[]rune("\u0301\u0308\u0327\u20dd\u093c"),
	[]rune("٠١٢٣٤٥०१२३０１２³²½ⅠⅫ"),
	[]rune("!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"),
	[]rune(" \t\n\u00a0\u3000\u200b\u00ad"),
}

// corpusGen draws the corpus's strings from one seeded source.
type corpusGen struct{ r *rand.Rand }

// token is a word of the corpus, a few code points of any plane, or a run
// of characters from one or two classes.
func (g corpusGen) token() string {
	var b strings.Builder
	switch g.r.IntN(5) {
	case 0, 1:
		b.WriteString(corpusWords[g.r.IntN(len(corpusWords))])
	case 2: // any code point but NUL and surrogates
		for range 1 + g.r.IntN(3) {
			r := rune(1 + g.r.IntN(0x10FFFF))
			if !utf8.ValidRune(r) {
				r = 'x'
			}
			b.WriteRune(r)
		}
	default:
		c1, c2 := runeClasses[g.r.IntN(len(runeClasses))], runeClasses[g.r.IntN(len(runeClasses))]
		for range 1 + g.r.IntN(8) {
			c := c1
			if g.r.IntN(4) == 0 {
				c = c2
			}
			b.WriteRune(c[g.r.IntN(len(c))])
		}
	}
	return b.String()
}

// text is 1 to maxTokens tokens with separators between them.
func (g corpusGen) text(maxTokens int) string {
	seps := []string{" ", " ", "  ", "", "-", ", ", "\t", "_", "'", "/", "."}
	var b strings.Builder
	for i := range 1 + g.r.IntN(maxTokens) {
		if i > 0 {
			b.WriteString(seps[g.r.IntN(len(seps))])
		}
		b.WriteString(g.token())
	}
	return b.String()
}

// typo applies one to three edits: insert, delete, substitute, swap, case.
func (g corpusGen) typo(w string) string {
	rs := []rune(w)
	for range 1 + g.r.IntN(3) {
		switch op := g.r.IntN(5); {
		case op == 0 || len(rs) == 0:
			i := g.r.IntN(len(rs) + 1)
			c := runeClasses[g.r.IntN(6)]
			rs = slices.Insert(rs, i, c[g.r.IntN(len(c))])
		case op == 1:
			i := g.r.IntN(len(rs))
			rs = slices.Delete(rs, i, i+1)
		case op == 2:
			c := runeClasses[g.r.IntN(len(runeClasses))]
			rs[g.r.IntN(len(rs))] = c[g.r.IntN(len(c))]
		case op == 3 && len(rs) > 1:
			i := g.r.IntN(len(rs) - 1)
			rs[i], rs[i+1] = rs[i+1], rs[i]
		default:
			rs = []rune(strings.ToUpper(string(rs)))
		}
	}
	return string(rs)
}
