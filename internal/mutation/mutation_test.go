package mutation

import (
	"go/parser"
	"go/token"
	"slices"
	"strings"
	"testing"
)

const sample = `package p

import "fmt"

const Limit = 150

func F(xs []int, budget int) (int, error) {
	if budget < 0 {
		return 0, fmt.Errorf("budget %d < 0", budget+1)
	}
	used := 0
	for i := 0; i <= len(xs)-1; i++ {
		if used+xs[i] > budget {
			break
		}
		used += min(xs[i], Limit)
	}
	switch {
	case used == budget:
		return used, nil
	}
	if err := check(used); err != nil {
		return 0, err
	}
	return xs[0], nil
}

func check(int) error { return nil }
`

// TestGenerate lists the mutants of a small file by hand: each operator at
// each place it applies, nothing inside a message or an error check.
func TestGenerate(t *testing.T) {
	ms, err := Generate("p.go", []byte(sample))
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, m := range ms {
		got = append(got, m.ID())
	}
	want := []string{
		"p.go (package) constant 150→151 #1",
		"p.go F branch budget < 0→false #1",
		"p.go F boundary <→<= #1",
		"p.go F constant 0→1 #1",
		"p.go F boundary <=→< #1",
		"p.go F constant 1→2 #1",
		"p.go F branch used+xs[i] > budget→false #1",
		"p.go F boundary >→>= #1",
		"p.go F clamp min(xs[i], Limit)→xs[i] #1",
		"p.go F clamp min(xs[i], Limit)→Limit #1",
		"p.go F branch used == budget→false #1",
		"p.go F negate ==→!= #1",
		"p.go F constant 0→1 #2",
	}
	if !slices.Equal(got, want) {
		t.Errorf("mutants:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, m := range ms {
		// Each mutant is the original with one edit, and still Go.
		if _, err := parser.ParseFile(token.NewFileSet(), "m.go", m.Src, 0); err != nil {
			t.Errorf("%s: %v", m.ID(), err)
		}
		if string(m.Src) == sample {
			t.Errorf("%s: the source is unchanged", m.ID())
		}
		line := strings.Split(string(m.Src), "\n")[m.Line-1]
		if orig := strings.Split(sample, "\n")[m.Line-1]; line == orig || !strings.Contains(orig, m.From) {
			t.Errorf("%s at line %d: %q, was %q", m.ID(), m.Line, line, orig)
		}
	}
}

func TestGenerateBadSource(t *testing.T) {
	if _, err := Generate("bad.go", []byte("package p\nfunc {")); err == nil || !strings.Contains(err.Error(), "bad.go") {
		t.Errorf("Generate of bad source: %v, want an error naming the file", err)
	}
}
