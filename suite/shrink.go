package suite

import (
	"context"
	"math"
	"reflect"
	"time"
	"unicode/utf8"
)

// Shrinking, after Hypothesis's shrinker: a failing case is made smaller
// one change at a time, each change kept only when the case still fails
// (twice, so a program wrong now and then cannot lead it astray), until no
// change is left that keeps it failing — a local minimum:
//
//   - no item of any list (a hit, a document, an atom, a tool, a node)
//     can be removed: lists lose chunks first (all of it, halves, quarters,
//     …) and then single items;
//   - no text can be shortened (from its end; short texts lose any one
//     character);
//   - no number can move toward its simplest value, 0: each is tried at 0,
//     then one step toward 0, and when that fails too it is minimized by
//     binary search, so a number in the millions takes some twenty sends,
//     not millions;
//   - no flag can be cleared;
//   - no items of a list can be removed together with a rescaling of a
//     number they share: when no single change is left, chunks of each
//     list are removed while every whole number outside the lists (a
//     budget, a count) is scaled by the share of items left, so that a
//     failure that depends on each item's share of a budget (seven hits
//     under a budget of 6482, each window 926) comes down to the items that
//     cause it (two hits under 1852, each window still 926), where removing
//     an item alone changes every share and lowering the budget alone
//     shrinks them. Hypothesis's shrinker has such passes, which change two
//     things at once, for the same reason.
//
// The passes repeat until one round changes nothing, so the minimum holds
// for every item at once. The search is bounded by time only (shrinkShare
// of what is left of the requirement's deadline), never by a step count a
// two-number case would exhaust; a search cut short says so.
//
// The shrinker works by reflection on the case's exported fields (structs,
// pointers, slices and arrays of them, numbers, strings, booleans), which
// covers every case type of package properties, whatever gopter generator
// built it: gopter's own shrinkers of Map, FlatMap and Struct generators
// shrink little or nothing. A case type whose shrunk values are not all
// cases (a fixed request whose hit would leave its shortened document)
// implements Validator.

// A Validator is a case type some of whose values describe no case the
// property may send; the shrinker never sends a value whose Valid is false.
type Validator interface{ Valid() bool }

// shrinkShare is the share of the time left before the requirement's
// deadline that shrinking may take; shrinkDefault bounds it when the check
// has no deadline.
const (
	shrinkShare   = 0.75
	shrinkDefault = time.Minute
)

// shrinker holds the search's state: the smallest failing value so far,
// what it cost and whether it was cut short.
type shrinker struct {
	best     reflect.Value              // the smallest failing value so far
	fails    func(v reflect.Value) bool // sends a candidate: true when it still fails
	ctx      context.Context
	deadline time.Time
	tried    int  // candidates sent
	kept     int  // candidates kept (each smaller than the last)
	cut      bool // the time bound or the check's end stopped the search
}

// shrinkDeadline is when shrinking must stop, given the check's context.
func shrinkDeadline(ctx context.Context) time.Time {
	if d, ok := ctx.Deadline(); ok {
		return time.Now().Add(time.Duration(float64(time.Until(d)) * shrinkShare))
	}
	return time.Now().Add(shrinkDefault)
}

// stop reports whether the search must end, and notes that it was cut.
func (s *shrinker) stop() bool {
	if s.cut {
		return true
	}
	if s.ctx.Err() != nil || !time.Now().Before(s.deadline) {
		s.cut = true
	}
	return s.cut
}

// try sends the value that best becomes after change, and keeps it when it
// still fails. change receives a deep copy of best and a way to reach the
// item at path within it.
func (s *shrinker) try(path []int, change func(reflect.Value)) bool {
	if s.stop() {
		return false
	}
	c := deepCopy(s.best)
	change(at(c, path))
	if v, ok := c.Interface().(Validator); ok && !v.Valid() {
		return false
	}
	if reflect.DeepEqual(c.Interface(), s.best.Interface()) {
		return false // no change (a float32 that stays infinite): no progress
	}
	s.tried++
	if !s.fails(c) {
		return false
	}
	s.best = c
	s.kept++
	return true
}

// run shrinks to a local minimum or until stopped.
func (s *shrinker) run() {
	for !s.stop() {
		before := s.kept
		s.pass(reflect.Slice, s.shrinkSlice)
		s.pass(reflect.String, s.shrinkString)
		s.pass(reflect.Invalid, s.shrinkScalar) // numbers and flags
		if s.kept == before {
			// Stuck one change at a time: try two at once.
			s.pass(reflect.Slice, s.shrinkSliceScaled)
		}
		if s.kept == before {
			return
		}
	}
}

// pass applies shrink to every item of the given kind (Invalid: numbers
// and flags), found afresh after each change.
func (s *shrinker) pass(kind reflect.Kind, shrink func(path []int)) {
	for i := 0; !s.stop(); i++ {
		sites := sitesOf(s.best, kind)
		if i >= len(sites) {
			return
		}
		shrink(sites[i])
	}
}

// shrinkSlice removes chunks of the slice at path: all of it, then halves,
// quarters, … and single items.
func (s *shrinker) shrinkSlice(path []int) {
	n := func() int { return at(s.best, path).Len() }
	s.deleteChunks(n, func(i, j int) bool {
		return s.try(path, func(v reflect.Value) {
			out := reflect.MakeSlice(v.Type(), 0, v.Len()-(j-i))
			out = reflect.AppendSlice(out, v.Slice(0, i))
			v.Set(reflect.AppendSlice(out, v.Slice(j, v.Len())))
		})
	})
}

// shrinkSliceScaled removes chunks of the slice at path (halves, quarters,
// … single items; never all of it) while scaling one whole number outside
// every list, in turn each, by the share of items left: x·(n−k)/n, rounded,
// for k of n items removed.
func (s *shrinker) shrinkSliceScaled(path []int) {
	n := func() int { return at(s.best, path).Len() }
	for _, q := range sharedNumbers(s.best) {
		if s.stop() {
			return
		}
		s.deleteChunks(n, func(i, j int) bool {
			total, k := n(), j-i
			if k >= total || at(s.best, q).IsZero() {
				return false
			}
			return s.try(nil, func(v reflect.Value) {
				sl := at(v, path)
				out := reflect.MakeSlice(sl.Type(), 0, sl.Len()-k)
				out = reflect.AppendSlice(out, sl.Slice(0, i))
				sl.Set(reflect.AppendSlice(out, sl.Slice(j, sl.Len())))
				scale(at(v, q), total-k, total)
			})
		})
	}
}

// sharedNumbers lists the paths to the whole numbers of v that lie in no
// list: the budgets and counts a case's items share.
func sharedNumbers(v reflect.Value) [][]int {
	var out [][]int
	for _, p := range sitesOf(v, reflect.Invalid) {
		x, inList := v, false
		for _, i := range p {
			if x.Kind() == reflect.Slice || x.Kind() == reflect.Array {
				inList = true
				break
			}
			x = at(x, []int{i})
		}
		switch x.Kind() {
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
			if !inList {
				out = append(out, p)
			}
		}
	}
	return out
}

// scale sets the whole number v to v·num/den, rounded to the nearest.
func scale(v reflect.Value, num, den int) {
	f := func(x float64) float64 { return math.Round(x * float64(num) / float64(den)) }
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt(int64(f(float64(v.Int()))))
	default:
		v.SetUint(uint64(f(float64(v.Uint()))))
	}
}

// deleteChunks tries removing [i, j) for chunks of n() items, n() then
// halving down to 1, each chunk in order; a removal kept leaves i where it
// is (the next chunk moved there).
func (s *shrinker) deleteChunks(n func() int, del func(i, j int) bool) {
	for k := n(); k >= 1 && !s.stop(); k /= 2 {
		for i := 0; i < n() && !s.stop(); {
			if !del(i, min(i+k, n())) {
				i += k
			}
		}
		if k > n() {
			k = n() * 2 // the list shrank: go on from its new size
		}
	}
}

// longText is the length in characters above which a text is shortened
// from its end only, not by removing any one character.
const longText = 64

// shrinkString shortens the text at path: to nothing, to its shortest
// failing prefix (by binary search on its length in characters), then,
// when short, by removing chunks down to single characters.
func (s *shrinker) shrinkString(path []int) {
	text := func() string { return at(s.best, path).String() }
	if text() == "" || s.try(path, func(v reflect.Value) { v.SetString("") }) {
		return
	}
	prefix := func(n int) bool {
		t := text()
		return s.try(path, func(v reflect.Value) { v.SetString(t[:runeOffset(t, n)]) })
	}
	n := utf8.RuneCountInString(text())
	if n > 1 && prefix(n-1) {
		lo, hi := 0, n-1 // lo passes, hi fails
		for hi-lo > 1 && !s.stop() {
			mid := lo + (hi-lo)/2
			if prefix(mid) {
				hi = mid
			} else {
				lo = mid
			}
		}
	}
	if utf8.RuneCountInString(text()) > longText {
		return
	}
	s.deleteChunks(func() int { return utf8.RuneCountInString(text()) }, func(i, j int) bool {
		t := text()
		return s.try(path, func(v reflect.Value) { v.SetString(t[:runeOffset(t, i)] + t[runeOffset(t, j):]) })
	})
}

// runeOffset is the byte offset of the n-th character of t.
func runeOffset(t string, n int) int {
	off := 0
	for ; n > 0 && off < len(t); n-- {
		_, w := utf8.DecodeRuneInString(t[off:])
		off += w
	}
	return off
}

// shrinkScalar moves the number at path toward 0, or clears the flag.
func (s *shrinker) shrinkScalar(path []int) {
	v := at(s.best, path)
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			s.try(path, func(v reflect.Value) { v.SetBool(false) })
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		x := v.Int()
		sign, mag := int64(1), uint64(x)
		if x < 0 {
			sign, mag = -1, uint64(-x)
		}
		s.minimize(mag, func(m uint64) bool {
			return s.try(path, func(v reflect.Value) { v.SetInt(sign * int64(m)) })
		})
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		s.minimize(v.Uint(), func(m uint64) bool {
			return s.try(path, func(v reflect.Value) { v.SetUint(m) })
		})
	case reflect.Float32:
		s.shrinkFloat(path, v.Float(), math.MaxFloat32)
	case reflect.Float64:
		s.shrinkFloat(path, v.Float(), math.MaxFloat64)
	}
}

// shrinkFloat tries 0, then the number without its fraction, then a whole
// number is minimized as an integer. An infinity becomes the largest finite
// number of its type (top).
func (s *shrinker) shrinkFloat(path []int, x, top float64) {
	set := func(f float64) bool { return s.try(path, func(v reflect.Value) { v.SetFloat(f) }) }
	if x == 0 || math.IsNaN(x) || set(0) {
		return
	}
	if math.IsInf(x, 0) {
		if !set(math.Copysign(top, x)) {
			return
		}
		x = math.Copysign(top, x)
	}
	if t := math.Trunc(x); t != x && t != 0 {
		if !set(t) {
			return
		}
		x = t
	}
	if math.Trunc(x) != x || math.Abs(x) > 1<<53 {
		return
	}
	sign := math.Copysign(1, x)
	s.minimize(uint64(math.Abs(x)), func(m uint64) bool { return set(sign * float64(m)) })
}

// minimize finds, for a number of magnitude mag that fails, a smaller
// magnitude that fails where one less passes: 0, then mag-1, then binary
// search between the largest magnitude known to pass and the smallest known
// to fail. set sends the number with magnitude m.
func (s *shrinker) minimize(mag uint64, set func(m uint64) bool) {
	if mag == 0 || set(0) || mag == 1 || !set(mag-1) {
		return
	}
	lo, hi := uint64(0), mag-1 // lo passes, hi fails
	for hi-lo > 1 && !s.stop() {
		mid := lo + (hi-lo)/2
		if set(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
}

// sitesOf lists the paths to the items of v that can shrink: the slices
// (kind Slice), the strings (String), or the numbers and flags (Invalid),
// outermost first, through exported struct fields, pointers, slices and
// arrays. A path step is a field index, an element index, or 0 through a
// pointer.
func sitesOf(v reflect.Value, kind reflect.Kind) [][]int {
	var out [][]int
	var walk func(v reflect.Value, path []int)
	walk = func(v reflect.Value, path []int) {
		add := func() { out = append(out, append([]int(nil), path...)) }
		switch v.Kind() {
		case reflect.Struct:
			for i := 0; i < v.NumField(); i++ {
				if v.Type().Field(i).IsExported() {
					walk(v.Field(i), append(path, i))
				}
			}
		case reflect.Pointer:
			if !v.IsNil() {
				walk(v.Elem(), append(path, 0))
			}
		case reflect.Slice:
			if kind == reflect.Slice && v.Len() > 0 {
				add()
			}
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), append(path, i))
			}
		case reflect.Array:
			for i := 0; i < v.Len(); i++ {
				walk(v.Index(i), append(path, i))
			}
		case reflect.String:
			if kind == reflect.String {
				add()
			}
		case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
			reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
			reflect.Float32, reflect.Float64:
			if kind == reflect.Invalid {
				add()
			}
		}
	}
	walk(v, nil)
	return out
}

// at is the item of v at path (see sitesOf), settable when v is.
func at(v reflect.Value, path []int) reflect.Value {
	for _, i := range path {
		switch v.Kind() {
		case reflect.Struct:
			v = v.Field(i)
		case reflect.Pointer:
			v = v.Elem()
		default:
			v = v.Index(i)
		}
	}
	return v
}

// deepCopy returns a settable copy of v that shares no slice or pointer
// target with it (maps and unexported fields are shared).
func deepCopy(v reflect.Value) reflect.Value {
	out := reflect.New(v.Type()).Elem()
	out.Set(v)
	var fill func(dst reflect.Value)
	fill = func(dst reflect.Value) {
		switch dst.Kind() {
		case reflect.Struct:
			for i := 0; i < dst.NumField(); i++ {
				if dst.Type().Field(i).IsExported() {
					fill(dst.Field(i))
				}
			}
		case reflect.Pointer:
			if !dst.IsNil() {
				p := reflect.New(dst.Type().Elem())
				p.Elem().Set(dst.Elem())
				fill(p.Elem())
				dst.Set(p)
			}
		case reflect.Slice:
			if !dst.IsNil() {
				s := reflect.MakeSlice(dst.Type(), dst.Len(), dst.Len())
				reflect.Copy(s, dst)
				for i := 0; i < s.Len(); i++ {
					fill(s.Index(i))
				}
				dst.Set(s)
			}
		case reflect.Array:
			for i := 0; i < dst.Len(); i++ {
				fill(dst.Index(i))
			}
		}
	}
	fill(out)
	return out
}
