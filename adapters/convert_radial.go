package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/inflate"
)

func (c *converted) radial() (RadialInflater, error) {
	in, ok := c.a.(RadialInflater)
	if !ok {
		return nil, fmt.Errorf("radial: %w", ErrNotImplemented)
	}
	return in, nil
}

func (c *converted) RadialIngest(ctx context.Context, req RadialIngestRequest) (RadialIngestAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialIngestAnswer{}, err
	}
	ans, err := in.RadialIngest(ctx, req)
	if err != nil {
		return ans, err
	}
	ans.Atoms, err = newRepairer(ctx, c.a.Info().Unit, inflate.Bodies(req.Documents)).atoms(ans.Atoms, "ingest")
	return ans, err
}

func (c *converted) RadialWindows(ctx context.Context, req RadialWindowsRequest) (RadialWindowsAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialWindowsAnswer{}, err
	}
	u := c.a.Info().Unit
	bodies := inflate.Bodies(req.Documents)
	out := req
	if out.Atoms, err = atomsToUnit(u, bodies, req.Atoms); err != nil {
		return RadialWindowsAnswer{}, err
	}
	ans, err := in.RadialWindows(ctx, out)
	if err != nil {
		return ans, err
	}
	r := newRepairer(ctx, u, bodies)
	ans.Windows = slices.Clone(ans.Windows) // the adapter's own answer stays as it was
	for i, w := range ans.Windows {
		what := fmt.Sprintf("window %d", i)
		if ans.Windows[i].Start, ans.Windows[i].End, ans.Windows[i].Text, err = r.window(w.CompoundID, w.Start, w.End, w.Text, what); err != nil {
			return ans, err
		}
		if ans.Windows[i].Atoms, err = r.atoms(w.Atoms, what); err != nil {
			return ans, err
		}
	}
	return ans, nil
}

// RadialSplit carries no offsets: budgets are the implementation's to count.
func (c *converted) RadialSplit(ctx context.Context, req RadialSplitRequest) (RadialSplitAnswer, error) {
	in, err := c.radial()
	if err != nil {
		return RadialSplitAnswer{}, err
	}
	return in.RadialSplit(ctx, req)
}
