package call

import (
	"fmt"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/suite"
)

func radialInflater(t *suite.T, op string) adapters.RadialInflater {
	in, ok := t.Adapter().(adapters.RadialInflater)
	if !ok {
		t.OperationFailed(op, adapters.Fault("%s has no radial operations", t.Info().Name))
	}
	return in
}

// RadialIngest runs the adapter's RadialIngest and returns its error unjudged.
func RadialIngest(t *suite.T, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	ans, err := radialInflater(t, "radial ingest").RadialIngest(t.Context(), req)
	t.Record("radial_ingest", req, ans, err)
	if err != nil {
		return ans, fmt.Errorf("radial ingest: %w", err)
	}
	return ans, nil
}

// MustRadialIngest runs RadialIngest on a valid request: an error ends the check.
func MustRadialIngest(t *suite.T, req adapters.RadialIngestRequest) adapters.RadialIngestAnswer {
	ans, err := RadialIngest(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return ans
}

// RadialWindows runs the adapter's RadialWindows and returns its error unjudged.
func RadialWindows(t *suite.T, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	ans, err := radialInflater(t, "radial windows").RadialWindows(t.Context(), req)
	t.Record("radial_windows", req, ans, err)
	if err != nil {
		return ans, fmt.Errorf("radial windows: %w", err)
	}
	return ans, nil
}

// MustRadialWindows runs RadialWindows on a valid request: an error ends the check.
func MustRadialWindows(t *suite.T, req adapters.RadialWindowsRequest) adapters.RadialWindowsAnswer {
	ans, err := RadialWindows(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return ans
}

// RadialSplit runs the adapter's RadialSplit and returns its error unjudged.
func RadialSplit(t *suite.T, req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	ans, err := radialInflater(t, "radial split").RadialSplit(t.Context(), req)
	t.Record("radial_split", req, ans, err)
	if err != nil {
		return ans, fmt.Errorf("radial split: %w", err)
	}
	return ans, nil
}

// MustRadialSplit runs RadialSplit on a valid request: an error ends the check.
func MustRadialSplit(t *suite.T, req adapters.RadialSplitRequest) adapters.RadialSplitAnswer {
	ans, err := RadialSplit(t, req)
	if err != nil {
		t.OperationFailed("valid request", err)
	}
	return ans
}
