package densify

import (
	"errors"
	"reflect"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"
)

// Under CJKEstimator an ASCII string of n characters costs ceil(n/3);
// "\n\n" costs 1, " " costs 1 and "\n\n---\n\n" costs 3.

func TestChunk(t *testing.T) {
	tests := []struct {
		name   string
		text   string
		budget int
		want   []string
	}{
		{"empty", "", 5, nil},
		{"white space only", " \n\n\t\r\n ", 5, nil},
		// 2 + 1 + 2 = 5 > 4 starts a new chunk; then 2 + 1 + 1 = 4 fits.
		{"paragraph packing", "aaaaaa\n\nbbbbbb\n\ncc", 4, []string{"aaaaaa", "bbbbbb\n\ncc"}},
		// A line of white space is blank; CRLF is normalized; paragraphs trimmed.
		{"blank line with spaces", "  a\r\n \t\r\nb  ", 10, []string{"a\n\nb"}},
		// Single newlines stay inside a paragraph.
		{"single newline", "a\nb\n\n\n\nc", 10, []string{"a\nb\n\nc"}},
		// The paragraph costs ceil(23/3) = 8 > 3: words aaa(1) bbb(1) ccc(1)
		// dddddddddddd(11 chars, 4 tokens). "aaa bbb" = 1+1+1 = 3; ccc would make 5;
		// the long word is cut at 9 characters (3 tokens), leaving "dd".
		{"word then character split", "aaa bbb ccc ddddddddddd", 3,
			[]string{"aaa bbb", "ccc", "ddddddddd", "dd"}},
		// Seven Han characters, one token each, budget 3.
		{"CJK characters", "日本語日本語日", 3, []string{"日本語", "日本語", "日"}},
		// Four two-byte characters cost ceil(4/3) = 2 > 1; at most 3 fit.
		{"multi-byte Latin", "éééé", 1, []string{"ééé", "é"}},
		// A short paragraph after a split one packs with the last piece: "dd"(1) + 1 + "e"(1) = 3.
		{"packing after a split", "ddddddddddd\n\ne", 3, []string{"ddddddddd", "dd\n\ne"}},
		// "ab cd" costs ceil(5/3) = 2, at the budget: kept whole, not cut into
		// its words (ab(1) + 1 + cd(1) = 3 would not fit).
		{"paragraph at the budget", "ab cd", 2, []string{"ab cd"}},
	}
	p := Planner{}
	for _, tt := range tests {
		got, err := p.Chunk(tt.text, tt.budget)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Chunk(%q, %d) = %q, want %q", tt.name, tt.text, tt.budget, got, tt.want)
		}
	}
}

func TestChunkErrors(t *testing.T) {
	p := Planner{}
	if _, err := p.Chunk("a\xffb", 5); !errors.Is(err, ErrInvalidInput) {
		t.Errorf("invalid UTF-8: err = %v, want ErrInvalidInput", err)
	}
	if _, err := p.Chunk("abc", 0); err == nil {
		t.Error("budget 0: no error")
	}
	if _, err := p.Chunk("", 0); err == nil {
		t.Error("budget 0, empty text: no error")
	}
	// An estimator that prices one character over the budget cannot be cut.
	heavy := Planner{Estimator: estimatorFunc(func(s string) int { return 10 * utf8.RuneCountInString(s) })}
	if _, err := heavy.Chunk("abc", 5); err == nil {
		t.Error("a character over the budget: no error")
	}
}

type estimatorFunc func(string) int

// TestChunkWordAtBudget: a word whose estimate is the budget is packed as
// any word, not cut apart from its neighbours. Under an estimator that
// counts only letters (prefix-monotone and subadditive; white space and
// "." are free), "aaa . b" costs 4 > 3: its words aaa(3) and "."(0) fit
// together (3 + 0 + 0 = 3), "b" starts the next piece (3 + 0 + 1 > 3).
func TestChunkWordAtBudget(t *testing.T) {
	letters := estimatorFunc(func(s string) int {
		n := 0
		for _, r := range s {
			if r >= 'a' && r <= 'z' {
				n++
			}
		}
		return n
	})
	got, err := Planner{Estimator: letters}.Chunk("aaa . b", 3)
	if want := []string{"aaa .", "b"}; err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("Chunk = %q, %v; want %q", got, err, want)
	}
}

func (f estimatorFunc) Tokens(s string) int { return f(s) }

// TestChunkInvariants checks, over varied texts and budgets, that every chunk
// is valid UTF-8, fits its budget, and that only white space changes.
func TestChunkInvariants(t *testing.T) {
	texts := []string{
		strings.Repeat("word ", 500),
		strings.Repeat("日本語のテキスト。", 300) + "\n\n" + strings.Repeat("x", 2000),
		strings.Repeat("para one is here.\n\n", 80) + strings.Repeat("é", 999),
		"a\r\n\r\n  b c d \n\n\n\n" + strings.Repeat("😀", 100),
	}
	noSpace := func(s string) string {
		return strings.Map(func(r rune) rune {
			if unicode.IsSpace(r) {
				return -1
			}
			return r
		}, s)
	}
	for _, est := range []Estimator{CJKEstimator{}, Chars4Estimator{}} {
		p := Planner{Estimator: est}
		for ti, text := range texts {
			for _, budget := range []int{1, 2, 7, 50, 320, 1800} {
				chunks, err := p.Chunk(text, budget)
				if err != nil {
					t.Fatalf("%T text %d budget %d: %v", est, ti, budget, err)
				}
				for ci, c := range chunks {
					if !utf8.ValidString(c) {
						t.Errorf("%T text %d budget %d chunk %d: invalid UTF-8", est, ti, budget, ci)
					}
					if got := est.Tokens(c); got > budget {
						t.Errorf("%T text %d budget %d chunk %d: %d tokens", est, ti, budget, ci, got)
					}
				}
				if got, want := noSpace(strings.Join(chunks, "")), noSpace(text); got != want {
					t.Errorf("%T text %d budget %d: content changed", est, ti, budget)
				}
			}
		}
	}
}

func TestGroups(t *testing.T) {
	a9, a6 := strings.Repeat("a", 9), strings.Repeat("a", 6)
	tests := []struct {
		name     string
		partials []string
		budget   int
		floor    int
		want     [][]string
	}{
		// 1 + 3 + 1 = 5 fits; a third would make 9.
		{"pairs", []string{"aaa", "bbb", "ccc", "ddd"}, 5, 0, [][]string{{"aaa", "bbb"}, {"ccc", "ddd"}}},
		{"singles", []string{"aaa", "bbb", "ccc"}, 4, 0, [][]string{{"aaa"}, {"bbb"}, {"ccc"}}},
		{"trim and drop empty", []string{"  aaa ", "", "\n", "bbb"}, 5, 0, [][]string{{"aaa", "bbb"}}},
		{"nothing", []string{"", " "}, 5, 0, nil},
		// 24 a's cost 8 > 7: cut at max(2, 7/2) = 3 tokens = 9 characters:
		// a9 a9 a6. a9(3) + 3 + a9(3) = 9 > 7; a6(2) + 3 + "b"(1) = 6 fits.
		{"oversized partial", []string{strings.Repeat("a", 24), "b"}, 7, 2, [][]string{{a9}, {a9}, {a6, "b"}}},
		// Floor 1 is a floor of its own: cut at max(1, 3) = 3, as above.
		{"oversized partial, floor 1", []string{strings.Repeat("a", 24), "b"}, 7, 1, [][]string{{a9}, {a9}, {a6, "b"}}},
		// Floor 0 means DefaultFloor: cut at max(320, 3) = 320, which leaves
		// the 8 tokens whole, alone in their group.
		{"oversized partial, default floor", []string{strings.Repeat("a", 24), "b"}, 7, 0, [][]string{{strings.Repeat("a", 24)}, {"b"}}},
		// Budget 1, the least accepted.
		{"budget 1", []string{"a", "b"}, 1, 0, [][]string{{"a"}, {"b"}}},
	}
	for _, tt := range tests {
		got, err := Planner{Floor: tt.floor}.Groups(tt.partials, tt.budget)
		if err != nil {
			t.Fatalf("%s: %v", tt.name, err)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s: Groups = %q, want %q", tt.name, got, tt.want)
		}
	}
	if _, err := (Planner{}).Groups([]string{"a"}, 0); err == nil {
		t.Error("budget 0: no error")
	}
}
