// Package jsonenc encodes JSON the way every file and message of the
// harness is written: without escaping <, > and & (window texts of code are
// full of them; escaped, each costs six bytes to write and to read, and a
// golden vector or a report would no longer show the text as it is).
// Compact serves protocol lines and raw payloads, Indented the files people
// read (reports, vectors, the schema).
package jsonenc

import (
	"bytes"
	"encoding/json"
)

// Compact encodes v on one line, without the newline.
func Compact(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}

// Indented encodes v indented by two spaces, ending in a newline.
func Indented(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
