package fuzzy_test

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/fuzzy"
	"github.com/ctxconform/ctxconform/reference/trgm"
)

func ids(ms []fuzzy.Match) []string {
	var out []string
	for _, m := range ms {
		out = append(out, m.Tier.String()+":"+m.ID)
	}
	return out
}

// searchBoth runs the indexed search and the scan and insists they agree.
func searchBoth(t *testing.T, loc trgm.Locale, entries []fuzzy.Entry, term string, opts ...fuzzy.Option) []fuzzy.Match {
	t.Helper()
	ix, err := fuzzy.NewIndex(loc, entries)
	if err != nil {
		t.Fatal(err)
	}
	got, err := ix.Search(term, opts...)
	if err != nil {
		t.Fatalf("Search(%q): %v", term, err)
	}
	want, err := fuzzy.Scan(loc, entries, term, opts...)
	if err != nil {
		t.Fatalf("Scan(%q): %v", term, err)
	}
	if !slices.Equal(got, want) {
		t.Fatalf("Search(%q) = %v\nScan gives %v", term, got, want)
	}
	return got
}

var fruit = []fuzzy.Entry{
	{"9", "grape"},
	{"8", "application"},
	{"7", "appel"},
	{"6", "pineapple"},
	{"5", "applesauce"},
	{"4", "apple pie"},
	{"2", "apple"},
	{"1", "Apple"},
	{"3", "apple"},
	{"10", "apples"},
}

func TestTiersAndOrder(t *testing.T) {
	// Term "apple": 6 trigrams ("  a"," ap","app","ppl","ple","le ").
	//   exact: "Apple" (1), "apple" (2, 3); "Apple" < "apple" as bytes.
	//   prefix: "apples" (6 bytes), "apple pie" (9), "applesauce" (10): by
	//   length, although "apple pie" < "apples" as bytes.
	//   trigram: "appel" shares "  a"," ap","app" of its 6: 3/9; "pineapple"
	//   shares "app","ppl","ple","le " of its 10: 4/12. Both 1/3 >= 0.3: the
	//   tie goes to the smaller label, "appel".
	//   "application" shares 4 of its 12: 4/14 < 0.3; "grape" shares none.
	got := searchBoth(t, trgm.UTF8, fruit, "apple")
	want := []string{"exact:1", "exact:2", "exact:3", "prefix:10", "prefix:4", "prefix:5", "trigram:7", "trigram:6"}
	if !slices.Equal(ids(got), want) {
		t.Errorf("got %v, want %v", ids(got), want)
	}
	if got[6].Similarity != float32(1)/3 || got[7].Similarity != float32(1)/3 {
		t.Errorf("trigram similarities %v, %v; want 1/3", got[6].Similarity, got[7].Similarity)
	}
	// Exact matches carry their similarity too: "Apple" vs "apple" is 1.
	if got[0].Similarity != 1 {
		t.Errorf("exact similarity %v, want 1", got[0].Similarity)
	}
	// At 0.25 "application" (4/14 = 0.2857) joins the trigram tier, last.
	got = searchBoth(t, trgm.UTF8, fruit, "apple", fuzzy.WithThreshold(0.25))
	if n := len(got); n != 9 || got[8].ID != "8" {
		t.Errorf("threshold 0.25: %v", ids(got))
	}
	// Limits cut the ordered list, across tiers.
	for n, want := range map[int][]string{
		1: {"exact:1"},
		4: {"exact:1", "exact:2", "exact:3", "prefix:10"},
		7: {"exact:1", "exact:2", "exact:3", "prefix:10", "prefix:4", "prefix:5", "trigram:7"},
	} {
		got := searchBoth(t, trgm.UTF8, fruit, "apple", fuzzy.WithLimit(n))
		if !slices.Equal(ids(got), want) {
			t.Errorf("limit %d: got %v, want %v", n, ids(got), want)
		}
	}
}

func TestOrderIgnoresInputOrder(t *testing.T) {
	want := searchBoth(t, trgm.UTF8, fruit, "apple", fuzzy.WithThreshold(0.1))
	r := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		shuffled := slices.Clone(fruit)
		r.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		if got := searchBoth(t, trgm.UTF8, shuffled, "apple", fuzzy.WithThreshold(0.1)); !slices.Equal(got, want) {
			t.Fatalf("shuffled input changed the result: %v vs %v", ids(got), ids(want))
		}
	}
}

// std105 §3.1: a typo must still find the word.
func TestStandardTypos(t *testing.T) {
	entries := []fuzzy.Entry{
		{"a1", "consciousness"}, {"a2", "limerence"}, {"a3", "machine"},
		{"a4", "conscience"}, {"a5", "lime"},
	}
	tests := []struct {
		term, id string
		sim      float32 // server values, research.md
	}{
		{"conciousness", "a1", 0.6875},
		{"limerance", "a2", 0.53846157},
	}
	for _, tt := range tests {
		got := searchBoth(t, trgm.UTF8, entries, tt.term)
		if len(got) == 0 || got[0].ID != tt.id || got[0].Tier != fuzzy.Trigram || got[0].Similarity != tt.sim {
			t.Errorf("%q: got %+v, want %s first as a trigram match with %v", tt.term, got, tt.id, tt.sim)
		}
		for _, m := range got {
			if m.ID == "a3" {
				t.Errorf("%q matched the unrelated %q", tt.term, m.Label)
			}
		}
	}
}

func TestEscapeLike(t *testing.T) {
	tests := []struct{ in, want string }{
		{"abc", "abc"},
		{"%", `\%`},
		{"_", `\_`},
		{`\`, `\\`},
		{`a%b_c\d`, `a\%b\_c\\d`},
		{"100%_sure", `100\%\_sure`},
		{"über_", `über\_`},
	}
	for _, tt := range tests {
		if got := fuzzy.EscapeLike(tt.in); got != tt.want {
			t.Errorf("EscapeLike(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// An escaped term followed by % matches exactly the labels it prefixes
// (case-insensitively); unescaped, the metacharacters would match more.
func TestEscapedPrefixPattern(t *testing.T) {
	tests := []struct {
		term, label string
		want        bool
	}{
		{"%", "abc", false}, // unescaped "%%" would match everything
		{"%", "%abc", true},
		{"_", "x", false}, // unescaped "_%" would match any non-empty label
		{"_", "_x", true},
		{"a_c", "abc", false},
		{"a_c", "A_Co", true},
		{`\`, `\path`, true},
		{`\`, "path", false},
		{`c:\x`, `C:\X\y`, true},
		{"50%", "50% off", true},
		{"50%", "500 off", false},
		{"Straße", "STRASSE", false}, // towlower is one code point to one
		{"ΣΟΦ", "σοφία", true},
		{"über", "ÜBERALL", true},
	}
	for _, tt := range tests {
		got, err := fuzzy.ILike(trgm.UTF8, tt.label, fuzzy.EscapeLike(tt.term)+"%")
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%q ILIKE EscapeLike(%q)||'%%' = %v, want %v", tt.label, tt.term, got, tt.want)
		}
	}
	// And the same through a search: the term "%" finds only "%abc".
	entries := []fuzzy.Entry{{"1", "abc"}, {"2", "%abc"}, {"3", "_x"}, {"4", "x"}}
	if got := searchBoth(t, trgm.UTF8, entries, "%"); !slices.Equal(ids(got), []string{"prefix:2"}) {
		t.Errorf("term %%: %v", ids(got))
	}
	if got := searchBoth(t, trgm.UTF8, entries, "_"); !slices.Equal(ids(got), []string{"prefix:3"}) {
		t.Errorf("term _: %v", ids(got))
	}
}

func TestILike(t *testing.T) {
	tests := []struct {
		text, pattern string
		want          bool
	}{
		{"abc", "abc", true},
		{"abc", "ABC", true},
		{"abc", "ab", false},
		{"abc", "a%", true},
		{"abc", "%c", true},
		{"abc", "%b%", true},
		{"abc", "%d%", false},
		{"", "%", true},
		{"", "_", false},
		{"é", "_", true}, // one character, two bytes
		{"éa", "_a", true},
		{"abc", "a_c", true},
		{"abc", "a__c", false},
		{"a%c", `a\%c`, true},
		{"abc", `a\%c`, false},
		{"abc", `\a\b\c`, true}, // an escaped ordinary character is itself
		{"aXbXc", "a%b%c", true},
		{"aXbX", "a%b%c", false},
		{"mississippi", "%iss%ppi", true},
	}
	for _, tt := range tests {
		got, err := fuzzy.ILike(trgm.UTF8, tt.text, tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%q ILIKE %q = %v, want %v", tt.text, tt.pattern, got, tt.want)
		}
	}
	if _, err := fuzzy.ILike(trgm.UTF8, "abc", `abc\`); err == nil {
		t.Error("pattern ending in an escape: no error")
	}
	// In C, only ASCII is case-insensitive.
	if got, _ := fuzzy.ILike(trgm.C, "ÉTÉ", "été"); got {
		t.Error("C locale: ÉTÉ ILIKE été")
	}
	if got, _ := fuzzy.ILike(trgm.C, "ÉTÉ", "ÉtÉ"); !got {
		t.Error("C locale: ÉTÉ NOT ILIKE ÉtÉ")
	}
}

func TestBadInput(t *testing.T) {
	ix, err := fuzzy.NewIndex(trgm.UTF8, fruit)
	if err != nil {
		t.Fatal(err)
	}
	search := func(term string, opts ...fuzzy.Option) error {
		_, err1 := ix.Search(term, opts...)
		_, err2 := fuzzy.Scan(trgm.UTF8, fruit, term, opts...)
		if (err1 == nil) != (err2 == nil) {
			t.Errorf("Search and Scan disagree on %q: %v / %v", term, err1, err2)
		}
		return err1
	}
	if err := search(""); !errors.Is(err, fuzzy.ErrEmptyTerm) {
		t.Errorf("empty term: %v, want ErrEmptyTerm", err)
	}
	for _, term := range []string{"ap\xffple", "ap\x00ple", strings.Repeat("a", fuzzy.MaxTermBytes+1)} {
		if err := search(term); err == nil {
			t.Errorf("term %.20q...: no error", term)
		}
	}
	if err := search(strings.Repeat("a b ", fuzzy.MaxTermBytes/4)); err != nil {
		t.Errorf("term of MaxTermBytes: %v", err)
	}
	// The limit itself, written out (FUZ-10 in specs/REQUIREMENTS.md: "Terms
	// longer than 1024 bytes are refused; a term of exactly 1024 bytes is
	// answered"), so that a change of the constant shows.
	if err := search(strings.Repeat("a", 1024)); err != nil {
		t.Errorf("term of 1024 bytes: %v", err)
	}
	if err := search(strings.Repeat("a", 1025)); err == nil {
		t.Error("term of 1025 bytes: no error")
	}
	for _, th := range []float64{math.NaN(), -0.01, 1.01, math.Inf(-1)} {
		if err := search("apple", fuzzy.WithThreshold(th)); err == nil {
			t.Errorf("threshold %v: no error", th)
		}
	}
	if err := search("apple", fuzzy.WithLimit(-1)); err == nil {
		t.Error("negative limit: no error")
	}
	for _, label := range []string{"bad\xc3", "nul\x00"} {
		if _, err := fuzzy.NewIndex(trgm.UTF8, []fuzzy.Entry{{"ok", "fine"}, {"x", label}}); err == nil || !strings.Contains(err.Error(), `"x"`) {
			t.Errorf("label %q: error %v, want one naming entry x", label, err)
		}
	}
}

// Threshold 1 needs identical trigram sets; threshold 0 takes every label.
func TestThresholdEdges(t *testing.T) {
	entries := []fuzzy.Entry{{"1", "Word!"}, {"2", "words"}, {"3", "???"}, {"4", ""}}
	got := searchBoth(t, trgm.UTF8, entries, "the WORD", fuzzy.WithThreshold(1))
	if len(got) != 0 {
		t.Errorf("threshold 1, term 'the WORD': %v", ids(got))
	}
	got = searchBoth(t, trgm.UTF8, entries, "-word-", fuzzy.WithThreshold(1))
	if !slices.Equal(ids(got), []string{"trigram:1"}) {
		t.Errorf("threshold 1, term '-word-': %v", ids(got))
	}
	got = searchBoth(t, trgm.UTF8, entries, "zzz", fuzzy.WithThreshold(0))
	if len(got) != 4 {
		t.Errorf("threshold 0: %v, want all four", ids(got))
	}
	// A term with no word character has no trigram: only exact and prefix.
	got = searchBoth(t, trgm.UTF8, entries, "??")
	if !slices.Equal(ids(got), []string{"prefix:3"}) {
		t.Errorf("term '??': %v", ids(got))
	}
}

// A limit keeps the first matches of the ordered list, also when every match
// is in the trigram tier. "wort" shares "  w", " wo", "wor" with "word"
// (5 trigrams): 3 / (5 + 5 - 3) = 3/7, and with "words" (6 trigrams):
// 3 / (6 + 5 - 3) = 3/8; both pass 0.3, neither is an exact or prefix match,
// so the trigram tier ranks "word" first and a limit of 1 keeps it alone.
func TestLimitCutsTrigramTier(t *testing.T) {
	entries := []fuzzy.Entry{{"2", "words"}, {"1", "word"}}
	for _, tt := range []struct {
		limit int
		want  []string
	}{
		{0, []string{"trigram:1", "trigram:2"}},
		{1, []string{"trigram:1"}},
		{2, []string{"trigram:1", "trigram:2"}},
		{3, []string{"trigram:1", "trigram:2"}},
	} {
		got := searchBoth(t, trgm.UTF8, entries, "wort", fuzzy.WithLimit(tt.limit))
		if !slices.Equal(ids(got), tt.want) {
			t.Errorf("limit %d: %v, want %v", tt.limit, ids(got), tt.want)
		}
	}
}

// The tiers' numbers are an interface: the PostgreSQL adapter's SQL
// (adapters/postgres/fuzzy.go) computes the tier as CASE ... THEN 1 (exact)
// ... THEN 2 (prefix) ELSE 3 (trigram) and turns it into a name with
// fuzzy.Tier(n).String().
func TestTierNumbers(t *testing.T) {
	for n, want := range map[int]string{1: "exact", 2: "prefix", 3: "trigram"} {
		if got := fuzzy.Tier(n).String(); got != want {
			t.Errorf("Tier(%d) = %q, want %q", n, got, want)
		}
	}
}

// TestLike: LIKE is ILIKE without the lower-casing (a case variant does
// not match; checked against PostgreSQL 15: 'Catalogue' LIKE 'cat%' is
// false, 'catalogue' LIKE 'cat%' true).
func TestLike(t *testing.T) {
	for _, tt := range []struct {
		text, pattern string
		want          bool
	}{
		{"catalogue", "cat%", true},
		{"Catalogue", "cat%", false},
		{"CAT", "cat", false},
		{"Écoles", "ÉCOLE%", false},
		{"ÉCOLES", "ÉCOLE%", true},
		{"a%c", `a\%c`, true},
		{"abc", "a_c", true},
	} {
		got, err := fuzzy.Like(tt.text, tt.pattern)
		if err != nil {
			t.Fatal(err)
		}
		if got != tt.want {
			t.Errorf("%q LIKE %q = %v, want %v", tt.text, tt.pattern, got, tt.want)
		}
	}
	if _, err := fuzzy.Like("abc", `abc\`); err == nil {
		t.Error("pattern ending in an escape: no error")
	}
}
