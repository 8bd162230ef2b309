package inflate

import (
	"fmt"
	"math"
	"reflect"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/density"
)

// ascii returns an n-byte ASCII body whose bytes differ from their neighbours,
// so a wrong slice shows up in Text.
func ascii(n int) string {
	b := make([]byte, n)
	for i := range b {
		b[i] = 'a' + byte(i%26)
	}
	return string(b)
}

// win is the part of a Window a test states; Text is checked separately.
type win struct {
	compound   string
	start, end int
	hits       []string
	score      float64
}

func strip(ws []Window) []win {
	out := make([]win, len(ws))
	for i, w := range ws {
		out[i] = win{w.CompoundID, w.Start, w.End, w.Hits, w.Score}
	}
	return out
}

// checkText checks that every window's Text is exactly its slice of the body.
func checkText(t *testing.T, docs []Document, ws []Window) {
	t.Helper()
	bodies := map[string]string{}
	for _, d := range docs {
		bodies[d.ID] = d.Body
	}
	for _, w := range ws {
		if want := bodies[w.CompoundID][w.Start:w.End]; w.Text != want {
			t.Errorf("window %s[%d:%d] text %q, want %q", w.CompoundID, w.Start, w.End, w.Text, want)
		}
	}
}

var static = density.Static(10) // W 2500, P 200, T 500

func TestWindows(t *testing.T) {
	d10k := []Document{{ID: "d", Body: ascii(10000)}}
	d1k := []Document{{ID: "d", Body: ascii(1000)}}
	d2k := []Document{{ID: "d", Body: ascii(2000)}}
	tests := []struct {
		name string
		docs []Document
		hits []Hit
		plan density.Plan
		want []win
	}{
		{
			// std085 §2.1: gap 1550-1100 = 450 < 500 merges; the span is
			// [1000, 1600) (600 <= 2500) and pads by 200: [800, 1800).
			name: "hits under 500 apart merge",
			docs: d10k,
			hits: []Hit{{"h1", "d", 1000, 1100, 0.9}, {"h2", "d", 1550, 1600, 0.5}},
			plan: static,
			want: []win{{"d", 800, 1800, []string{"h1", "h2"}, 0.9}},
		},
		{
			// Gap 1599-1100 = 499 < 500 still merges: [800, 1850).
			name: "gap 499 merges",
			docs: d10k,
			hits: []Hit{{"h1", "d", 1000, 1100, 0.5}, {"h2", "d", 1599, 1650, 0.7}},
			plan: static,
			want: []win{{"d", 800, 1850, []string{"h1", "h2"}, 0.7}},
		},
		{
			// Gap 1600-1100 = 500 is not < 500: two windows, [800, 1300) and
			// [1400, 1850). The midpoint 1100+250 = 1350 lies between them,
			// so the neighbour rule changes nothing.
			name: "gap of exactly 500 does not merge",
			docs: d10k,
			hits: []Hit{{"h1", "d", 1000, 1100, 0.9}, {"h2", "d", 1600, 1650, 0.5}},
			plan: static,
			want: []win{
				{"d", 800, 1300, []string{"h1"}, 0.9},
				{"d", 1400, 1850, []string{"h2"}, 0.5},
			},
		},
		{
			// Gap 1601-1100 = 501: two windows. With padding 400 they
			// would overlap ([600, 1500) and [1201, 2050)), so the
			// neighbours split the gap at 1100 + floor(501/2) = 1350.
			name: "gap 501, neighbours split an odd gap",
			docs: d10k,
			hits: []Hit{{"h1", "d", 1000, 1100, 0.9}, {"h2", "d", 1601, 1650, 0.5}},
			plan: density.Plan{Keep: 2, MaxWindow: 2500, Padding: 400, Threshold: 500},
			want: []win{
				{"d", 600, 1350, []string{"h1"}, 0.9},
				{"d", 1350, 2050, []string{"h2"}, 0.5},
			},
		},
		{
			// Gap 1603-1100 = 503: split at 1100 + 251 = 1351.
			name: "gap 503, the odd byte goes right",
			docs: d10k,
			hits: []Hit{{"h1", "d", 1000, 1100, 0.9}, {"h2", "d", 1603, 1650, 0.5}},
			plan: density.Plan{Keep: 2, MaxWindow: 2500, Padding: 400, Threshold: 500},
			want: []win{
				{"d", 600, 1351, []string{"h1"}, 0.9},
				{"d", 1351, 2050, []string{"h2"}, 0.5},
			},
		},
		{
			// Span 152, room 148, even: 74 each side: [26, 326).
			name: "even room splits evenly",
			docs: d2k,
			hits: []Hit{{"h", "d", 100, 252, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{{"d", 26, 326, []string{"h"}, 1}},
		},
		{
			// Found by property INF-05: h02 [1,2501) cannot join [0,3) (the union,
			// 2501, passes the cap), so its span is moved up to [3,2501). The empty
			// hit h01 at 2 lies wholly before that span: it belongs to [0,3), the
			// span holding its start. Padding: the gap between the spans is 0, so
			// the split at 3 keeps [0,3) and [3,2501) (2498 bytes leave room for
			// 1 each side, clamped and then cut at 3).
			name: "hit nested in an earlier span after a moved-up span",
			docs: []Document{{ID: "d", Body: ascii(2501)}},
			hits: []Hit{{"h00", "d", 0, 3, 0}, {"h01", "d", 2, 2, 0}, {"h02", "d", 1, 2501, 0}},
			plan: static,
			want: []win{
				{"d", 0, 3, []string{"h00", "h01"}, 0},
				{"d", 3, 2501, []string{"h02"}, 0},
			},
		},
		{
			// Gaps of 390 chain: [0,10), [400,410), [800,810) make one span
			// [0, 810); padding clamps at 0 on the left: [0, 1010).
			name: "merging chains",
			docs: d10k,
			hits: []Hit{{"a", "d", 0, 10, 0.1}, {"b", "d", 400, 410, 0.2}, {"c", "d", 800, 810, 0.3}},
			plan: static,
			want: []win{{"d", 0, 1010, []string{"a", "b", "c"}, 0.3}},
		},
		{
			// 50-200 clamps to 0 and 1000+200 to 1000; nothing moves to the
			// other side: [0, 300) and [750, 1000).
			name: "padding clamps at document edges",
			docs: d1k,
			hits: []Hit{{"first", "d", 50, 100, 0.4}, {"last", "d", 950, 1000, 0.6}},
			plan: static,
			want: []win{
				{"d", 750, 1000, []string{"last"}, 0.6},
				{"d", 0, 300, []string{"first"}, 0.4},
			},
		},
		{
			// A 3000-byte hit is cut to its first 2500 bytes, [1000, 3500),
			// which leaves no room for padding.
			name: "cap truncation keeps the start",
			docs: d10k,
			hits: []Hit{{"long", "d", 1000, 4000, 1}},
			plan: static,
			want: []win{{"d", 1000, 3500, []string{"long"}, 1}},
		},
		{
			// W 300: [100,200) and [350,450) are 150 apart (< 500) but their
			// union 100..450 is 350 > 300, so h2 opens [max(350,200), 450).
			// Each 100-byte span pads 50 each side (room 200, 50 <= 100):
			// [50, 250) and [300, 500); the midpoint 275 does not bind.
			name: "union over the cap does not merge",
			docs: d2k,
			hits: []Hit{{"h1", "d", 100, 200, 0.5}, {"h2", "d", 350, 450, 0.5}},
			plan: density.Plan{Keep: 2, MaxWindow: 300, Padding: 50, Threshold: 500},
			want: []win{
				{"d", 50, 250, []string{"h1"}, 0.5},
				{"d", 300, 500, []string{"h2"}, 0.5},
			},
		},
		{
			// W 300, P 100: union 100..420 = 320 > 300, so h2 opens
			// [320, 420). Padded: [0, 300) and [220, 520) overlap; the gap
			// 200..320 is split at 200+60 = 260: [0, 260) and [260, 520).
			name: "neighbours split the gap",
			docs: d2k,
			hits: []Hit{{"h1", "d", 100, 200, 0.5}, {"h2", "d", 320, 420, 0.8}},
			plan: density.Plan{Keep: 2, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{
				{"d", 260, 520, []string{"h2"}, 0.8},
				{"d", 0, 260, []string{"h1"}, 0.5},
			},
		},
		{
			// W 300: [100,300) and [250,450) overlap but the union (350) is
			// over the cap, so h2 opens [max(250,300), 450) = [300, 450).
			// Span 1 (200 bytes, room 100) pads 50: [50, 350); span 2 (150
			// bytes, room 150) pads 50: [250, 500). The gap is 0, so both
			// meet at 300: [50, 300) and [300, 500).
			name: "overlapping hits that cannot merge share no byte",
			docs: d2k,
			hits: []Hit{{"h1", "d", 100, 300, 0.5}, {"h2", "d", 250, 450, 0.5}},
			plan: density.Plan{Keep: 2, MaxWindow: 300, Padding: 50, Threshold: 500},
			want: []win{
				{"d", 50, 300, []string{"h1"}, 0.5},
				{"d", 300, 500, []string{"h2"}, 0.5},
			},
		},
		{
			// h1 fills the cap (300 bytes); h2 lies inside it, so the union
			// does not grow and it joins. No room for padding: [100, 400).
			name: "nested hit always joins",
			docs: d2k,
			hits: []Hit{{"h1", "d", 100, 400, 0.2}, {"h2", "d", 150, 200, 0.9}},
			plan: density.Plan{Keep: 2, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{{"d", 100, 400, []string{"h1", "h2"}, 0.9}},
		},
		{
			// W 300, P 100, span 150 bytes: room 150 < 2·100, so each side
			// gets 75: [25, 325), exactly 300 bytes.
			name: "padding shrinks to fit the cap",
			docs: d2k,
			hits: []Hit{{"h", "d", 100, 250, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{{"d", 25, 325, []string{"h"}, 1}},
		},
		{
			// Span 151 bytes, room 149: floor(149/2) = 74 left, 75 right:
			// [26, 326).
			name: "odd room gives the extra byte to the right",
			docs: d2k,
			hits: []Hit{{"h", "d", 100, 251, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{{"d", 26, 326, []string{"h"}, 1}},
		},
		{
			// Span 99 bytes, room 201: P 100 is exactly floor(201/2), so the
			// padding need not shrink (99+2·100 = 299 <= 300) and both sides
			// get 100: [400, 699). Only when P exceeds half the room does the
			// odd byte go right.
			name: "padding of exactly half an odd room stays even",
			docs: d2k,
			hits: []Hit{{"h", "d", 500, 599, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{{"d", 400, 699, []string{"h"}, 1}},
		},
		{
			// P 2^32 (room MaxInt-10 leaves it whole) reaches past both
			// edges of the 1000-byte body, which clamp it: [0, 1000). The
			// fast path keeps edges in int32, so it must clamp before
			// narrowing: 500-2^32 and 510+2^32 would wrap to 500 and 510.
			// (Inflate's padding is at most 500, which reaches that wrap only
			// within 500 bytes of a 2 GiB body.)
			name: "padding past 32 bits clamps to the document",
			docs: d1k,
			hits: []Hit{{"h", "d", 500, 510, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: math.MaxInt, Padding: 1 << 32, Threshold: 500},
			want: []win{{"d", 0, 1000, []string{"h"}, 1}},
		},
		{
			// "a😀": the emoji is bytes 1..5. W 1 trims y [1,5) to its first
			// byte, snapped back to a boundary: [1,1). z [1,1) comes first in
			// position order (end 1 < 5) and opens [1,1); with T 0 the gap 0
			// is not < T, so y opens its own span at max(1, 1) = 1. P 0: two
			// empty windows [1,1), equal in score, compound, start and end,
			// so the first hit's ID orders them: y before z, though z's span
			// came first.
			name: "equal empty windows ordered by first hit ID",
			docs: []Document{{ID: "d", Body: "a😀"}},
			hits: []Hit{{"z", "d", 1, 1, 1}, {"y", "d", 1, 5, 1}},
			plan: density.Plan{Keep: 2, MaxWindow: 1, Padding: 0, Threshold: 0},
			want: []win{{"d", 1, 1, []string{"y"}, 1}, {"d", 1, 1, []string{"z"}, 1}},
		},
		{
			// An empty hit is a point: [500, 500) padded to [300, 700).
			name: "empty hit",
			docs: d1k,
			hits: []Hit{{"h", "d", 500, 500, 0}},
			plan: static,
			want: []win{{"d", 300, 700, []string{"h"}, 0}},
		},
		{
			// Keep 2 of 3: ranks b (0.9), c (0.5), a (0.1); a is left out.
			// b [100,110) pads to [0, 310); c [5000,5010) to [4800, 5210).
			name: "the plan's keep applies",
			docs: d10k,
			hits: []Hit{{"a", "d", 2000, 2010, 0.1}, {"b", "d", 100, 110, 0.9}, {"c", "d", 5000, 5010, 0.5}},
			plan: density.Plan{Keep: 2, MaxWindow: 2500, Padding: 200, Threshold: 500},
			want: []win{
				{"d", 0, 310, []string{"b"}, 0.9},
				{"d", 4800, 5210, []string{"c"}, 0.5},
			},
		},
		{
			// Same score in two compounds: ordered by compound ID, then start.
			name: "ties ordered by compound then start",
			docs: []Document{{ID: "b", Body: ascii(3000)}, {ID: "a", Body: ascii(3000)}},
			hits: []Hit{{"b1", "b", 100, 110, 0.5}, {"a2", "a", 2000, 2010, 0.5}, {"a1", "a", 100, 110, 0.5}},
			plan: static,
			want: []win{
				{"a", 0, 310, []string{"a1"}, 0.5},
				{"a", 1800, 2210, []string{"a2"}, 0.5},
				{"b", 0, 310, []string{"b1"}, 0.5},
			},
		},
		{
			name: "no hits",
			docs: d1k,
			plan: static,
			want: []win{},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Windows(tt.docs, tt.hits, tt.plan)
			if err != nil {
				t.Fatalf("Windows: %v", err)
			}
			if got == nil {
				t.Fatal("Windows returned nil, want an empty slice")
			}
			if s := strip(got); !reflect.DeepEqual(s, tt.want) {
				t.Errorf("Windows:\n got %+v\nwant %+v", s, tt.want)
			}
			checkText(t, tt.docs, got)
			// The same table through the fast path, which Inflate takes for
			// every body under 2 GiB.
			fast, err := fastWindows(tt.docs, tt.hits, tt.plan)
			if err != nil {
				t.Fatalf("fast path: %v", err)
			}
			if s := strip(fast); !reflect.DeepEqual(s, tt.want) {
				t.Errorf("fast path:\n got %+v\nwant %+v", s, tt.want)
			}
			checkText(t, tt.docs, fast)
		})
	}
}

// fastWindows is Windows through Inflate's fast path.
func fastWindows(docs []Document, hits []Hit, p density.Plan) ([]Window, error) {
	if !narrow(docs) {
		return nil, fmt.Errorf("a body too long for the fast path")
	}
	x := scratchPool.Get().(*scratch)
	defer func() { x.release(); scratchPool.Put(x) }()
	pre, err := prepare(x, docs, hits)
	if err != nil {
		return nil, err
	}
	kept, _ := pre.selectKept(x, hits, p.Keep)
	return pre.place(x, hits, kept, p), nil
}

// TestWindowsMultibyte checks that no edge cuts a character, with bodies made
// of 2-, 3- and 4-byte runes and a mix of all four widths.
func TestWindowsMultibyte(t *testing.T) {
	two := strings.Repeat("é", 1000)     // 2000 bytes, boundaries at even offsets
	three := strings.Repeat("本", 1000)   // 3000 bytes, boundaries at multiples of 3
	four := strings.Repeat("😀", 500)     // 2000 bytes, boundaries at multiples of 4
	mixed := strings.Repeat("aé本😀", 100) // 1000 bytes, boundaries at 0, 1, 3, 6 mod 10
	tests := []struct {
		name string
		body string
		hits []Hit
		plan density.Plan
		want []win
	}{
		{
			// Padding 101 gives [899, 1111); both cut an "é": snap inward
			// to [900, 1110).
			name: "2-byte runes: padding snaps inward",
			body: two,
			hits: []Hit{{"h", "d", 1000, 1010, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 301, Padding: 101, Threshold: 500},
			want: []win{{"d", 900, 1110, []string{"h"}, 1}},
		},
		{
			// The 600-byte hit is cut to 300+200 = 500, inside a "本"
			// (500 mod 3 = 2), so back to 498. Span [300, 498) leaves room
			// 2: padding 1 each side, [299, 499), snapped to [300, 498).
			name: "3-byte runes: truncation snaps back",
			body: three,
			hits: []Hit{{"h", "d", 300, 900, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 200, Padding: 100, Threshold: 500},
			want: []win{{"d", 300, 498, []string{"h"}, 1}},
		},
		{
			// Union 100..424 = 324 > 300: h2 opens [324, 424). Padded
			// [0, 300) and [224, 524); the split point 200+124/2 = 262 is
			// inside an emoji: the left window ends at 260, the right one
			// starts at 264; the emoji between belongs to neither.
			name: "4-byte runes: the split point snaps both ways",
			body: four,
			hits: []Hit{{"h1", "d", 100, 200, 0.5}, {"h2", "d", 324, 424, 0.6}},
			plan: density.Plan{Keep: 2, MaxWindow: 300, Padding: 100, Threshold: 500},
			want: []win{
				{"d", 264, 524, []string{"h2"}, 0.6},
				{"d", 0, 260, []string{"h1"}, 0.5},
			},
		},
		{
			// density.For(1, 160): W 160, P clamp(55) = 55. Span [101, 113)
			// (room 148 >= 110) pads to [46, 168); 46 is a boundary (46 mod
			// 10 = 6), 168 (mod 10 = 8) falls inside "😀" at 166: [46, 166).
			name: "mixed widths under a budget plan",
			body: mixed,
			hits: []Hit{{"h", "d", 101, 113, 1}},
			plan: density.Plan{Keep: 1, MaxWindow: 160, Padding: 55, Threshold: 500},
			want: []win{{"d", 46, 166, []string{"h"}, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			docs := []Document{{ID: "d", Body: tt.body}}
			got, err := Windows(docs, tt.hits, tt.plan)
			if err != nil {
				t.Fatalf("Windows: %v", err)
			}
			if s := strip(got); !reflect.DeepEqual(s, tt.want) {
				t.Errorf("Windows:\n got %+v\nwant %+v", s, tt.want)
			}
			checkText(t, docs, got)
		})
	}
	if p, _ := density.For(1, 160); p != (density.Plan{Keep: 1, MaxWindow: 160, Padding: 55, Threshold: 500}) {
		t.Errorf("density.For(1, 160) = %+v, which the mixed case assumes", p)
	}
}

func TestWindowsBadPlan(t *testing.T) {
	docs := []Document{{ID: "d", Body: "abc"}}
	hits := []Hit{{"h", "d", 0, 1, 1}}
	for _, p := range []density.Plan{
		{Keep: -1, MaxWindow: 10},
		{Keep: 1, MaxWindow: 10, Padding: -1},
		{Keep: 1, MaxWindow: 0},
		{Keep: 1, MaxWindow: 10, Threshold: -1},
	} {
		if ws, err := Windows(docs, hits, p); err == nil {
			t.Errorf("Windows with plan %+v = %+v, want an error", p, ws)
		}
	}
}
