package call

import (
	"fmt"

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
	m, err := expander(t).Multiplier(t.Context(), req)
	t.Record("multiplier", req, m, err)
	if err != nil {
		return m, fmt.Errorf("multiplier: %w", err)
	}
	return m, nil
}

// MustMultiplier runs Multiplier on a valid graph: an error ends the check.
func MustMultiplier(t *suite.T, req adapters.GraphRequest) float64 {
	m, err := Multiplier(t, req)
	if err != nil {
		t.OperationFailed("valid graph", err)
	}
	return m
}

// Expand runs the adapter's Expand and returns its error unjudged.
func Expand(t *suite.T, req adapters.ExpandRequest) (adapters.ExpandAnswer, error) {
	ans, err := expander(t).Expand(t.Context(), req)
	t.Record("expand", req, ans, err)
	if err != nil {
		return ans, fmt.Errorf("expand: %w", err)
	}
	return ans, nil
}

// MustExpand runs Expand on a valid request: an error ends the check.
func MustExpand(t *suite.T, req adapters.ExpandRequest) adapters.ExpandAnswer {
	ans, err := Expand(t, req)
	if err != nil {
		t.OperationFailed("valid search", err)
	}
	return ans
}
