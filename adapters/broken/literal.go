package broken

import (
	"sort"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/density"
	"github.com/ctxconform/ctxconform/reference/inflate"
)

// Literal085 follows std085 §3.1's pseudo-code to the letter where the
// reference reads it otherwise: a squeeze keeps Results.slice(0,
// SafeCount), the first hits in input order, at TargetWindowSize =
// MinViableSize (150), and no input is validated (a malformed request is
// answered with nothing). It is wrong only by ctxconform's own rules
// (ROBUST) and the reference's choices (REFERENCE): no MUST or SHOULD fails
// it (TestLiteral085).
func Literal085() adapters.Adapter {
	return &inflater{named("literal-085"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, nil // no validation: an answer, whatever was sent
		}
		if req.Budget == nil || len(req.Hits)*density.MinViable <= *req.Budget {
			return inflate.Inflate(req) // expand: the budget shared equally, as §3.1 says
		}
		// SQUEEZE: SafeCount = TotalBudget / MinViableSize, Results.slice(0,
		// SafeCount), TargetWindowSize = MinViableSize.
		k := min(*req.Budget/density.MinViable, len(req.Hits))
		var dropped []string
		for _, h := range req.Hits[k:] {
			dropped = append(dropped, h.ID)
		}
		sort.Strings(dropped)
		p = density.Plan{Keep: k, MaxWindow: density.MinViable, Padding: density.MinPadding, Threshold: p.Threshold}
		ws, err := inflate.Windows(req.Documents, req.Hits[:k], p)
		if err != nil {
			return inflate.Result{}, err
		}
		return inflate.Result{Windows: ws, Dropped: dropped}, nil
	}}
}

// SqueezeKeepsLast keeps the last hits of the request in a squeeze: handed
// the hits ranked best first, as std085 §5 hands them to inflation, it
// keeps the worst (DEN-04).
func SqueezeKeepsLast() adapters.Adapter {
	return &inflater{named("squeeze-keeps-last"), func(req inflate.Request) (inflate.Result, error) {
		p, err := plan(req)
		if err != nil {
			return inflate.Result{}, err
		}
		k := min(p.Keep, len(req.Hits))
		var dropped []string
		for _, h := range req.Hits[:len(req.Hits)-k] {
			dropped = append(dropped, h.ID)
		}
		sort.Strings(dropped)
		ws, err := inflate.Windows(req.Documents, req.Hits[len(req.Hits)-k:], p)
		return inflate.Result{Windows: ws, Dropped: dropped}, err
	}}
}
