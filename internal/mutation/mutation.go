// Package mutation makes the classic mutants of a Go source file, so that a
// run can tell whether the tests notice each one: a test suite that passes
// against a mutant has a gap (or the mutant is equivalent, and says so in a
// kept list).
//
// The operators are the ones a reviewer makes by hand: comparison
// boundaries (< and <=, > and >=), negated equalities, dropped clamps
// (min(a, b) becomes a, then b), constants off by one (n becomes n+1), and
// dropped branches (an if without else, or a case of a tagless switch,
// never taken). Each mutant is a text edit of the original source, so the
// rest of the file keeps its bytes and the compiler's positions.
//
// Code whose only effect is a message is left alone: arguments of
// formatting calls (Errorf, Sprintf, Logf, ...) and of panic. Comparisons
// with nil are left alone too: they guard against errors the tests make on
// purpose or not at all, and the run would spend its time there.
package mutation

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"strings"
)

// Mutant is one change to one file.
type Mutant struct {
	File     string // as given to Generate
	Func     string // the enclosing function ("" at package level), Type.Method for methods
	Line     int
	Col      int
	Operator string // boundary, negate, clamp, constant, branch
	From, To string // the text replaced and its replacement
	N        int    // 1 for the first mutant with this File, Func, Operator, From and To, 2 for the next
	Src      []byte // the whole mutated file

	// Where the change sits in the original file, as byte offsets: the
	// text replaced (Start, End) and the expression it belongs to
	// (ExprStart, ExprEnd), which a schema switches as a whole. Guard
	// marks a branch mutant: its expression is a condition, switched off
	// rather than replaced.
	Start, End         int
	ExprStart, ExprEnd int
	Guard              bool
}

// ID names the mutant without its line, so it survives edits elsewhere in
// the file: file, function, operator, the change and its ordinal.
func (m Mutant) ID() string {
	return fmt.Sprintf("%s %s %s %s→%s #%d", m.File, funcOr(m.Func), m.Operator, oneLine(m.From), oneLine(m.To), m.N)
}

// Where is file:line:col.
func (m Mutant) Where() string { return fmt.Sprintf("%s:%d:%d", m.File, m.Line, m.Col) }

func funcOr(f string) string {
	if f == "" {
		return "(package)"
	}
	return f
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 60 {
		s = s[:57] + "..."
	}
	return s
}

// formatting names calls whose arguments only make a message.
var formatting = map[string]bool{
	"Errorf": true, "Sprintf": true, "Sprint": true, "Sprintln": true, "Fprintf": true, "Printf": true,
	"Logf": true, "Fatalf": true, "Skipf": true, "Notef": true, "Fprintln": true, "Println": true,
	"panic": true, "New": true, "Wrap": true,
}

// Generate returns every mutant of src, in source order. name is the
// file's path as the mutants should report it.
func Generate(name string, src []byte) ([]Mutant, error) {
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, name, src, parser.SkipObjectResolution)
	if err != nil {
		return nil, fmt.Errorf("mutation: parse %s: %w", name, err)
	}
	g := &gen{fset: fset, name: name, src: src, seen: map[string]int{}}
	for _, d := range f.Decls {
		fn, ok := d.(*ast.FuncDecl)
		if !ok {
			g.fn = ""
			g.walk(d)
			continue
		}
		g.fn = fn.Name.Name
		if fn.Recv != nil && len(fn.Recv.List) == 1 {
			g.fn = recvName(fn.Recv.List[0].Type) + "." + g.fn
		}
		if fn.Body != nil {
			g.walk(fn.Body)
		}
	}
	return g.out, nil
}

func recvName(e ast.Expr) string {
	switch t := e.(type) {
	case *ast.StarExpr:
		return recvName(t.X)
	case *ast.IndexExpr:
		return recvName(t.X)
	case *ast.IndexListExpr:
		return recvName(t.X)
	case *ast.Ident:
		return t.Name
	}
	return "?"
}

type gen struct {
	fset *token.FileSet
	name string
	src  []byte
	fn   string
	seen map[string]int
	out  []Mutant
}

func (g *gen) off(p token.Pos) int { return g.fset.Position(p).Offset }

func (g *gen) text(n ast.Node) string { return string(g.src[g.off(n.Pos()):g.off(n.End())]) }

// edit records the mutant that replaces src[start:end] with to, a change
// within the expression e.
func (g *gen) edit(op string, e ast.Node, start, end int, to string) {
	from := string(g.src[start:end])
	pos := g.fset.Position(g.fset.File(token.Pos(1)).Pos(start))
	key := strings.Join([]string{g.fn, op, from, to}, "\x00")
	g.seen[key]++
	src := make([]byte, 0, len(g.src)-(end-start)+len(to))
	src = append(append(append(src, g.src[:start]...), to...), g.src[end:]...)
	g.out = append(g.out, Mutant{File: g.name, Func: g.fn, Line: pos.Line, Col: pos.Column,
		Operator: op, From: from, To: to, N: g.seen[key], Src: src,
		Start: start, End: end, ExprStart: g.off(e.Pos()), ExprEnd: g.off(e.End()), Guard: op == "branch"})
}

var boundary = map[token.Token]string{token.LSS: "<=", token.LEQ: "<", token.GTR: ">=", token.GEQ: ">"}

func isNil(e ast.Expr) bool {
	id, ok := e.(*ast.Ident)
	return ok && id.Name == "nil"
}

func isConst(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.BasicLit:
		return true
	case *ast.Ident:
		return x.Name == "true" || x.Name == "false" || x.Name == "nil"
	}
	return false
}

func (g *gen) walk(root ast.Node) {
	ast.Inspect(root, func(n ast.Node) bool {
		switch x := n.(type) {
		case *ast.FuncLit:
			return true
		case *ast.GenDecl:
			// Package-level and local declarations: constants' values are
			// mutated (they are the standards' numbers), types are not.
			return x.Tok == token.CONST || x.Tok == token.VAR
		case *ast.CallExpr:
			name := ""
			switch f := x.Fun.(type) {
			case *ast.Ident:
				name = f.Name
			case *ast.SelectorExpr:
				name = f.Sel.Name
			}
			if formatting[name] {
				return false // a message only
			}
			if id, ok := x.Fun.(*ast.Ident); ok && (id.Name == "min" || id.Name == "max") && len(x.Args) == 2 {
				for _, a := range x.Args {
					g.edit("clamp", x, g.off(x.Pos()), g.off(x.End()), g.text(a))
				}
			}
		case *ast.BinaryExpr:
			if isNil(x.X) || isNil(x.Y) || isConst(x.X) && isConst(x.Y) {
				return true
			}
			op := g.off(x.OpPos)
			if to, ok := boundary[x.Op]; ok {
				g.edit("boundary", x, op, op+len(x.Op.String()), to)
			}
			switch x.Op {
			case token.ADD, token.SUB, token.LSS, token.LEQ, token.GTR, token.GEQ:
				g.constant(x.X)
				g.constant(x.Y)
			}
			switch x.Op {
			case token.EQL:
				g.edit("negate", x, op, op+2, "!=")
			case token.NEQ:
				g.edit("negate", x, op, op+2, "==")
			}
		case *ast.ValueSpec:
			// A named constant or variable's value: the standards' numbers.
			for _, v := range x.Values {
				g.constant(v)
			}
		case *ast.IndexExpr:
			g.constant(x.Index)
		case *ast.SliceExpr:
			g.constant(x.Low)
			g.constant(x.High)
		case *ast.IfStmt:
			if x.Else == nil && x.Init == nil && !mentionsNil(x.Cond) {
				g.edit("branch", x.Cond, g.off(x.Cond.Pos()), g.off(x.Cond.End()), "false")
			}
		case *ast.SwitchStmt:
			if x.Tag != nil {
				return true
			}
			for _, s := range x.Body.List {
				cc := s.(*ast.CaseClause)
				if len(cc.List) == 1 && !mentionsNil(cc.List[0]) {
					g.edit("branch", cc.List[0], g.off(cc.List[0].Pos()), g.off(cc.List[0].End()), "false")
				}
			}
		}
		return true
	})
}

// mentionsNil: the condition compares something with nil (an error check).
func mentionsNil(e ast.Expr) bool {
	found := false
	ast.Inspect(e, func(n ast.Node) bool {
		if b, ok := n.(*ast.BinaryExpr); ok && (isNil(b.X) || isNil(b.Y)) {
			found = true
		}
		return !found
	})
	return found
}

// constant makes n into n+1 where e is an integer literal: an index, a
// bound or a term off by one.
func (g *gen) constant(e ast.Expr) {
	x, ok := e.(*ast.BasicLit)
	if !ok || x.Kind != token.INT {
		return
	}
	v, err := strconv.ParseInt(strings.ReplaceAll(x.Value, "_", ""), 0, 64)
	if err != nil || v > 1<<20 {
		return
	}
	g.edit("constant", x, g.off(x.Pos()), g.off(x.End()), strconv.FormatInt(v+1, 10))
}
