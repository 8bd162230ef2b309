package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/suite"
)

func hydrator(t *suite.T) adapters.Hydrator {
	h, ok := t.Adapter().(adapters.Hydrator)
	if !ok {
		t.OperationFailed("elastic", adapters.Fault("%s has no elastic operations (Radius, Census, Hydrate)", t.Info().Name))
	}
	return h
}

// Radius runs the adapter's Radius and returns its error unjudged.
func Radius(t *suite.T, req adapters.RadiusRequest) (int, error) {
	r, err := hydrator(t).Radius(t.Context(), req)
	t.Record("radius", req, r, err)
	if err != nil {
		return r, fmt.Errorf("radius(budget %d, hits %d): %w", req.Budget, req.Hits, err)
	}
	return r, nil
}

// MustRadius runs Radius on a valid request: an error ends the check.
func MustRadius(t *suite.T, req adapters.RadiusRequest) int {
	r, err := Radius(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return r
}

// Census runs the adapter's Census and returns its error unjudged.
func Census(t *suite.T, req adapters.CensusRequest) ([]radial.Atom, error) {
	atoms, err := hydrator(t).Census(t.Context(), req)
	t.Record("census", req, atoms, err)
	if err != nil {
		return atoms, fmt.Errorf("census: %w", err)
	}
	return atoms, nil
}

// MustCensus runs Census on a valid request: an error ends the check.
func MustCensus(t *suite.T, req adapters.CensusRequest) []radial.Atom {
	atoms, err := Census(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return atoms
}

// Hydrate runs the adapter's Hydrate and returns its error unjudged.
func Hydrate(t *suite.T, req adapters.HydrateRequest) (elastic.Result, error) {
	res, err := hydrator(t).Hydrate(t.Context(), req)
	t.Record("hydrate", req, res, err)
	if err != nil {
		return res, fmt.Errorf("hydrate: %w", err)
	}
	return res, nil
}

// MustHydrate runs Hydrate on a valid request: an error ends the check.
func MustHydrate(t *suite.T, req adapters.HydrateRequest) elastic.Result {
	res, err := Hydrate(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return res
}
