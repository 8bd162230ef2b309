package protocol

import (
	"bytes"
	"encoding"
	"encoding/json"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
	"unsafe"
)

// Decoding the protocol's payloads with encoding/json reads every byte
// twice (a validity scan, then the decode) through a state machine that
// calls a function per byte; window texts and documents make that most of
// the protocol's cost on both sides. quickDecode is a strict decoder for
// the plain shapes the operations' types use (structs with exact field
// names, slices, pointers, strings, numbers, booleans): when the input is
// anything else (a key that differs from its field's name only in case, a
// repeated key, a string that is not valid UTF-8, a surrogate escape, a
// number that does not fit, a syntax error) it gives up, and the caller
// decodes the line again with encoding/json, which also words any error.
// So a line decodes to the same value either way; quick_test.go checks
// that on tricky inputs against encoding/json.

// quickDecode decodes data (one JSON value, blanks around it) into the
// value ptr points to, which must be zero, as json.Unmarshal would; ok is
// false when it gave up (ptr's value is then partly written).
func quickDecode(data []byte, ptr reflect.Value) (ok bool) {
	p := planFor(ptr.Type().Elem())
	if p == nil {
		return false
	}
	d := quickState{data: data}
	if !d.value(p, ptr.Elem()) {
		return false
	}
	d.blanks()
	return d.pos == len(d.data)
}

type planKind uint8

const (
	pString planKind = iota + 1
	pBool
	pInt
	pUint
	pFloat
	pSlice
	pArray
	pPtr
	pStruct
	pRaw // json.RawMessage: the value's bytes, copied
)

var (
	unmarshal  = reflect.TypeFor[json.Unmarshaler]()
	rawMessage = reflect.TypeFor[json.RawMessage]()
	textUnm    = reflect.TypeFor[encoding.TextUnmarshaler]()
)

// decodePlans are quickDecode's plans: a type that decodes itself is left
// to encoding/json, and so is a struct with two keys that differ only in
// case (encoding/json matches keys without regard to case) or a key that
// is not ASCII.
var decodePlans = &planner{custom: []reflect.Type{unmarshal, textUnm}, accept: func(f jsonField, seen map[string]bool) bool {
	k := strings.ToLower(f.name)
	if seen[k] || !plainASCII(f.name) {
		return false
	}
	seen[k] = true
	return true
}}

// planFor returns t's plan, or nil when quickDecode does not handle t.
func planFor(t reflect.Type) *plan { return decodePlans.planFor(t) }

func plainASCII(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return false
		}
	}
	return true
}

type quickState struct {
	data  []byte
	pos   int
	depth int
}

func (d *quickState) blanks() {
	for d.pos < len(d.data) {
		switch d.data[d.pos] {
		case ' ', '\t', '\r', '\n':
			d.pos++
		default:
			return
		}
	}
}

// value decodes the next value into v by p.
func (d *quickState) value(p *plan, v reflect.Value) bool {
	d.blanks()
	if d.pos >= len(d.data) {
		return false
	}
	c := d.data[d.pos]
	if p.kind == pRaw {
		// encoding/json hands a raw null to RawMessage as "null": left to it.
		start := d.pos
		if c == 'n' || !d.skip() {
			return false
		}
		v.SetBytes(append([]byte(nil), d.data[start:d.pos]...))
		return true
	}
	if c == 'n' {
		if !d.literal("null") {
			return false
		}
		if p.kind == pSlice || p.kind == pPtr {
			v.SetZero()
		}
		return true
	}
	switch p.kind {
	case pString:
		s, ok := d.str()
		if ok {
			v.SetString(s)
		}
		return ok
	case pBool:
		switch {
		case c == 't' && d.literal("true"):
			v.SetBool(true)
		case c == 'f' && d.literal("false"):
			v.SetBool(false)
		default:
			return false
		}
		return true
	case pInt, pUint, pFloat:
		num, integer, ok := d.number()
		if !ok {
			return false
		}
		switch p.kind {
		case pInt:
			n, err := strconv.ParseInt(num, 10, 64)
			if !integer || err != nil || v.OverflowInt(n) {
				return false
			}
			v.SetInt(n)
		case pUint:
			n, err := strconv.ParseUint(num, 10, 64)
			if !integer || err != nil || v.OverflowUint(n) {
				return false
			}
			v.SetUint(n)
		default:
			f, err := strconv.ParseFloat(num, p.bits)
			if err != nil || v.OverflowFloat(f) {
				return false
			}
			v.SetFloat(f)
		}
		return true
	case pPtr:
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		return d.value(p.elem, v.Elem())
	case pSlice:
		return c == '[' && d.slice(p, v)
	case pArray:
		return c == '[' && d.array(p, v)
	case pStruct:
		return c == '{' && d.object(p, v)
	}
	return false
}

// maxDepth is how deep arrays and objects may nest before a line is left
// to encoding/json.
const maxDepth = 1000

// open steps into the array or object at d.pos (its opening byte), counting
// its depth, and reports whether it is empty: then its closing byte is
// consumed too. It fails past maxDepth; an open that succeeds is paired with
// a leave.
func (d *quickState) open(closing byte) (empty, ok bool) {
	if d.depth >= maxDepth {
		return false, false
	}
	d.depth++
	d.pos++
	d.blanks()
	if d.pos < len(d.data) && d.data[d.pos] == closing {
		d.pos++
		return true, true
	}
	return false, true
}

// leave steps out of the array or object open stepped into.
func (d *quickState) leave() { d.depth-- }

// separator reads what follows an element of an array or object: ','
// (more to come) or closing (the end, consumed too); anything else fails.
func (d *quickState) separator(closing byte) (more, ok bool) {
	d.blanks()
	if d.pos >= len(d.data) {
		return false, false
	}
	switch d.data[d.pos] {
	case ',':
		d.pos++
		return true, true
	case closing:
		d.pos++
		return false, true
	}
	return false, false
}

// literal reads the keyword word (true, false, null).
func (d *quickState) literal(word string) bool {
	if len(d.data)-d.pos < len(word) || string(d.data[d.pos:d.pos+len(word)]) != word {
		return false
	}
	d.pos += len(word)
	return d.pos == len(d.data) || !isWordByte(d.data[d.pos])
}

func isWordByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_'
}

// slice decodes an array; v is a zero slice.
func (d *quickState) slice(p *plan, v reflect.Value) bool {
	empty, ok := d.open(']')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		v.Set(reflect.MakeSlice(v.Type(), 0, 0))
		return true
	}
	for n := 0; ; n++ {
		if n == v.Cap() {
			v.Grow(max(4, n))
		}
		v.SetLen(n + 1)
		if !d.value(p.elem, v.Index(n)) {
			return false
		}
		if more, ok := d.separator(']'); !more {
			return ok
		}
	}
}

// array decodes an array into the zero array v; more elements than v
// holds (encoding/json drops them) are left to encoding/json.
func (d *quickState) array(p *plan, v reflect.Value) bool {
	empty, ok := d.open(']')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		return true
	}
	for n := 0; n < v.Len(); n++ {
		if !d.value(p.elem, v.Index(n)) {
			return false
		}
		if more, ok := d.separator(']'); !more {
			return ok
		}
	}
	return false
}

// object decodes an object into the struct v.
func (d *quickState) object(p *plan, v reflect.Value) bool {
	empty, ok := d.open('}')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		return true
	}
	var seen uint64
	for {
		d.blanks()
		key, ok := d.rawKey()
		if !ok {
			return false
		}
		d.blanks()
		if d.pos >= len(d.data) || d.data[d.pos] != ':' {
			return false
		}
		d.pos++
		field := -1
		for i := range p.fields {
			if p.fields[i].name == string(key) {
				field = i
				break
			}
		}
		if field < 0 {
			// encoding/json matches a key to a field regardless of case
			// (with Unicode folding): leave those to it.
			if !plainASCII(string(key)) {
				return false
			}
			for i := range p.fields {
				if strings.EqualFold(p.fields[i].name, string(key)) {
					return false
				}
			}
			if !d.skip() {
				return false
			}
		} else {
			if seen&(1<<field) != 0 {
				return false
			}
			seen |= 1 << field
			f := p.fields[field]
			if !d.value(f.plan, v.Field(f.index)) {
				return false
			}
		}
		if more, ok := d.separator('}'); !more {
			return ok
		}
	}
}

// rawKey reads a key without escapes (ok false otherwise).
func (d *quickState) rawKey() ([]byte, bool) {
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return nil, false
	}
	start := d.pos + 1
	for i := start; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.pos = i + 1
			return d.data[start:i], true
		case c == '\\' || c < 0x20:
			return nil, false
		}
	}
	return nil, false
}

// str reads a string, refusing invalid UTF-8 and surrogate escapes (which
// encoding/json replaces with U+FFFD).
func (d *quickState) str() (string, bool) {
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return "", false
	}
	start := d.pos + 1
	escaped, high := false, false
	i := start
	for {
		n, h := plainRun(d.data[i:])
		i += n
		high = high || h
		if i >= len(d.data) {
			return "", false
		}
		c := d.data[i]
		if c == '"' {
			break
		}
		if c != '\\' || i+1 >= len(d.data) {
			return "", false // a control character, or a cut escape
		}
		escaped = true
		i += 2
	}
	seg := d.data[start:i]
	d.pos = i + 1
	if high && !utf8.Valid(seg) {
		return "", false
	}
	if !escaped {
		return string(seg), true
	}
	// Texts escape a character every line or so: the runs between escapes
	// are copied whole.
	out := make([]byte, 0, len(seg))
	for j := 0; j < len(seg); j++ {
		k := bytes.IndexByte(seg[j:], '\\')
		if k < 0 {
			out = append(out, seg[j:]...)
			break
		}
		out = append(out, seg[j:j+k]...)
		j += k + 1
		switch seg[j] {
		case '"', '\\', '/':
			out = append(out, seg[j])
		case 'b':
			out = append(out, '\b')
		case 'f':
			out = append(out, '\f')
		case 'n':
			out = append(out, '\n')
		case 'r':
			out = append(out, '\r')
		case 't':
			out = append(out, '\t')
		case 'u':
			if j+5 > len(seg) {
				return "", false
			}
			r, err := strconv.ParseUint(string(seg[j+1:j+5]), 16, 32)
			if err != nil || utf16.IsSurrogate(rune(r)) {
				return "", false
			}
			out = utf8.AppendRune(out, rune(r))
			j += 4
		default:
			return "", false
		}
	}
	return unsafe.String(unsafe.SliceData(out), len(out)), true // out is not used again: no copy
}

// number reads a number literal as JSON's grammar has it; integer is true
// when it has neither fraction nor exponent.
func (d *quickState) number() (num string, integer, ok bool) {
	start, i := d.pos, d.pos
	digits := func() int {
		n := 0
		for i < len(d.data) && d.data[i] >= '0' && d.data[i] <= '9' {
			i++
			n++
		}
		return n
	}
	if i < len(d.data) && d.data[i] == '-' {
		i++
	}
	if i < len(d.data) && d.data[i] == '0' {
		i++
	} else if digits() == 0 {
		return "", false, false
	}
	integer = true
	if i < len(d.data) && d.data[i] == '.' {
		i++
		integer = false
		if digits() == 0 {
			return "", false, false
		}
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		integer = false
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			return "", false, false
		}
	}
	if i < len(d.data) && isWordByte(d.data[i]) {
		return "", false, false
	}
	d.pos = i
	return string(d.data[start:i]), integer, true
}

// skip passes over a value of a key no field takes, checking its syntax.
func (d *quickState) skip() bool {
	d.blanks()
	if d.pos >= len(d.data) {
		return false
	}
	switch c := d.data[d.pos]; {
	case c == '"':
		_, ok := d.skipString()
		return ok
	case c == 't':
		return d.literal("true")
	case c == 'f':
		return d.literal("false")
	case c == 'n':
		return d.literal("null")
	case c == '-' || c >= '0' && c <= '9':
		_, _, ok := d.number()
		return ok
	case c == '[' || c == '{':
		closing := byte(']')
		if c == '{' {
			closing = '}'
		}
		empty, ok := d.open(closing)
		if !ok {
			return false
		}
		defer d.leave()
		if empty {
			return true
		}
		for {
			if c == '{' {
				d.blanks()
				if _, ok := d.skipString(); !ok {
					return false
				}
				d.blanks()
				if d.pos >= len(d.data) || d.data[d.pos] != ':' {
					return false
				}
				d.pos++
			}
			if !d.skip() {
				return false
			}
			if more, ok := d.separator(closing); !more {
				return ok
			}
		}
	}
	return false
}

// skipString passes over a string, checking its escapes (any bytes are
// accepted in a skipped string, as encoding/json does).
func (d *quickState) skipString() (int, bool) {
	if d.pos >= len(d.data) || d.data[d.pos] != '"' {
		return 0, false
	}
	for i := d.pos + 1; i < len(d.data); i++ {
		switch c := d.data[i]; {
		case c == '"':
			d.pos = i + 1
			return i, true
		case c < 0x20:
			return 0, false
		case c == '\\':
			if i+1 >= len(d.data) {
				return 0, false
			}
			switch d.data[i+1] {
			case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
				i++
			case 'u':
				if i+5 >= len(d.data) {
					return 0, false
				}
				for _, h := range d.data[i+2 : i+6] {
					if !(h >= '0' && h <= '9' || h >= 'a' && h <= 'f' || h >= 'A' && h <= 'F') {
						return 0, false
					}
				}
				i += 5
			default:
				return 0, false
			}
		}
	}
	return 0, false
}
