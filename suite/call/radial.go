package call

import (
	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

func radialInflater(t *suite.T, op string) adapters.RadialInflater {
	return operations[adapters.RadialInflater](t, op, "radial operations")
}

// RadialIngest runs the adapter's RadialIngest and returns its error unjudged.
func RadialIngest(t *suite.T, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return send(t, "radial_ingest", "radial ingest", req, radialInflater(t, "radial ingest").RadialIngest)
}

// MustRadialIngest runs RadialIngest on a valid request: an error ends the check.
func MustRadialIngest(t *suite.T, req adapters.RadialIngestRequest) adapters.RadialIngestAnswer {
	return must(t, "valid request", req, RadialIngest)
}

// RadialWindows runs the adapter's RadialWindows and returns its error unjudged.
func RadialWindows(t *suite.T, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	return send(t, "radial_windows", "radial windows", req, radialInflater(t, "radial windows").RadialWindows)
}

// MustRadialWindows runs RadialWindows on a valid request: an error ends the check.
func MustRadialWindows(t *suite.T, req adapters.RadialWindowsRequest) adapters.RadialWindowsAnswer {
	return must(t, "valid request", req, RadialWindows)
}

// RadialSplit runs the adapter's RadialSplit and returns its error unjudged.
func RadialSplit(t *suite.T, req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	return send(t, "radial_split", "radial split", req, radialInflater(t, "radial split").RadialSplit)
}

// MustRadialSplit runs RadialSplit on a valid request: an error ends the check.
func MustRadialSplit(t *suite.T, req adapters.RadialSplitRequest) adapters.RadialSplitAnswer {
	return must(t, "valid request", req, RadialSplit)
}
