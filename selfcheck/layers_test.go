package selfcheck_test

import (
	"go/build"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"
)

const module = "github.com/ctxconform/ctxconform"

// layers are the repository's folders from the ground up. A package may
// import packages of its own layer or of a lower one, never of a higher
// one: the folders show the layers, and every import runs down.
var layers = []struct {
	name    string
	folders []string // module-relative; a folder holds every package below it
}{
	{"ground: utilities and test environments that import nothing of the project", []string{"internal", "standards"}},
	{"reference implementations and the model clients they are judged with", []string{"reference", "llm"}},
	{"fixtures: the corpora and tool catalogues checks draw from", []string{"fixtures"}},
	{"the adapter contract and its implementations, the process protocol", []string{"adapters"}},
	{"the harness: running requirements, judging answers, failure memory", []string{"suite"}},
	{"golden vectors: the reference's answers, written and checked through the harness", []string{"fixtures/vectors"}},
	{"the requirements: specs and properties", []string{"specs", "properties"}},
	{"the catalogue (package ctxconform)", []string{"."}},
	{"benchmarks and reports", []string{"bench", "reports"}},
	{"commands: the conformance binary and the tools of the build", []string{"cmd", "tools"}},
	{"the harness's tests of itself and of its documentation", []string{"selfcheck", "docs"}},
}

// layerOf is the index in layers of the module-relative folder dir, or -1.
func layerOf(dir string) int {
	best, bestLen := -1, -1
	for i, l := range layers {
		for _, f := range l.folders {
			if (f == "." && dir == ".") || dir == f || strings.HasPrefix(dir, f+"/") {
				if len(f) > bestLen {
					best, bestLen = i, len(f)
				}
			}
		}
	}
	return best
}

// TestImportsRunDown: no package imports a package of a higher layer, and
// every package belongs to a layer. Tests may reach higher (a reference
// test drawing on a fixture, an adapter's tests running the catalogue):
// they stand above what they test.
func TestImportsRunDown(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var checked int
	err = filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() {
			return nil
		}
		name := d.Name()
		if path != root && (strings.HasPrefix(name, ".") || strings.HasPrefix(name, "_") || name == "testdata" || name == "node_modules") {
			return filepath.SkipDir
		}
		pkg, err := build.ImportDir(path, build.ImportComment)
		if err != nil {
			if _, ok := err.(*build.NoGoError); ok {
				return nil
			}
			t.Errorf("%s: %v", path, err)
			return nil
		}
		rel, _ := filepath.Rel(root, path)
		rel = filepath.ToSlash(rel)
		from := layerOf(rel)
		if from < 0 {
			t.Errorf("%s belongs to no layer: add its folder to layers in selfcheck/layers_test.go", rel)
			return nil
		}
		checked++
		for _, imp := range pkg.Imports {
			if imp != module && !strings.HasPrefix(imp, module+"/") {
				continue
			}
			dir := strings.TrimPrefix(strings.TrimPrefix(imp, module), "/")
			if dir == "" {
				dir = "."
			}
			if to := layerOf(dir); to > from {
				t.Errorf("%s (%s) imports %s (%s): an import that runs up the layers", rel, layers[from].name, dir, layers[to].name)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 40 {
		t.Fatalf("checked %d packages: the walk missed the repository", checked)
	}
}
