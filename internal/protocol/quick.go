package protocol

import (
	"encoding"
	"encoding/json"
	"math"
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
	if !d.value(p, ptr.UnsafePointer()) {
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
	arena []byte // where short strings are copied to, several to an allocation
	buf   []byte // where an escaped string is unescaped
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

// The decoder writes each value at its address (ptr), as its plan's type
// lays it out: a struct's field at its offset, a slice's elements in the
// array it grows. Only the types' own memory is written that way; the
// input is read through ordinary, bound-checked indexing.

// value decodes the next value into the value of p's type at ptr.
func (d *quickState) value(p *plan, ptr unsafe.Pointer) bool {
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
		*(*[]byte)(ptr) = append([]byte(nil), d.data[start:d.pos]...)
		return true
	}
	if c == 'n' {
		if !d.literal("null") {
			return false
		}
		switch p.kind {
		case pSlice:
			*(*[]byte)(ptr) = nil // any slice's header: its array pointer is what matters
		case pPtr:
			*(*unsafe.Pointer)(ptr) = nil
		}
		return true
	}
	switch p.kind {
	case pString:
		s, ok := d.str()
		if ok {
			*(*string)(ptr) = s
		}
		return ok
	case pBool:
		switch {
		case c == 't' && d.literal("true"):
			*(*bool)(ptr) = true
		case c == 'f' && d.literal("false"):
			*(*bool)(ptr) = false
		default:
			return false
		}
		return true
	case pInt, pUint, pFloat:
		return d.numberAt(p, ptr)
	case pPtr:
		target := *(*unsafe.Pointer)(ptr)
		if target == nil {
			target = reflect.New(p.elem.typ).UnsafePointer()
			*(*unsafe.Pointer)(ptr) = target
		}
		return d.value(p.elem, target)
	case pSlice:
		return c == '[' && d.slice(p, ptr)
	case pArray:
		return c == '[' && d.array(p, ptr)
	case pStruct:
		return c == '{' && d.object(p, ptr)
	}
	return false
}

// numberAt decodes a number into the integer or float of p's type at ptr;
// one that does not fit (or a fraction for an integer) is left to
// encoding/json.
func (d *quickState) numberAt(p *plan, ptr unsafe.Pointer) bool {
	if p.kind != pFloat {
		u, neg, ok := d.integer()
		if !ok {
			return false
		}
		return storeInt(p, ptr, u, neg)
	}
	num, _, ok := d.number()
	if !ok {
		return false
	}
	if p.bits == 64 {
		if f, ok := exactFloat(num); ok {
			*(*float64)(ptr) = f
			return true
		}
	}
	f, err := strconv.ParseFloat(unsafe.String(unsafe.SliceData(num), len(num)), p.bits)
	if err != nil {
		return false
	}
	if p.bits == 32 {
		if math.Abs(f) > math.MaxFloat32 {
			return false
		}
		*(*float32)(ptr) = float32(f)
	} else {
		*(*float64)(ptr) = f
	}
	return true
}

// integer reads an integer literal as its sign and magnitude; ok is false
// for one with a fraction or an exponent, or past 64 bits. A literal of
// fewer than 19 digits (any the protocol sends) is read as it is scanned.
func (d *quickState) integer() (u uint64, neg, ok bool) {
	i := d.pos
	if i < len(d.data) && d.data[i] == '-' {
		neg = true
		i++
	}
	start := i
	for i < len(d.data) && i-start < 19 && d.data[i] >= '0' && d.data[i] <= '9' {
		u = u*10 + uint64(d.data[i]-'0')
		i++
	}
	if n := i - start; n > 0 && n < 19 && (n == 1 || d.data[start] != '0') &&
		(i == len(d.data) || d.data[i] != '.' && !isWordByte(d.data[i])) {
		d.pos = i
		return u, neg, true
	}
	num, integer, ok := d.number() // the grammar's every case
	if !ok || !integer {
		return 0, false, false
	}
	if neg {
		num = num[1:]
	}
	u, ok = parseDigits(num)
	return u, neg, ok
}

// storeInt writes the integer of sign neg and magnitude u into the integer
// of p's type at ptr; one that does not fit is left to encoding/json.
func storeInt(p *plan, ptr unsafe.Pointer, u uint64, neg bool) bool {
	if p.kind == pUint {
		if neg || p.bits < 64 && u >= 1<<p.bits {
			return false // even -0, which encoding/json refuses too
		}
		switch p.bits {
		case 16:
			*(*uint16)(ptr) = uint16(u)
		case 32:
			*(*uint32)(ptr) = uint32(u)
		default:
			*(*uint64)(ptr) = u
		}
		return true
	}
	limit := uint64(1) << (p.bits - 1) // the magnitude of the type's least value
	if !neg && u >= limit || neg && u > limit {
		return false
	}
	n := int64(u)
	if neg {
		n = -n
	}
	switch p.bits {
	case 8:
		*(*int8)(ptr) = int8(n)
	case 16:
		*(*int16)(ptr) = int16(n)
	case 32:
		*(*int32)(ptr) = int32(n)
	default:
		*(*int64)(ptr) = n
	}
	return true
}

// pow10 are the powers of ten a float64 holds exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// exactFloat reads a number literal without exponent, of at most 15
// digits, as a float64: its digits and the power of ten that divides them
// are exact as floats, and one division rounds correctly, so the result is
// strconv.ParseFloat's. ok is false for any other literal.
func exactFloat(num []byte) (f float64, ok bool) {
	neg := len(num) > 0 && num[0] == '-'
	if neg {
		num = num[1:]
	}
	var mant uint64
	digits, frac := 0, -1
	for i, c := range num {
		switch {
		case c >= '0' && c <= '9':
			mant = mant*10 + uint64(c-'0')
			digits++
		case c == '.' && frac < 0:
			frac = len(num) - i - 1
		default:
			return 0, false
		}
	}
	if digits == 0 || digits > 15 {
		return 0, false
	}
	f = float64(mant)
	if frac > 0 {
		f /= pow10[frac] // frac < digits <= 15
	}
	if neg {
		f = -f
	}
	return f, true
}

// parseDigits reads b, decimal digits only, as an unsigned number; ok is
// false for anything else, or a number past 64 bits.
func parseDigits(b []byte) (n uint64, ok bool) {
	if len(b) == 0 || len(b) > 20 {
		return 0, false
	}
	for _, c := range b {
		if c < '0' || c > '9' {
			return 0, false
		}
		next := n*10 + uint64(c-'0')
		if n > (1<<64-1)/10 || next < n*10 {
			return 0, false
		}
		n = next
	}
	return n, true
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
	if d.pos < len(d.data) && d.data[d.pos] > ' ' {
		// no blanks: the usual case
	} else {
		d.blanks()
		if d.pos >= len(d.data) {
			return false, false
		}
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

// slice decodes an array into the zero slice of p's type at ptr: its
// elements are decoded in place, in an array grown (through reflect,
// which keeps the garbage collector informed) as they come.
func (d *quickState) slice(p *plan, ptr unsafe.Pointer) bool {
	empty, ok := d.open(']')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		reflect.NewAt(p.typ, ptr).Elem().Set(reflect.MakeSlice(p.typ, 0, 0))
		return true
	}
	h := (*sliceHeader)(ptr)
	size := p.elem.typ.Size()
	for n := 0; ; n++ {
		if n == h.cap {
			reflect.NewAt(p.typ, ptr).Elem().Grow(max(4, n)) // zeroed past n
		}
		h.len = n + 1
		if !d.value(p.elem, unsafe.Add(h.data, uintptr(n)*size)) {
			return false
		}
		if more, ok := d.separator(']'); !more {
			return ok
		}
	}
}

// array decodes an array into the zero array of p's type at ptr; more
// elements than it holds (encoding/json drops them) are left to
// encoding/json.
func (d *quickState) array(p *plan, ptr unsafe.Pointer) bool {
	empty, ok := d.open(']')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		return true
	}
	size := p.elem.typ.Size()
	for n := 0; n < p.length; n++ {
		if !d.value(p.elem, unsafe.Add(ptr, uintptr(n)*size)) {
			return false
		}
		if more, ok := d.separator(']'); !more {
			return ok
		}
	}
	return false
}

// object decodes an object into the struct of p's type at ptr.
func (d *quickState) object(p *plan, ptr unsafe.Pointer) bool {
	empty, ok := d.open('}')
	if !ok {
		return false
	}
	defer d.leave()
	if empty {
		return true
	}
	var seen uint64
	next := 0 // the field after the last one read: keys mostly come in the fields' order
	for {
		d.blanks()
		field := -1
		if next < len(p.fields) && d.hasPrefix(p.fields[next].key) {
			// `"name":` as it is written compactly: the key is the field's.
			field = next
			d.pos += len(p.fields[next].key)
		} else {
			key, ok := d.rawKey()
			if !ok {
				return false
			}
			d.blanks()
			if d.pos >= len(d.data) || d.data[d.pos] != ':' {
				return false
			}
			d.pos++
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
			}
		}
		if field >= 0 {
			if seen&(1<<field) != 0 {
				return false
			}
			seen |= 1 << field
			next = field + 1
			f := &p.fields[field]
			if !d.value(f.plan, unsafe.Add(ptr, f.offset)) {
				return false
			}
		}
		if more, ok := d.separator('}'); !more {
			return ok
		}
	}
}

// hasPrefix reports whether the input at d.pos starts with s.
func (d *quickState) hasPrefix(s string) bool {
	return len(d.data)-d.pos >= len(s) && string(d.data[d.pos:d.pos+len(s)]) == s
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
	n, high := plainRun(d.data[start:])
	i := start + n
	if i < len(d.data) && d.data[i] == '"' {
		// No escapes: the usual case.
		seg := d.data[start:i]
		if high && !utf8.Valid(seg) {
			return "", false
		}
		d.pos = i + 1
		return d.keep(seg), true
	}
	// Texts escape a character every few bytes (new lines, tabs, quotes):
	// the runs between escapes are read as the first one is.
	out := append(d.buf[:0], d.data[start:i]...)
	for {
		if i >= len(d.data) {
			return "", false // no closing quote
		}
		c := d.data[i]
		if c == '"' {
			break
		}
		if c != '\\' || i+1 >= len(d.data) {
			return "", false // a control character, or a cut escape
		}
		i++
		switch c := d.data[i]; c {
		case '"', '\\', '/':
			out = append(out, c)
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
			r, ok := hex4(d.data[i+1:])
			if !ok || utf16.IsSurrogate(r) {
				return "", false
			}
			out = utf8.AppendRune(out, r)
			i += 4
		default:
			return "", false
		}
		i++
		n, h := plainRun(d.data[i:])
		high = high || h
		out = append(out, d.data[i:i+n]...)
		i += n
	}
	d.buf = out
	d.pos = i + 1
	// The runs between escapes are valid UTF-8 when their concatenation
	// is: an escape writes ASCII or a whole character, which neither ends
	// a cut sequence nor continues one.
	if high && !utf8.Valid(out) {
		return "", false
	}
	return d.keep(out), true
}

// hex4 reads the four hex digits of a \u escape at the start of b.
func hex4(b []byte) (rune, bool) {
	if len(b) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range b[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c -= 'a' - 10
		case c >= 'A' && c <= 'F':
			c -= 'A' - 10
		default:
			return 0, false
		}
		r = r<<4 | rune(c)
	}
	return r, true
}

// arenaChunk is how much the short strings of a line share an allocation;
// a string of more than maxArenaString bytes has its own.
const (
	arenaChunk     = 8192
	maxArenaString = 256
)

// keep returns a string holding b's bytes. The protocol's lines carry
// thousands of short strings (ids, labels, window texts): they are copied
// to chunks that several share, one allocation for many. A chunk lives
// while any of its strings does, so one string keeps at most arenaChunk
// bytes alive.
func (d *quickState) keep(b []byte) string {
	n := len(b)
	if n == 0 {
		return ""
	}
	if n > maxArenaString {
		return string(b)
	}
	if cap(d.arena)-len(d.arena) < n {
		// A chunk no larger than what is left of the line: a short line
		// does not allocate a whole chunk.
		d.arena = make([]byte, 0, min(arenaChunk, max(n, len(d.data)-d.pos)))
	}
	at := len(d.arena)
	d.arena = append(d.arena, b...)
	return unsafe.String(&d.arena[at], n)
}

// number reads a number literal as JSON's grammar has it; integer is true
// when it has neither fraction nor exponent.
func (d *quickState) number() (num []byte, integer, ok bool) {
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
		return nil, false, false
	}
	integer = true
	if i < len(d.data) && d.data[i] == '.' {
		i++
		integer = false
		if digits() == 0 {
			return nil, false, false
		}
	}
	if i < len(d.data) && (d.data[i] == 'e' || d.data[i] == 'E') {
		i++
		integer = false
		if i < len(d.data) && (d.data[i] == '+' || d.data[i] == '-') {
			i++
		}
		if digits() == 0 {
			return nil, false, false
		}
	}
	if i < len(d.data) && isWordByte(d.data[i]) {
		return nil, false, false
	}
	d.pos = i
	return d.data[start:i], integer, true
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
