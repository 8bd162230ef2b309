package protocol

import (
	"encoding/json"
	"math"
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"

	"github.com/ctxconform/ctxconform/internal/jsonenc"
)

// sameAsCompact fails t when appendCompact writes v otherwise than
// jsonenc.Compact, or refuses what it takes, and reports whether it
// encoded v.
func sameAsCompact(t *testing.T, v any) bool {
	t.Helper()
	got, err := appendCompact([]byte("x"), v)
	want, wantErr := jsonenc.Compact(v)
	if (err != nil) != (wantErr != nil) {
		t.Fatalf("appendCompact(%#v): error %v, encoding/json's %v", v, err, wantErr)
	}
	if err != nil {
		return false
	}
	if got[0] != 'x' {
		t.Fatalf("appendCompact did not append")
	}
	if string(got[1:]) != string(want) {
		t.Fatalf("appendCompact(%#v)\n got %s\nwant %s", v, got[1:], want)
	}
	return true
}

// TestQuickEncodeOperations: random requests and answers of every
// operation, and messages, encode byte for byte as with encoding/json.
func TestQuickEncodeOperations(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	types := []reflect.Type{reflect.TypeFor[StoredDoc](), reflect.TypeFor[Message](), reflect.TypeFor[Timing](), reflect.TypeFor[ErrorBody]()}
	for _, op := range Ops() {
		types = append(types, op.Request, op.Answer)
	}
	for _, typ := range types {
		handled := 0
		for range 200 {
			v, ok := quick.Value(typ, rng)
			if !ok {
				t.Fatalf("no random %s", typ)
			}
			if sameAsCompact(t, v.Interface()) {
				handled++
			}
		}
		if handled == 0 {
			t.Errorf("%s: appendCompact never encoded a value", typ)
		}
	}
}

// TestQuickEncodeEdges: escapes, characters encoding/json treats apart,
// and numbers at the edges of its formats.
func TestQuickEncodeEdges(t *testing.T) {
	type row struct {
		S   string   `json:"s"`
		O   string   `json:"o,omitempty"`
		F   float64  `json:"f"`
		G   float32  `json:"g,omitempty"`
		P   *int     `json:"p"`
		L   []string `json:"l"`
		A   [2]int   `json:"a"`
		B   bool     `json:"b,omitempty"`
		Go  int
		Not int `json:"-"`
	}
	one := 1
	strs := []string{"", "plain", `q"uote`, `back\slash`, "tab\tnew\nret\rbs\bff\f", "\x00\x01\x1f\x7f", "<&>",
		"é中文😀", "line\u2028sep", "para\u2029sep", "bad\xffutf8", "\xe2\x80", "twelve chars\"", "exactly8", "1234567\\"}
	floats := []float64{0, math.Copysign(0, -1), 1, -1.5, 1e-6, 9.99e-7, 1e20, 1e21, 123456789012345678, 3.4e38, 5e-324, math.MaxFloat64,
		-3, 0.5, 16777215, 16777216, 16777217, 123456789, 999999999999999, 1e15, -1e15 + 1, 4503599627370497, 1 << 53}
	for _, s := range strs {
		for _, f := range floats {
			sameAsCompact(t, row{S: s, O: s, F: f, G: float32(f), P: &one, L: []string{s, s}, A: [2]int{-1, 2}, B: true, Go: 3})
		}
	}
	for _, id := range []string{"1", `"a b"`, `"x"`, "{}", " 1", "1 ", "[1, 2]", "nul", `"\u2028"`} {
		sameAsCompact(t, Message{Type: TypeCall, Seq: 1, ID: json.RawMessage(id), Prompt: &strs[1], Input: &strs[7]})
	}
	for _, v := range []any{row{}, []row(nil), &row{}, map[string]int{"a": 1}, math.NaN(), struct{ X any }{1}} {
		sameAsCompact(t, v)
	}
	// Values an interface holds in its pointer word (a pointer, a struct
	// or array of one pointer), integers of every width, omitempty on each
	// kind.
	type single struct {
		P *int `json:"p"`
	}
	type ints struct {
		I8  int8            `json:"i8,omitempty"`
		I16 int16           `json:"i16,omitempty"`
		I32 int32           `json:"i32,omitempty"`
		I64 int64           `json:"i64,omitempty"`
		U16 uint16          `json:"u16,omitempty"`
		U32 uint32          `json:"u32,omitempty"`
		U64 uint64          `json:"u64,omitempty"`
		F32 float32         `json:"f32,omitempty"`
		F64 float64         `json:"f64,omitempty"`
		P   *ints           `json:"p,omitempty"`
		A   [0]int          `json:"a,omitempty"`
		R   json.RawMessage `json:"r,omitempty"`
		S   single          `json:"s,omitempty"`
	}
	negZero := math.Copysign(0, -1)
	for _, v := range []any{&row{S: "p", P: &one}, &one, (*row)(nil), single{&one}, single{}, [1]*int{&one}, [1]*int{}, &single{&one},
		ints{}, ints{F32: float32(negZero), F64: negZero}, ints{I8: -128, I16: -32768, I32: math.MinInt32, I64: math.MinInt64, U16: 65535, U32: math.MaxUint32, U64: math.MaxUint64, F32: 1.5, F64: -2.5, P: &ints{I8: 1}, R: json.RawMessage("1")},
		ints{I8: 127, I16: 32767, I32: math.MaxInt32, I64: math.MaxInt64, R: json.RawMessage{}},
	} {
		if !sameAsCompact(t, v) {
			t.Errorf("appendCompact refused %#v", v)
		}
	}
	sameAsCompact(t, row{S: "bad\xff"}) // written as encoding/json does: \ufffd
}

// TestDocumentsLine: a documents message, whose strings are not checked
// again, is the line Encode writes.
func TestDocumentsLine(t *testing.T) {
	m := Message{Type: TypeDocuments, Drop: []string{"d1"}, Add: []StoredDoc{
		{Ref: "d2", ID: "é", Body: "mixed é中文😀 \"text\"\n\ttab"}, {Ref: "d3", ID: "x", Body: "line\u2028sep", Kind: "code"}}}
	got, err := appendDocuments([]byte("x"), m)
	if err != nil {
		t.Fatal(err)
	}
	want, err := Encode(m)
	if err != nil {
		t.Fatal(err)
	}
	if string(got[1:]) != string(want) || got[0] != 'x' {
		t.Errorf("appendDocuments = %q, Encode = %q", got, want)
	}
}

// FuzzQuickEncode: strings of any bytes and numbers of any value encode
// byte for byte as with encoding/json, or are left to it.
func FuzzQuickEncode(f *testing.F) {
	f.Add("plain", "tab\t\"q\"\\ é\u2028", 0.85, float32(1.5), int64(-3), uint64(7))
	f.Add("bad\xff", "", math.Copysign(0, -1), float32(16777217), int64(math.MinInt64), uint64(math.MaxUint64))
	type row struct {
		S   string   `json:"s"`
		O   string   `json:"o,omitempty"`
		F   float64  `json:"f"`
		G   float32  `json:"g,omitempty"`
		I   int64    `json:"i,omitempty"`
		U   uint64   `json:"u"`
		L   []string `json:"l"`
		P   *row     `json:"p,omitempty"`
		Arr [2]int32 `json:"arr"`
	}
	f.Fuzz(func(t *testing.T, s, o string, f64 float64, f32 float32, i int64, u uint64) {
		v := row{S: s, O: o, F: f64, G: f32, I: i, U: u, L: []string{o, s}, Arr: [2]int32{int32(i), int32(u)}}
		sameAsCompact(t, v)
		sameAsCompact(t, &row{S: o, F: float64(f32), P: &v})
	})
}
