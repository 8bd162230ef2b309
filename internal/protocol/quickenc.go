package protocol

import (
	"bytes"
	"encoding/json"
	"math"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"
	"unsafe"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

// Encoding answers and requests with encoding/json looks at every byte of
// every string through a table and a rune decoder; window texts, documents
// and tool catalogues make that a large part of the protocol's cost on
// both sides. quickEncode writes the plain shapes the operations' types use
// (structs with simple field names, slices, arrays, pointers, strings,
// numbers, booleans, raw messages without blanks) byte for byte as
// jsonenc.Compact does; on anything else (a map, an interface, a custom
// marshaler, ",string", a string that is not valid UTF-8 or holds U+2028
// or U+2029, a number JSON cannot write) it gives up and appendCompact
// encodes with jsonenc.Compact, which also words any error.
// quickenc_test.go checks the two agree.

// appendCompact appends v, encoded as jsonenc.Compact does, to dst.
func appendCompact(dst []byte, v any) ([]byte, error) { return appendEncoded(dst, v, false) }

// appendValid is appendCompact on a value whose strings are known to be
// valid UTF-8: they are not checked again.
func appendValid(dst []byte, v any) ([]byte, error) { return appendEncoded(dst, v, true) }

func appendEncoded(dst []byte, v any, valid bool) ([]byte, error) {
	if b, ok := quickEncode(dst, v, valid); ok {
		return b, nil
	}
	b, err := jsonenc.Compact(v)
	return append(dst, b...), err
}

// quickEncode appends v to dst; ok is false when it gave up (dst's
// contents past its length are then undefined). valid says v's strings
// are valid UTF-8, as the caller checked.
func quickEncode(dst []byte, v any, valid bool) (b []byte, ok bool) {
	t := reflect.TypeOf(v)
	if t == nil {
		return dst, false
	}
	p := encPlanFor(t)
	if p == nil {
		return dst, false
	}
	// The value's address: what the interface points to, or, for a type
	// an interface holds in its pointer word, that word.
	word := (*[2]unsafe.Pointer)(unsafe.Pointer(&v))[1]
	ptr := word
	if p.direct {
		ptr = unsafe.Pointer(&word)
	}
	e := quickEncoder{buf: dst, valid: valid}
	if !e.value(p, ptr) {
		return dst, false
	}
	return e.buf, true
}

// buffer is scratch space for a line that is written and forgotten:
// growing a new slice by doubling for each large message, and the garbage
// it left, cost more than encoding it.
type buffer struct{ b []byte }

var buffers = sync.Pool{New: func() any { return new(buffer) }}

// scratch returns an empty buffer; free gives it back.
func scratch() *buffer {
	buf := buffers.Get().(*buffer)
	buf.b = buf.b[:0]
	return buf
}

func (buf *buffer) free() {
	if cap(buf.b) <= 64<<20 {
		buffers.Put(buf)
	}
}

var (
	marshaler = reflect.TypeFor[interface{ MarshalJSON() ([]byte, error) }]()
	textMarsh = reflect.TypeFor[interface{ MarshalText() ([]byte, error) }]()
)

// encodePlans are quickEncode's plans: a type that encodes itself is left
// to encoding/json, and so is a struct with a field under omitzero (its
// IsZero methods) or a key that would need escaping.
var encodePlans = &planner{custom: []reflect.Type{marshaler, textMarsh}, accept: func(f jsonField, seen map[string]bool) bool {
	if f.omitZero || seen[f.name] || !simpleName(f.name) {
		return false
	}
	seen[f.name] = true
	return true
}}

// encPlanFor returns t's plan, or nil when quickEncode does not handle t.
func encPlanFor(t reflect.Type) *plan { return encodePlans.planFor(t) }

// simpleName: a key of letters, digits and underscores, written as it is.
func simpleName(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_') {
			return false
		}
	}
	return s != ""
}

type quickEncoder struct {
	buf   []byte
	depth int
	valid bool // the strings are valid UTF-8
}

// maxEncDepth bounds nesting (encoding/json reports a cycle past 1000
// pointers; the protocol's types are far shallower).
const maxEncDepth = 200

// The encoder reads each value at its address (ptr), as its plan's type
// lays it out: a struct's field at its offset, a slice's elements in its
// array.

// sliceHeader is how any slice is laid out.
type sliceHeader struct {
	data     unsafe.Pointer
	len, cap int
}

// value writes the value of p's type at ptr.
func (e *quickEncoder) value(p *plan, ptr unsafe.Pointer) bool {
	switch p.kind {
	case pString:
		return e.str(*(*string)(ptr))
	case pBool:
		e.buf = strconv.AppendBool(e.buf, *(*bool)(ptr))
	case pInt:
		e.buf = strconv.AppendInt(e.buf, loadInt(p, ptr), 10)
	case pUint:
		e.buf = strconv.AppendUint(e.buf, loadUint(p, ptr), 10)
	case pFloat:
		return e.float(loadFloat(p, ptr), p.bits)
	case pPtr, pSlice, pArray, pStruct:
		if p.kind == pPtr && *(*unsafe.Pointer)(ptr) == nil || p.kind == pSlice && (*sliceHeader)(ptr).data == nil {
			e.buf = append(e.buf, "null"...)
			return true
		}
		if e.depth >= maxEncDepth {
			return false
		}
		e.depth++
		ok := e.composite(p, ptr)
		e.depth--
		return ok
	case pRaw:
		return e.raw(*(*[]byte)(ptr))
	default:
		return false
	}
	return true
}

// loadInt reads the signed integer of p's type (p.bits wide) at ptr.
func loadInt(p *plan, ptr unsafe.Pointer) int64 {
	switch p.bits {
	case 8:
		return int64(*(*int8)(ptr))
	case 16:
		return int64(*(*int16)(ptr))
	case 32:
		return int64(*(*int32)(ptr))
	}
	return *(*int64)(ptr)
}

// loadUint reads the unsigned integer of p's type at ptr: its bits as
// loadInt reads them, without the sign they were extended with.
func loadUint(p *plan, ptr unsafe.Pointer) uint64 {
	if p.bits == 64 {
		return *(*uint64)(ptr)
	}
	return uint64(loadInt(p, ptr)) & (1<<p.bits - 1)
}

// loadFloat reads the float of p's type at ptr.
func loadFloat(p *plan, ptr unsafe.Pointer) float64 {
	if p.bits == 32 {
		return float64(*(*float32)(ptr))
	}
	return *(*float64)(ptr)
}

// raw writes a json.RawMessage (a call's id) as it is when encoding/json
// would: when it is valid and has no blanks to compact away.
func (e *quickEncoder) raw(b []byte) bool {
	if len(b) == 0 || bytes.ContainsAny(b, " \t\r\n") || !json.Valid(b) {
		return false
	}
	e.buf = append(e.buf, b...)
	return true
}

// composite writes a pointer's target, an array or slice, or a struct.
func (e *quickEncoder) composite(p *plan, ptr unsafe.Pointer) bool {
	switch p.kind {
	case pPtr:
		return e.value(p.elem, *(*unsafe.Pointer)(ptr))
	case pStruct:
		e.buf = append(e.buf, '{')
		first := true
		for i := range p.fields {
			f := &p.fields[i]
			fp := unsafe.Add(ptr, f.offset)
			if f.omitEmpty && isEmpty(f.plan, fp) {
				continue
			}
			if !first {
				e.buf = append(e.buf, ',')
			}
			first = false
			e.buf = append(e.buf, f.key...)
			if !e.value(f.plan, fp) {
				return false
			}
		}
		e.buf = append(e.buf, '}')
		return true
	}
	base, n := ptr, p.length
	if p.kind == pSlice {
		h := (*sliceHeader)(ptr)
		base, n = h.data, h.len
	}
	size := p.elem.typ.Size()
	e.buf = append(e.buf, '[')
	for i := range n {
		if i > 0 {
			e.buf = append(e.buf, ',')
		}
		if !e.value(p.elem, unsafe.Add(base, uintptr(i)*size)) {
			return false
		}
	}
	e.buf = append(e.buf, ']')
	return true
}

// isEmpty is encoding/json's test for omitempty (a float's zero of either
// sign is empty; a struct never is) on the value of p's type at ptr.
func isEmpty(p *plan, ptr unsafe.Pointer) bool {
	switch p.kind {
	case pString:
		return len(*(*string)(ptr)) == 0
	case pSlice, pRaw:
		return (*sliceHeader)(ptr).len == 0
	case pArray:
		return p.length == 0
	case pBool:
		return !*(*bool)(ptr)
	case pInt:
		return loadInt(p, ptr) == 0
	case pUint:
		return loadUint(p, ptr) == 0
	case pFloat:
		return loadFloat(p, ptr) == 0
	case pPtr:
		return *(*unsafe.Pointer)(ptr) == nil
	}
	return false
}

// float writes f as encoding/json does (ES6 number formatting); NaN and
// infinities are not JSON.
func (e *quickEncoder) float(f float64, bits int) bool {
	if math.IsInf(f, 0) || math.IsNaN(f) {
		return false
	}
	abs := math.Abs(f)
	limit := float64(1e15)
	if bits == 32 {
		limit = 1 << 24
	}
	if abs < limit && f == math.Trunc(f) && (f != 0 || !math.Signbit(f)) {
		// A whole number whose neighbours are at most 1 away: its shortest
		// form is its integer, which strconv writes the same.
		e.buf = strconv.AppendInt(e.buf, int64(f), 10)
		return true
	}
	format := byte('f')
	if abs != 0 && (bits == 64 && (abs < 1e-6 || abs >= 1e21) || bits == 32 && (float32(abs) < 1e-6 || float32(abs) >= 1e21)) {
		format = 'e'
	}
	start := len(e.buf)
	e.buf = strconv.AppendFloat(e.buf, f, format, -1, bits)
	if n := len(e.buf); format == 'e' && n-start >= 4 && e.buf[n-4] == 'e' && e.buf[n-3] == '-' && e.buf[n-2] == '0' {
		e.buf[n-2] = e.buf[n-1] // e-09 → e-9
		e.buf = e.buf[:n-1]
	}
	return true
}

// str writes s quoted, escaping as encoding/json does without HTML
// escapes; it gives up on invalid UTF-8 (encoding/json writes \ufffd for
// each bad byte) and on U+2028 and U+2029 (which it escapes). The runs
// between escapes are scanned eight bytes at a time (plainRun).
func (e *quickEncoder) str(s string) bool {
	buf := append(e.buf, '"')
	high := false
	for i := 0; ; i++ {
		n, h := plainRunString(s[i:])
		high = high || h
		buf = append(buf, s[i:i+n]...)
		i += n
		if i == len(s) {
			break
		}
		c := s[i]
		if esc := shortEscape[c]; esc != 0 {
			buf = append(buf, '\\', esc)
		} else {
			buf = append(buf, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
		}
	}
	if high && (!e.valid && !utf8.ValidString(s) || strings.Contains(s, "\u2028") || strings.Contains(s, "\u2029")) {
		return false
	}
	e.buf = append(buf, '"')
	return true
}

// shortEscape is the letter of the two-byte escape of the bytes that have
// one.
var shortEscape = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

const hexDigits = "0123456789abcdef"
