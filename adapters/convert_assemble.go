package adapters

import (
	"context"
	"fmt"
	"slices"

	"github.com/ctxconform/ctxconform/reference/assemble"
)

func (c *converted) Assemble(ctx context.Context, req AssembleRequest) (AssembleAnswer, error) {
	in, ok := c.a.(Assembler)
	if !ok {
		return AssembleAnswer{}, fmt.Errorf("assemble: %w", ErrNotImplemented)
	}
	u := c.a.Info().Unit
	bodies := make(map[string]string, len(req.Documents))
	for _, d := range req.Documents {
		bodies[d.ID] = d.Body
	}
	out := req
	out.Molecules = make([]assemble.Molecule, len(req.Molecules))
	for i, m := range req.Molecules {
		var err error
		if m.Start, m.End, err = spanToUnit(u, bodies[m.Source], m.Start, m.End); err != nil {
			return AssembleAnswer{}, fmt.Errorf("convert molecule %q to %s: %w", m.ID, u, err)
		}
		out.Molecules[i] = m
	}
	ans, err := in.Assemble(ctx, out)
	if err != nil {
		return ans, err
	}
	ans.Results = slices.Clone(ans.Results) // the adapter's own answer stays as it was
	rp := newRepairer(ctx, u, bodies)
	for i, r := range ans.Results {
		if ans.Results[i].Start, ans.Results[i].End, ans.Results[i].Window, err = rp.window(r.Source, r.Start, r.End, r.Window, fmt.Sprintf("result %d", i)); err != nil {
			return ans, err
		}
	}
	return ans, nil
}
