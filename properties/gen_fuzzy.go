package properties

import (
	"fmt"
	"math/rand"
	"strings"
	"unicode/utf8"

	"github.com/leanovate/gopter"
	"github.com/leanovate/gopter/gen"

	"github.com/ctxconform/ctxconform/adapters"
)

// searchRecipe is a generated fuzzy search (std105 §3), kept as plain
// numbers so gopter can shrink it; Request builds the entries and term.
type searchRecipe struct {
	Seed      int64 // seed for labels and the term
	Entries   int   // how many entries (0–150)
	Script    int   // 0 ASCII words, 1 accented Latin, 2 mixed scripts, 3 all of them with punctuation
	Term      int   // how the term is made, see termKinds
	Pick      int   // which entry the term is made from
	Threshold int   // 0 default, 1–5 fixed values, above: drawn from the seed
	Limit     int   // 0 none, else the limit
}

var termKinds = []string{"label", "label in upper case", "prefix of a label", "typo of a label", "word", "metacharacters", "word of a label"}

func genSearchRecipe() gopter.Gen {
	return gen.Struct(reflectOf[searchRecipe](), map[string]gopter.Gen{
		"Seed":      gen.Int64Range(0, 1<<40),
		"Entries":   gen.Weighted([]gen.WeightedGen{{Weight: 1, Gen: gen.IntRange(0, 3)}, {Weight: 6, Gen: gen.IntRange(4, 60)}, {Weight: 3, Gen: gen.IntRange(60, 150)}}),
		"Script":    gen.IntRange(0, 3),
		"Term":      gen.IntRange(0, len(termKinds)-1),
		"Pick":      gen.IntRange(0, 1000),
		"Threshold": gen.Weighted([]gen.WeightedGen{{Weight: 4, Gen: gen.Const(0)}, {Weight: 3, Gen: gen.IntRange(1, 5)}, {Weight: 3, Gen: gen.IntRange(6, 1000)}}),
		"Limit":     gen.Weighted([]gen.WeightedGen{{Weight: 7, Gen: gen.Const(0)}, {Weight: 3, Gen: gen.IntRange(1, 12)}}),
	})
}

var fuzzyVocab = [][]string{
	{"cat", "cats", "catalog", "dog", "doghouse", "consciousness", "conscious", "limerence", "machine", "learning",
		"context", "window", "search", "Search", "SEARCH", "budget", "atom", "atoms", "the", "a", "an", "fox", "x", "ab", "abc"},
	{"café", "cafe", "Café", "naïve", "naive", "façade", "über", "Über", "Straße", "strasse", "crème", "brûlée", "Ærø", "déjà", "école", "ÉCOLE"},
	{"東京", "東京タワー", "Ελλάδα", "ελλάδα", "Москва", "москва", "서울", "İstanbul", "ıi", "😀", "👩‍💻", "١٢٣", "Ⅻ", "ǅungla", "\u212akelvin"},
	{"%", "_", `\`, "'", `"`, ";--", "100%", "a_b", "a%b", "it's", "e-mail", "C++", "C#", ".NET", "x86", "pg_trgm", "'; DROP TABLE atom_positions; --", "a\tb", "  spaced  "},
}

var metaTerms = []string{"%", "_", `\`, "'", `"`, ";--", "%_%", "a%", "c_t", "_%", `\%`, "%cat", "ca_", "' OR '1'='1"}

var fixedThresholds = []float64{0, 0.25, 0.5, 1, 0.3}

// Request builds the search the recipe describes. Everything is clamped, as
// shrinking steps outside the generators' ranges: a recipe always describes a
// valid request (a non-empty term of at most 200 bytes, valid UTF-8 without
// NUL, a threshold in [0, 1]).
func (r searchRecipe) Request() adapters.SearchRequest {
	rng := rand.New(rand.NewSource(r.Seed))
	script := abs(r.Script) % len(fuzzyVocab)
	word := func() string {
		s := script
		if s == 3 || rng.Intn(6) == 0 {
			s = rng.Intn(len(fuzzyVocab))
		}
		v := fuzzyVocab[s]
		return v[rng.Intn(len(v))]
	}
	n := min(abs(r.Entries), 150)
	req := adapters.SearchRequest{Entries: make([]adapters.SearchEntry, 0, n)}
	for i := 0; i < n; i++ {
		var label string
		switch k := rng.Intn(10); {
		case k < 5:
			label = word()
		case k < 8:
			label = word() + []string{" ", " ", "-", "_", ", "}[rng.Intn(5)] + word()
		case k < 9:
			label = fzTypo(rng, word())
		default:
			label = word() + " " + word() + " " + word()
		}
		if rng.Intn(8) == 0 {
			label = strings.ToUpper(label)
		}
		// IDs sort in another order than the entries.
		id := fmt.Sprintf("%c%03d", 'a'+rng.Intn(26), i)
		if i > 0 && rng.Intn(25) == 0 { // now and then an identical entry
			req.Entries = append(req.Entries, req.Entries[rng.Intn(i)])
			continue
		}
		req.Entries = append(req.Entries, adapters.SearchEntry{ID: id, Label: label})
	}
	pick := func() string {
		if len(req.Entries) == 0 {
			return word()
		}
		return req.Entries[abs(r.Pick)%len(req.Entries)].Label
	}
	switch abs(r.Term) % len(termKinds) {
	case 0:
		req.Term = pick()
	case 1:
		req.Term = strings.ToUpper(pick())
	case 2:
		rs := []rune(pick())
		req.Term = string(rs[:1+rng.Intn(max(len(rs), 1))])
	case 3:
		req.Term = fzTypo(rng, pick())
	case 4:
		req.Term = word()
	case 5:
		req.Term = metaTerms[rng.Intn(len(metaTerms))]
	default:
		ws := strings.Fields(pick())
		if len(ws) == 0 {
			ws = []string{word()}
		}
		req.Term = ws[rng.Intn(len(ws))]
	}
	if len(req.Term) > 200 {
		req.Term = req.Term[:200]
	}
	for !utf8.ValidString(req.Term) {
		req.Term = req.Term[:len(req.Term)-1]
	}
	if req.Term == "" {
		req.Term = "cat"
	}
	switch th := abs(r.Threshold); {
	case th == 0:
	case th <= len(fixedThresholds):
		x := fixedThresholds[th-1]
		req.Threshold = &x
	default:
		x := float64(th%1001) / 1000
		req.Threshold = &x
	}
	req.Limit = abs(r.Limit) % 50
	return req
}

// fzTypo applies one or two edits (insert, delete, substitute, swap).
func fzTypo(rng *rand.Rand, w string) string {
	rs := []rune(w)
	for range 1 + rng.Intn(2) {
		letters := []rune("abcdefghijklmnopqrstuvwxyzéü")
		switch op := rng.Intn(4); {
		case op == 0 || len(rs) < 2:
			i := rng.Intn(len(rs) + 1)
			rs = append(rs[:i], append([]rune{letters[rng.Intn(len(letters))]}, rs[i:]...)...)
		case op == 1:
			i := rng.Intn(len(rs))
			rs = append(rs[:i], rs[i+1:]...)
		case op == 2:
			rs[rng.Intn(len(rs))] = letters[rng.Intn(len(letters))]
		default:
			i := rng.Intn(len(rs) - 1)
			rs[i], rs[i+1] = rs[i+1], rs[i]
		}
	}
	return string(rs)
}

// String is what gopter prints for a counterexample.
func (r searchRecipe) String() string {
	req := r.Request()
	var b strings.Builder
	fmt.Fprintf(&b, "term %q (%s)", req.Term, termKinds[abs(r.Term)%len(termKinds)])
	if req.Threshold != nil {
		fmt.Fprintf(&b, " threshold %v", *req.Threshold)
	}
	if req.Limit > 0 {
		fmt.Fprintf(&b, " limit %d", req.Limit)
	}
	fmt.Fprintf(&b, "; %d entries:", len(req.Entries))
	for i, e := range req.Entries {
		if i == 40 {
			fmt.Fprintf(&b, " … (%d more)", len(req.Entries)-i)
			break
		}
		fmt.Fprintf(&b, " %s:%q", e.ID, e.Label)
	}
	return b.String()
}
