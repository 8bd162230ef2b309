package jsonenc

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/ctxconform/ctxconform/internal/clip"

	"github.com/go-json-experiment/json/jsontext"
)

// CheckUTF8 reports the first string of the JSON text data that is not
// UTF-8 (a bad byte, an unpaired surrogate escape), naming where it is as
// a JSON pointer and a byte offset. UnmarshalAny, as encoding/json, reads
// such a string with U+FFFD in place of what is wrong: a file whose text
// must be read as written (a replay's case, whose offsets count its bytes)
// is checked first. Other syntax errors are left to the decoder.
func CheckUTF8(data []byte) error {
	dec := jsontext.NewDecoder(bytes.NewReader(data), jsontext.AllowDuplicateNames(true))
	for {
		_, err := dec.ReadToken()
		if err == nil {
			continue
		}
		var se *jsontext.SyntacticError
		if errors.Is(err, io.EOF) || !errors.As(err, &se) || se.Err == nil {
			return nil
		}
		why := se.Err.Error()
		if !strings.Contains(why, "UTF-8") && !strings.Contains(why, "surrogate") && !strings.Contains(why, `\u`) {
			return nil
		}
		at := string(se.JSONPointer)
		if at == "" {
			at = "/"
		}
		return fmt.Errorf("%s: the text at byte %d is not UTF-8 (%s)", at, se.ByteOffset, clip.Text(why, 60))
	}
}
