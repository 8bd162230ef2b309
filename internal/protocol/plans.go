package protocol

import (
	"reflect"
	"strings"
	"sync"
	"unicode"
	"unsafe"
)

// plan is how quickDecode fills a type and quickEncode writes one.
type plan struct {
	kind   planKind
	typ    reflect.Type
	bits   int   // of numbers
	elem   *plan // slice, array, pointer
	length int   // of an array
	direct bool  // an interface holds the value in its pointer word (a pointer, a struct of one pointer)
	fields []planField
}

// planField is a struct's field: the decoder and the encoder reach it at
// offset from the struct's address.
type planField struct {
	name      string
	key       string // `"name":`, as quickEncode writes it
	offset    uintptr
	omitEmpty bool
	plan      *plan
}

// planner makes the plans of one direction.
type planner struct {
	cache  planCache[plan]
	custom []reflect.Type                               // interfaces that make a type encoding/json's business
	accept func(f jsonField, seen map[string]bool) bool // whether a struct's field can be taken; seen holds the keys before it
}

// planFor returns t's plan, or nil when t is left to encoding/json.
func (pl *planner) planFor(t reflect.Type) *plan { return pl.cache.get(t, pl.build) }

func (pl *planner) build(t reflect.Type, building map[reflect.Type]*plan) *plan {
	if p, ok := pl.cache.known(t, building); ok {
		return p
	}
	if t == rawMessage {
		p := &plan{kind: pRaw, typ: t}
		building[t] = p
		return p
	}
	for _, c := range pl.custom {
		if t.Implements(c) || reflect.PointerTo(t).Implements(c) {
			return nil
		}
	}
	p := &plan{typ: t, direct: directIface(t)}
	building[t] = p
	switch t.Kind() {
	case reflect.String:
		p.kind = pString
	case reflect.Bool:
		p.kind = pBool
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		p.kind, p.bits = pInt, t.Bits()
	case reflect.Uint, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		p.kind, p.bits = pUint, t.Bits()
	case reflect.Float32, reflect.Float64:
		p.kind, p.bits = pFloat, t.Bits()
	case reflect.Slice, reflect.Array, reflect.Pointer:
		if t.Kind() != reflect.Pointer && t.Elem().Kind() == reflect.Uint8 {
			return nil // base64, or an array of numbers: encoding/json's business
		}
		p.kind = map[reflect.Kind]planKind{reflect.Slice: pSlice, reflect.Array: pArray, reflect.Pointer: pPtr}[t.Kind()]
		if t.Kind() == reflect.Array {
			p.length = t.Len()
		}
		if p.elem = pl.build(t.Elem(), building); p.elem == nil {
			return nil
		}
	case reflect.Struct:
		p.kind = pStruct
		fields, ok := jsonFields(t)
		if !ok || len(fields) > 64 {
			return nil
		}
		seen := map[string]bool{}
		for _, f := range fields {
			if !pl.accept(f, seen) {
				return nil
			}
			fp := pl.build(f.Type, building)
			if fp == nil {
				return nil
			}
			p.fields = append(p.fields, planField{name: f.name, key: `"` + f.name + `":`, offset: f.Offset, omitEmpty: f.omitEmpty, plan: fp})
		}
	default:
		return nil
	}
	return p
}

// planCache holds, per type, the plan a quick decoder or encoder made for
// it (nil: the type is left to encoding/json). A plan is built once, with
// the plans of the types it refers to.
type planCache[P any] struct {
	plans sync.Map // reflect.Type → *P
	mu    sync.Mutex
}

// get returns t's plan, building it on first use. build makes the plan of
// one type and calls itself (through known) for the types it refers to;
// building holds the plans under way, so a type that refers to itself
// finds its own.
func (c *planCache[P]) get(t reflect.Type, build func(t reflect.Type, building map[reflect.Type]*P) *P) *P {
	if p, ok := c.plans.Load(t); ok {
		return p.(*P)
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	building := map[reflect.Type]*P{}
	p := build(t, building)
	for bt, bp := range building {
		if p == nil {
			bp = nil // a type that failed may be referred to by the others: give up on all
		}
		c.plans.Store(bt, bp)
	}
	c.plans.Store(t, p)
	return p
}

// known returns the plan of t if it is built or under way.
func (c *planCache[P]) known(t reflect.Type, building map[reflect.Type]*P) (*P, bool) {
	if p, ok := building[t]; ok {
		return p, true
	}
	if p, ok := c.plans.Load(t); ok {
		return p.(*P), true
	}
	return nil, false
}

// jsonField is a field of a struct as encoding/json names it.
type jsonField struct {
	reflect.StructField
	name                string // its key
	omitEmpty, omitZero bool
}

// jsonFields lists the fields of struct type t that encoding/json reads
// and writes, under their keys; ok is false when t has what the quick
// paths leave to encoding/json: an embedded field (its promotion rules) or
// an option other than omitempty and omitzero (",string").
func jsonFields(t reflect.Type) (fields []jsonField, ok bool) {
	for i := 0; i < t.NumField(); i++ {
		f := jsonField{StructField: t.Field(i)}
		if f.Anonymous {
			return nil, false
		}
		tag := f.Tag.Get("json")
		if !f.IsExported() || tag == "-" {
			continue
		}
		name, opts, _ := strings.Cut(tag, ",")
		for _, o := range strings.Split(opts, ",") {
			switch o {
			case "":
			case "omitempty":
				f.omitEmpty = true
			case "omitzero":
				f.omitZero = true
			default:
				return nil, false
			}
		}
		f.name = name
		if !validTag(name) {
			f.name = f.Name // as encoding/json does
		}
		fields = append(fields, f)
	}
	return fields, true
}

// validTag is encoding/json's test of a tag's key: letters, digits and
// some punctuation (never a quote or a backslash); it uses the field's
// name for any other.
func validTag(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		switch {
		case strings.ContainsRune("!#$%&()*+-./:;<=>?@[]^_{|}~ ", c):
		case !unicode.IsLetter(c) && !unicode.IsDigit(c):
			return false
		}
	}
	return true
}

// directIface reports whether an interface holds a value of type t in its
// pointer word rather than pointing to it: the word of its zero value is
// then nil.
func directIface(t reflect.Type) bool {
	z := reflect.Zero(t).Interface()
	return (*[2]unsafe.Pointer)(unsafe.Pointer(&z))[1] == nil
}
