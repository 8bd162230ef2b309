package call

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

// expander finds the adapter's Expander. ADR-023's contract carries no
// offsets, so an adapter that InBytes wrapped for another unit is called
// as it is, through the wrapper.
func expander(t *suite.T) adapters.Expander {
	a := t.Adapter()
	for {
		if ex, ok := a.(adapters.Expander); ok {
			return ex
		}
		u, ok := a.(adapters.Unwrapper)
		if !ok {
			break
		}
		a = u.Unwrap()
	}
	t.OperationFailed("expand", adapters.Fault("%s has no Expander operations", t.Info().Name))
	return nil
}

// Multiplier runs the adapter's Multiplier and returns its error unjudged.
func Multiplier(t *suite.T, req adapters.GraphRequest) (float64, error) {
	return send(t, "multiplier", "multiplier", req, expander(t).Multiplier)
}

// MustMultiplier runs Multiplier on a valid graph: an error ends the check.
func MustMultiplier(t *suite.T, req adapters.GraphRequest) float64 {
	return must(t, "valid graph", req, Multiplier)
}

// Expand runs the adapter's Expand and returns its error unjudged.
func Expand(t *suite.T, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	return send(t, "expand", "expand", req, expander(t).Expand)
}

// MustExpand runs Expand on a valid request: an error ends the check.
func MustExpand(t *suite.T, req adapters.ExpandRequest) adapters.ExpandAnswer {
	return must(t, "valid search", req, Expand)
}
