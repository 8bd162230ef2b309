package protocol

import (
	"context"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/inflate"
	"github.com/ctxconform/ctxconform/reference/unit"
)

// The three operations of std085 protocol §5, radial lazy inflation.
var (
	radialIngestOp = define("radial_ingest", []adapters.Standard{adapters.Radial}, false,
		plain(adapters.RadialInflater.RadialIngest),
		func(req adapters.RadialIngestRequest, ans adapters.RadialIngestAnswer, u unit.Unit) error {
			return newLengths(u, inflate.Bodies(req.Documents)).atoms("ingest", ans.Atoms)
		})

	radialWindowsOp = define("radial_windows", []adapters.Standard{adapters.Radial}, false,
		plain(adapters.RadialInflater.RadialWindows),
		func(req adapters.RadialWindowsRequest, ans adapters.RadialWindowsAnswer, u unit.Unit) error {
			return newLengths(u, inflate.Bodies(req.Documents)).windows("answer", ans.Windows)
		})

	radialSplitOp = define("radial_split", []adapters.Standard{adapters.Radial}, false,
		plain(adapters.RadialInflater.RadialSplit), nil)
)

// RadialIngest sends a "radial_ingest" request.
func (a *Adapter) RadialIngest(ctx context.Context, req adapters.RadialIngestRequest) (adapters.RadialIngestAnswer, error) {
	return roundTrip[adapters.RadialIngestAnswer](ctx, a, radialIngestOp, req, nil)
}

// RadialWindows sends a "radial_windows" request.
func (a *Adapter) RadialWindows(ctx context.Context, req adapters.RadialWindowsRequest) (adapters.RadialWindowsAnswer, error) {
	return roundTrip[adapters.RadialWindowsAnswer](ctx, a, radialWindowsOp, req, nil)
}

// RadialSplit sends a "radial_split" request.
func (a *Adapter) RadialSplit(ctx context.Context, req adapters.RadialSplitRequest) (adapters.RadialSplitAnswer, error) {
	return roundTrip[adapters.RadialSplitAnswer](ctx, a, radialSplitOp, req, nil)
}
