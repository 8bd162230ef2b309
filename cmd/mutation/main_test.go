package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/mutation"
)

func TestReadTargets(t *testing.T) {
	path := filepath.Join(t.TempDir(), "targets.txt")
	os.WriteFile(path, []byte("# comment\n\nreference/x/*.go: ./reference/x/; ./specs/ -ginkgo.focus=X-\n"), 0o644)
	got, err := readTargets(path)
	want := []target{{glob: "reference/x/*.go", stages: [][]string{{"./reference/x/"}, {"./specs/", "-ginkgo.focus=X-"}}}}
	if err != nil || !reflect.DeepEqual(got, want) {
		t.Errorf("readTargets: %+v, %v; want %+v", got, err, want)
	}
	for _, bad := range []string{"no colon here\n", "a/*.go: ;\n"} {
		os.WriteFile(path, []byte(bad), 0o644)
		if _, err := readTargets(path); err == nil || !strings.Contains(err.Error(), ":1:") {
			t.Errorf("readTargets(%q): %v, want an error naming line 1", bad, err)
		}
	}
}

// TestEquivalent: an entry names one mutant by its ID, or every mutant of
// a function with " *"; a line without a reason is an error.
func TestEquivalent(t *testing.T) {
	path := filepath.Join(t.TempDir(), "equivalent.txt")
	os.WriteFile(path, []byte("# c\na.go F boundary <→<= #1 :: equal values\nb.go G * :: a hash\n"), 0o644)
	known, err := readEquivalent(path)
	if err != nil {
		t.Fatal(err)
	}
	r := report{known: known}
	for _, tt := range []struct {
		m    mutation.Mutant
		want string
	}{
		{mutation.Mutant{File: "a.go", Func: "F", Operator: "boundary", From: "<", To: "<=", N: 1}, "equal values"},
		{mutation.Mutant{File: "a.go", Func: "F", Operator: "boundary", From: "<", To: "<=", N: 2}, ""},
		{mutation.Mutant{File: "b.go", Func: "G", Operator: "negate", From: "==", To: "!=", N: 3}, "a hash"},
		{mutation.Mutant{File: "b.go", Func: "Gx", Operator: "negate", From: "==", To: "!=", N: 1}, ""},
	} {
		if got := r.why(tt.m); got != tt.want {
			t.Errorf("why(%s) = %q, want %q", tt.m.ID(), got, tt.want)
		}
	}
	os.WriteFile(path, []byte("a.go F boundary <→<= #1\n"), 0o644)
	if _, err := readEquivalent(path); err == nil {
		t.Error("an entry without a reason: no error")
	}
}

// TestChosen: the sample is a fixed share, the same IDs every time.
func TestChosen(t *testing.T) {
	n := 0
	for i := range 10000 {
		id := "f.go F boundary <→<= #" + string(rune('a'+i%26)) + strings.Repeat("x", i/26)
		if chosen(id, 0.05) {
			n++
		}
		first, again := chosen(id, 0.05), chosen(id, 0.05)
		if first != again || !chosen(id, 1) {
			t.Fatalf("chosen(%q) is not stable", id)
		}
	}
	if n < 400 || n > 600 {
		t.Errorf("%d of 10000 chosen at 0.05, want about 500", n)
	}
}

// TestEquivalentDirectory: a directory holds one file an area; an ID
// listed in two of them is an error naming the second.
func TestEquivalentDirectory(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "a.txt"), []byte("a.go F boundary <→<= #1 :: equal values\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "b.txt"), []byte("b.go G * :: a hash\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "README.md"), []byte("not read\n"), 0o644)
	known, err := readEquivalent(dir)
	if err != nil || len(known) != 2 || known["b.go G *"] != "a hash" {
		t.Fatalf("readEquivalent(dir) = %v, %v", known, err)
	}
	os.WriteFile(filepath.Join(dir, "c.txt"), []byte("# again\na.go F boundary <→<= #1 :: other words\n"), 0o644)
	if _, err := readEquivalent(dir); err == nil || !strings.Contains(err.Error(), "c.txt:2") {
		t.Errorf("an ID listed twice: %v, want an error naming c.txt:2", err)
	}
}

// TestSplitStage: go test's flags become the test binary's, as go test
// would pass them; the packages come first.
func TestSplitStage(t *testing.T) {
	for _, tt := range []struct {
		stage, pats, flags []string
	}{
		{[]string{"./specs/", "-ginkgo.focus=INF-"}, []string{"./specs/"}, []string{"-ginkgo.focus=INF-"}},
		{[]string{"./selfcheck", "-run", "TestMutants$/^inflate$"}, []string{"./selfcheck"}, []string{"-test.run=TestMutants$/^inflate$"}},
		{[]string{"./a", "./b", "-v", "-run=X", "-count", "1"}, []string{"./a", "./b"}, []string{"-test.v", "-test.run=X", "-test.count=1"}},
	} {
		pats, flags := splitStage(tt.stage)
		if !reflect.DeepEqual(pats, tt.pats) || !reflect.DeepEqual(flags, tt.flags) {
			t.Errorf("splitStage(%q) = %q, %q; want %q, %q", tt.stage, pats, flags, tt.pats, tt.flags)
		}
	}
}

// TestRunPattern: the leaves' pattern runs each of them, anchored level by
// level, with names quoted.
func TestRunPattern(t *testing.T) {
	for _, tt := range []struct {
		names []string
		want  string
	}{
		{[]string{"TestA"}, "^(TestA)$"},
		{[]string{"TestMutants/densify/broken-a", "TestMutants/densify/b.c"}, `^(TestMutants)$/^(densify)$/^(broken-a|b\.c)$`},
		{[]string{"TestX/a+b", "TestX/c"}, `^(TestX)$/^(a\+b|c)$`},
	} {
		var ts []*test
		for _, n := range tt.names {
			ts = append(ts, &test{name: n})
		}
		if got := runPattern(ts); got != tt.want {
			t.Errorf("runPattern(%q) = %s, want %s", tt.names, got, tt.want)
		}
	}
}

// TestStale: an entry naming no mutant made is stale; a function's " *"
// entry is not while the function has a mutant.
func TestStale(t *testing.T) {
	known := map[string]string{"a.go F boundary <→<= #1": "x", "a.go F boundary <→<= #2": "x", "b.go G *": "x", "c.go H *": "x"}
	made := map[string]bool{"a.go F boundary <→<= #1": true, "b.go G negate ==→!= #1": true}
	if got := stale(known, made); !reflect.DeepEqual(got, []string{"a.go F boundary <→<= #2", "c.go H *"}) {
		t.Errorf("stale = %q", got)
	}
}

// TestScore: the score is rounded down, so that 100% means no survivor;
// and the .json marks a survivor the equivalent list names, so that a
// reader of it counts the survivors as the report does.
func TestScore(t *testing.T) {
	m := func(n int) mutation.Mutant {
		return mutation.Mutant{File: "a.go", Func: "F", Operator: "boundary", From: "<", To: "<=", N: n}
	}
	for _, tt := range []struct {
		killed, survived int
		want             string
	}{{3780, 1, "score 99.9%"}, {3, 0, "score 100.0%"}, {1, 1, "score 50.0%"}, {2, 1, "score 66.6%"}} {
		r := report{}
		for i := 0; i < tt.killed; i++ {
			r.results = append(r.results, result{m: m(i + 1), v: killed})
		}
		for i := 0; i < tt.survived; i++ {
			r.results = append(r.results, result{m: m(tt.killed + i + 1), v: survived})
		}
		if got := r.summary(); !strings.HasPrefix(got, tt.want+":") {
			t.Errorf("%d killed, %d survived: %q, want %q", tt.killed, tt.survived, got, tt.want)
		}
	}

	r := report{known: map[string]string{m(1).ID(): "equal values"}, results: []result{{m: m(1), v: survived}, {m: m(2), v: survived}}}
	path := filepath.Join(t.TempDir(), "latest.json")
	if err := r.save(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var s saved
	if err := json.Unmarshal(data, &s); err != nil {
		t.Fatal(err)
	}
	if len(s.Results) != 2 || s.Results[0].Equivalent != "equal values" || s.Results[1].Equivalent != "" {
		t.Errorf("saved %+v, want the first marked equivalent (equal values), the second not", s.Results)
	}
}
