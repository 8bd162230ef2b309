package mutation

import (
	"fmt"
	"go/ast"
	"go/types"
	"path/filepath"

	"golang.org/x/tools/go/packages"
)

// Package is what a schema needs of a package: its name, for the file the
// schema adds, and a Typer over its files. Files are keyed by their path
// relative to the directory the packages were loaded from, with slashes,
// as the mutants name them.
type Package struct {
	Name string
	Dir  string // absolute
	Type Typer
}

// LoadPackages type-checks the packages in dirs (relative to wd, as
// "./reference/inflate") without their tests. It uses go/packages, which
// asks the go command for the dependencies' export data: go/types alone
// cannot find a module's packages.
func LoadPackages(wd string, dirs []string) (map[string]*Package, error) {
	cfg := &packages.Config{
		Mode: packages.NeedName | packages.NeedFiles | packages.NeedSyntax | packages.NeedTypes | packages.NeedTypesInfo,
		Dir:  wd,
	}
	pkgs, err := packages.Load(cfg, dirs...)
	if err != nil {
		return nil, fmt.Errorf("load the packages to mutate: %w", err)
	}
	out := map[string]*Package{}
	for _, p := range pkgs {
		if len(p.Errors) > 0 {
			return nil, fmt.Errorf("load %s: %v", p.PkgPath, p.Errors[0])
		}
		types := map[string]map[[2]int]string{}
		for _, f := range p.Syntax {
			tf := p.Fset.File(f.Pos())
			rel, err := filepath.Rel(wd, tf.Name())
			if err != nil {
				return nil, err
			}
			rel = filepath.ToSlash(rel)
			types[rel] = exprTypes(p, f, tf.Base(), tf.Size())
		}
		pkg := &Package{Name: p.Name, Type: func(file string, start, end int) (string, bool) {
			t, ok := types[file][[2]int{start, end}]
			return t, ok
		}}
		if len(p.GoFiles) > 0 {
			pkg.Dir = filepath.Dir(p.GoFiles[0])
			rel, _ := filepath.Rel(wd, pkg.Dir)
			out[filepath.ToSlash(rel)] = pkg
		}
	}
	return out, nil
}

// exprTypes writes the type of every typed expression of f as f can name
// it, keyed by its byte range; an untyped constant, or a type from a
// package f does not import, has no entry.
func exprTypes(p *packages.Package, f *ast.File, base, size int) map[[2]int]string {
	imports := map[string]string{} // path → the name f gives it
	for _, spec := range f.Imports {
		if pn := p.TypesInfo.PkgNameOf(spec); pn != nil {
			imports[pn.Imported().Path()] = pn.Name()
		}
	}
	out := map[[2]int]string{}
	for e, tv := range p.TypesInfo.Types {
		if int(e.Pos()) < base || int(e.End()) > base+size || tv.Type == nil || !tv.IsValue() {
			continue
		}
		if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
			continue
		}
		named := true
		s := types.TypeString(tv.Type, func(q *types.Package) string {
			if q == p.Types {
				return ""
			}
			name, ok := imports[q.Path()]
			if !ok || name == "_" {
				named = false
			}
			if name == "." {
				return ""
			}
			return name
		})
		if named {
			out[[2]int{int(e.Pos()) - base, int(e.End()) - base}] = s
		}
	}
	return out
}
