package jsonenc

import (
	"bytes"
	"fmt"
	"math"

	"github.com/ctxconform/ctxconform/internal/clip"

	jsonv2 "github.com/go-json-experiment/json"
	"github.com/go-json-experiment/json/jsontext"
	jsonv1 "github.com/go-json-experiment/json/v1"
)

// Reports and replay files record whatever a program answered and whatever
// a generator drew, and JSON has no number for NaN or an infinity: with
// encoding/json one such float in a failing case's request loses the
// whole report. The functions of this file write them as protobuf's JSON
// mapping does, as the strings "NaN", "Infinity" and "-Infinity" in place
// of the number, and read those strings back into float fields. Everything
// else is encoded and decoded exactly as Compact, Indented and
// encoding/json do (field names, omitempty, methods, nanosecond durations).
//
// The protocol keeps Compact: a request it cannot write as numbers is not
// sent (adapters.ErrUnsendable), since a program reading "NaN" where the
// schema says number would judge a message the harness made up.

// The names of the non-finite floats, as in protobuf's JSON mapping.
const (
	NaN         = "NaN"
	Infinity    = "Infinity"
	NegInfinity = "-Infinity"
)

// nonFinite names f, or returns "" for a finite number.
func nonFinite(f float64) string {
	switch {
	case math.IsNaN(f):
		return NaN
	case math.IsInf(f, 1):
		return Infinity
	case math.IsInf(f, -1):
		return NegInfinity
	}
	return ""
}

// parseNonFinite reads a name written by nonFinite.
func parseNonFinite(s string) (float64, bool) {
	switch s {
	case NaN:
		return math.NaN(), true
	case Infinity:
		return math.Inf(1), true
	case NegInfinity:
		return math.Inf(-1), true
	}
	return 0, false
}

func writeFloat[F float32 | float64](enc *jsontext.Encoder, f F) error {
	name := nonFinite(float64(f))
	if name == "" {
		return jsonv2.SkipFunc // a number, written as encoding/json does
	}
	return enc.WriteToken(jsontext.String(name))
}

func readFloat[F float32 | float64](dec *jsontext.Decoder, f *F) error {
	if dec.PeekKind() != '"' {
		return jsonv2.SkipFunc // a number (or null), read as encoding/json does
	}
	tok, err := dec.ReadToken()
	if err != nil {
		return err
	}
	v, ok := parseNonFinite(tok.String())
	if !ok {
		return fmt.Errorf("string %q where a number is wanted (the only strings a number may be are %q, %q and %q)", clip.Text(tok.String(), 40), NaN, Infinity, NegInfinity)
	}
	*f = F(v)
	return nil
}

var (
	nonFiniteOptions = jsonv2.JoinOptions(
		jsonv1.DefaultOptionsV1(),
		jsontext.EscapeForHTML(false),
		jsonv2.WithMarshalers(jsonv2.JoinMarshalers(
			jsonv2.MarshalToFunc(writeFloat[float64]),
			jsonv2.MarshalToFunc(writeFloat[float32]),
		)),
		jsonv2.WithUnmarshalers(jsonv2.JoinUnmarshalers(
			jsonv2.UnmarshalFromFunc(readFloat[float64]),
			jsonv2.UnmarshalFromFunc(readFloat[float32]),
		)),
	)
	indentOptions = jsonv2.JoinOptions(nonFiniteOptions, jsontext.Multiline(true), jsontext.WithIndent("  "))
)

// CompactAny is Compact for any value: a NaN or infinite float is written
// as the string "NaN", "Infinity" or "-Infinity".
func CompactAny(v any) ([]byte, error) {
	return jsonv2.Marshal(v, nonFiniteOptions)
}

// IndentedAny is Indented for any value: a NaN or infinite float is written
// as the string "NaN", "Infinity" or "-Infinity".
func IndentedAny(v any) ([]byte, error) {
	b, err := jsonv2.Marshal(v, indentOptions)
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// UnmarshalAny decodes what CompactAny or IndentedAny wrote into v (a
// pointer), as encoding/json does, reading the strings "NaN", "Infinity"
// and "-Infinity" into float fields.
func UnmarshalAny(data []byte, v any) error {
	data = bytes.TrimSpace(data)
	return jsonv2.Unmarshal(data, v, nonFiniteOptions)
}

var strictOptions = jsonv2.JoinOptions(nonFiniteOptions, jsonv2.RejectUnknownMembers(true))

// UnmarshalAnyStrict is UnmarshalAny refusing an object member v has no
// field for (as encoding/json's DisallowUnknownFields).
func UnmarshalAnyStrict(data []byte, v any) error {
	return jsonv2.Unmarshal(bytes.TrimSpace(data), v, strictOptions)
}
