package properties

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
	"github.com/ctxconform/ctxconform/suite/call"
	"github.com/ctxconform/ctxconform/suite/invariant"
)

// The order independence of inflation, in two parts (specs/REQUIREMENTS.md,
// "The audit of the levels"): std085 §2.1 groups the hits by compound and
// sorts them by start, so an answer that keeps every hit is a function of
// the hits and not of their order (INF-09, MUST); but §3.1's squeeze keeps
// Results.slice(0, SafeCount), the first hits in input order, so which
// survive a squeeze is the text's input order, and asking that it not
// depend on the order is ctxconform's own rule (INF-17, ROBUST).

// infOrderIndependentKept judges order independence on the cases where the
// first answer dropped no hit.
func infOrderIndependentKept(t *suite.T, req inflate.Request, res inflate.Result) error {
	if len(res.Dropped) > 0 {
		return nil
	}
	return infOrderIndependent(t, req, res)
}

// infOrderIndependent judges that the same hits and documents, shuffled,
// give the same windows (compared in canonical order, without their
// scores: see unscored). Where the two differ and one of them leaves hits
// under MERGE_THRESHOLD apart unmerged, INF-04's judgement fails it too:
// the failure follows from INF-04's (one fault, one failure: a merge that
// depends on the order the hits come in).
func infOrderIndependent(t *suite.T, req inflate.Request, res inflate.Result) error {
	again := shuffled(req, t.Seed()+int64(len(req.Hits)))
	ans := call.MustInflate(t, again)
	err := invariant.SameWindows(req, t.Unit(), unscored(invariant.Canonical(res.Windows)), unscored(invariant.Canonical(ans.Windows)), "as asked", "shuffled")
	if err != nil {
		merged := invariant.MergedInOrder(t.Config().Int(adapters.MergeThreshold))
		t.ImpliedBy("INF-04", merged(req, res, t.Unit()) != nil || merged(again, ans, t.Unit()) != nil)
	}
	return err
}

// unscored is ws with every score zero: no text defines a window's score
// (INF-15, REFERENCE, judges the reference's), so INF-09 and INF-17 compare
// the windows without it.
func unscored(ws []inflate.Window) []inflate.Window {
	for i := range ws {
		ws[i].Score = 0
	}
	return ws
}

// infOrderIndependentSqueezed judges order independence on the cases where
// the first answer dropped hits.
func infOrderIndependentSqueezed(t *suite.T, req inflate.Request, res inflate.Result) error {
	if len(res.Dropped) == 0 {
		return nil
	}
	return infOrderIndependent(t, req, res)
}

// denSqueezeBestRanked judges DEN-04 as std085 states it: inflation runs
// "after search scoring/ranking" (§5), so §3.1's Results.slice(0,
// SafeCount) keeps the best when the hits come ranked. The hits are sent
// best first (stably, so equal scores keep the request's order), and the
// answer must drop no hit that scores higher than a kept one. Which hits
// survive when they come in another order is INF-17's (ROBUST).
func denSqueezeBestRanked(t *suite.T, req inflate.Request, res inflate.Result) error {
	ranked := req
	ranked.Hits = slices.Clone(req.Hits)
	slices.SortStableFunc(ranked.Hits, func(a, b inflate.Hit) int { return cmp.Compare(b.Score, a.Score) })
	if !slices.Equal(ranked.Hits, req.Hits) {
		res = call.MustInflate(t, ranked)
	}
	if err := denSqueezeBest(t, ranked, res); err != nil {
		return fmt.Errorf("hits sent best first, as std085 §5 hands them to inflation: %w", err)
	}
	return nil
}
