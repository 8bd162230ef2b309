package properties

import (
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/suite"
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

// infOrderIndependentSqueezed judges order independence on the cases where
// the first answer dropped hits.
func infOrderIndependentSqueezed(t *suite.T, req inflate.Request, res inflate.Result) error {
	if len(res.Dropped) == 0 {
		return nil
	}
	return infOrderIndependent(t, req, res)
}
