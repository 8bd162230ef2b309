package reference

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/ctxconform/ctxconform/adapters"
	"github.com/ctxconform/ctxconform/reference/densify"
)

// Densify runs the densification-chunking flow of reference/densify with p as
// the model, once or with the capture-level retry.
func (*Adapter) Densify(ctx context.Context, req adapters.DensifyRequest, p densify.Provider) (adapters.DensifyAnswer, error) {
	if err := ctx.Err(); err != nil {
		return adapters.DensifyAnswer{}, err
	}
	if p == nil {
		return adapters.DensifyAnswer{}, fmt.Errorf("densify: no provider")
	}
	entry, ok := map[string]densify.Entry{
		adapters.EntryDefault:   densify.EntryAuto,
		adapters.EntryReactive:  densify.EntryReactive,
		adapters.EntryProactive: densify.EntryProactive,
	}[req.Entry]
	if !ok {
		return refused(fmt.Errorf("densify: %w: unknown entry %q", densify.ErrInvalidInput, req.Entry)), nil
	}
	if req.RetryDelayMS < 0 {
		return refused(fmt.Errorf("densify: %w: retry delay %d ms is negative", densify.ErrInvalidInput, req.RetryDelayMS)), nil
	}
	delay := time.Duration(req.RetryDelayMS) * time.Millisecond
	if delay == 0 {
		delay = -1 // none; the reference's zero means its default of 500 ms
	}
	d, err := densify.New(densify.Config{
		Provider:   p,
		Cap:        req.Cap,
		Entry:      entry,
		MaxInput:   req.MaxInput,
		WorkLimit:  req.WorkLimit,
		RetryDelay: delay,
	})
	if err != nil {
		return refused(err), nil
	}
	var rec densify.Record
	if req.Capture {
		rec = d.Capture(ctx, req.Input)
	} else {
		res, err := d.Densify(ctx, req.Input)
		rec = densify.Record{Status: densify.StatusReady, Output: res.Output, Attempts: 1, Results: []densify.Result{res}}
		if err != nil {
			rec = densify.Record{Status: densify.StatusFailed, Message: err.Error(), Err: err, Attempts: 1, Results: rec.Results}
		}
	}
	if rec.Err != nil && ctx.Err() != nil {
		return adapters.DensifyAnswer{}, fmt.Errorf("densify: %w", ctx.Err())
	}
	ans := adapters.DensifyAnswer{Output: rec.Output, Status: string(rec.Status), Attempts: rec.Attempts}
	if rec.Status == densify.StatusFailed {
		// A Record keeps a failed first attempt's error after a successful
		// retry; the answer carries a failure only when the capture failed.
		ans.Message, ans.Failure = rec.Message, failure(rec.Err)
	}
	for _, r := range rec.Results {
		ans.Runs = append(ans.Runs, run(r))
	}
	return ans, nil
}

// refused is the answer to a request refused before any call.
func refused(err error) adapters.DensifyAnswer {
	return adapters.DensifyAnswer{Status: adapters.StatusFailed, Failure: failure(err), Message: err.Error(), Attempts: 1,
		Runs: []adapters.DensifyRun{{Entry: adapters.EntryProactive}}}
}

func failure(err error) string {
	var tooLong *densify.InputTooLongError
	switch {
	case err == nil:
		return adapters.FailureNone
	case errors.As(err, &tooLong):
		return adapters.FailureTooLong
	case errors.Is(err, densify.ErrInvalidInput):
		return adapters.FailureInvalid
	}
	return adapters.FailureProvider
}

// run rebuilds the shape of one attempt from its calls, which the reference
// records with their round, merge attempt and pass.
func run(res densify.Result) adapters.DensifyRun {
	out := adapters.DensifyRun{Entry: adapters.EntryProactive, Joined: res.Joined}
	rounds := map[int]*adapters.DensifyRound{}
	var order []int
	for _, c := range res.Calls { // in dispatch order
		if c.Stage == densify.StageFull {
			out.Entry = adapters.EntryReactive
			continue
		}
		r, ok := rounds[c.Round]
		if !ok {
			r = &adapters.DensifyRound{ChunkBudget: c.ChunkBudget}
			rounds[c.Round] = r
			order = append(order, c.Round)
		}
		if c.Stage == densify.StageChunk {
			r.ChunkCalls++
			continue
		}
		for len(r.Merges) <= c.MergeTry {
			r.Merges = append(r.Merges, adapters.DensifyMerge{})
		}
		m := &r.Merges[c.MergeTry]
		m.Budget = c.MergeBudget
		for len(m.Passes) < c.Pass {
			m.Passes = append(m.Passes, 0)
		}
		m.Passes[c.Pass-1]++
	}
	for _, k := range order {
		out.Rounds = append(out.Rounds, *rounds[k])
	}
	// A merge attempt that made no call (its groups all single from the
	// start) ends a successful round; its budget is the last one in force.
	if n := len(out.Rounds); n > 0 && res.Output != "" {
		last := &out.Rounds[n-1]
		if m := len(last.Merges); m > 0 && last.Merges[m-1].Budget != res.MergeBudget {
			last.Merges = append(last.Merges, adapters.DensifyMerge{Budget: res.MergeBudget})
		}
	}
	return out
}
