package jsonenc_test

import (
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

// TestCheckUTF8: a string that is not UTF-8 as written is named by its
// JSON pointer; a valid pair of surrogate escapes, other text and other
// syntax errors (left to the decoder) pass.
func TestCheckUTF8(t *testing.T) {
	tests := []struct {
		in   string
		want string // "" when the text passes
	}{
		{`{"a":["x","é\ud83d\ude00"]}`, ""},
		{`{"a":1,}`, ""},
		{"{\"a\":[\"x\",\"y\xffz\"]}", "/a/1: the text at byte 12 is not UTF-8"},
		{`{"a":{"b":"\ud800z"}}`, "/a/b: the text at byte 11 is not UTF-8"},
		{`{"a":"\udc00"}`, "/a: the text at byte 6 is not UTF-8"},
		{"{\"k\xff\":1}", "/: the text at byte 3 is not UTF-8"},
	}
	for _, tt := range tests {
		err := jsonenc.CheckUTF8([]byte(tt.in))
		if (err == nil) != (tt.want == "") || err != nil && !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("CheckUTF8(%q) = %v, want %q", tt.in, err, tt.want)
		}
	}
}
