package properties

import (
	"fmt"
	"strings"
	"testing"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

// twentyHits is a request of 20 hits (h00 scoring 0 up to h19 scoring 19)
// without a budget, and the result that keeps the first kept of them.
func twentyHits(kept int) (inflate.Request, inflate.Result) {
	var req inflate.Request
	var res inflate.Result
	for i := range 20 {
		id := fmt.Sprintf("h%02d", i)
		req.Hits = append(req.Hits, inflate.Hit{ID: id, CompoundID: "d", Start: 200 * i, End: 200*i + 10, Score: float64(i)})
		if i < 20-kept {
			res.Dropped = append(res.Dropped, id)
		}
	}
	return req, res
}

// TestSqueezeCountWithoutBudget: DEN-03 without a budget accepts every hit
// kept, or §3.2's static fallback of 2500 read as the budget: floor(2500/150)
// = 16 or floor(2500/200) = 12 of 20 hits (specs/REQUIREMENTS.md); any other
// count fails, and the message says there was no budget.
func TestSqueezeCountWithoutBudget(t *testing.T) {
	for _, kept := range []int{20, 16, 12} {
		if req, res := twentyHits(kept); denSqueezeCount(nil, req, res) != nil {
			t.Errorf("no budget, %d of 20 kept: %v, want accepted", kept, denSqueezeCount(nil, req, res))
		}
	}
	for _, kept := range []int{19, 17, 15, 13, 11} {
		req, res := twentyHits(kept)
		err := denSqueezeCount(nil, req, res)
		if err == nil || !strings.Contains(err.Error(), "no budget") {
			t.Errorf("no budget, %d of 20 kept: %v, want a failure that says there was no budget", kept, err)
		}
	}
}

// TestSqueezeBestAnyScale: DEN-04 compares the scores themselves, whatever
// their scale (the protocol bounds them nowhere): keeping 3 over 2.5, or -3
// over -5, is right; keeping -3 over -2, or 4 over 5, is not.
func TestSqueezeBestAnyScale(t *testing.T) {
	for _, c := range []struct {
		kept, dropped float64
		right         bool
	}{{3, 2.5, true}, {-3, -5, true}, {-3, -2, false}, {4, 5, false}} {
		req := inflate.Request{Hits: []inflate.Hit{{ID: "k", Score: c.kept}, {ID: "d", Score: c.dropped}}}
		err := denSqueezeBest(nil, req, inflate.Result{Dropped: []string{"d"}})
		if (err == nil) != c.right {
			t.Errorf("kept %v, dropped %v: %v, want right %v", c.kept, c.dropped, err, c.right)
		}
	}
}
