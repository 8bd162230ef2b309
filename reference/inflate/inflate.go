package inflate

import (
	"fmt"

	"github.com/ctxconform/ctxconform/reference/density"
)

// Inflate runs the whole std085 pipeline: it validates the request, plans
// with density.For (or density.Static when no budget is given), squeezes out
// the lowest-ranked hits if the budget cannot hold them all, and builds the
// windows of the survivors. With a budget B the windows' lengths add up to at
// most B bytes.
func Inflate(req Request) (Result, error) {
	if !narrow(req.Documents) {
		return plain(req)
	}
	x := scratchPool.Get().(*scratch)
	defer func() { x.release(); scratchPool.Put(x) }()
	pre, err := prepare(x, req.Documents, req.Hits)
	if err != nil {
		return Result{}, err
	}
	p, err := plan(req)
	if err != nil {
		return Result{}, err
	}
	kept, dropped := pre.selectKept(x, req.Hits, p.Keep)
	return Result{Windows: pre.place(x, req.Hits, kept, p), Dropped: dropped}, nil
}

// plain is Inflate without the fast path: for documents longer than the
// fast path's int32 offsets.
func plain(req Request) (Result, error) {
	byID, err := index(req.Documents, req.Hits)
	if err != nil {
		return Result{}, err
	}
	p, err := plan(req)
	if err != nil {
		return Result{}, err
	}
	kept, dropped := Select(req.Hits, p.Keep)
	return Result{Windows: place(byID, kept, p), Dropped: dropped}, nil
}

// plan is the request's density plan: density.For with a budget,
// density.Static without.
func plan(req Request) (density.Plan, error) {
	if req.Budget == nil {
		return density.Static(len(req.Hits)), nil
	}
	p, err := density.For(len(req.Hits), *req.Budget)
	if err != nil {
		return density.Plan{}, fmt.Errorf("inflate: %w", err)
	}
	return p, nil
}
