package inflate_test

import (
	"fmt"
	"strings"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Ten lines of exactly 50 bytes plus a newline: line k (from 1) starts at
// byte 51·(k-1).
const body = `01 Molecules are small hits cut out of a document.
02 Each one knows its compound and its byte range.
03 Alone, a hit can read like a sentence fragment.
04 Inflation pads every hit with the text near it.
05 Close hits share a window instead of two cards.
06 The windows of one document never overlap here.
07 A total budget bounds the text the model reads.
08 Many hits get small windows; few get wide ones.
09 If even the smallest windows cannot all fit in,
10 the lowest-scoring hits are then left out, too.
`

// Three hits, each a whole line, share a budget of 304 bytes. Three windows of
// the minimal 150 bytes would need 450, so density keeps the best two and
// gives each W = 304/2 = 152 bytes with padding (152-50)/2 = 51: the line
// before and the line after (50 bytes plus a newline each side).
func Example() {
	line := func(id string, k int, score float64) inflate.Hit {
		start := 51 * (k - 1)
		return inflate.Hit{ID: id, CompoundID: "guide", Start: start, End: start + 50, Score: score}
	}
	budget := 304
	res, err := inflate.Inflate(inflate.Request{
		Documents: []inflate.Document{{ID: "guide", Body: body}},
		Hits:      []inflate.Hit{line("h3", 3, 0.6), line("h5", 5, 0.1), line("h8", 8, 0.9)},
		Budget:    &budget,
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, w := range res.Windows {
		fmt.Printf("%s [%d,%d) %v score %.1f\n", w.CompoundID, w.Start, w.End, w.Hits, w.Score)
		fmt.Println(w.Render(len(body)))
	}
	fmt.Println("dropped:", strings.Join(res.Dropped, ", "))
	// Output:
	// guide [306,458) [h8] score 0.9
	// ...07 A total budget bounds the text the model reads.
	// 08 Many hits get small windows; few get wide ones.
	// 09 If even the smallest windows cannot all fit in,...
	// guide [51,203) [h3] score 0.6
	// ...02 Each one knows its compound and its byte range.
	// 03 Alone, a hit can read like a sentence fragment.
	// 04 Inflation pads every hit with the text near it....
	// dropped: h5
}
