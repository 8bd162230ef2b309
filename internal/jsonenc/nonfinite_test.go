package jsonenc_test

import (
	"encoding/json"
	"math"
	"strings"
	"testing"
	"time"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

type inner struct {
	Score float64 `json:"score"`
}

type sample struct {
	inner
	Name      string          `json:"name"`
	Threshold *float64        `json:"threshold,omitempty"`
	Sims      []float32       `json:"sims"`
	Any       any             `json:"any,omitempty"`
	Raw       json.RawMessage `json:"raw,omitempty"`
	Took      time.Duration   `json:"took_ns"`
	At        time.Time       `json:"at"`
	Map       map[string]int  `json:"map,omitempty"`
	Nil       []string        `json:"nil"`
	Skip      string          `json:"-"`
	Lower     int
}

// TestAnyAsEncodingJSON: on values JSON can hold, CompactAny and
// IndentedAny write the bytes Compact and Indented write.
func TestAnyAsEncodingJSON(t *testing.T) {
	th := 0.25
	values := []any{
		sample{inner: inner{Score: 1.5}, Name: "a < b && c", Threshold: &th, Sims: []float32{0.1, 1e-7, 3e21},
			Any: map[string]any{"z": 1, "a": []any{"x", 2.5, nil}}, Raw: json.RawMessage(`{"k": [1, 2]}`),
			Took: 3 * time.Second, At: time.Date(2026, 1, 2, 3, 4, 5, 6, time.UTC), Map: map[string]int{"b": 1, "a": 2}, Lower: 7},
		sample{},
		[]any{},
		map[string]any{},
		"line \u2028 separator",
		nil,
	}
	for _, v := range values {
		for _, tt := range []struct {
			name      string
			want, got func(any) ([]byte, error)
		}{
			{"Compact", jsonenc.Compact, jsonenc.CompactAny},
			{"Indented", jsonenc.Indented, jsonenc.IndentedAny},
		} {
			want, err := tt.want(v)
			if err != nil {
				t.Fatal(err)
			}
			got, err := tt.got(v)
			if err != nil || string(got) != string(want) {
				t.Errorf("%sAny(%#v) = %s, %v; want %s", tt.name, v, got, err, want)
			}
		}
	}
}

// TestAnyInvalidUTF8: a string that is not UTF-8 is written, as by
// encoding/json, with U+FFFD for each bad byte (as the character itself,
// where encoding/json escapes it).
func TestAnyInvalidUTF8(t *testing.T) {
	b, err := jsonenc.CompactAny("bad \xff byte")
	var s string
	if err != nil || json.Unmarshal(b, &s) != nil || s != "bad \ufffd byte" {
		t.Errorf("CompactAny = %q, %v; read back %q", b, err, s)
	}
}

// TestNonFiniteRoundTrip: NaN and the infinities are written as strings
// and read back into the float fields they came from, in structs, behind
// pointers, in slices and in interfaces.
func TestNonFiniteRoundTrip(t *testing.T) {
	inf := math.Inf(1)
	v := sample{inner: inner{Score: math.NaN()}, Threshold: &inf, Sims: []float32{float32(math.Inf(-1)), 0.5}, Any: math.NaN()}
	b, err := jsonenc.IndentedAny(v)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"score": "NaN"`, `"threshold": "Infinity"`, `"-Infinity"`, `"any": "NaN"`} {
		if !strings.Contains(string(b), want) {
			t.Errorf("IndentedAny wrote\n%s\nwithout %s", b, want)
		}
	}
	var back sample
	if err := jsonenc.UnmarshalAny(b, &back); err != nil {
		t.Fatal(err)
	}
	if !math.IsNaN(back.Score) || back.Threshold == nil || !math.IsInf(*back.Threshold, 1) ||
		len(back.Sims) != 2 || !math.IsInf(float64(back.Sims[0]), -1) || back.Sims[1] != 0.5 || back.Any != jsonenc.NaN {
		t.Errorf("read back %+v", back)
	}
	// Written again, the value is the same bytes.
	again, err := jsonenc.IndentedAny(back)
	if err != nil || string(again) != string(b) {
		t.Errorf("written again:\n%s\nfirst:\n%s", again, b)
	}
}

// TestNonFiniteRefused: a float field takes a number, null or one of the
// three names, nothing else.
func TestNonFiniteRefused(t *testing.T) {
	for _, in := range []string{`{"score":"nan"}`, `{"score":"1.5"}`, `{"score":"+Inf"}`, `{"score":true}`} {
		var v inner
		if err := jsonenc.UnmarshalAny([]byte(in), &v); err == nil {
			t.Errorf("UnmarshalAny(%s) = %+v, want an error", in, v)
		}
	}
	var v inner
	if err := jsonenc.UnmarshalAny([]byte(`{"score":2}`), &v); err != nil || v.Score != 2 {
		t.Errorf("UnmarshalAny of a number: %+v, %v", v, err)
	}
	if err := jsonenc.UnmarshalAny([]byte(`{"score":"NaN","other":1}`), &v); err != nil || !math.IsNaN(v.Score) {
		t.Errorf("UnmarshalAny with an unknown member: %+v, %v", v, err)
	}
	if err := jsonenc.UnmarshalAnyStrict([]byte(`{"score":"NaN","other":1}`), &v); err == nil {
		t.Errorf("UnmarshalAnyStrict took an unknown member")
	}
	if err := jsonenc.UnmarshalAnyStrict([]byte(`{"score":"-Infinity"}`), &v); err != nil || !math.IsInf(v.Score, -1) {
		t.Errorf("UnmarshalAnyStrict: %+v, %v", v, err)
	}
}
