package mutation

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// schemaSample has every operator, nested switches (a constant inside a
// comparison inside a condition), typed and untyped constants, a line
// comment inside a switched expression, and a named constant, which a
// schema cannot switch.
const schemaSample = `package p

import "fmt"

const Limit = 150

func F(xs []int, budget int) int {
	used := 0
	for i := 0; i <= len(xs)-1; i++ {
		if used+xs[i] > budget {
			break
		}
		used += min(xs[i], Limit)
	}
	switch {
	case used == budget:
		return -used
	case used < 3:
		return used * 2
	}
	return used
}

func G(a int64, b float64) float64 {
	if a >= 2 && b != 1 {
		return b / 2
	}
	return float64(a+1) * max(b, // the floor
		0.5)
}

func H(s string) string {
	if len(s) > 2 {
		return s[1 : len(s)-1]
	}
	return s
}

func Run() string {
	var out []any
	for _, budget := range []int{0, 2, 3, 5, 150, 151, 400} {
		out = append(out, F([]int{1, 2, 150, 200}, budget), F(nil, budget))
	}
	for _, a := range []int64{0, 1, 2, 3} {
		for _, b := range []float64{0, 0.5, 1, 4} {
			out = append(out, G(a, b))
		}
	}
	for _, s := range []string{"", "ab", "abc", "abcd"} {
		out = append(out, H(s))
	}
	return fmt.Sprint(out...)
}
`

// TestSchemaAgrees builds the sample's schema once and every mutant on its
// own, and checks that each mutant number switches on exactly the
// behaviour of the mutant built alone (and 0 the original's).
func TestSchemaAgrees(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module of one package per mutant")
	}
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("go.mod", "module sample\n\ngo 1.22\n")
	write("p/p.go", schemaSample)
	ms, err := Generate("p/p.go", []byte(schemaSample))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := LoadPackages(dir, []string{"./p"})
	if err != nil {
		t.Fatal(err)
	}
	var ns []Numbered
	for i, m := range ms {
		ns = append(ns, Numbered{Mutant: m, Num: i + 1})
	}
	schema, _, left := Schema("p/p.go", []byte(schemaSample), ns, pkgs["p"].Type)
	// Only the named constant's value (an untyped constant) stays out.
	if len(left) != 1 || left[0].From != "150" || left[0].Func != "" {
		t.Errorf("left out of the schema: %v, want only Limit's 150", left)
	}
	write("s/p.go", string(schema))
	write("s/zz.go", string(Switch("p", len(ns))))
	var imports, cases strings.Builder
	write("orig/p.go", schemaSample)
	for _, m := range ns {
		write(fmt.Sprintf("m%d/p.go", m.Num), string(m.Src))
		fmt.Fprintf(&imports, "\tm%d \"sample/m%d\"\n", m.Num, m.Num)
		fmt.Fprintf(&cases, "\tcase %d:\n\t\tfmt.Println(m%d.Run())\n", m.Num, m.Num)
	}
	write("main.go", fmt.Sprintf(`package main

import (
	"fmt"
	"os"
	"strconv"

	orig "sample/orig"
	schema "sample/s"
%s)

func main() {
	fmt.Println(schema.Run())
	switch n, _ := strconv.Atoi(os.Args[1]); n {
	case 0:
		fmt.Println(orig.Run())
%s	}
}
`, imports.String(), cases.String()))
	bin := filepath.Join(dir, "sample")
	cmd := exec.Command("go", "build", "-o", bin, ".")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s\nschema:\n%s", err, out, schema)
	}
	inSchema := map[int]bool{}
	for _, m := range ns {
		inSchema[m.Num] = true
	}
	for _, m := range left {
		delete(inSchema, m.Num)
	}
	original := ""
	for n := 0; n <= len(ns); n++ {
		if n > 0 && !inSchema[n] {
			continue
		}
		cmd := exec.Command(bin, strconv.Itoa(n))
		cmd.Env = append(os.Environ(), EnvMutant+"="+strconv.Itoa(n))
		out, err := cmd.Output()
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		if err != nil || len(lines) != 2 {
			t.Fatalf("mutant %d: %v\n%s", n, err, out)
		}
		id := "the original"
		if n > 0 {
			id = ns[n-1].ID()
		}
		if lines[0] != lines[1] {
			t.Errorf("%s: the schema gives\n\t%s\nbuilt alone\n\t%s", id, lines[0], lines[1])
		}
		if n == 0 {
			original = lines[1]
		}
	}
	if original == "" {
		t.Fatal("the original printed nothing")
	}
}

// TestSchemaTrace: with the trace on, the switch records each mutant the
// first time it is reached, and only those.
func TestSchemaTrace(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	dir := t.TempDir()
	src := "package main\n\nfunc main() {\n\tx := len(\"ab\")\n\tfor i := 0; i < 3; i++ {\n\t\tif x > 5 {\n\t\t\tprintln(x+1)\n\t\t}\n\t}\n}\n"
	os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module trace\n\ngo 1.22\n"), 0o644)
	os.WriteFile(filepath.Join(dir, "main.go"), []byte(src), 0o644)
	ms, err := Generate("main.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	pkgs, err := LoadPackages(dir, []string{"."})
	if err != nil {
		t.Fatal(err)
	}
	var ns []Numbered
	reachable := map[int]bool{}
	for i, m := range ms {
		ns = append(ns, Numbered{Mutant: m, Num: i + 1})
		// x+1 is inside the branch never taken; every other switch runs.
		reachable[i+1] = !strings.HasPrefix(m.From, "1")
	}
	schema, _, left := Schema("main.go", []byte(src), ns, pkgs["."].Type)
	if len(left) != 0 {
		t.Fatalf("left out: %v", left)
	}
	os.WriteFile(filepath.Join(dir, "main.go"), schema, 0o644)
	os.WriteFile(filepath.Join(dir, "zz.go"), Switch("main", len(ns)), 0o644)
	trace := filepath.Join(dir, "trace")
	cmd := exec.Command("go", "run", ".")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), EnvTrace+"="+trace)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, schema)
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	got := map[int]bool{}
	for _, f := range bytes.Fields(data) {
		n, _ := strconv.Atoi(string(f))
		if got[n] {
			t.Errorf("mutant %d traced twice", n)
		}
		got[n] = true
	}
	for _, m := range ns {
		if got[m.Num] != reachable[m.Num] {
			t.Errorf("%s: traced %v, want %v", m.ID(), got[m.Num], reachable[m.Num])
		}
	}
}
