package protocol

import (
	"reflect"
	"sync"

	gojson "github.com/goccy/go-json"
)

// The protocol's payloads (requests, answers, documents) are encoded and
// decoded with github.com/goccy/go-json rather than encoding/json, which
// reads and writes every byte of window texts and documents through a
// table and a state machine and made the codec most of the protocol's
// cost on both sides. A hand-written codec did the same until issue 23
// measured the libraries against it: go-json came within 10% of its suite
// ratio (docs/measurements.md, "The hand-written codec against the libraries"), so the
// ~1,350 lines went. A payload go-json refuses is decoded again with
// encoding/json by the caller, which also words the error.

// appendCompact appends v, encoded as jsonenc.Compact does (no HTML
// escapes), to dst.
func appendCompact(dst []byte, v any) ([]byte, error) {
	b, err := gojson.MarshalWithOption(v, gojson.DisableHTMLEscape())
	if err != nil {
		return dst, err
	}
	return append(dst, b...), nil
}

// appendValid is appendCompact on a value whose strings are known to be
// valid UTF-8.
func appendValid(dst []byte, v any) ([]byte, error) { return appendCompact(dst, v) }

// quickDecode decodes data (one JSON value, blanks around it) into the
// value ptr points to, which must be zero, as json.Unmarshal would; ok is
// false when go-json refused it, and the caller decodes it afresh with
// encoding/json.
func quickDecode(data []byte, ptr reflect.Value) (ok bool) {
	return gojson.Unmarshal(data, ptr.Interface()) == nil
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
