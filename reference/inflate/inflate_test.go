package inflate

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/unit"
)

func budget(b int) *int { return &b }

// tenHits is std085's squeeze case: ten 10-byte hits 1000 bytes apart in one
// 10000-byte document, hit i scoring i/10, listed in an order unrelated to
// their scores.
func tenHits() Request {
	var hits []Hit
	for _, i := range []int{3, 9, 1, 7, 5, 10, 2, 8, 4, 6} {
		s := (i-1)*1000 + 500
		hits = append(hits, Hit{ID: fmt.Sprintf("h%02d", i), CompoundID: "d", Start: s, End: s + 10, Score: float64(i) / 10})
	}
	return Request{Documents: []Document{{ID: "d", Body: ascii(10000)}}, Hits: hits, Budget: budget(1000)}
}

func TestInflate(t *testing.T) {
	// Squeeze (see density): B 1000 keeps 6 of 10, W 166, P 58. The
	// survivors are the six best scores, h05..h10; h01..h04 are dropped. Hit
	// i covers [(i-1)·1000+500, +10); room 166-10 = 156 >= 2·58, so its
	// window is [(i-1)·1000+442, (i-1)·1000+568), 126 bytes. Six windows
	// use 756 <= 1000 bytes.
	t.Run("squeeze keeps the best six", func(t *testing.T) {
		got, err := Inflate(tenHits())
		if err != nil {
			t.Fatal(err)
		}
		var want []win
		for i := 10; i >= 5; i-- {
			base := (i - 1) * 1000
			want = append(want, win{"d", base + 442, base + 568, []string{fmt.Sprintf("h%02d", i)}, float64(i) / 10})
		}
		if s := strip(got.Windows); !reflect.DeepEqual(s, want) {
			t.Errorf("windows:\n got %+v\nwant %+v", s, want)
		}
		if want := []string{"h01", "h02", "h03", "h04"}; !reflect.DeepEqual(got.Dropped, want) {
			t.Errorf("dropped %v, want %v", got.Dropped, want)
		}
	})

	// Equal scores: the squeeze ranks by compound, then start. B 300 keeps
	// floor(300/150) = 2 of 3 (3·150 = 450 > 300): a@100 (x3), a@500 (x1);
	// b@100 (x2) is dropped although its ID sorts before x3. W 150, P 50.
	// In "a" the union 100..510 (410) is over 150: two spans, [50, 160) and
	// [450, 560); the midpoint 110+195 = 305 does not bind.
	t.Run("ties in a squeeze by position, not input order or ID", func(t *testing.T) {
		req := Request{
			Documents: []Document{{ID: "a", Body: ascii(1000)}, {ID: "b", Body: ascii(1000)}},
			Hits: []Hit{
				{"x1", "a", 500, 510, 0.5},
				{"x2", "b", 100, 110, 0.5},
				{"x3", "a", 100, 110, 0.5},
			},
			Budget: budget(300),
		}
		got, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		want := []win{{"a", 50, 160, []string{"x3"}, 0.5}, {"a", 450, 560, []string{"x1"}, 0.5}}
		if s := strip(got.Windows); !reflect.DeepEqual(s, want) {
			t.Errorf("windows:\n got %+v\nwant %+v", s, want)
		}
		if !reflect.DeepEqual(got.Dropped, []string{"x2"}) {
			t.Errorf("dropped %v, want [x2]", got.Dropped)
		}
	})

	// B 150 keeps floor(150/150) = 1 of 3: "keep" (0.9), W 150, P 50, its
	// window [50, 160). The dropped are listed sorted by ID; their IDs share
	// the first 8 bytes ("dropped-") and rank in the other order (b 0.5
	// before a 0.1), so only the bytes after the eighth sort them.
	t.Run("dropped IDs with a common 8-byte prefix are sorted", func(t *testing.T) {
		req := Request{
			Documents: []Document{{ID: "d", Body: ascii(10000)}},
			Hits: []Hit{
				{"keep", "d", 100, 110, 0.9},
				{"dropped-b", "d", 1000, 1010, 0.5},
				{"dropped-a", "d", 2000, 2010, 0.1},
			},
			Budget: budget(150),
		}
		got, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		if want := []win{{"d", 50, 160, []string{"keep"}, 0.9}}; !reflect.DeepEqual(strip(got.Windows), want) {
			t.Errorf("windows %+v, want %+v", strip(got.Windows), want)
		}
		if want := []string{"dropped-a", "dropped-b"}; !reflect.DeepEqual(got.Dropped, want) {
			t.Errorf("dropped %v, want %v", got.Dropped, want)
		}
	})

	// B 1000, one hit: W 1000; the 2000-byte hit is cut to [3000, 4000)
	// and leaves no room for padding.
	t.Run("budget caps a long hit", func(t *testing.T) {
		req := Request{
			Documents: []Document{{ID: "d", Body: ascii(10000)}},
			Hits:      []Hit{{"h", "d", 3000, 5000, 1}},
			Budget:    budget(1000),
		}
		got, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		if want := []win{{"d", 3000, 4000, []string{"h"}, 1}}; !reflect.DeepEqual(strip(got.Windows), want) {
			t.Errorf("windows %+v, want %+v", strip(got.Windows), want)
		}
	})

	// B 149 < 150 keeps nothing: no window, every hit dropped.
	t.Run("budget below MinViable", func(t *testing.T) {
		req := tenHits()
		req.Budget = budget(149)
		got, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Windows) != 0 || len(got.Dropped) != 10 {
			t.Errorf("got %d windows and %d dropped, want 0 and 10", len(got.Windows), len(got.Dropped))
		}
		b, _ := json.Marshal(got)
		if !strings.HasPrefix(string(b), `{"windows":[]`) {
			t.Errorf("JSON %s, want an empty windows array", b)
		}
	})

	// No budget: the static plan keeps all ten; hits 1000 apart never
	// merge; each window is [(i-1)·1000+300, (i-1)·1000+710).
	t.Run("no budget keeps everyone", func(t *testing.T) {
		req := tenHits()
		req.Budget = nil
		got, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		if len(got.Windows) != 10 || got.Dropped != nil {
			t.Fatalf("got %d windows, dropped %v; want 10 windows, none dropped", len(got.Windows), got.Dropped)
		}
		for _, w := range got.Windows {
			var i int
			fmt.Sscanf(w.Hits[0], "h%d", &i)
			if base := (i - 1) * 1000; w.Start != base+300 || w.End != base+710 {
				t.Errorf("window of %s is [%d, %d), want [%d, %d)", w.Hits[0], w.Start, w.End, base+300, base+710)
			}
		}
	})
}

func TestInflateErrors(t *testing.T) {
	body := "héllo wörld" // é at 1..3, ö at 8..10, 13 bytes
	docs := []Document{{ID: "d", Body: body}}
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"zero budget", Request{Documents: docs, Budget: budget(0)}, "inflate: density budget 0: must be positive"},
		{"negative budget", Request{Documents: docs, Budget: budget(-5)}, "inflate: density budget -5: must be positive"},
		{"end before start", Request{Documents: docs, Hits: []Hit{{"h3", "d", 12, 10, 1}}}, `inflate hit "h3": end 10 before start 12`},
		{"negative start", Request{Documents: docs, Hits: []Hit{{"h", "d", -1, 3, 1}}}, `inflate hit "h": start -1 is negative`},
		{"end beyond the body", Request{Documents: docs, Hits: []Hit{{"h", "d", 0, 14, 1}}}, `inflate hit "h": end 14 beyond the end of compound "d" (13 bytes)`},
		{"start inside a character", Request{Documents: docs, Hits: []Hit{{"h", "d", 2, 5, 1}}}, `inflate hit "h": start 2 cuts a multi-byte character in compound "d"`},
		{"end inside a character", Request{Documents: docs, Hits: []Hit{{"h", "d", 0, 9, 1}}}, `inflate hit "h": end 9 cuts a multi-byte character in compound "d"`},
		{"missing compound", Request{Documents: docs, Hits: []Hit{{"h", "e", 0, 1, 1}}}, `inflate hit "h": compound "e" not found`},
		{"empty hit id", Request{Documents: docs, Hits: []Hit{{"a", "d", 0, 1, 1}, {"", "d", 0, 1, 1}}}, "inflate hit at index 1: empty id"},
		{"duplicate hit id", Request{Documents: docs, Hits: []Hit{{"h", "d", 0, 1, 1}, {"h", "d", 4, 5, 1}}}, `inflate hit "h": duplicate id`},
		{"NaN score", Request{Documents: docs, Hits: []Hit{{"h", "d", 0, 1, math.NaN()}}}, `inflate hit "h": score NaN is not finite`},
		{"infinite score", Request{Documents: docs, Hits: []Hit{{"h", "d", 0, 1, math.Inf(-1)}}}, `inflate hit "h": score -Inf is not finite`},
		{"empty compound id", Request{Documents: []Document{{ID: "", Body: "x"}}}, "inflate compound at index 0: empty id"},
		{"duplicate compound", Request{Documents: []Document{{ID: "d", Body: "x"}, {ID: "d", Body: "y"}}}, `inflate compound "d": duplicate id`},
		{"invalid UTF-8", Request{Documents: []Document{{ID: "d", Body: "ab\xffcd"}}}, `inflate compound "d": body is not valid UTF-8 (first bad byte at 2)`},
		{"truncated character", Request{Documents: []Document{{ID: "d", Body: "ab\xe6\x97"}}}, `inflate compound "d": body is not valid UTF-8 (first bad byte at 2)`},
		{"unknown kind", Request{Documents: []Document{{ID: "d", Body: "x", Kind: "poetry"}}}, `inflate compound "d": unknown kind "poetry" (want prose, code or data)`},
		{
			// A hit a squeeze would drop is still checked: B 150 keeps
			// one of two, and the bad one scores lower.
			"bad hit that would be dropped",
			Request{Documents: docs, Hits: []Hit{{"good", "d", 0, 1, 0.9}, {"bad", "d", 0, 99, 0.1}}, Budget: budget(150)},
			`inflate hit "bad": end 99 beyond the end`,
		},
		// A check that reads the text comes before the squeeze and the
		// budget's own check, whichever order a faster path makes them in.
		{
			"cut character in a hit that would be dropped",
			Request{Documents: docs, Hits: []Hit{{"good", "d", 0, 1, 0.9}, {"bad", "d", 2, 5, 0.1}}, Budget: budget(150)},
			`inflate hit "bad": start 2 cuts a multi-byte character`,
		},
		{
			"invalid UTF-8 in a compound no hit names",
			Request{Documents: []Document{{ID: "d", Body: body}, {ID: "e", Body: "ab\xffcd"}}, Hits: []Hit{{"h", "d", 0, 1, 1}}},
			`inflate compound "e": body is not valid UTF-8 (first bad byte at 2)`,
		},
		{
			"invalid UTF-8 and a zero budget",
			Request{Documents: []Document{{ID: "d", Body: "ab\xffcd"}}, Budget: budget(0)},
			`inflate compound "d": body is not valid UTF-8 (first bad byte at 2)`,
		},
		{
			"cut character and a zero budget",
			Request{Documents: docs, Hits: []Hit{{"h", "d", 2, 5, 1}}, Budget: budget(0)},
			`inflate hit "h": start 2 cuts a multi-byte character`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Inflate(tt.req)
			if err == nil {
				t.Fatalf("Inflate = %+v, want an error containing %q", got, tt.want)
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to contain %q", err, tt.want)
			}
		})
	}
}

// TestErrorOrderIndependent: with two bad hits, the error names the same one
// whatever the input order (the first by ID).
func TestErrorOrderIndependent(t *testing.T) {
	docs := []Document{{ID: "d", Body: "abc"}}
	bad := []Hit{{"h2", "d", 0, 9, 1}, {"h1", "d", 2, 1, 1}}
	for _, hits := range [][]Hit{bad, {bad[1], bad[0]}} {
		err := Validate(docs, hits)
		if err == nil || !strings.Contains(err.Error(), `"h1"`) {
			t.Errorf("Validate(%v) = %v, want the error about h1", hits, err)
		}
	}
}

func TestSelect(t *testing.T) {
	hits := []Hit{
		{"c", "y", 0, 1, 0.5},
		{"a", "x", 5, 6, 0.5},
		{"e", "x", 5, 9, 0.5},
		{"d", "x", 0, 1, 0.2},
		{"b", "x", 5, 6, 0.9},
		{"f", "x", 5, 6, 0.5},
	}
	// Ranked: b (0.9); then 0.5 by compound, start, end, ID: x@5-6 "a",
	// x@5-6 "f", x@5-9 "e", y@0 "c"; last d (0.2).
	tests := []struct {
		keep    int
		kept    []string
		dropped []string
	}{
		{0, []string{}, []string{"a", "b", "c", "d", "e", "f"}},
		{-3, []string{}, []string{"a", "b", "c", "d", "e", "f"}},
		{1, []string{"b"}, []string{"a", "c", "d", "e", "f"}},
		{3, []string{"b", "a", "f"}, []string{"c", "d", "e"}},
		{5, []string{"b", "a", "f", "e", "c"}, []string{"d"}},
		{6, []string{"b", "a", "f", "e", "c", "d"}, nil},
		{60, []string{"b", "a", "f", "e", "c", "d"}, nil},
	}
	orig := slices.Clone(hits)
	for _, tt := range tests {
		kept, dropped := Select(hits, tt.keep)
		ids := []string{}
		for _, h := range kept {
			ids = append(ids, h.ID)
		}
		if !reflect.DeepEqual(ids, tt.kept) || !reflect.DeepEqual(dropped, tt.dropped) {
			t.Errorf("Select(keep %d) = %v, %v; want %v, %v", tt.keep, ids, dropped, tt.kept, tt.dropped)
		}
	}
	if !reflect.DeepEqual(hits, orig) {
		t.Error("Select modified its input")
	}
}

func TestRender(t *testing.T) {
	tests := []struct {
		start, end, bodyLen int
		want                string
	}{
		{0, 4, 4, "text"},        // the whole body: nothing elided
		{0, 4, 10, "text..."},    // at the start
		{6, 10, 10, "...text"},   // at the end
		{3, 7, 10, "...text..."}, // in the middle
		{1, 5, 10, "...text..."}, // one byte in: that byte was left out
		{5, 9, 10, "...text..."}, // one byte short of the end
	}
	for _, tt := range tests {
		w := Window{Start: tt.start, End: tt.end, Text: "text"}
		if got := w.Render(tt.bodyLen); got != tt.want {
			t.Errorf("Window[%d:%d].Render(%d) = %q, want %q", tt.start, tt.end, tt.bodyLen, got, tt.want)
		}
	}
}

// orderRequest has several compounds, merged, split, nested and tied hits.
func orderRequest() Request {
	return Request{
		Documents: []Document{
			{ID: "p", Body: ascii(4000)},
			{ID: "q", Body: strings.Repeat("αβγ本😀", 200), Kind: KindData},
			{ID: "r", Body: ascii(700), Kind: KindCode},
		},
		Hits: []Hit{
			{"p1", "p", 100, 180, 0.7},
			{"p2", "p", 300, 310, 0.7},
			{"p3", "p", 305, 309, 0.4},
			{"p4", "p", 2000, 2900, 0.7},
			{"q1", "q", 0, 13, 0.7},
			{"q2", "q", 1300, 1313, 0.2},
			{"r1", "r", 650, 700, 0.9},
		},
	}
}

// TestOrderIndependent: every permutation of the hits (and the documents
// reversed) gives the same result, with and without a budget.
func TestOrderIndependent(t *testing.T) {
	for _, b := range []*int{nil, budget(900), budget(400), budget(2000)} {
		req := orderRequest()
		req.Budget = b
		base, err := Inflate(req)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		permute(slices.Clone(req.Hits), 0, func(hits []Hit) {
			n++
			docs := slices.Clone(req.Documents)
			if n%2 == 0 {
				slices.Reverse(docs)
			}
			got, err := Inflate(Request{Documents: docs, Hits: hits, Budget: b})
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, base) {
				t.Fatalf("budget %v: order %v gives\n%+v\nwant\n%+v", b, hits, got, base)
			}
		})
	}
}

func permute(h []Hit, k int, f func([]Hit)) {
	if k == len(h) {
		f(slices.Clone(h))
		return
	}
	for i := k; i < len(h); i++ {
		h[k], h[i] = h[i], h[k]
		permute(h, k+1, f)
		h[k], h[i] = h[i], h[k]
	}
}

// TestInvariants runs Inflate over bounded pseudo-random requests (clustered
// and sparse hits in bodies of 1- to 4-byte runes) and checks what std085 and
// the decisions promise: the budget holds, every window is within the cap,
// on rune boundaries, its text is its slice of the body, windows of one
// compound are disjoint, every survivor is in exactly one window, survivors and
// dropped hits are all the hits, and inflating the survivors alone gives the
// same windows.
func TestInvariants(t *testing.T) {
	rng := rand.New(rand.NewPCG(85, 3))
	alphabet := []string{"a", "b", " ", ".", "é", "ж", "本", "語", "😀", "𝄞"}
	for iter := range 300 {
		var req Request
		for d := range 1 + rng.IntN(4) {
			var sb strings.Builder
			var bounds []int
			for range rng.IntN(2500) {
				bounds = append(bounds, sb.Len())
				sb.WriteString(alphabet[rng.IntN(len(alphabet))])
			}
			bounds = append(bounds, sb.Len())
			id := fmt.Sprintf("d%d", d)
			req.Documents = append(req.Documents, Document{ID: id, Body: sb.String()})
			last := 0
			for range rng.IntN(12) {
				i := rng.IntN(len(bounds))
				if rng.IntN(2) == 0 { // clustered: near the previous hit
					i = min(last+rng.IntN(300), len(bounds)-1)
				}
				j := min(i+rng.IntN(400), len(bounds)-1)
				last = j
				req.Hits = append(req.Hits, Hit{
					ID: fmt.Sprintf("%s-h%d", id, len(req.Hits)), CompoundID: id,
					Start: bounds[i], End: bounds[j], Score: float64(rng.IntN(5)) / 4,
				})
			}
		}
		if rng.IntN(4) > 0 {
			req.Budget = budget(1 + rng.IntN(5000))
		}
		res, err := Inflate(req)
		if err != nil {
			t.Fatalf("iteration %d: %v", iter, err)
		}
		checkInvariants(t, req, res)
	}
}

func checkInvariants(t *testing.T, req Request, res Result) {
	t.Helper()
	bodies := map[string]string{}
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
	}
	p := density.Static(len(req.Hits))
	if req.Budget != nil {
		p, _ = density.For(len(req.Hits), *req.Budget)
	}
	total := 0
	seen := map[string]int{}
	byCompound := map[string][]Window{}
	for _, w := range res.Windows {
		body := bodies[w.CompoundID]
		total += w.End - w.Start
		if w.End-w.Start > p.MaxWindow {
			t.Errorf("window %s[%d:%d] is over the cap %d", w.CompoundID, w.Start, w.End, p.MaxWindow)
		}
		if !unit.IsBoundary(body, w.Start) || !unit.IsBoundary(body, w.End) || w.Text != body[w.Start:w.End] || !utf8.ValidString(w.Text) {
			t.Errorf("window %s[%d:%d] is not a clean slice of its body", w.CompoundID, w.Start, w.End)
		}
		for _, id := range w.Hits {
			seen[id]++
		}
		byCompound[w.CompoundID] = append(byCompound[w.CompoundID], w)
	}
	if req.Budget != nil && total > *req.Budget {
		t.Errorf("windows use %d bytes, budget %d", total, *req.Budget)
	}
	for id, ws := range byCompound {
		slices.SortFunc(ws, func(a, b Window) int { return a.Start - b.Start })
		for i := 1; i < len(ws); i++ {
			if ws[i].Start < ws[i-1].End {
				t.Errorf("compound %s: windows [%d,%d) and [%d,%d) overlap", id, ws[i-1].Start, ws[i-1].End, ws[i].Start, ws[i].End)
			}
		}
	}
	if len(seen)+len(res.Dropped) != len(req.Hits) || len(seen) != p.Keep {
		t.Errorf("%d hits placed, %d dropped, of %d (keep %d)", len(seen), len(res.Dropped), len(req.Hits), p.Keep)
	}
	var survivors []Hit
	for _, h := range req.Hits {
		switch n := seen[h.ID]; {
		case n > 1:
			t.Errorf("hit %s is in %d windows", h.ID, n)
		case n == 1:
			survivors = append(survivors, h)
		}
	}
	again, err := Inflate(Request{Documents: req.Documents, Hits: survivors, Budget: req.Budget})
	if err != nil || !reflect.DeepEqual(again.Windows, res.Windows) || again.Dropped != nil {
		t.Errorf("inflating the survivors again gives %+v, %v; want the same windows", again, err)
	}
}
