package mutation

import (
	"fmt"
	"sort"
	"strings"
)

// A schema holds every mutant of a package in one build: each mutated
// expression becomes a switch on the mutant's number, read from the
// environment when the test binary starts (CTXCONFORM_MUTANT). One compile
// then serves thousands of mutants, where a build per mutant costs seconds
// each (mutant schemata: Untch, Offutt and Harrold, 1993).
//
// A comparison, a clamp or a constant becomes a function literal called in
// place, which evaluates the mutated or the original text:
//
//	func() bool { if ctxconformOn(7) { return a <= b }; return a < b }()
//
// and a condition a branch mutant drops becomes !ctxconformOn(9) && (cond).
// A function literal needs its result's type written out; Typer gives it,
// and a mutant whose type it cannot name (an untyped constant, a type the
// file does not import) stays out of the schema and is judged by a build
// of its own.

// Switch names what the schema adds to a package.
const (
	EnvMutant = "CTXCONFORM_MUTANT"       // the number of the mutant to switch on; 0 or unset: none
	EnvTrace  = "CTXCONFORM_MUTANT_TRACE" // a file to which each mutant's number is appended the first time the tests reach it
	onFunc    = "ctxconformOn"
)

// Typer gives the Go text of the type of the expression at [start, end) of
// file, as the file can write it, or false when it cannot.
type Typer func(file string, start, end int) (string, bool)

// Numbered is a mutant with the number that switches it on in a schema.
type Numbered struct {
	Mutant
	Num int
}

// Schema returns src with every mutant in ms switched by its number, and
// the mutants it left out because Typer could not name their type (or
// their place does not allow a call, which only the compiler tells: see
// Span). ms are mutants of this one file.
func Schema(file string, src []byte, ms []Numbered, typeOf Typer) (out []byte, spans []Span, left []Numbered) {
	var ws []*wrap
	byRange := map[[3]int]*wrap{}
	for _, m := range ms {
		guard := 0
		if m.Guard {
			guard = 1
		}
		k := [3]int{m.ExprStart, m.ExprEnd, guard}
		w := byRange[k]
		if w == nil {
			w = &wrap{s: m.ExprStart, e: m.ExprEnd, guard: m.Guard}
			if !m.Guard {
				t, ok := "bool", true
				if m.Operator != "boundary" && m.Operator != "negate" {
					t, ok = typeOf(file, m.ExprStart, m.ExprEnd)
				}
				if !ok {
					left = append(left, m)
					continue
				}
				w.typ = t
			}
			byRange[k] = w
			ws = append(ws, w)
		}
		w.ms = append(w.ms, m)
	}
	// Outer first: a wider range, and at one range the guard outside
	// the switch of the same condition.
	sort.Slice(ws, func(i, j int) bool {
		a, b := ws[i], ws[j]
		if a.s != b.s {
			return a.s < b.s
		}
		if a.e != b.e {
			return a.e > b.e
		}
		return a.guard && !b.guard
	})
	root := &wrap{s: 0, e: len(src)}
	stack := []*wrap{root}
	for _, w := range ws {
		for len(stack) > 1 && w.s >= stack[len(stack)-1].e {
			stack = stack[:len(stack)-1]
		}
		p := stack[len(stack)-1]
		p.kids = append(p.kids, w)
		stack = append(stack, w)
	}
	r := &renderer{src: src}
	r.text(root.s, root.e, root.kids)
	return []byte(r.b.String()), r.spans, left
}

// Span is where one switch landed in a schema's text, so that a compile
// error there can be traced to the mutants it holds.
type Span struct {
	Start, End int // byte offsets in the schema's text
	Mutants    []Numbered
}

type wrap struct {
	s, e  int
	guard bool
	typ   string
	ms    []Numbered
	kids  []*wrap
}

type renderer struct {
	src   []byte
	b     strings.Builder
	spans []Span
}

// text writes src[s:e] with each kid (nested ranges within it, in order)
// switched.
func (r *renderer) text(s, e int, kids []*wrap) {
	at := s
	for _, k := range kids {
		if k.s < at || k.e > e {
			continue // cut by an edit: its text is replaced
		}
		r.b.Write(r.src[at:k.s])
		r.wrap(k)
		at = k.e
	}
	r.b.Write(r.src[at:e])
}

func (r *renderer) wrap(w *wrap) {
	start := r.b.Len()
	defer func() { r.spans = append(r.spans, Span{Start: start, End: r.b.Len(), Mutants: w.ms}) }()
	if w.guard {
		// A guard switches the condition off; a switch of the same
		// range (a comparison) sits inside it.
		fmt.Fprintf(&r.b, "!%s(%d) && (", onFunc, w.ms[0].Num)
		r.text(w.s, w.e, w.kids)
		r.b.WriteString(")")
		return
	}
	fmt.Fprintf(&r.b, "func() %s { ", w.typ)
	for _, m := range w.ms {
		fmt.Fprintf(&r.b, "if %s(%d) { return ", onFunc, m.Num)
		r.text(w.s, m.Start, w.kids)
		r.b.WriteString(m.To)
		r.text(m.End, w.e, w.kids)
		r.b.WriteString(r.eol(w.s, w.e))
		r.b.WriteString("}; ")
	}
	r.b.WriteString("return ")
	r.text(w.s, w.e, w.kids)
	r.b.WriteString(r.eol(w.s, w.e))
	r.b.WriteString("}()")
}

// eol ends a line comment within the expression's text before the switch
// goes on; otherwise nothing, so the lines keep their numbers.
func (r *renderer) eol(s, e int) string {
	if strings.Contains(string(r.src[s:e]), "//") {
		return "\n"
	}
	return " "
}

// Switch is the file a schema adds to package pkg: the mutant's number
// from the environment, and ctxconformOn, which the switches call. n is
// the highest mutant number.
func Switch(pkg string, n int) []byte {
	return fmt.Appendf(nil, `// Code generated by ctxconform's mutation run. DO NOT EDIT.

package %s

import (
	"os"
	"strconv"
	"sync/atomic"
)

var ctxconformMutant, _ = strconv.Atoi(os.Getenv(%q))

var ctxconformTrace = os.Getenv(%q)

var ctxconformSeen [%d]atomic.Bool

func %s(id int) bool {
	if ctxconformTrace != "" {
		ctxconformReach(id)
	}
	return ctxconformMutant == id
}

// ctxconformReach appends id to the trace file the first time it is reached.
func ctxconformReach(id int) {
	if ctxconformSeen[id].Swap(true) {
		return
	}
	f, err := os.OpenFile(ctxconformTrace, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		panic("mutation trace: " + err.Error())
	}
	defer f.Close()
	if _, err := f.WriteString(strconv.Itoa(id) + "\n"); err != nil {
		panic("mutation trace: " + err.Error())
	}
}
`, pkg, EnvMutant, EnvTrace, n+1, onFunc)
}
