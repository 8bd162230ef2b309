package protocol

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/adapters"
)

// ErrInexpressible marks a request the protocol cannot carry: a string that
// is not valid UTF-8 (a JSON string cannot hold it; an encoder would replace
// the bad bytes and send another request) or a number JSON has no notation
// for (NaN, ±Inf). The request is not sent. Such a request is bad input that
// no implementation reading JSON can ever receive, so a check may count the
// refusal as the rejection it asked for.
var ErrInexpressible = adapters.ErrInexpressible

// marshal encodes a request payload, refusing what JSON cannot carry.
// encoding/json writes each byte of invalid UTF-8 as the escape \ufffd (a
// real U+FFFD is written as itself), so only a payload holding that escape
// is searched for the string at fault: walking every request would cost as
// much as encoding it.
// It is appended to dst.
func marshal(dst []byte, op string, v any) (json.RawMessage, error) {
	b, err := appendCompact(dst, v)
	if err != nil {
		return nil, fmt.Errorf("%s request not sent: %w: %v", op, ErrInexpressible, err)
	}
	if bytes.Contains(b[len(dst):], []byte(`\ufffd`)) {
		if where := badString(reflect.ValueOf(v), ""); where != "" {
			return nil, fmt.Errorf("%s request not sent: %w: %s is not valid UTF-8", op, ErrInexpressible, strings.TrimPrefix(where, "."))
		}
	}
	return b[len(dst):], nil
}

// badString returns the path of the first string in v that is not valid
// UTF-8 ("" when there is none), naming fields by their JSON names.
func badString(v reflect.Value, path string) string {
	switch v.Kind() {
	case reflect.String:
		if !utf8.ValidString(v.String()) {
			return path
		}
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			return badString(v.Elem(), path)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.Type().Elem().Kind() == reflect.Uint8 {
			return "" // []byte is base64 in JSON
		}
		for i := 0; i < v.Len(); i++ {
			if p := badString(v.Index(i), fmt.Sprintf("%s[%d]", path, i)); p != "" {
				return p
			}
		}
	case reflect.Map:
		keys := v.MapKeys()
		sort.Slice(keys, func(i, j int) bool { return fmt.Sprint(keys[i].Interface()) < fmt.Sprint(keys[j].Interface()) })
		for _, k := range keys {
			name := fmt.Sprint(k.Interface())
			if p := badString(k, path+"{key}"); p != "" {
				return p
			}
			if p := badString(v.MapIndex(k), fmt.Sprintf("%s[%q]", path, name)); p != "" {
				return p
			}
		}
	case reflect.Struct:
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			sub := path + "." + name
			if f.Anonymous {
				sub = path
			}
			if p := badString(v.Field(i), sub); p != "" {
				return p
			}
		}
	}
	return ""
}
