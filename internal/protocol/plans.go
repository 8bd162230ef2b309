package protocol

import (
	"reflect"
	"strings"
	"sync"
)

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
		if name == "" {
			f.name = f.Name
		}
		fields = append(fields, f)
	}
	return fields, true
}
