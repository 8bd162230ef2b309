package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/elastic"
	"github.com/ctxconform/ctxconform/reference/radial"
	"github.com/ctxconform/ctxconform/suite"
)

func hydrator(t *suite.T) adapters.Hydrator {
	return operations[adapters.Hydrator](t, "elastic", "elastic operations (Radius, Census, Hydrate)")
}

// Radius runs the adapter's Radius and returns its error unjudged.
func Radius(t *suite.T, req adapters.RadiusRequest) (int, error) {
	return send(t, "radius", fmt.Sprintf("radius(budget %d, hits %d)", req.Budget, req.Hits), req, hydrator(t).Radius)
}

// MustRadius runs Radius on a valid request: an error ends the check.
func MustRadius(t *suite.T, req adapters.RadiusRequest) int {
	return must(t, "valid request", req, Radius)
}

// Census runs the adapter's Census and returns its error unjudged.
func Census(t *suite.T, req adapters.CensusRequest) ([]radial.Atom, error) {
	return send(t, "census", "census", req, hydrator(t).Census)
}

// MustCensus runs Census on a valid request: an error ends the check.
func MustCensus(t *suite.T, req adapters.CensusRequest) []radial.Atom {
	return must(t, "valid request", req, Census)
}

// Hydrate runs the adapter's Hydrate and returns its error unjudged.
func Hydrate(t *suite.T, req adapters.HydrateRequest) (elastic.Result, error) {
	return send(t, "hydrate", "hydrate", req, hydrator(t).Hydrate)
}

// MustHydrate runs Hydrate on a valid request: an error ends the check.
func MustHydrate(t *suite.T, req adapters.HydrateRequest) elastic.Result {
	return must(t, "valid request", req, Hydrate)
}
