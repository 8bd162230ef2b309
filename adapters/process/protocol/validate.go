package protocol

import (
	"encoding/json"
	"fmt"
	"math/big"
	"reflect"
	"sort"
	"strings"
	"unicode/utf8"
)

// validate checks v against the schema s. It understands the keywords the
// protocol's schemas use: $ref (local, "#/$defs/NAME"), type, const, enum,
// properties, required, additionalProperties, items, minItems, maxItems,
// oneOf, anyOf, minimum, maximum and minLength; annotations (description,
// format, title, contentEncoding) are ignored. The error names the JSON
// pointer of the first violation.
func (sc *Schema) validate(s map[string]any, v any, path string) error {
	at := path
	if at == "" {
		at = "/"
	}
	if ref, ok := s["$ref"].(string); ok {
		def, ok := sc.resolve(ref)
		if !ok {
			return fmt.Errorf("%s: schema reference %q not found", at, ref)
		}
		if err := sc.validate(def, v, path); err != nil {
			return err
		}
	}
	if t, ok := s["type"]; ok {
		if !typeMatches(t, v) {
			return fmt.Errorf("%s: want %s, got %s", at, typeNames(t), kindOf(v))
		}
	}
	if c, ok := s["const"]; ok && !equalJSON(c, v) {
		return fmt.Errorf("%s: want %s, got %s", at, show(c), show(v))
	}
	if e, ok := s["enum"].([]any); ok {
		found := false
		for _, x := range e {
			found = found || equalJSON(x, v)
		}
		if !found {
			return fmt.Errorf("%s: %s is not one of %s", at, show(v), show(e))
		}
	}
	switch x := v.(type) {
	case map[string]any:
		if err := sc.object(s, x, path); err != nil {
			return err
		}
	case []any:
		if err := sc.array(s, x, path); err != nil {
			return err
		}
	case json.Number:
		if err := bounds(s, x, at); err != nil {
			return err
		}
	case string:
		if n, ok := number(s["minLength"]); ok && float64(utf8.RuneCountInString(x)) < n {
			return fmt.Errorf("%s: shorter than %v characters", at, n)
		}
	}
	if alts, ok := s["anyOf"].([]any); ok {
		var first error
		matched := false
		for _, sub := range alts {
			err := sc.validate(asSchema(sub), v, path)
			if err == nil {
				matched = true
				break
			}
			if first == nil {
				first = err
			}
		}
		if !matched {
			return fmt.Errorf("%s: matches none of the allowed forms (first: %v)", at, first)
		}
	}
	if one, ok := s["oneOf"].([]any); ok {
		n := 0
		var errs []string
		for _, sub := range one {
			if err := sc.validate(asSchema(sub), v, path); err == nil {
				n++
			} else {
				errs = append(errs, err.Error())
			}
		}
		if n != 1 {
			if n == 0 {
				return fmt.Errorf("%s: matches none of the allowed forms: %s", at, best(errs))
			}
			return fmt.Errorf("%s: matches %d of the allowed forms, want exactly one", at, n)
		}
	}
	return nil
}

// best picks the most telling error of a failed oneOf: the one that got
// deepest into the value.
func best(errs []string) string {
	sort.SliceStable(errs, func(i, j int) bool { return depth(errs[i]) > depth(errs[j]) })
	if len(errs) == 0 {
		return ""
	}
	return errs[0]
}

func depth(e string) int {
	p, _, _ := strings.Cut(e, ":")
	return strings.Count(p, "/")
}

func (sc *Schema) object(s map[string]any, x map[string]any, path string) error {
	at := path
	if at == "" {
		at = "/"
	}
	props, _ := s["properties"].(map[string]any)
	if req, ok := s["required"].([]any); ok {
		for _, r := range req {
			name, _ := r.(string)
			if _, ok := x[name]; !ok {
				return fmt.Errorf("%s: missing required %q", at, name)
			}
		}
	}
	keys := make([]string, 0, len(x))
	for k := range x {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sub := path + "/" + strings.ReplaceAll(strings.ReplaceAll(k, "~", "~0"), "/", "~1")
		if p, ok := props[k]; ok {
			if err := sc.validate(asSchema(p), x[k], sub); err != nil {
				return err
			}
			continue
		}
		switch ap := s["additionalProperties"].(type) {
		case bool:
			if !ap {
				return fmt.Errorf("%s: unknown property %q (allowed: %s)", at, k, strings.Join(sortedKeys(props), ", "))
			}
		case map[string]any:
			if err := sc.validate(ap, x[k], sub); err != nil {
				return err
			}
		}
	}
	return nil
}

func (sc *Schema) array(s map[string]any, x []any, path string) error {
	at := path
	if at == "" {
		at = "/"
	}
	if n, ok := number(s["minItems"]); ok && float64(len(x)) < n {
		return fmt.Errorf("%s: %d items, want at least %v", at, len(x), n)
	}
	if n, ok := number(s["maxItems"]); ok && float64(len(x)) > n {
		return fmt.Errorf("%s: %d items, want at most %v", at, len(x), n)
	}
	if items, ok := s["items"].(map[string]any); ok {
		for i, e := range x {
			if err := sc.validate(items, e, fmt.Sprintf("%s/%d", path, i)); err != nil {
				return err
			}
		}
	}
	return nil
}

func bounds(s map[string]any, x json.Number, at string) error {
	f, ok := new(big.Float).SetString(string(x))
	if !ok {
		return fmt.Errorf("%s: %s is not a number", at, x)
	}
	if m, ok := s["minimum"]; ok {
		if lim, ok := bigOf(m); ok && f.Cmp(lim) < 0 {
			return fmt.Errorf("%s: %s is below the minimum %s", at, x, show(m))
		}
	}
	if m, ok := s["maximum"]; ok {
		if lim, ok := bigOf(m); ok && f.Cmp(lim) > 0 {
			return fmt.Errorf("%s: %s is above the maximum %s", at, x, show(m))
		}
	}
	return nil
}

func bigOf(v any) (*big.Float, bool) {
	switch n := v.(type) {
	case json.Number:
		return new(big.Float).SetString(string(n))
	case float64:
		return big.NewFloat(n), true
	case int:
		return big.NewFloat(float64(n)), true
	}
	return nil, false
}

func number(v any) (float64, bool) {
	switch n := v.(type) {
	case json.Number:
		f, err := n.Float64()
		return f, err == nil
	case float64:
		return n, true
	case int:
		return float64(n), true
	}
	return 0, false
}

func (sc *Schema) resolve(ref string) (map[string]any, bool) {
	name, ok := strings.CutPrefix(ref, "#/$defs/")
	if !ok {
		return nil, false
	}
	defs, _ := sc.doc["$defs"].(map[string]any)
	d, ok := defs[name].(map[string]any)
	return d, ok
}

func (sc *Schema) def(name string) (map[string]any, bool) {
	if name == "" {
		return nil, false
	}
	return sc.resolve("#/$defs/" + name)
}

func asSchema(v any) map[string]any {
	if m, ok := v.(map[string]any); ok {
		return m
	}
	return map[string]any{}
}

func typeMatches(t any, v any) bool {
	switch t := t.(type) {
	case string:
		return isType(t, v)
	case []any:
		for _, x := range t {
			if s, ok := x.(string); ok && isType(s, v) {
				return true
			}
		}
	}
	return false
}

func isType(t string, v any) bool {
	switch t {
	case "null":
		return v == nil
	case "boolean":
		_, ok := v.(bool)
		return ok
	case "string":
		_, ok := v.(string)
		return ok
	case "object":
		_, ok := v.(map[string]any)
		return ok
	case "array":
		_, ok := v.([]any)
		return ok
	case "number":
		_, ok := v.(json.Number)
		return ok
	case "integer":
		n, ok := v.(json.Number)
		if !ok {
			return false
		}
		_, err := n.Int64()
		return err == nil
	}
	return false
}

func typeNames(t any) string {
	switch t := t.(type) {
	case string:
		return t
	case []any:
		var s []string
		for _, x := range t {
			s = append(s, fmt.Sprint(x))
		}
		return strings.Join(s, " or ")
	}
	return fmt.Sprint(t)
}

func kindOf(v any) string {
	switch x := v.(type) {
	case nil:
		return "null"
	case bool:
		return "boolean"
	case string:
		return "string"
	case json.Number:
		if _, err := x.Int64(); err == nil {
			return "integer"
		}
		return "number " + string(x)
	case []any:
		return "array"
	case map[string]any:
		return "object"
	}
	return fmt.Sprintf("%T", v)
}

// equalJSON compares two decoded JSON values, numbers by value.
func equalJSON(a, b any) bool {
	na, aNum := bigOf(a)
	nb, bNum := bigOf(b)
	if aNum && bNum {
		return na.Cmp(nb) == 0
	}
	return reflect.DeepEqual(a, b)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(b) > 80 {
		return string(b[:80]) + "…"
	}
	return string(b)
}

func sortedKeys(m map[string]any) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
