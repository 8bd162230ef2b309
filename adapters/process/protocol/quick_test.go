package protocol

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

type quickInner struct {
	Name  string   `json:"name"`
	Tags  []string `json:"tags,omitempty"`
	Score float64  `json:"score"`
}

type quickOuter struct {
	Text   string       `json:"text"`
	N      int          `json:"n"`
	Small  int8         `json:"small"`
	U      uint16       `json:"u"`
	F      float32      `json:"f"`
	OK     bool         `json:"ok"`
	Ptr    *int         `json:"ptr,omitempty"`
	Inner  quickInner   `json:"inner"`
	List   []quickInner `json:"list"`
	Nested [][]int      `json:"nested"`
	Self   *quickOuter  `json:"self"`
	Plain  string       // no tag: its Go name
	Skip   string       `json:"-"`
	//lint:ignore U1000 unexported on purpose: neither decoder may set it
	hidden string
	Docs   []inflate.Hit `json:"docs"`
	Pairs  [][2]string   `json:"pairs"`
	I16    int16         `json:"i16"`
	I32    int32         `json:"i32"`
	I64    int64         `json:"i64"`
	U32    uint32        `json:"u32"`
	U64    uint64        `json:"u64"`
	//lint:ignore SA5008 not a valid key, on purpose: encoding/json uses the Go name
	Bad string `json:"a\\b"`
}

// quickInputs are lines on which quickDecode must either give up or agree
// with encoding/json exactly.
var quickInputs = []string{
	`{}`, ` {"text":"a"} `, `null`, `{"text":null,"n":null,"list":null}`,
	`{"text":"tab\there \"q\" \\ \/ \u00e9 \u20ac snow☃"}`,
	`{"text":"bad \ud800 surrogate"}`, `{"text":"pair \ud83d\ude00"}`,
	"{\"text\":\"raw \xff byte\"}", "{\"text\":\"ctl \x01\"}",
	`{"Text":"case"}`, `{"text":"a","text":"b"}`, `{"TEXT":"x","text":"y"}`,
	`{"n":1.0}`, `{"n":1e2}`, `{"n":-0}`, `{"n":9223372036854775807}`, `{"n":9223372036854775808}`,
	`{"small":127}`, `{"small":128}`, `{"u":-1}`, `{"u":65535}`, `{"f":3.4e39}`, `{"f":1.5}`,
	`{"n":01}`, `{"n":1.}`, `{"n":-}`, `{"n":"1"}`, `{"ok":true}`, `{"ok":truex}`, `{"ok":1}`,
	`{"ptr":5}`, `{"ptr":null}`, `{"inner":{"name":"x","tags":[],"score":0.5}}`,
	`{"list":[]}`, `{"list":[{"name":"a"},{"name":"b","tags":["t"]}]}`, `{"list":[1]}`,
	`{"nested":[[1,2],[],null,[3]]}`, `{"self":{"self":{"text":"deep"}}}`,
	`{"Plain":"p"}`, `{"plain":"p"}`, `{"Skip":"s"}`, `{"-":"s"}`, `{"hidden":"h"}`,
	`{"unknown":{"a":[1,2,{"b":null}],"c":"\u0041"},"text":"after"}`,
	`{"unknown":[1,}`, `{"unknown":"\x"}`, `{"unknown":"\u00g0"}`, `{"unknownü":1}`,
	`{"pairs":[["a","b"],["c"],[],null]}`, `{"pairs":[["a","b","c"]]}`, `{"pairs":[[1,"b"]]}`,
	`{"text":"a"} x`, `{"text":"a",}`, `{"text" "a"}`, `{"text":"a"`, `[`, ``, `"s"`,
	`{"docs":[{"id":"h1","compound_id":"c","start":1,"end":2,"score":0.25}]}`,
	`{"i16":32767}`, `{"i16":-32768}`, `{"i16":32768}`, `{"i16":-32769}`, `{"i32":2147483647}`, `{"i32":-2147483649}`,
	`{"i64":-9223372036854775808}`, `{"i64":-9223372036854775809}`, `{"i64":-0}`, `{"i64":00}`, `{"i64":1e0}`,
	`{"u32":4294967295}`, `{"u32":4294967296}`, `{"u64":18446744073709551615}`, `{"u64":18446744073709551616}`,
	`{"n":12x}`, `{"n":1E2}`, `{"n":-01}`, `{"u32":1.5}`, `{"n":123456789012345678}`, `{"n":1234567890123456789}`,
	`{"n":-9223372036854775808}`, `{"n":[1]}`, `{"n":12,"u":0}`, `{"nested":[[0,-0,7]]}`,
	`{"u64":99999999999999999999}`, `{"u64":-0}`, `{"u64":123456789012345678901}`, `{"small":-128}`, `{"small":-129}`,
	`{"f":-3.4028235e38}`, `{"f":1e-46}`, `{"inner":{"score":1e400}}`, `{"inner":{"score":-0.0}}`,
	`{"a\\b":"x"}`, `{"Bad":"x"}`, `{"bad":"x"}`,
	`{"text":"end\n"}`, `{"text":"\n"}`, `{"text":"\u00e9"}`, `{"text":"\u00e"}`, `{"text":"\u00e9`, `{"text":"\`, `{"text":"a\"`,
	`{"text":"\uD83D"}`, `{"text":"\uDFFF"}`, `{"text":"ok \u0000 nul"}`, "{\"text\":\"x\\n\xff\"}", "{\"text\":\"\xe2\\n\x82\xac\"}",
	"{\"text\":\"\xe2\x82\\n\"}", `{"text":"\t\"\\\/\b\f\r"}`, `{"text":"\x"}`, `{"text":"\U0041"}`,
	`{"n":1,"text":"out of order","ok":true}`, ` { "text" : "a" , "n" : 2 } `, `{"text":"a","n":2,"text":"b"}`,
	`{"n":1,"n":2}`, `{"ok":false,"ok":true}`, `{"list":[{"name":"a","score":1,"name":"b"}]}`,
	`{"inner":{"tags":["a","b","c","d","e","f","g","h","i"]}}`, `{"nested":[[1,2,3,4,5,6,7,8,9,10]]}`,
}

// quickPlain are lines of the shapes the protocol carries: quickDecode
// must take them (else it would agree by never deciding anything).
var quickPlain = []string{
	` {"text":"a"} `, `{"text":"tab\there \"q\" \\ \/ \u00e9 \u20ac snow☃"}`,
	`{"list":[{"name":"a"},{"name":"b","tags":["t"]}]}`, `{"self":{"self":{"text":"deep"}}}`,
	`{"unknown":{"a":[1,2,{"b":null}],"c":"\u0041"},"text":"after"}`, `{"ptr":null,"n":-0,"f":1.5e3}`, `{"pairs":[["a","b"],["c"],[],null]}`,
	`{"docs":[{"id":"h1","compound_id":"c","start":1,"end":2,"score":0.25}]}`,
	`{"i16":-32768,"i32":2147483647,"i64":-9223372036854775808,"u32":4294967295,"u64":18446744073709551615}`,
	`{"text":"end\n"}`, `{"n":1,"text":"out of order","ok":true}`, ` { "text" : "a" , "n" : 2 } `, `{"Bad":"x"}`,
}

func TestQuickDecodeAgrees(t *testing.T) {
	for _, in := range quickInputs {
		checkQuick[quickOuter](t, []byte(in))
	}
	// The plain lines the protocol carries take the quick path (else it
	// would be agreeing by never deciding anything).
	for _, in := range quickPlain {
		checkQuick[quickOuter](t, []byte(in))
		var v quickOuter
		if !quickDecode([]byte(in), reflect.ValueOf(&v)) {
			t.Errorf("%q: quickDecode gave up on a plain line", in)
		}
	}
}

func FuzzQuickDecode(f *testing.F) {
	for _, in := range quickInputs {
		f.Add([]byte(in))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		checkQuick[quickOuter](t, in)
		checkQuick[inflate.Result](t, in)
		checkQuick[Message](t, in)
	})
}

// checkQuick fails t when quickDecode accepts in but decodes it otherwise
// than encoding/json.
func checkQuick[T any](t *testing.T, in []byte) {
	t.Helper()
	var want, got T
	err := json.Unmarshal(in, &want)
	if !quickDecode(in, reflect.ValueOf(&got)) {
		return
	}
	if err != nil {
		t.Errorf("%q: quickDecode accepted what encoding/json refuses (%v): %+v", in, err, got)
	} else if !reflect.DeepEqual(got, want) {
		t.Errorf("%q: quickDecode gave %+v, encoding/json %+v", in, got, want)
	}
}
