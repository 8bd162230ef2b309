package textgen

import (
	"math/rand"
	"strings"

	"github.com/ctxconform/ctxconform/reference/unit"
)

// Scripts are the words of Text: ASCII, accented Latin, CJK and Hangul,
// emoji and other characters outside the Basic Multilingual Plane.
var Scripts = [][]string{
	{"context", "window", "budget", "the", "of", "merge", "hit", "search", "atom", "token", "a", "inflation"},
	{"café", "naïve", "façade", "über", "señor", "déjà", "vu", "Ærø", "crème", "brûlée"},
	{"日本語", "文脈", "検索", "窓", "予算", "上下文", "分词", "한국어", "문맥"},
	{"😀", "🚀", "🧠", "𝔘𝔫𝔦", "𓂀", "🇳🇴", "👩‍💻", "a"},
}

// Text writes about n bytes of words in the given script (4 mixes them), with
// sentences and paragraphs, and never stops inside a character.
func Text(rng *rand.Rand, script, n int) string {
	n = max(n, 0)
	script %= 5
	if script < 0 {
		script = -script
	}
	var b strings.Builder
	b.Grow(n + 16)
	for b.Len() < n {
		s := script
		if s == 4 {
			s = rng.Intn(4)
		}
		words := Scripts[s]
		b.WriteString(words[rng.Intn(len(words))])
		switch rng.Intn(20) {
		case 0:
			b.WriteString(".\n\n")
		case 1, 2:
			b.WriteString(". ")
		default:
			b.WriteByte(' ')
		}
	}
	out := b.String()
	return out[:unit.Floor(out, n)]
}
